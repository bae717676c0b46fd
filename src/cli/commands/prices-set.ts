// `rentals prices set --inventory-id <id|name> --rental-block-id <id|name> --price <p>`: one upsert
// through the bulk engine. The pair's price unchanged → no request; different → PUT; none → POST.
// It answers with its change, as every write (app/changes-view.ts).

import { resources, writableFields } from '../../resources/definitions.js';
import { fieldsFromFlags } from '../field-flags.js';
import { defineViewCommand } from '../registry/spec.js';

export const pricesSet = defineViewCommand({
  effect: 'sets',
  name: 'set',
  summary: 'Set the price of an item for a rental block',
  help: '\nAn item has one price per rental block: set changes it, or adds it when there is none.\n',
  examples: [
    'rentals prices set --inventory-id 7 --rental-block-id 2 --price 149.50',
    'rentals prices set --inventory-id "Tent 20x20" --rental-block-id Weekend --price 150 --dry-run',
  ],
  flags: {
    fields: { fields: writableFields(resources.prices), required: true },
    dryRun: { help: 'say what would be done and send nothing' },
  },
  view: 'changes',
  handler: async (deps, options) => (await import('../../app/bulk/set-price.js')).setPrice(deps, { ...fieldsFromFlags(resources.prices, options), dryRun: options.dryRun === true }),
});
