// The writers' path for the rows of a bulk run (bulk/api-operations.ts): the create, update and
// delete of each row, with the writers' grant, once bulk/judge.ts has judged the whole plan by the
// resource's rules (bookings: the booking planner; inventory: the stock rule) in bulk/apply.ts.
// Kept lean for the hot path: no read before a write (the rows come from the run's own listings),
// and each request's options made once per row, as without the grant.

import type { Address, ApiRecord, WriteOptions } from '../api/resource-api.js';
import { writeGrant } from '../api/write-grant.js';
import type { ValidBody } from '../schemas/valid-body.js';

/** The writes of the bulk engine's runner. */
export interface RowWrites {
  create(at: Address, body: ValidBody): Promise<{ records: ApiRecord[] }>;
  /** `before`: the record as listed, for the history. */
  update(at: Address, id: number, body: ValidBody, before: ApiRecord): Promise<{ records: ApiRecord[] }>;
  remove(at: Address, id: number, before: ApiRecord): Promise<{ id: number }>;
}

const GRANTED = { grant: writeGrant } as const;

/** The API's writes as the bulk engine sees them (its ResourceApi, or a test's stand-in). */
export interface ApiWrites {
  create(at: Address, body: ValidBody, options?: WriteOptions): Promise<{ records: ApiRecord[] }>;
  update(at: Address, id: number, body: ValidBody, options?: WriteOptions & { before?: ApiRecord }): Promise<{ records: ApiRecord[] }>;
  remove(at: Address, id: number, options?: WriteOptions & { before?: ApiRecord }): Promise<{ id: number }>;
}

/** The row writes of a judged plan, through `api`. */
export function rowWrites(api: ApiWrites): RowWrites {
  return {
    create: (at, body) => api.create(at, body, GRANTED),
    update: (at, id, body, before) => api.update(at, id, body, { grant: writeGrant, before }),
    remove: (at, id, before) => api.remove(at, id, { grant: writeGrant, before }),
  };
}
