// A lock file around the config file's read-modify-write, so that two `rentals` processes (a
// `config set` and a token renewal, say) never lose each other's update. The lock holds the
// owner's pid; a lock whose owner is gone, or that is older than STALE_MS, is taken over.

import { promises as fs } from 'node:fs';
import { RentalsError } from '../errors.js';

/** No read-modify-write of a small JSON file takes this long: an older lock is left over. */
const STALE_MS = 30_000;
/** Give up waiting for a live lock after this long. */
const WAIT_MS = 15_000;
const RETRY_MIN_MS = 5;
const RETRY_MAX_MS = 50;

export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const release = await acquire(lockPath);
  try {
    return await work();
  } finally {
    await release();
  }
}

async function acquire(lockPath: string): Promise<() => Promise<void>> {
  const started = Date.now();
  const token = `${process.pid} ${started} ${Math.random().toString(36).slice(2)}`;
  for (let round = 0; ; round++) {
    try {
      const handle = await fs.open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(token, 'utf8');
      } finally {
        await handle.close();
      }
      return async () => {
        // Remove only our own lock: after a takeover it may belong to someone else.
        const holder = await fs.readFile(lockPath, 'utf8').catch(() => undefined);
        if (holder === token) await fs.rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new RentalsError(`cannot lock ${lockPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
    }
    const stale = await staleHolder(lockPath);
    if (stale !== undefined) {
      await takeOver(lockPath, stale);
      continue;
    }
    if (Date.now() - started > WAIT_MS) {
      throw new RentalsError(`${lockPath} is held by another rentals process; if none is running, remove the file`);
    }
    const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(round, 4));
    await new Promise((resolve) => setTimeout(resolve, wait / 2 + Math.random() * wait));
  }
}

/** The content of the lock when it is stale (its owner is gone, or it is too old), else undefined. */
async function staleHolder(lockPath: string): Promise<string | undefined> {
  let text: string;
  let mtimeMs: number;
  try {
    [text, { mtimeMs }] = await Promise.all([fs.readFile(lockPath, 'utf8'), fs.stat(lockPath)]);
  } catch {
    return undefined; // gone already (or unreadable): just try again
  }
  if (Date.now() - mtimeMs > STALE_MS) return text;
  const pid = Number(text.split(' ')[0]);
  // An empty lock file is one being written right now, not a stale one (unless old, above).
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return processAlive(pid) ? undefined : text;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the stale lock aside. When two processes judge the same lock stale, the second may move
 * the fresh lock the first has just taken: it sees that the content is not the stale one and puts
 * it back (link fails if the path was taken again meanwhile, which is then that process's lock).
 */
async function takeOver(lockPath: string, staleContent: string): Promise<void> {
  const aside = `${lockPath}.${process.pid}.${Math.random().toString(36).slice(2)}.stale`;
  try {
    await fs.rename(lockPath, aside);
  } catch {
    return; // someone else took it over first
  }
  const moved = await fs.readFile(aside, 'utf8').catch(() => staleContent);
  if (moved !== staleContent) await fs.link(aside, lockPath).catch(() => undefined);
  await fs.rm(aside, { force: true });
}
