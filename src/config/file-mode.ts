// Secrets in files others can read are refused, as ssh refuses such a key: a --token-file and the
// config file holding a profile's stored token or client secret must be 0600 or 0400 (no group or
// other bits) unless --allow-insecure-token-file (or RENTALS_ALLOW_INSECURE_TOKEN_FILE=1) says so.

import { statSync } from 'node:fs';
import { AuthError } from '../errors.js';
import { shellWord } from '../common/shell-words.js';

/** The group and other permission bits. */
const GROUP_OTHER = 0o077;

/**
 * Throws (exit 3) when group or others have any access to `path`. `what` names the secret for
 * the message: `--token-file t.txt`, `the config file …/config.json (profile "work"'s token)`.
 */
export function refuseOpenSecretFile(path: string, what: string, allowed: boolean): void {
  if (allowed || process.platform === 'win32') return; // Windows has no such mode bits
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return; // unreadable or gone: reading it says why
  }
  if ((mode & GROUP_OTHER) === 0) return;
  throw new AuthError(
    `${what}: its mode is ${mode.toString(8).padStart(4, '0')}, so group or others can read the secret in it; refused (it must be 0600 or 0400, as ssh requires of a key).\n` +
      `Fix it with: chmod 600 ${shellWord(path)}\n` +
      'Or, knowingly, pass --allow-insecure-token-file (RENTALS_ALLOW_INSECURE_TOKEN_FILE=1).',
  );
}
