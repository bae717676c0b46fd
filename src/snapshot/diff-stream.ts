// `rentals diff a.json b.json` in memory that does not grow with the snapshots: `rentals snapshot`
// writes resources in their order and records in id order, so the two files are merged as they
// are read, record against record. A first read of each file checks it whole under the rules the
// one reader applies (read.ts), keeping only the ids that references point at; the changes are
// found on a second read. A file in any other order or shape is read whole instead (read.ts),
// which also words what is wrong with it.

import { isObject } from '../common/objects.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import { type DiffChange, recordChanges } from './diff.js';
import { SNAPSHOT_KIND, SNAPSHOT_ORDER, SNAPSHOT_VERSION, type SnapshotRecord } from './document.js';
import { SnapshotLoadError, canonical } from './image.js';
import { NotStreamable, snapshotPieces } from './stream.js';

/** Changes are handed on in batches of this many. */
const BATCH = 512;

const rank = new Map<string, number>(SNAPSHOT_ORDER.map((name, index) => [name, index]));

/** The resources some field points at: their ids are kept while a file is checked. */
const TARGETS = new Set<ResourceName>(SNAPSHOT_ORDER.flatMap((name) => resources[name].fields.flatMap((f) => (f.references ? [f.references] : []))));

/**
 * Whether the file is a valid snapshot written in order (resources in snapshot order, ids rising
 * within each): then it can be merged as it is read. False for anything else, valid or not.
 */
export async function isOrderedSnapshot(path: string): Promise<boolean> {
  try {
    await checkOrdered(path);
    return true;
  } catch (error) {
    if (error instanceof NotStreamable || error instanceof SnapshotLoadError) return false;
    throw error;
  }
}

async function checkOrdered(path: string): Promise<void> {
  const ids = new Map<ResourceName, Set<number>>();
  const head: Record<string, unknown> = {};
  let sawResources = false;
  let current: ResourceName | undefined;
  let last = 0;
  let lastRank = -1;
  for await (const piece of snapshotPieces(path)) {
    if (piece.kind === 'field') {
      head[piece.name] = piece.value;
    } else if (piece.kind === 'resource') {
      sawResources = true;
      const at = rank.get(piece.name);
      if (at === undefined || at <= lastRank) throw new NotStreamable(`"${piece.name}" out of order`);
      lastRank = at;
      current = piece.name as ResourceName;
      last = 0;
      if (TARGETS.has(current)) ids.set(current, new Set());
    } else if (piece.kind === 'records') {
      const name = current!;
      for (const record of piece.records) {
        if (!isObject(record)) throw new NotStreamable('a record that is not an object');
        const stored = canonical(name, record, name);
        if (stored.id <= last) throw new NotStreamable('ids out of order');
        last = stored.id;
        ids.get(name)?.add(stored.id);
        for (const field of resources[name].fields) {
          const value = stored[field.name];
          const targets = field.references && ids.get(field.references);
          // A reference to its own resource may point ahead: read whole (no resource does so today).
          if (field.references === name) throw new NotStreamable('a reference to its own resource');
          if (targets && typeof value === 'number' && !targets.has(value)) throw new NotStreamable('a reference to a record it does not hold');
        }
      }
    }
  }
  if (head.kind !== SNAPSHOT_KIND || head.version !== SNAPSHOT_VERSION || !sawResources) throw new NotStreamable('not a snapshot');
}

interface Entry {
  name: ResourceName;
  record: SnapshotRecord;
}

/** The records of the resources asked for, in file order. */
async function* entries(path: string, only?: readonly ResourceName[]): AsyncGenerator<Entry> {
  let name: ResourceName | undefined;
  for await (const piece of snapshotPieces(path)) {
    if (piece.kind === 'resource') name = only && !only.includes(piece.name as ResourceName) ? undefined : (piece.name as ResourceName);
    else if (piece.kind === 'records' && name !== undefined) for (const record of piece.records) yield { name, record: record as SnapshotRecord };
  }
}

/**
 * The changes from `before` to `after` (both checked with isOrderedSnapshot), in the order
 * diffSnapshots gives them: by resource in snapshot order, then by id.
 */
export async function* mergeDiff(before: string, after: string, only?: readonly ResourceName[]): AsyncGenerator<DiffChange[]> {
  const a = entries(before, only);
  const b = entries(after, only);
  let x = (await a.next()).value as Entry | undefined;
  let y = (await b.next()).value as Entry | undefined;
  let batch: DiffChange[] = [];
  while (x || y) {
    const order = !x ? 1 : !y ? -1 : compare(x, y);
    if (order < 0) {
      batch.push({ resource: resources[x!.name].command, id: String(x!.record.id), change: 'removed', before: x!.record });
      x = (await a.next()).value as Entry | undefined;
    } else if (order > 0) {
      batch.push({ resource: resources[y!.name].command, id: String(y!.record.id), change: 'added', after: y!.record });
      y = (await b.next()).value as Entry | undefined;
    } else {
      for (const change of recordChanges(resources[x!.name].command, String(x!.record.id), x!.record, y!.record)) batch.push(change);
      x = (await a.next()).value as Entry | undefined;
      y = (await b.next()).value as Entry | undefined;
    }
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function compare(x: Entry, y: Entry): number {
  return rank.get(x.name)! - rank.get(y.name)! || Number(x.record.id) - Number(y.record.id);
}
