// A record read from a file (a snapshot, the sandbox's data file or journal, a damaged file being
// salvaged) as a store holds it: checked under the rules of a live write (every value within its
// limits, an integer id), in the canonical form the write path gives (numbers as numbers,
// datetimes without milliseconds, Links and unknown fields dropped). The one place such a record is
// judged; each reader words where it is.

import { ValidationError, formatIssue } from '../errors.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import { validateWrite } from './resource.js';

export type StoredRecord = Readonly<Record<string, unknown>> & { readonly id: number };

/** The record as stored, or what is wrong with it (`quantityAvailable: must be … (got -5)`, `not an object`). */
export type CanonicalRecord = { record: StoredRecord; problem?: undefined } | { record?: undefined; problem: string };

export function canonicalRecord(name: ResourceName, value: unknown): CanonicalRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'not an object' };
  try {
    return { record: validateWrite(resources[name], value as Record<string, unknown>, 'update', { unknownFields: 'ignore' }) as unknown as StoredRecord };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { problem: error.issues.map(formatIssue).join('; ') };
  }
}
