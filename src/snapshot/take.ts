// `rentals snapshot`, and the service's side of `diff --live`: every resource read from the service
// and written as one document. Memory is bounded by one list at a time: top-level lists are
// written as they arrive and released; nested lists (prices per item, bookings per event) stream
// through parent by parent, in order.

import { type ResourceName, resources } from '../resources/definitions.js';
import { SNAPSHOT_ORDER, SnapshotWriter, type SnapshotRecord } from './document.js';

export interface SnapshotSource {
  /** The whole collection of a top-level resource, in runs as it is read. */
  list(name: ResourceName): AsyncIterable<SnapshotRecord[]>;
  /** A nested resource's records under each parent, yielded parent by parent in the given order. */
  children(name: ResourceName, parentIds: number[]): AsyncIterable<{ parentId: number; records: SnapshotRecord[] }>;
}

export interface SnapshotCounts {
  [name: string]: number;
}

/**
 * Writes the snapshot; with `only`, just those resources (the parents of nested ones asked for are
 * listed for their ids, not written): what `diff --live --only prices` compares.
 */
export async function takeSnapshot(source: SnapshotSource, write: (text: string) => Promise<void>, takenAt: string, origin: string, only?: readonly ResourceName[]): Promise<SnapshotCounts> {
  const writer = new SnapshotWriter(write);
  const counts: SnapshotCounts = {};
  const parentIds = new Map<ResourceName, number[]>();
  const wanted = new Set(only ?? SNAPSHOT_ORDER);
  const listed = new Set(wanted);
  for (const name of wanted) {
    const parent = resources[name].parent;
    if (parent) listed.add(parent.resource);
  }
  await writer.begin(takenAt, origin);
  for (const name of SNAPSHOT_ORDER) {
    if (!listed.has(name)) continue;
    const parent = resources[name].parent;
    if (!parent) {
      // Only the ids of a parent of nested records are kept, not its records.
      const ids = PARENTS.has(name) ? [] : undefined;
      parentIds.set(name, ids ?? []);
      counts[name] = 0;
      const records = counted(source.list(name), counts, name, ids);
      if (wanted.has(name)) {
        await writer.resource(name, records);
      } else {
        // Listed for the ids its nested records are read by, not written.
        for await (const _record of records) continue;
        delete counts[name];
      }
      continue;
    }
    const ids = parentIds.get(parent.resource) ?? [];
    counts[name] = 0;
    await writer.resource(name, flatten(source.children(name, ids), parent.field, counts, name));
  }
  await writer.end();
  return counts;
}

/** The resources whose records other records nest under (prices under inventory, bookings under events). */
const PARENTS = new Set(SNAPSHOT_ORDER.flatMap((name) => (resources[name].parent ? [resources[name].parent.resource] : [])));

/** The records of a top-level list one by one, counted, their ids kept in `ids` when given. */
async function* counted(runs: AsyncIterable<SnapshotRecord[]>, counts: SnapshotCounts, name: string, ids: number[] | undefined): AsyncIterable<SnapshotRecord> {
  for await (const run of runs) {
    counts[name] = (counts[name] ?? 0) + run.length;
    for (const record of run) {
      const id = Number(record.id);
      if (ids && Number.isInteger(id)) ids.push(id);
      yield record;
    }
  }
}

/** A server may leave the parent field out of nested records: the snapshot always carries it. */
async function* flatten(
  pages: AsyncIterable<{ parentId: number; records: SnapshotRecord[] }>,
  parentField: string,
  counts: SnapshotCounts,
  name: string,
): AsyncIterable<SnapshotRecord> {
  for await (const { parentId, records } of pages) {
    counts[name] = (counts[name] ?? 0) + records.length;
    for (const record of records) yield record[parentField] === undefined || record[parentField] === null ? { ...record, [parentField]: parentId } : record;
  }
}
