// What changed in one record between two snapshots (or a snapshot and the live service), field by
// field; diff-stream.ts pairs the records. A record added or removed is shown by the fields a diff
// compares (no Links): whole in every machine format, on one line of `field: value` in a table.

import { escapeControl } from '../common/sanitize.js';
import { resourceList } from '../resources/definitions.js';
import { sameValue } from '../schemas/same-value.js';
import type { DiffView } from '../output/views.js';
import type { SnapshotRecord } from './document.js';

export type DiffChange = DiffView['changes'][number];

/** Fields that change on every read without meaning anything (links carry the host). */
const IGNORED_FIELDS = new Set(['Links']);

/** The fields of one record that differ between two states, one change each. */
export function recordChanges(resource: string, id: number, before: SnapshotRecord, after: SnapshotRecord): DiffChange[] {
  const changes: DiffChange[] = [];
  for (const field of fieldUnion(before, after)) {
    if (!sameValue(before[field], after[field])) changes.push({ resource, id, change: 'changed', field, before: before[field] ?? null, after: after[field] ?? null });
  }
  return changes;
}

function fieldUnion(a: SnapshotRecord, b: SnapshotRecord): string[] {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...fields].filter((f) => !IGNORED_FIELDS.has(f) && f !== 'id');
}

/** A record as a diff shows it, added or removed: the fields it compares, Links left out. */
export function comparedFields(record: SnapshotRecord): SnapshotRecord {
  if (!Object.keys(record).some((field) => IGNORED_FIELDS.has(field))) return record;
  return Object.fromEntries(Object.entries(record).filter(([field]) => !IGNORED_FIELDS.has(field)));
}

/** A change as a table shows it: a record added or removed as one line of its fields (recordLine). */
export function forReading(change: DiffChange): DiffChange {
  if (change.change === 'changed') return change;
  const side = change.change === 'added' ? 'after' : 'before';
  return { ...change, [side]: recordLine(change.resource, change[side] as SnapshotRecord) };
}

/**
 * `name: Tent Z, quantityAvailable: 3, active: 1`: the record's fields but its id (the row's id
 * column says it), its label first (an item's name, an event's eventName), each value as
 * compact JSON unless it is plain text.
 */
function recordLine(resource: string, record: SnapshotRecord): string {
  const label = resourceList.find((def) => def.command === resource)?.labelField;
  const fields = Object.keys(record).filter((field) => field !== 'id' && !IGNORED_FIELDS.has(field));
  const ordered = label && fields.includes(label) ? [label, ...fields.filter((field) => field !== label)] : fields;
  return ordered.map((field) => `${field}: ${shown(record[field])}`).join(', ');
}

function shown(value: unknown): string {
  return typeof value === 'string' ? escapeControl(value) : (JSON.stringify(value) ?? 'null');
}
