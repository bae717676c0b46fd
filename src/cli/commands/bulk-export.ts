// `rentals prices export`, `rentals inventory export`, `rentals bookings export --event-id`: every
// record as a row of the columns `import` reads back (names included), as a record list view.

import type { ResourceDef } from '../../resources/definitions.js';
import { CONCURRENCY, filterFlags, parseConcurrency, scopeFlags, scopeValue } from '../bulk/options.js';
import { conceptValues } from '../vocabulary.js';
import { type LeafCommand, defineViewCommand } from '../registry/spec.js';

export function bulkExportCommand(def: ResourceDef): LeafCommand {
  return defineViewCommand({
    effect: 'reads',
    name: 'export',
    summary: `Every ${def.singular} as rows that import reads back`,
    help: `\nColumns: ${def.bulk?.exportColumns.join(',')}. -o csv (the default piped), ndjson and json are what import reads; -o xlsx for a spreadsheet.\n`,
    examples: def.examples?.export ?? [],
    flags: {
      ...filterFlags(def.bulk?.exportFilters ?? []),
      ...scopeFlags(def, 'to export'),
      forSpreadsheet: { help: 'csv for a spreadsheet: a byte order mark, --locale marks' },
      locale: { value: 'tag', help: 'the spreadsheet\'s locale, e.g. de (; and 155,25)' },
      ...CONCURRENCY,
    },
    view: 'records',
    pipedFormat: 'csv',
    // For a spreadsheet, csv even at a terminal (redirect it, or --out FILE).
    defaultFormat: (options) => (options.forSpreadsheet || options.locale !== undefined ? 'csv' : undefined),
    handler: async (deps, options) =>
      (await import('../../app/bulk/export.js')).runExport(deps, {
        def,
        inventoryIds: conceptValues('item', options),
        rentalBlockIds: conceptValues('block', options),
        eventId: scopeValue(def, options),
        concurrency: parseConcurrency(options.concurrency),
        forSpreadsheet: options.forSpreadsheet === true,
        locale: options.locale,
      }),
  });
}
