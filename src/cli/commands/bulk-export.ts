// `rentals prices export`, `rentals inventory export`, `rentals bookings export --event-id`: every
// record as a row of the columns `import` reads back (names included), through the Printer.

import type { Command } from 'commander';
import { type BulkResource, rowSpecs } from '../../bulk/spec.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import { resolveIds } from '../bulk/ids.js';
import { collectIds, concurrencyOption, listOption, parseConcurrency, stringOption } from '../bulk/options.js';
import { type Registrar, action, examples } from '../command.js';
import { resolveParentId } from '../resource/run.js';
import type { Session } from '../session.js';

export interface ExportOptions {
  resource: BulkResource;
  /** prices: only these items (ids or names); default every item. */
  inventoryIds: string[];
  /** prices: only these rental blocks (ids or names). */
  rentalBlockIds: string[];
  /** bookings: the event (id or name). */
  eventId?: string;
  concurrency: number;
}

export async function runExport(session: Session, options: ExportOptions): Promise<void> {
  const bulk = await import('../../bulk/index.js');
  const { withBulk } = await import('../bulk/run.js');
  const spec = bulk.rowSpecs[options.resource];
  const prices = resources.prices;
  await withBulk(session, options.concurrency, async (run) => {
    const resolver = session.names();
    const parents = options.inventoryIds.length > 0 ? await resolveIds(resolver, fieldByName(prices, 'inventoryId')!, options.inventoryIds) : undefined;
    const blocks = await resolveIds(resolver, fieldByName(prices, 'rentalBlockId')!, options.rentalBlockIds);
    const scope = options.resource === 'bookings' ? { eventId: (await resolveParentId(session, spec.def, options.eventId, resolver))! } : undefined;
    let rows = await bulk.exportRecords(spec, run.ctx, { parents, scope });
    if (blocks.length > 0) rows = rows.filter((row) => blocks.includes(row.rentalBlockId as number));
    await session.printer.records({ body: rows, rows, columns: [...spec.exportColumns] });
  });
}

const EXAMPLES: Record<BulkResource, string[]> = {
  prices: [
    'rentals prices export -o csv > prices.csv',
    "rentals prices export -o ndjson | jq -c 'select(.rentalBlockId == 2) | .price *= 1.1' | rentals prices import - --round 0.01",
    'rentals prices export --inventory-id "Tent 20x20" --rental-block-id Weekend',
  ],
  inventory: ['rentals inventory export -o csv > items.csv'],
  bookings: ['rentals bookings export --event-id 12 -o csv > bookings.csv'],
};

export function registerBulkExport(group: Command, reg: Registrar, resource: BulkResource): void {
  const def = resources[resource];
  const command = group
    .command('export')
    .description(`Print every ${def.singular} as rows that \`import\` reads back (-o csv, ndjson or json)`)
    .addHelpText('after', `\nColumns: ${rowSpecs[resource].exportColumns.join(',')}. -o csv, -o ndjson and -o json are exactly what import reads.\n`);
  if (resource === 'prices') {
    command
      .option('--inventory-id <id>', 'only this item (id or name); repeat or give 3,4,5 for several', collectIds)
      .option('--rental-block-id <id>', 'only this rental block (id or name); repeatable', collectIds);
  }
  if (resource === 'bookings') command.option('--event-id <id>', 'the event whose bookings to export (id or name)');
  concurrencyOption(command);
  examples(command, EXAMPLES[resource]);
  command.action(
    action(reg, async (session, options) => {
      await runExport(session, {
        resource,
        inventoryIds: listOption(options, 'inventoryId'),
        rentalBlockIds: listOption(options, 'rentalBlockId'),
        eventId: stringOption(options, 'eventId'),
        concurrency: parseConcurrency(options.concurrency),
      });
    }),
  );
}
