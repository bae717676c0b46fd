// The export use case (`rentals prices export`, inventory, bookings --event-id): every record as a
// row of the columns `import` reads back (names included).

import type { RecordListView } from '../../output/views.js';
import { type ResourceDef, fieldByName, resources } from '../../resources/definitions.js';
import { resolveParentId } from '../resource/verbs.js';
import { resolveIds } from './ids.js';
import type { BulkDeps } from './run.js';

export interface ExportOptions {
  def: ResourceDef;
  /** prices: only these items (ids or names); default every item. */
  inventoryIds: string[];
  /** prices: only these rental blocks (ids or names). */
  rentalBlockIds: string[];
  /** bookings: the event (id or name). */
  eventId?: string;
  concurrency: number;
}

/** `-o json` prints the rows as a bare array: the JSON file `import` reads back. */
export async function runExport(deps: BulkDeps, options: ExportOptions): Promise<RecordListView> {
  const bulk = await import('../../bulk/index.js');
  const { withBulk } = await import('./run.js');
  const spec = bulk.rowSpecFor(options.def.name)!;
  const prices = resources.prices;
  return withBulk(deps, options.concurrency, async (run) => {
    const resolver = deps.names();
    const parents = options.inventoryIds.length > 0 ? await resolveIds(resolver, fieldByName(prices, 'inventoryId')!, options.inventoryIds) : undefined;
    const blocks = await resolveIds(resolver, fieldByName(prices, 'rentalBlockId')!, options.rentalBlockIds);
    const scopeName = bulk.scopeField(spec);
    const scope = scopeName ? { [scopeName]: (await resolveParentId(spec.def, options.eventId, resolver))! } : undefined;
    let rows = await bulk.exportRecords(spec, run.ctx, { parents, scope });
    if (blocks.length > 0) rows = rows.filter((row) => blocks.includes(row.rentalBlockId as number));
    return { kind: 'records', body: rows, rows, columns: [...spec.exportColumns] };
  });
}
