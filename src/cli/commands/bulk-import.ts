// `rentals prices import`, `rentals inventory import` and `rentals bookings import --event-id`:
// upsert rows from CSV, NDJSON or JSON through the one bulk engine; `--undo <report>` puts back
// what a run changed.

import type { ResourceDef } from '../../resources/definitions.js';
import { CONCURRENCY, REPORT, YES, largeChangeFlags, listingAll, maxChangeFlags, overbookFlags, parseConcurrency, planFileOption, planningFlags, scopeFlags, scopeValue } from '../bulk/options.js';
import { type LeafCommand, defineViewCommand } from '../registry/spec.js';

export function bulkImportCommand(def: ResourceDef): LeafCommand {
  const setsPrices = (def.bulk?.values ?? []).includes('price');
  const setsText = (def.bulk?.values ?? []).some((name) => def.fields.find((f) => f.name === name)?.kind === 'string');
  return defineViewCommand({
    effect: 'sets',
    name: 'import',
    args: '[file]',
    stdinArgs: { file: `the ${def.plural} to import` },
    summary: `Create or update ${def.plural} from CSV, NDJSON, JSON or .xlsx`,
    help: def.bulk?.rowsHelp,
    examples: def.examples?.import ?? [],
    flags: {
      format: { value: 'format', choices: ['csv', 'ndjson', 'json', 'xlsx'], help: 'csv, ndjson, json or xlsx (default: from the file)' },
      delimiter: { value: 'char', help: 'CSV separator: , ; or tab (default: from the header)' },
      locale: { value: 'tag', help: "the locale of the file's numbers, e.g. de (155,25)" },
      ...scopeFlags(def, 'the rows are'),
      ...planningFlags(`rentals ${def.command} apply`),
      ...maxChangeFlags(setsPrices),
      renames: { help: 'take names as written, even rewritten by a spreadsheet', when: setsText },
      ...largeChangeFlags(setsPrices),
      round: { value: 'step', help: 'round each price to this step, half-up (e.g. 0.05)', when: setsPrices },
      ...overbookFlags(def),
      ...CONCURRENCY,
      ...REPORT,
      ...YES,
      resume: { value: 'report', help: 'apply only the rows the report says did not apply (the file and flags left out are the report\'s)', conflicts: ['undo'], topic: 'bulk' },
      undo: { value: 'report', help: 'put back what the report says was changed', topic: 'bulk' },
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
        allowLargeChanges: options.allowLargeChanges === true,
        locale: options.locale,
        renames: options.renames === true,
      }), options.all),
  });
}
