// The export use case (`rentals prices export`, inventory, bookings --event-id): every record as a
// row of the columns `import` reads back (names included).

import type { DataPiece } from '../../api/data-envelope.js';
import type { ExportRow } from '../../bulk/export.js';
import type { CsvDialect, Row } from '../../output/format.js';
import type { RecordListView, RecordStreamView } from '../../output/views.js';
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
  /** --for-spreadsheet: csv with a byte order mark, numbers as the locale writes them (default en). */
  forSpreadsheet?: boolean;
  /** --locale: the spreadsheet's locale (`de`: `;` between fields, `155,25`); implies forSpreadsheet. */
  locale?: string;
}

/** `-o json` prints the rows as a bare array: the JSON file `import` reads back. */
export async function runExport(deps: BulkDeps, options: ExportOptions): Promise<RecordListView | RecordStreamView> {
  const bulk = await import('../../bulk/index.js');
  const { withBulk } = await import('./run.js');
  const spec = bulk.rowSpecFor(options.def.name)!;
  const csv = spreadsheetDialect(options, bulk.localeMarks);
  // Money columns: -o xlsx gives them the currency's number format.
  const money = bulk.moneyFields(spec);
  const prices = resources.prices;
  return withBulk(deps, options.concurrency, async (run) => {
    const resolver = deps.names();
    const parents = options.inventoryIds.length > 0 ? await resolveIds(resolver, fieldByName(prices, 'inventoryId')!, options.inventoryIds) : undefined;
    const blocks = await resolveIds(resolver, fieldByName(prices, 'rentalBlockId')!, options.rentalBlockIds);
    const scopeName = bulk.scopeField(spec);
    const scope = scopeName ? { [scopeName]: (await resolveParentId(spec.def, options.eventId, resolver))! } : undefined;
    const chosen = (row: ExportRow): boolean => blocks.length === 0 || blocks.includes(row.rentalBlockId as number);
    const streamed = await bulk.streamExport(spec, run.ctx, { parents, scope });
    if (streamed) {
      // Printed as the parents' records arrive (a few parents at a time in memory).
      async function* pieces(): AsyncGenerator<DataPiece> {
        yield { kind: 'data-start' };
        for await (const batch of streamed!) yield { kind: 'records', records: batch.filter(chosen) };
        yield { kind: 'data-end' };
      }
      return { kind: 'stream', pieces: pieces(), row: (row) => row as Row, columns: [...spec.exportColumns], jsonArray: true, csv, money };
    }
    const rows = (await bulk.exportRecords(spec, run.ctx, { parents, scope })).filter(chosen);
    return { kind: 'records', body: rows, rows, columns: [...spec.exportColumns], csv, money };
  });
}

/** --for-spreadsheet, --locale: the csv a spreadsheet in that locale reads as it was written (undefined: plain csv). */
function spreadsheetDialect(options: ExportOptions, marks: (tag: string) => { decimal: '.' | ',' }): CsvDialect | undefined {
  if (!options.forSpreadsheet && options.locale === undefined) return undefined;
  const { decimal } = marks(options.locale ?? 'en');
  return { separator: decimal === ',' ? ';' : ',', decimal, bom: true };
}
