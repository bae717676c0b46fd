// `rentals prices import`, `rentals inventory import` and `rentals bookings import --event-id`:
// upsert rows from CSV, NDJSON or JSON through the one bulk engine; `--undo <report>` puts back
// what a run changed.

import { Option } from 'commander';
import { UsageError } from '../../errors.js';
import { type ResourceDef, resources } from '../../resources/definitions.js';
import { concurrencyOption, maxChangeOption, parseConcurrency, planningOptions, reportOption, scopeFlag } from '../bulk/options.js';
import { type LeafCommand, dataOptions, defineCommand, typedApi } from '../registry/spec.js';
import { resolveParentId } from '../resource/run.js';
import type { Session } from '../session.js';

export interface ImportOptions {
  def: ResourceDef;
  /** A path, or `-` for stdin; absent with --undo. */
  file?: string;
  format?: 'csv' | 'ndjson' | 'json';
  dryRun: boolean;
  plan?: string;
  skipInvalid: boolean;
  /** Percent, as given. */
  maxChange?: string;
  /** Step, as given. */
  round?: string;
  concurrency: number;
  report?: string;
  resume?: string;
  undo?: string;
  /** bookings: the event, by id or name. */
  eventId?: string;
}

export async function runImport(session: Session, options: ImportOptions): Promise<void> {
  if ((options.file === undefined) === (options.undo === undefined)) {
    throw new UsageError(options.undo === undefined ? 'give the file to import (or - for stdin), or --undo <report>' : '--undo takes no file: it reads the report');
  }
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, openSource, readReportFile, settlePlan, withBulk } = await import('../bulk/run.js');
  const spec = bulk.rowSpecFor(options.def.name)!;
  const maxChange = options.maxChange === undefined ? undefined : bulk.moneyFlag('--max-change', options.maxChange, 'non-negative');
  const round = options.round === undefined ? undefined : bulk.moneyFlag('--round', options.round, 'positive');
  const command = `rentals ${spec.def.command}`;
  const label = `${spec.def.command} ${options.undo === undefined ? 'import' : 'undo'}`;
  const choices = { dryRun: options.dryRun, planFile: options.plan, skipInvalid: options.skipInvalid, applyCommand: `${command} apply` };

  await withBulk(session, options.concurrency, async (run) => {
    if (options.undo !== undefined) {
      const plan = bulk.undoPlan(spec, await readReportFile(options.undo, spec), { file: options.undo, now: session.ctx.now });
      if (!(await settlePlan(session, spec, plan, choices))) return;
      await applyAndReport(session, spec, plan, run, {
        report: options.report,
        label,
        retryHint: () => 'records changed since the report are stale and were left as they are',
      });
      return;
    }
    const scope = await scopeOf(session, spec.def, bulk.scopeField(spec), options.eventId);
    const carried = options.resume === undefined ? undefined : bulk.resumeFrom(await readReportFile(options.resume, spec)).carried;
    const input = await openSource(session, options.file!, options.format);
    const planned = await bulk.planImport(spec, input, run.ctx, { scope, maxChange, round, carried });
    const invalid = planned.issues.length > 0 ? bulk.validationError(input.file, planned.issues) : undefined;
    if (!(await settlePlan(session, spec, planned.plan, { ...choices, invalid }))) return;
    await applyAndReport(session, spec, planned.plan, run, {
      snapshot: planned.live,
      carried,
      report: options.report,
      label,
      retryHint: (report) =>
        report === undefined
          ? 'run the same import again to retry them (rows that applied are unchanged and send nothing)'
          : `${report} says why; retry them with --resume ${report}`,
    });
  });
}

/** bookings: `{ eventId }` from --event-id (an id or an event's name). */
async function scopeOf(session: Session, def: ResourceDef, name: string | undefined, given: string | undefined): Promise<Record<string, number>> {
  if (name === undefined) return {};
  const id = await resolveParentId(session, def, given, session.names());
  return { [name]: id! };
}

type ImportFlags = {
  format?: ImportOptions['format'];
  eventId?: string;
  dryRun?: boolean;
  plan?: string;
  skipInvalid?: boolean;
  maxChange?: string;
  round?: string;
  concurrency?: string;
  report?: string;
  resume?: string;
  undo?: string;
}

export function bulkImportCommand(def: ResourceDef): LeafCommand {
  const scope = scopeFlag(def);
  const setsPrices = (def.bulk?.values ?? []).includes('price');
  return defineCommand({
    name: 'import',
    args: '[file]',
    summary: `Create or update ${def.plural} from a CSV, NDJSON or JSON file (- for stdin)`,
    help: def.bulk?.rowsHelp,
    examples: def.examples?.import ?? [],
    dataOptions: dataOptions<ImportFlags>((command) => {
      command.addOption(new Option('--format <format>', 'input format (default: detected from the first character)').choices(['csv', 'ndjson', 'json']));
      if (scope) command.option(scope, `the ${resources[def.parent!.resource].singular} whose ${def.plural} the rows are (id or name)`);
      planningOptions(typedApi(command), `rentals ${def.command} apply`);
      if (setsPrices) maxChangeOption(typedApi(command));
      if (setsPrices) command.option('--round <step>', 'round each price to this step, half-up (e.g. 0.01, 0.05, 0.5, 1); default: as given');
      reportOption(concurrencyOption(typedApi(command)));
      command
        .addOption(new Option('--resume <report>', 'apply only the rows the report says did not apply (same file)').conflicts('undo'))
        .option('--undo <report>', 'put back what the report says was changed (records changed since are left alone)');
    }),
    run: (session, options, [file]) =>
      runImport(session, {
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
        eventId: options.eventId,
      }),
  });
}
