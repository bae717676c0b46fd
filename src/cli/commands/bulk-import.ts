// `rentals prices import`, `rentals inventory import` and `rentals bookings import --event-id`:
// upsert rows from CSV, NDJSON or JSON through the one bulk engine; `--undo <report>` puts back
// what a run changed.

import { ALLOW_OVERBOOK } from './calendar/options.js';
import { Option } from 'commander';
import type { ImportOptions } from '../../app/bulk/import.js';
import type { BulkDeps } from '../../app/bulk/run.js';
import type { ResourceDef } from '../../resources/definitions.js';
import { concurrencyOption, maxChangeOption, parseConcurrency, planningOptions, reportOption, scopeOption, scopeValue, yesOption } from '../bulk/options.js';
import { type LeafCommand, dataOptions, defineViewCommand, typedApi } from '../registry/spec.js';
import { factoryOf } from '../factory.js';

type ImportFlags = {
  format?: ImportOptions['format'];
  allowOverbook?: boolean;
  dryRun?: boolean;
  plan?: string;
  skipInvalid?: boolean;
  maxChange?: string;
  round?: string;
  concurrency?: string;
  report?: string;
  resume?: string;
  undo?: string;
  yes?: boolean;
  force?: boolean;
  delimiter?: string;
}

export function bulkImportCommand(def: ResourceDef): LeafCommand {
  const setsPrices = (def.bulk?.values ?? []).includes('price');
  return defineViewCommand({
    name: 'import',
    args: '[file]',
    summary: `Create or update ${def.plural} from a CSV, NDJSON or JSON file (- for stdin)`,
    help: def.bulk?.rowsHelp,
    examples: def.examples?.import ?? [],
    dataOptions: dataOptions<ImportFlags>((command) => {
      command
        .addOption(new Option('--format <format>', 'input format (default: detected from the first character)').choices(['csv', 'ndjson', 'json']))
        .option('--delimiter <char>', 'CSV field separator: , ; or tab (default: ; when the header line has more ; than ,)');
      scopeOption(typedApi(command), def, 'the rows are');
      planningOptions(typedApi(command), `rentals ${def.command} apply`);
      if (setsPrices) maxChangeOption(typedApi(command));
      if (setsPrices) command.option('--round <step>', 'round each price to this step, half-up (e.g. 0.01, 0.05, 0.5, 1); default: as given');
      if (def.writeRules === 'bookings') command.option(...ALLOW_OVERBOOK);
      yesOption(reportOption(concurrencyOption(typedApi(command))));
      command
        .addOption(new Option('--resume <report>', 'apply only the rows the report says did not apply (same file); without --report, this run\'s lines are added to it').conflicts('undo'))
        .option('--undo <report>', 'put back what the report says was changed (records changed since are left alone)');
    }),
    view: 'plan',
    deps: (session): BulkDeps => factoryOf(session),
    handler: async (deps, options, [file]) =>
      (await import('../../app/bulk/import.js')).runImport(deps, {
        def,
        file,
        format: options.format,
        dryRun: options.dryRun === true,
        plan: options.plan,
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
      }),
  });
}
