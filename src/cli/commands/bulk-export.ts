// `rentals prices export`, `rentals inventory export`, `rentals bookings export --event-id`: every
// record as a row of the columns `import` reads back (names included), as a record list view.

import { type ResourceDef, fieldByName, resources } from '../../resources/definitions.js';
import { resolveIds } from '../bulk/ids.js';
import { concurrencyOption, filterOption, parseConcurrency, scopeOption, scopeValue } from '../bulk/options.js';
import { conceptOfField, conceptValues } from '../vocabulary.js';
import type { DataPiece } from '../../api/data-envelope.js';
import type { ExportRow } from '../../bulk/export.js';
import type { Row } from '../../output/format.js';
import type { RecordListView, RecordStreamView } from '../../output/views.js';
import { type LeafCommand, dataOptions, defineViewCommand, typedApi } from '../registry/spec.js';
import { resolveParentId } from '../resource/run.js';
import type { Session } from '../session.js';

interface ExportOptions {
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
async function runExport(session: Session, options: ExportOptions): Promise<RecordListView | RecordStreamView> {
  const bulk = await import('../../bulk/index.js');
  const { withBulk } = await import('../bulk/run.js');
  const spec = bulk.rowSpecFor(options.def.name)!;
  const prices = resources.prices;
  session.preferPipedFormat('csv');
  return withBulk(session, options.concurrency, async (run) => {
    const resolver = session.names();
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
      return { kind: 'stream', pieces: pieces(), row: (row) => row as Row, columns: [...spec.exportColumns], jsonArray: true };
    }
    const rows = (await bulk.exportRecords(spec, run.ctx, { parents, scope })).filter(chosen);
    return { kind: 'records', body: rows, rows, columns: [...spec.exportColumns] };
  });
}

type ExportFlags = {
  concurrency?: string;
}

/** Help of the repeatable filters of an export (prices: by item and by rental block). */
const FILTER_HELP: Record<string, string> = {
  inventoryId: 'only this item (id or name); repeat or give 3,4,5 for several',
  rentalBlockId: 'only this rental block (id or name); repeatable',
};

export function bulkExportCommand(def: ResourceDef): LeafCommand {
  return defineViewCommand({
    name: 'export',
    summary: `Print every ${def.singular} as rows that \`import\` reads back (-o csv, ndjson or json)`,
    help: `\nColumns: ${def.bulk?.exportColumns.join(',')}. -o csv (the default when piped), -o ndjson and -o json are exactly what import reads.\n`,
    examples: def.examples?.export ?? [],
    dataOptions: dataOptions<ExportFlags>((command) => {
      for (const field of def.bulk?.exportFilters ?? []) filterOption(typedApi(command), conceptOfField(field), FILTER_HELP[field] ?? `only this ${field} (id or name); repeatable`);
      scopeOption(typedApi(command), def, 'to export');
      concurrencyOption(typedApi(command));
    }),
    view: 'records',
    deps: (session) => session,
    handler: (session, options) =>
      runExport(session, {
        def,
        inventoryIds: conceptValues('item', options),
        rentalBlockIds: conceptValues('block', options),
        eventId: scopeValue(def, options),
        concurrency: parseConcurrency(options.concurrency),
      }),
  });
}
