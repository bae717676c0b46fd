// --fields must name columns the view can have: a typo is a usage error listing the known ones.

import { UsageError } from '../errors.js';
import type { RecordListView } from './views.js';

export function checkFieldNames(fields: string[] | undefined, view: Pick<RecordListView, 'knownColumns' | 'rows'>): void {
  if (!fields || !view.knownColumns) return;
  const present = new Set(view.knownColumns);
  const unknown = fields.filter((f) => !present.has(f) && !view.rows.some((r) => Object.hasOwn(r, f)));
  if (unknown.length > 0) {
    throw new UsageError(`--fields: unknown field ${unknown.map((f) => JSON.stringify(f)).join(', ')} (known: ${view.knownColumns.join(', ')})`);
  }
}
