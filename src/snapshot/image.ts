// A snapshot as the records a store holds: every record checked under the rules of a live write
// (values within their limits, one id per record, references to records the snapshot holds).
// The one reader (read.ts) builds it; the sandbox loads it (--from-snapshot).

import { maxOf } from '../common/arrays.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import { type StoredRecord, canonicalRecord } from '../schemas/stored-record.js';
import { SNAPSHOT_ORDER, type Snapshot } from './document.js';

/** What a snapshot holds: every record of the persisted resources and the next id of each. */
export interface StoreImage {
  nextIds: Partial<Record<ResourceName, number>>;
  records: Partial<Record<ResourceName, StoredRecord[]>>;
}

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

/** The record as a store holds it (schemas/stored-record.ts); SnapshotLoadError names what is wrong. */
export function canonical(name: ResourceName, value: Record<string, unknown>, where: string): StoredRecord {
  const { record, problem } = canonicalRecord(name, value);
  if (problem !== undefined) throw new SnapshotLoadError(`${where} (id ${JSON.stringify(value.id)}): ${problem}`);
  return record;
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
