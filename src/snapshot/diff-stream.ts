// What changed between two snapshots, in memory that does not grow with them. Both have been read
// and checked whole first (read.ts), which noted where each resource's list lies in its file;
// the lists are then read again, resource by resource in snapshot order, and merged record against
// record by id. A list whose ids rose as written is merged as it is read; one out of id order goes
// through an external sort first (common/external-sort.ts: runs in private files, gone however
// the run ends). The changes come by resource in snapshot order, then by id.

import { ExternalSort } from '../common/external-sort.js';
import type { Spool } from '../common/spool.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import { type DiffChange, comparedFields, recordChanges } from './diff.js';
import { SNAPSHOT_ORDER, type SnapshotRecord } from './document.js';
import { type ReadSnapshot, type ResourceSpan, recordId } from './read.js';
import { ListParser } from './stream.js';
import type { SnapshotFile } from './file.js';

/** Changes are handed on in batches of this many. */
const BATCH = 512;

interface Entry {
  id: number;
  record: SnapshotRecord;
}

/**
 * The changes from `before` to `after`, in batches: by resource in snapshot order (only those
 * asked for), then by id. `spool` holds the runs of a list out of id order while it is sorted.
 */
export async function* mergeDiff(before: ReadSnapshot, after: ReadSnapshot, spool: Spool, only?: readonly ResourceName[]): AsyncGenerator<DiffChange[]> {
  let batch: DiffChange[] = [];
  for (const name of SNAPSHOT_ORDER) {
    if (only && !only.includes(name)) continue;
    const a = before.spans.get(name);
    const b = after.spans.get(name);
    if (a === undefined && b === undefined) continue;
    const resource = resources[name].command;
    const xs = inIdOrder(before.file, a, spool);
    const ys = inIdOrder(after.file, b, spool);
    let x = await xs.next();
    let y = await ys.next();
    while (!x.done || !y.done) {
      const order = x.done ? 1 : y.done ? -1 : x.value.id - y.value.id;
      if (order < 0) {
        batch.push({ resource, id: x.value!.id, change: 'removed', before: comparedFields(x.value!.record) });
        x = await xs.next();
      } else if (order > 0) {
        batch.push({ resource, id: y.value!.id, change: 'added', after: comparedFields(y.value!.record) });
        y = await ys.next();
      } else {
        for (const change of recordChanges(resource, x.value!.id, x.value!.record, y.value!.record)) batch.push(change);
        x = await xs.next();
        y = await ys.next();
      }
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** One resource's records of one file, by rising id: as read, or sorted first. */
async function* inIdOrder(file: SnapshotFile, span: ResourceSpan | undefined, spool: Spool): AsyncGenerator<Entry> {
  if (span === undefined) return;
  if (span.ordered) {
    for await (const run of listRuns(file, span)) for (const record of run) yield entry(record);
    return;
  }
  const sort = new ExternalSort(spool);
  for await (const run of listRuns(file, span)) for (const record of run) sort.add(entry(record).id, JSON.stringify(record));
  for await (const lines of sort.sorted()) for (const line of lines) yield entry(JSON.parse(line));
}

function entry(record: unknown): Entry {
  // Every record has passed the reader's checks: an object with an id.
  return { id: recordId(record)!, record: record as SnapshotRecord };
}

/** A resource's list read again on its own, in runs of records. */
async function* listRuns(file: SnapshotFile, span: ResourceSpan): AsyncGenerator<unknown[]> {
  const parser = new ListParser();
  for await (const chunk of file.chunks(span.start, span.end)) yield* parser.push(chunk);
  parser.end();
}
