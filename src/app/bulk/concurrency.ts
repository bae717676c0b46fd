// How many requests a bulk run keeps in flight: the engine's default (data/pool.ts) unless asked,
// from 1 to 64. A constant module: the engine itself is not loaded with it.

import { DEFAULT_CONCURRENCY } from '../../data/pool.js';
import { UsageError } from '../../errors.js';

export { DEFAULT_CONCURRENCY };

export const MAX_CONCURRENCY = 64;

/** --concurrency as given (undefined: the default), checked. */
export function parseConcurrency(value: unknown): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= MAX_CONCURRENCY)) {
    throw new UsageError(`--concurrency: must be an integer from 1 to ${MAX_CONCURRENCY} (got ${JSON.stringify(value)})`);
  }
  return n;
}
