// What changed between two snapshots (or a snapshot and the live service): per resource, per
// record (by id) and per field. Pure: the caller loads both sides.

import { appendAll } from '../common/arrays.js';
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
    for (const field of fieldUnion(record, current)) {
      if (!sameValue(record[field], current[field])) {
        changes.push({ resource, id, change: 'changed', field, before: record[field] ?? null, after: current[field] ?? null });
      }
    }
  }
  for (const [id, record] of now) {
    if (!old.has(id)) changes.push({ resource, id, change: 'added', after: record });
  }
  return changes.sort((x, y) => compareIds(x.id, y.id));
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

/**
 * Values equal as the API means them: 1 and "1", 12.5 and "12.50", true and 1, and datetimes
 * with or without `.000` are the same value written two ways, not a change.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  const na = normalise(a);
  const nb = normalise(b);
  if (typeof na === 'object' || typeof nb === 'object') return JSON.stringify(na) === JSON.stringify(nb);
  return na === nb;
}

function normalise(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    const datetime = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.0+)?$/.exec(text);
    if (datetime) return `${datetime[1]}T${datetime[2]!.length === 5 ? `${datetime[2]}:00` : datetime[2]}`;
    if (text === 'true') return 1;
    if (text === 'false') return 0;
    return value;
  }
  return value;
}

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : a.localeCompare(b);
}
