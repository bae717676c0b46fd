// `export`: every record as a row of the spec's export columns, names included, so that an edited
// export imports back as it is (prices: inventoryId,inventoryName,rentalBlockId,pricingType,price,id).

import type { LiveIndex, LiveRecord } from './live.js';
import { type BulkContext, loadLive, loadLookups } from './loading.js';
import type { Lookups } from './lookups.js';
import { type RowSpec, parentField } from './spec.js';
import type { Ids, Scalar } from './values.js';

export type ExportRow = Record<string, Scalar | null>;

export interface ExportOptions {
  /** Only these parents (prices: --inventory-id); default all. */
  parents?: readonly number[];
  /** Fields fixed for the run (`{ eventId }` for bookings). */
  scope?: Ids;
}

export async function exportRecords(spec: RowSpec, ctx: BulkContext, options: ExportOptions = {}): Promise<ExportRow[]> {
  const lookups = await loadLookups(spec, ctx);
  const parent = parentField(spec);
  let parents: readonly number[] = [];
  if (parent !== undefined) {
    parents = options.scope?.[parent] !== undefined ? [options.scope[parent]] : (options.parents ?? lookups[spec.def.parent!.resource]?.ids() ?? []);
  }
  const live = await loadLive(spec, ctx, parents);
  return exportRows(spec, live, lookups);
}

/** The rows in key order (prices: by inventoryId, then rentalBlockId). */
function exportRows(spec: RowSpec, live: LiveIndex, lookups: Lookups): ExportRow[] {
  return live.sorted().map((record) => {
    const row: ExportRow = {};
    for (const column of spec.exportColumns) row[column] = cell(spec, record, column, lookups);
    return row;
  });
}

function cell(spec: RowSpec, record: LiveRecord, column: string, lookups: Lookups): Scalar | null {
  if (column === 'id') return record.id;
  const named = spec.names.find((n) => n.column === column);
  if (named) {
    const id = record.values[named.field];
    return typeof id === 'number' ? (lookups[named.resource]?.label(id) ?? null) : null;
  }
  return record.values[column] ?? null;
}
