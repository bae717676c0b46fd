// --fields must name columns the view can have: a typo is a usage error listing the known ones.

import { UsageError } from '../errors.js';
import type { Row } from './format.js';
import { DIFF_COLUMNS, groupedColumns } from './view-rows.js';
import type { DataView } from './views.js';

export function checkFieldNames(fields: string[] | undefined, view: DataView): void {
  if (!fields) return;
  const known = knownColumns(view);
  if (!known) return;
  const present = new Set(known.names);
  const unknown = fields.filter((f) => !present.has(f) && !known.rows.some((r) => Object.hasOwn(r, f)));
  if (unknown.length > 0) {
    throw new UsageError(`--fields: unknown field ${unknown.map((f) => JSON.stringify(f)).join(', ')} (known: ${known.names.join(', ')})`);
  }
}

/** The columns --fields may name, and rows whose own keys count too; undefined: not checked. */
function knownColumns(view: DataView): { names: string[]; rows: Row[] } | undefined {
  switch (view.kind) {
    case 'records':
      return view.knownColumns ? { names: view.knownColumns, rows: view.rows } : undefined;
    case 'calendar':
    case 'picture':
      return knownColumns(view.listing);
    case 'groups':
      return { names: groupedColumns(view), rows: view.groups.flatMap((g) => g.rows) };
    case 'diff':
      return { names: DIFF_COLUMNS, rows: [] };
    case 'grid':
    case 'detail':
      return undefined;
  }
}
