// Records of a resource as a view for every format: the `{ data }` body and the display rows. What
// a generic verb answers, and what every write that answers with records (book, cancel) shows.

import type { DataResult } from '../api/resource-api.js';
import { type ResourceDef, peopleColumns } from '../resources/definitions.js';
import { readRecord } from '../schemas/values.js';
import type { Row } from './format.js';
import type { RecordListView } from './views.js';

/** Columns a record of `def` may have (for --fields). */
export function knownColumns(def: ResourceDef): string[] {
  return [...def.fields.map((f) => f.name), 'Links'];
}

/**
 * An answer as a view: `-o json` prints the body pretty (2-space indent), as it always has, not the
 * compact bytes a server sends (the output layer writes that form in pieces); the other formats
 * print rows, normalised only when first asked for (never for `-o json`).
 */
export function resultView(def: ResourceDef, result: DataResult): RecordListView {
  let rows: Row[] | undefined;
  return {
    kind: 'records',
    body: result.body,
    get rows() {
      return (rows ??= result.records.map((r) => readRecord(def.fields, r)));
    },
    columns: def.columns,
    ...peopleColumns(def),
    knownColumns: knownColumns(def),
  };
}

/** A few records (a write's answer) as a view for every format: the `{ data }` body and display rows. */
export function recordsView(def: ResourceDef, records: readonly Record<string, unknown>[]): RecordListView {
  return {
    kind: 'records',
    body: { data: records },
    rows: records.map((r) => readRecord(def.fields, r)),
    columns: def.columns,
    ...peopleColumns(def),
    knownColumns: knownColumns(def),
  };
}
