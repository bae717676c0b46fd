// Two snapshots compared (or a snapshot and the service now) should be of the same service: a
// diff between two shops' data is a list of every record. It is not refused (a copy restored into
// a sandbox is compared with production on purpose), but said, on stderr, naming both services.

import { escapeControl } from '../common/sanitize.js';
import { withoutUrlCredentials } from '../common/urls.js';

/** A service's address as a message shows it: never a user name or password, no control character. */
export function shownSource(source: unknown): string {
  return typeof source === 'string' ? escapeControl(withoutUrlCredentials(source)) : JSON.stringify(source) ?? 'no source';
}

/** The same service written two ways (`HTTPS://Api.example.com` and `https://api.example.com/`) is the same service. */
function sourceKey(source: string): string {
  try {
    return new URL(withoutUrlCredentials(source)).href;
  } catch {
    return source;
  }
}

/** Whether two snapshots' sources name different services; a snapshot without a source (written by hand) names none. */
export function differentSources(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return false;
  if (typeof a !== 'string' || typeof b !== 'string') return a !== b;
  return sourceKey(a) !== sourceKey(b);
}
