// `export`: every record as a row of the spec's export columns, names included, so that an edited
// export imports back as it is (prices: inventoryId,inventoryName,rentalBlockId,pricingType,price,id).

import { type LiveIndex, type LiveRecord, byKey, toLiveRecord } from './live.js';
import { type BulkContext, catalogOf, loadLive, loadLookups } from './loading.js';
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

/**
 * The rows as they are read, parent by parent, a few parents' records in memory at a time, in the
 * order exportRecords gives them; undefined when that order needs every record first (a resource
 * without a parent, or whose key does not start with it, over several parents).
 */
export async function streamExport(spec: RowSpec, ctx: BulkContext, options: ExportOptions = {}): Promise<AsyncIterable<ExportRow[]> | undefined> {
  const parent = parentField(spec);
  if (parent === undefined) return undefined;
  const scoped = options.scope?.[parent];
  if (scoped === undefined && spec.key[0] !== parent) return undefined;
  const lookups = await loadLookups(spec, ctx);
  const parents = scoped !== undefined ? [scoped] : [...(options.parents ?? lookups[spec.def.parent!.resource]?.ids() ?? [])].sort((a, b) => a - b);
  const order = byKey(spec);
  const catalog = catalogOf(ctx);
  return (async function* () {
    for await (const { parentId, records } of catalog.childrenInOrder(spec.def.name, parents, ctx.concurrency)) {
      const live: LiveRecord[] = [];
      for (const raw of records) {
        const record = toLiveRecord(spec, raw);
        if (!record) continue;
        record.values[parent] ??= parentId;
        live.push(record);
      }
      yield live.sort(order).map((record) => exportRow(spec, record, lookups));
    }
  })();
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
  return live.sorted().map((record) => exportRow(spec, record, lookups));
}

function exportRow(spec: RowSpec, record: LiveRecord, lookups: Lookups): ExportRow {
  const row: ExportRow = {};
  for (const column of spec.exportColumns) row[column] = cell(spec, record, column, lookups);
  return row;
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
