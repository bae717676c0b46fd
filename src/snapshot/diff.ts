// What changed between two snapshots (or a snapshot and the live service): per resource, per
// record (by id) and per field. Pure: the caller loads both sides.

import { appendAll } from '../common/arrays.js';
import { sameValue } from '../schemas/same-value.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import type { DiffView } from '../output/views.js';
import { SNAPSHOT_ORDER, type Snapshot, type SnapshotRecord } from './document.js';

export type DiffChange = DiffView['changes'][number];

/** Fields that change on every read without meaning anything (links carry the host). */
const IGNORED_FIELDS = new Set(['Links']);

export function diffSnapshots(before: Snapshot, after: Snapshot, only?: ResourceName[]): DiffChange[] {
  const changes: DiffChange[] = [];
  for (const name of SNAPSHOT_ORDER) {
    if (only && !only.includes(name)) continue;
    const a = before.resources[name];
    const b = after.resources[name];
    if (a === undefined && b === undefined) continue;
    appendAll(changes, diffRecords(resources[name].command, a ?? [], b ?? []));
  }
  return changes;
}

function diffRecords(resource: string, before: SnapshotRecord[], after: SnapshotRecord[]): DiffChange[] {
  const changes: DiffChange[] = [];
  const old = byId(before);
  const now = byId(after);
  for (const [id, record] of old) {
    const current = now.get(id);
    if (current === undefined) {
      changes.push({ resource, id, change: 'removed', before: record });
      continue;
    }
    appendAll(changes, recordChanges(resource, id, record, current));
  }
  for (const [id, record] of now) {
    if (!old.has(id)) changes.push({ resource, id, change: 'added', after: record });
  }
  return changes.sort((x, y) => compareIds(x.id, y.id));
}

/** The fields of one record that differ between two states, one change each. */
export function recordChanges(resource: string, id: string, before: SnapshotRecord, after: SnapshotRecord): DiffChange[] {
  const changes: DiffChange[] = [];
  for (const field of fieldUnion(before, after)) {
    if (!sameValue(before[field], after[field])) changes.push({ resource, id, change: 'changed', field, before: before[field] ?? null, after: after[field] ?? null });
  }
  return changes;
}

function byId(records: SnapshotRecord[]): Map<string, SnapshotRecord> {
  const map = new Map<string, SnapshotRecord>();
  for (const record of records) map.set(String(record.id), record);
  return map;
}

function fieldUnion(a: SnapshotRecord, b: SnapshotRecord): string[] {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...fields].filter((f) => !IGNORED_FIELDS.has(f) && f !== 'id');
}

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : a.localeCompare(b);
}
