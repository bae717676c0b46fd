// `rentals sandbox --from-snapshot FILE`: the sandbox starts with the records of a snapshot taken
// from a real service (`rentals snapshot`), ids kept, so a bulk job can be rehearsed on a copy of
// production. Every record passes the same rules as a live write; a snapshot that breaks them is
// refused whole, naming the record, rather than half loaded.

import { baseImage } from './seed.js';
import type { Store, StoreImage } from './store.js';

/** A snapshot the sandbox cannot start from (its data file holds records already, statuses it does not have). */
export class SnapshotLoadError extends Error {}

/**
 * Fills an empty store with a snapshot's records. With a data file, statuses must be the
 * sandbox's own (they are fixed and never stored), or a restart would find events pointing at
 * statuses it does not have.
 */
export function loadSnapshotImage(store: Store, image: StoreImage, persisted: boolean): boolean {
  if (!store.isPristine()) {
    throw new SnapshotLoadError('--from-snapshot: the data file already holds records; give a new --data-file (or none) to start from the snapshot');
  }
  if (persisted && image.records.statuses) {
    const known = new Map((baseImage().records.statuses ?? []).map((s) => [s.id, s.statusType]));
    const other = image.records.statuses.find((s) => known.get(s.id) !== s.statusType);
    if (other) {
      throw new SnapshotLoadError(
        `--from-snapshot with --data-file: status ${other.id} (${JSON.stringify(other.statusType)}) is not one of the sandbox's fixed statuses; run without --data-file to load it in memory`,
      );
    }
  }
  store.load(image);
  return true;
}
