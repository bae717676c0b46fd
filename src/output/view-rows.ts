// Views as flat rows, for the formats that print rows (ndjson, csv, tsv) and for tables.

import type { Row } from './format.js';
import type { DetailView, DiffView, GridView, GroupedView } from './views.js';

/** The columns of a grouped view's rows in machine formats: its key, the rows', then the group's own (added after the columns scripts read by position). */
export function groupedColumns(view: GroupedView): string[] {
  return [view.groupColumn, ...view.columns, ...(view.groupColumns ?? [])];
}

export function* groupRows(view: GroupedView): Generator<Row> {
  for (const group of view.groups) {
    for (const row of group.rows) yield { [view.groupColumn]: group.key, ...group.values, ...row };
  }
}

export function* gridRows(view: GridView): Generator<Row> {
  for (let r = 0; r < view.rows.length; r++) {
    const row: Row = { [view.rowHeader]: view.rows[r]!.label };
    view.columns.forEach((column, c) => {
      row[column.key] = view.cells[r]?.[c] ?? null;
    });
    yield row;
  }
}

export const DIFF_COLUMNS = ['resource', 'id', 'change', 'field', 'before', 'after'];

export function diffRows(view: DiffView): Row[] {
  return view.changes.map(diffRow);
}

/** One change as a row of DIFF_COLUMNS. */
export function diffRow(c: DiffView['changes'][number]): Row {
  return { resource: c.resource, id: c.id, change: c.change, field: c.field ?? null, before: c.before ?? null, after: c.after ?? null };
}

export function detailRows(view: DetailView): Row[] {
  return view.fields.map(([field, value]) => ({ field, value }));
}
