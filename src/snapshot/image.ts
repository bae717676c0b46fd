// A snapshot as the records a store holds: every record checked under the rules of a live write
// (values within their limits, one id per record, references to records the snapshot holds). The
// one reader builds it (read.ts readSnapshotImage); the sandbox loads it (--from-snapshot).

import type { ResourceName } from '../resources/definitions.js';
import type { StoredRecord } from '../schemas/stored-record.js';

/** What a snapshot holds: every record of the persisted resources and the next id of each. */
export interface StoreImage {
  nextIds: Partial<Record<ResourceName, number>>;
  records: Partial<Record<ResourceName, StoredRecord[]>>;
}
