// `rentals prices import`, `rentals inventory import` and `rentals bookings import --event-id`:
// upsert rows from CSV, NDJSON or JSON through the one bulk engine; `--undo <report>` puts back
// what a run changed.

import type { ResourceDef } from '../../resources/definitions.js';
import { CONCURRENCY, REPORT, YES, listingAll, maxChangeFlags, overbookFlags, parseConcurrency, planFileOption, planningFlags, scopeFlags, scopeValue } from '../bulk/options.js';
import { type LeafCommand, defineViewCommand } from '../registry/spec.js';

export function bulkImportCommand(def: ResourceDef): LeafCommand {
  const setsPrices = (def.bulk?.values ?? []).includes('price');
  const setsText = (def.bulk?.values ?? []).some((name) => def.fields.find((f) => f.name === name)?.kind === 'string');
  return defineViewCommand({
    effect: 'sets',
    name: 'import',
    args: '[file]',
    summary: `Create or update ${def.plural} from a CSV, NDJSON, JSON or .xlsx file (- for stdin)`,
    help: def.bulk?.rowsHelp,
    examples: def.examples?.import ?? [],
    flags: {
      format: { value: 'format', choices: ['csv', 'ndjson', 'json', 'xlsx'], help: 'input format (default: detected: an .xlsx by its content, else from the first character)' },
      delimiter: { value: 'char', help: 'CSV field separator: , ; or tab (default: ; when the header line has more ; than ,)' },
      locale: { value: 'tag', help: "the locale the file's numbers are written in, e.g. de (155,25 and 1.200,50); default: the API's form (155.25), or either mark in a ;-separated file" },
      ...scopeFlags(def, 'the rows are'),
      ...planningFlags(`rentals ${def.command} apply`),
      ...maxChangeFlags(setsPrices),
      renames: { help: 'write a name that differs only as a spreadsheet rewrites text (007 as 7, 1.23E+17, 50.00%, a date, CafÃ©) as the file has it; by default it is left as it is', when: setsText },
      allowLargeChanges: { help: 'let a price move by a factor of 10 or more (refused by default: the mark of a separator or unit mix-up)', when: setsPrices, conflicts: ['maxChange'] },
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
        allowLargeChanges: options.allowLargeChanges === true,
        locale: options.locale,
        renames: options.renames === true,
      }), options.all),
  });
}
