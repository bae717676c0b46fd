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
    help: `\nColumns: ${def.bulk?.exportColumns.join(',')}. -o csv (the default when piped), -o ndjson and -o json are exactly what import reads.\n`,
    examples: def.examples?.export ?? [],
    flags: { ...filterFlags(def.bulk?.exportFilters ?? []), ...scopeFlags(def, 'to export'), ...CONCURRENCY },
    view: 'records',
    pipedFormat: 'csv',
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
