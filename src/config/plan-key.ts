// The per-user key that signs plan files (`--plan`): 32 random bytes in the config directory
// (`plan-key`, mode 0600), made the first time a plan is written or read. A plan's digest is an
// HMAC under it, so a plan altered after it was written — by hand, or by a program without the
// key — no longer matches; a plan signed elsewhere names another key and is refused as such.

import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { createFileWhole } from '../common/atomic-file.js';
import { RentalsError } from '../errors.js';
import { shownPath } from '../common/sanitize.js';

export interface PlanKey {
  /** Names the key without revealing it: 16 hex digits of a hash of it. */
  id: string;
  secret: Buffer;
}

const KEY_FILE = 'plan-key';

export function planKeyFrom(secret: Buffer): PlanKey {
  return { id: createHash('sha256').update('rentals plan key\n').update(secret).digest('hex').slice(0, 16), secret };
}

/** The key of this user, made (0600, in a 0700 directory) when there is none yet. */
export async function loadPlanKey(configDir: string): Promise<PlanKey> {
  const path = join(configDir, KEY_FILE);
  const existing = await readKey(path);
  if (existing) return existing;
  await fs.mkdir(configDir, { recursive: true, mode: 0o700 });
  // Written beside and linked into place, so it is never seen empty; when two processes make it
  // at once, the first link wins and both use that key.
  await createFileWhole(path, `${randomBytes(32).toString('hex')}\n`).catch((error: unknown) => {
    throw cannotUse(path, error);
  });
  return (await readKey(path))!;
}

async function readKey(path: string): Promise<PlanKey | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cannotUse(path, error);
  }
  const hex = text.trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    throw new RentalsError(`${shownPath(path)}: the plan key is not 64 hex digits; remove it to make a new one (plans signed with the old one can then not be applied)`);
  }
  return planKeyFrom(Buffer.from(hex, 'hex'));
}

function cannotUse(path: string, error: unknown): RentalsError {
  return new RentalsError(`cannot use the plan key ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
}
