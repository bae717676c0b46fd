// A plan's rows as the one change model (domain/changes.ts): each row that creates, updates or
// deletes a record is a change of it, its fields before (the row's `old`) and after (its `new`),
// named as the plan names it (`Tent 20x20 / Weekend`). What a bulk dry run prints for machines
// beside the plan itself: `-o json`'s `changes`, `-o ndjson`'s change keys, `-o tsv`'s rows.

import type { Change } from '../domain/changes.js';
import type { PlanRow } from './plan.js';
import { type RowSpec, parentField } from './spec.js';

/** The row's change, or undefined for a row that changes nothing (unchanged, invalid, refused, unread, stale). */
export function rowChange(spec: RowSpec, row: PlanRow): Change | undefined {
  if (row.action !== 'create' && row.action !== 'update' && row.action !== 'delete') return undefined;
  return intendedChange(spec, row);
}

/**
 * The change the row names, whether or not it is sent: a refused or stale row's is what it would
 * have done (its `old` → its `new`), shown beside its action and why it is not sent.
 */
export function intendedChange(spec: RowSpec, row: PlanRow): Change {
  const parent = parentField(spec);
  const parentId = parent === undefined ? undefined : row.ids[parent];
  const id = row.ids.id ?? null;
  const before = row.old === null ? null : { ...row.old };
  const after = row.new === null ? null : { ...row.new };
  const change: Change = parentId === undefined ? { resource: spec.def.name, id, before, after } : { resource: spec.def.name, parentId, id, before, after };
  if (row.label !== undefined) change.name = row.label;
  return change;
}
