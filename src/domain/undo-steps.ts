// What undoing a history entry means for each of its records, newest first: a record the entry
// created is deleted, one it changed is put back as it was before, one it deleted comes back as a
// new record. A record that is no longer as the entry left it was changed by someone since: the
// undo would overwrite that change, so it is refused (stale) with the differences.

import { sameValue } from '../schemas/same-value.js';
import { type WrittenChange, actionOf, changedFields, sameRecord } from './changes.js';

export type UndoAction = 'delete' | 'restore' | 'recreate';

/** A record a history entry changed. */
export type ChangedRecord = WrittenChange;

/**
 * One change per record: a record the entry wrote several times (a line created then backed out
 * after a lost race, a line changed twice) goes from its first `before` to its last `after`, at the
 * place of its last write; one created and deleted by the entry, or changed and put back, left
 * nothing to undo.
 */
export function netChanges<R extends ChangedRecord>(records: readonly R[]): R[] {
  const byKey = new Map<string, R>();
  for (const record of records) {
    const key = `${record.resource}:${record.id}`;
    const first = byKey.get(key);
    byKey.delete(key);
    byKey.set(key, first ? { ...record, before: first.before } : record);
  }
  return [...byKey.values()].filter((r) => !sameRecord(r.before, r.after));
}

/** What undoes a change: a create is deleted, an update put back, a delete brought back. */
export function undoAction(record: ChangedRecord): UndoAction {
  const action = actionOf(record);
  return action === 'create' ? 'delete' : action === 'delete' ? 'recreate' : 'restore';
}

export interface Difference {
  field: string;
  /** As the entry left it. */
  left: unknown;
  /** As it is now (undefined: the record is gone). */
  now: unknown;
}

/**
 * How the record now differs from what the entry left (`fields`: the resource's declared fields,
 * so what a server adds of its own is not a change). A deleted record that is still gone, or a
 * record as it was left, has none.
 */
export function differences(record: ChangedRecord, current: Record<string, unknown> | null, fields: readonly string[]): Difference[] {
  if (record.after === null) return current === null ? [] : [{ field: 'id', left: 'deleted', now: current.id }];
  if (current === null) return [{ field: 'id', left: record.id, now: 'deleted' }];
  return fields.filter((field) => field !== 'id' && !sameValue(record.after![field], current[field])).map((field) => ({ field, left: record.after![field], now: current[field] }));
}

/** `eventName is "B" now; the entry left "A"`. */
export function describeDifference(difference: Difference): string {
  if (difference.now === 'deleted') return 'it was deleted since';
  if (difference.left === 'deleted') return `it exists again (id ${String(difference.now)}: an undo brought it back)`;
  return `${difference.field} is ${JSON.stringify(difference.now ?? null)} now; the entry left ${JSON.stringify(difference.left ?? null)}`;
}

/** What a record's change was, for people: `created`, `deleted`, or the fields that changed (`quantity 6 → 8`). */
export function describeChange(record: ChangedRecord, fields: readonly string[]): string {
  if (record.before === null) return 'created';
  if (record.after === null) return 'deleted';
  const changed = changedFields(record, fields.filter((field) => field !== 'id'));
  if (changed.length === 0) return 'unchanged';
  return changed.map((field) => `${field} ${JSON.stringify(record.before![field] ?? null)} → ${JSON.stringify(record.after![field] ?? null)}`).join('; ');
}
