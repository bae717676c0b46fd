// When a request is tried again, and how long to wait first: GET, HEAD, PUT and DELETE are
// retried (POST never: a repeat could create twice); 429, 502, 503, 504 for every retried method,
// 500 for reads only; exponential backoff with jitter, or the server's Retry-After when it asks
// for at most a minute.

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
/** A 500 is retried only where a repeat cannot change anything: reads. */
const RETRYABLE_READ_STATUS = new Set([500]);
const READ_METHODS = new Set<string>(['GET', 'HEAD']);
const RETRYABLE_METHODS = new Set<string>(['GET', 'HEAD', 'PUT', 'DELETE']);
const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 8_000;
const RETRY_AFTER_CAP_MS = 60_000;

/** GET and HEAD: a repeat cannot change anything. */
export function isRead(method: string): boolean {
  return READ_METHODS.has(method);
}

/** Whether failures of this method are retried unless the call says otherwise. */
export function retriedByDefault(method: string): boolean {
  return RETRYABLE_METHODS.has(method);
}

/** A status that asks for a retry (the server is busy or a gateway failed). */
export function asksForRetry(status: number): boolean {
  return RETRYABLE_STATUS.has(status);
}

/** A status worth another attempt of this method. */
export function retryableStatus(method: string, status: number): boolean {
  return RETRYABLE_STATUS.has(status) || (READ_METHODS.has(method) && RETRYABLE_READ_STATUS.has(status));
}

/** A Retry-After this long is waited for; a longer one ends the retries (the error says how long it asked). */
export function waitsFor(retryAfter: number | undefined): boolean {
  return retryAfter === undefined || retryAfter <= RETRY_AFTER_CAP_MS;
}

/** Exponential backoff with jitter: a random wait in [ceiling/2, ceiling], ceiling = min(cap, base·2^(attempt-1)). */
export function backoffMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
