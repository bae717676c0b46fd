// `rentals prices import`, `rentals inventory import` and `rentals bookings import --event-id`:
// upsert rows from CSV, NDJSON or JSON through the one bulk engine; `--undo <report>` puts back
// what a run changed.

import type { ResourceDef } from '../../resources/definitions.js';
import { CONCURRENCY, REPORT, YES, listingAll, maxChangeFlags, overbookFlags, parseConcurrency, planFileOption, planningFlags, scopeFlags, scopeValue } from '../bulk/options.js';
import { type LeafCommand, defineViewCommand } from '../registry/spec.js';

export function bulkImportCommand(def: ResourceDef): LeafCommand {
  const setsPrices = (def.bulk?.values ?? []).includes('price');
  return defineViewCommand({
    effect: 'sets',
    name: 'import',
    args: '[file]',
    summary: `Create or update ${def.plural} from a CSV, NDJSON or JSON file (- for stdin)`,
    help: def.bulk?.rowsHelp,
    examples: def.examples?.import ?? [],
    flags: {
      format: { value: 'format', choices: ['csv', 'ndjson', 'json'], help: 'input format (default: detected from the first character)' },
      delimiter: { value: 'char', help: 'CSV field separator: , ; or tab (default: ; when the header line has more ; than ,)' },
      ...scopeFlags(def, 'the rows are'),
      ...planningFlags(`rentals ${def.command} apply`),
      ...maxChangeFlags(setsPrices),
      round: { value: 'step', help: 'round each price to this step, half-up (e.g. 0.01, 0.05, 0.5, 1); default: as given', when: setsPrices },
      ...overbookFlags(def),
      ...CONCURRENCY,
      ...REPORT,
      ...YES,
      resume: { value: 'report', help: 'apply only the rows the report says did not apply (same file); without --report, this run\'s lines are added to it', conflicts: ['undo'] },
      undo: { value: 'report', help: 'put back what the report says was changed (records changed since are left alone)' },
    },
    view: 'plan',
    handler: async (deps, options, [file]) =>
      listingAll(await (await import('../../app/bulk/import.js')).runImport(deps, {
        def,
        file,
        format: options.format,
        dryRun: options.dryRun === true,
        plan: planFileOption(options.plan),
        skipInvalid: options.skipInvalid === true,
        maxChange: options.maxChange,
        round: options.round,
        concurrency: parseConcurrency(options.concurrency),
        report: options.report,
        resume: options.resume,
        undo: options.undo,
        eventId: scopeValue(def, options),
        yes: options.yes === true,
        force: options.force === true,
        delimiter: options.delimiter,
        allowOverbook: options.allowOverbook === true,
      }), options.all),
  });
}
