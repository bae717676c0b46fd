// The one change model of every write: each record a write changes, as it was and as it will be
// (or is). A write is planned as changes, judged, then either shown (a dry run shows the plan) or
// written through its resource's writer, which answers with the changes as written; the history
// keeps them and undo replays them backwards. Created: `before` null; deleted: `after` null.

import { sameValue } from '../schemas/same-value.js';

export type RecordValues = Record<string, unknown>;

export type ChangeAction = 'create' | 'update' | 'delete';

export interface Change {
  /** The resource's name as the resource table has it (`events`, `bookings`, `inventory`, `prices`, `categories`). */
  resource: string;
  /** The parent of a nested record (a booking's event, a price's item). */
  parentId?: number;
  /** Null for a record still to be created (a dry run's create: the service gives the id). */
  id: number | null;
  before: RecordValues | null;
  after: RecordValues | null;
  /** What people call the record (`"Smith wedding"`, `White Folding Chair on "Smith wedding"`), where it has a name. */
  name?: string;
}

/** A change once written: its record has an id. */
export interface WrittenChange extends Change {
  id: number;
}

export function actionOf(change: Pick<Change, 'before' | 'after'>): ChangeAction {
  if (change.before === null) return 'create';
  if (change.after === null) return 'delete';
  return 'update';
}

/**
 * The fields a change touches, of `fields` (the resource's writable ones, in their order): those
 * whose value differs; a create's that it sets, a delete's that the record had.
 */
export function changedFields(change: Pick<Change, 'before' | 'after'>, fields: readonly string[]): string[] {
  const { before, after } = change;
  if (before === null) return fields.filter((field) => after?.[field] !== undefined && after[field] !== null);
  if (after === null) return fields.filter((field) => before[field] !== undefined && before[field] !== null);
  return fields.filter((field) => !sameValue(before[field], after[field]));
}

/** Both absent, or the same values under the same names (a change that was put back). */
export function sameRecord(a: RecordValues | null, b: RecordValues | null): boolean {
  if (a === null || b === null) return a === b;
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].every((name) => sameValue(a[name], b[name]));
}
