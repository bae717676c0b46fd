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
    summary: `Print every ${def.singular} as rows that \`import\` reads back (-o csv, ndjson or json)`,
    help: `\nColumns: ${def.bulk?.exportColumns.join(',')}. -o csv (the default when piped), -o ndjson and -o json are exactly what import reads. For a spreadsheet: --for-spreadsheet [--locale de] (a csv it opens as written), or -o xlsx.\n`,
    examples: def.examples?.export ?? [],
    flags: {
      ...filterFlags(def.bulk?.exportFilters ?? []),
      ...scopeFlags(def, 'to export'),
      forSpreadsheet: { help: 'csv for Excel or LibreOffice: a UTF-8 byte order mark, and the separator and decimal mark of --locale (default en)' },
      locale: { value: 'tag', help: "with --for-spreadsheet (implied): the spreadsheet's locale, e.g. de (; between fields, 155,25)" },
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
