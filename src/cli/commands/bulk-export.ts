// `rentals prices export`, `rentals inventory export`, `rentals bookings export --event-id`: every
// record as a row of the columns `import` reads back (names included), as a record list view.

import type { ResourceDef } from '../../resources/definitions.js';
import { concurrencyOption, filterOption, parseConcurrency, scopeOption, scopeValue } from '../bulk/options.js';
import { conceptOfField, conceptValues } from '../vocabulary.js';
import { type LeafCommand, dataOptions, defineViewCommand, typedApi } from '../registry/spec.js';
import { factoryOf } from '../factory.js';
import type { BulkDeps } from '../../app/bulk/run.js';

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
    pipedFormat: 'csv',
    deps: (session): BulkDeps => factoryOf(session),
    handler: async (deps, options) =>
      (await import('../../app/bulk/export.js')).runExport(deps, {
        def,
        inventoryIds: conceptValues('item', options),
        rentalBlockIds: conceptValues('block', options),
        eventId: scopeValue(def, options),
        concurrency: parseConcurrency(options.concurrency),
      }),
  });
}
