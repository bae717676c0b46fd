// `rentals snapshot`: every resource read from the service and written as one document. Memory is
// bounded by one list at a time: top-level lists are written as they arrive and released; nested
// lists (prices per item, bookings per event) stream through parent by parent, in order.

import { appendAll } from '../common/arrays.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import { SNAPSHOT_KIND, SNAPSHOT_ORDER, SNAPSHOT_VERSION, type Snapshot, SnapshotWriter, type SnapshotRecord } from './document.js';

export interface SnapshotSource {
  /** The whole collection of a top-level resource, in runs as it is read. */
  list(name: ResourceName): AsyncIterable<SnapshotRecord[]>;
  /** A nested resource's records under each parent, yielded parent by parent in the given order. */
  children(name: ResourceName, parentIds: number[]): AsyncIterable<{ parentId: number; records: SnapshotRecord[] }>;
}

export interface SnapshotCounts {
  [name: string]: number;
}

export async function takeSnapshot(source: SnapshotSource, write: (text: string) => Promise<void>, takenAt: string, origin: string): Promise<SnapshotCounts> {
  const writer = new SnapshotWriter(write);
  const counts: SnapshotCounts = {};
  const parentIds = new Map<ResourceName, number[]>();
  await writer.begin(takenAt, origin);
  for (const name of SNAPSHOT_ORDER) {
    const parent = resources[name].parent;
    if (!parent) {
      // Only the ids of a parent of nested records are kept, not its records.
      const ids = PARENTS.has(name) ? [] : undefined;
      parentIds.set(name, ids ?? []);
      counts[name] = 0;
      await writer.resource(name, counted(source.list(name), counts, name, ids));
      continue;
    }
    const ids = parentIds.get(parent.resource) ?? [];
    counts[name] = 0;
    await writer.resource(name, flatten(source.children(name, ids), parent.field, counts, name));
  }
  await writer.end();
  return counts;
}

/**
 * The service as a snapshot in memory, for `diff --live`: only the resources asked for (and the
 * parents whose ids their nested lists need), with no detour through the document's text.
 */
export async function readLive(source: SnapshotSource, takenAt: string, origin: string, only?: readonly ResourceName[]): Promise<Snapshot> {
  const wanted = new Set(only ?? SNAPSHOT_ORDER);
  for (const name of wanted) {
    const parent = resources[name].parent;
    if (parent) wanted.add(parent.resource);
  }
  const snapshot: Snapshot = { kind: SNAPSHOT_KIND, version: SNAPSHOT_VERSION, takenAt, source: origin, resources: {} };
  const counts: SnapshotCounts = {};
  for (const name of SNAPSHOT_ORDER) {
    if (!wanted.has(name)) continue;
    const parent = resources[name].parent;
    if (!parent) {
      const records: SnapshotRecord[] = [];
      for await (const run of source.list(name)) appendAll(records, run);
      snapshot.resources[name] = records;
      continue;
    }
    const ids = (snapshot.resources[parent.resource] ?? []).map((r) => Number(r.id)).filter(Number.isInteger);
    const records: SnapshotRecord[] = [];
    for await (const record of flatten(source.children(name, ids), parent.field, counts, name)) records.push(record);
    snapshot.resources[name] = records;
  }
  return snapshot;
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
