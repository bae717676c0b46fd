// What changed in one record between two snapshots (or a snapshot and the live service), field by
// field; diff-stream.ts pairs the records.

import { sameValue } from '../schemas/same-value.js';
import type { DiffView } from '../output/views.js';
import type { SnapshotRecord } from './document.js';

export type DiffChange = DiffView['changes'][number];

/** Fields that change on every read without meaning anything (links carry the host). */
const IGNORED_FIELDS = new Set(['Links']);

/** The fields of one record that differ between two states, one change each. */
export function recordChanges(resource: string, id: string, before: SnapshotRecord, after: SnapshotRecord): DiffChange[] {
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
