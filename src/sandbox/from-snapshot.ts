// `rentals sandbox --from-snapshot FILE`: the sandbox starts with the records of a snapshot taken
// from a real service (`rentals snapshot`), ids kept, so a bulk job can be rehearsed on a copy of
// production. Every record passes the same rules as a live write; a snapshot that breaks them is
// refused whole, naming the record, rather than half loaded.

import { maxOf } from '../common/arrays.js';
import { ValidationError } from '../errors.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import { validateWrite } from '../schemas/resource.js';
import { SNAPSHOT_ORDER, type Snapshot } from '../snapshot/document.js';
import { baseImage } from './seed.js';
import type { Store, StoreImage, StoredRecord } from './store.js';

export class SnapshotLoadError extends Error {}

export function storeImageFromSnapshot(snapshot: Snapshot, label: string): StoreImage {
  const image: StoreImage = { nextIds: {}, records: {} };
  for (const name of SNAPSHOT_ORDER) {
    const records = snapshot.resources[name];
    if (records === undefined) continue;
    const seen = new Set<number>();
    image.records[name] = records.map((record, index) => {
      const stored = canonical(name, record, `${label}: ${name}[${index}]`);
      if (seen.has(stored.id)) throw new SnapshotLoadError(`${label}: ${name} has two records with id ${stored.id}`);
      seen.add(stored.id);
      return stored;
    });
    image.nextIds[name] = maxOf(seen, 0) + 1;
  }
  checkReferences(image, label);
  return image;
}

function canonical(name: ResourceName, record: Record<string, unknown>, where: string): StoredRecord {
  try {
    return validateWrite(resources[name], record, 'update', { unknownFields: 'ignore' }) as StoredRecord;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const issues = error.issues.map((i) => `${i.field} ${i.message}`).join('; ');
    throw new SnapshotLoadError(`${where} (id ${JSON.stringify(record.id)}): ${issues}`);
  }
}

/** A booking of an item the snapshot does not hold would make the sandbox inconsistent from its first request. */
function checkReferences(image: StoreImage, label: string): void {
  for (const [name, records] of Object.entries(image.records) as [ResourceName, StoredRecord[]][]) {
    for (const field of resources[name].fields) {
      const target = field.references;
      const targets = target ? image.records[target] : undefined;
      if (!target || !targets) continue;
      const ids = new Set(targets.map((r) => r.id));
      for (const record of records) {
        const value = record[field.name];
        if (typeof value === 'number' && !ids.has(value)) {
          throw new SnapshotLoadError(`${label}: ${name} ${record.id} has ${field.name} ${value}, which is not in the snapshot's ${target}`);
        }
      }
    }
  }
}

/**
 * Fills an empty store with a snapshot's records. With a data file, statuses must be the
 * sandbox's own (they are fixed and never stored), or a restart would find events pointing at
 * statuses it does not have.
 */
export function loadSnapshotImage(store: Store, image: StoreImage, persisted: boolean): boolean {
  if (!store.isPristine()) {
    throw new SnapshotLoadError('--from-snapshot: the data file already holds records; give a new --data file (or none) to start from the snapshot');
  }
  if (persisted && image.records.statuses) {
    const known = new Map((baseImage().records.statuses ?? []).map((s) => [s.id, s.statusType]));
    const other = image.records.statuses.find((s) => known.get(s.id) !== s.statusType);
    if (other) {
      throw new SnapshotLoadError(
        `--from-snapshot with --data: status ${other.id} (${JSON.stringify(other.statusType)}) is not one of the sandbox's fixed statuses; run without --data to load it in memory`,
      );
    }
  }
  store.load(image);
  return true;
}
