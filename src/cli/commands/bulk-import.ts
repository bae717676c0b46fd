// `rentals prices import`, `rentals inventory import` and `rentals bookings import --event-id`:
// upsert rows from CSV, NDJSON or JSON through the one bulk engine; `--undo <report>` puts back
// what a run changed.

import { type Command, Option } from 'commander';
import type { CsvDelimiter } from '../../bulk/input/csv.js';
import type { RowIssue } from '../../bulk/issues.js';
import type { BulkResource } from '../../bulk/spec.js';
import { UsageError } from '../../errors.js';
import { type ResourceDef, resources } from '../../resources/definitions.js';
import {
  concurrencyOption,
  parseConcurrency,
  planningOptions,
  reportOption,
  stringOption,
  yesOption,
} from '../bulk/options.js';
import { type Registrar, action, examples } from '../command.js';
import { NameResolver } from '../resolve-names.js';
import { resolveParentId } from '../resource/run.js';
import type { Session } from '../session.js';

export interface ImportOptions {
  resource: BulkResource;
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
  /** --yes: more than 50 changes without a question. */
  yes?: boolean;
  /** --force: replace an existing --report file. */
  force?: boolean;
  /** --delimiter, as given: `,`, `;` or `tab`. */
  delimiter?: string;
}

const DELIMITERS: Record<string, CsvDelimiter> = { ',': ',', ';': ';', tab: '\t', '\t': '\t' };

function parseDelimiter(value: string | undefined): CsvDelimiter | undefined {
  if (value === undefined) return undefined;
  const delimiter = DELIMITERS[value.toLowerCase()];
  if (!delimiter) throw new UsageError(`--delimiter: must be , ; or tab (got ${JSON.stringify(value)})`);
  return delimiter;
}

/** Shown, not refused: the value is sent as given unless --round says otherwise. */
function warnNoise(session: Session, file: string, notices: readonly RowIssue[], format: (file: string, issue: RowIssue) => string): void {
  if (notices.length === 0) return;
  const shown = notices.slice(0, 10).map((notice) => `  - ${format(file, notice)}`);
  const more = notices.length > shown.length ? `\n  … and ${notices.length - shown.length} more` : '';
  session.printer.warn(`Check these values (they are sent as given; add --round 0.01 to round them):\n${shown.join('\n')}${more}`);
}

export async function runImport(session: Session, options: ImportOptions): Promise<void> {
  if ((options.file === undefined) === (options.undo === undefined)) {
    throw new UsageError(options.undo === undefined ? 'give the file to import (or - for stdin), or --undo <report>' : '--undo takes no file: it reads the report');
  }
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, dryRunStreamed, openSource, readReportFile, settlePlan, withBulk } = await import('../bulk/run.js');
  const spec = bulk.rowSpecs[options.resource];
  const maxChange = options.maxChange === undefined ? undefined : bulk.moneyFlag('--max-change', options.maxChange, 'non-negative');
  const round = options.round === undefined ? undefined : bulk.moneyFlag('--round', options.round, 'positive');
  const command = `rentals ${spec.def.command}`;
  const delimiter = parseDelimiter(options.delimiter);
  const label = `${spec.def.command} ${options.undo === undefined ? 'import' : 'undo'}`;
  const choices = { dryRun: options.dryRun, planFile: options.plan, skipInvalid: options.skipInvalid, applyCommand: `${command} apply`, yes: options.yes };

  await withBulk(session, options.concurrency, async (run) => {
    if (options.undo !== undefined) {
      const plan = bulk.undoPlan(spec, await readReportFile(options.undo, spec), { file: options.undo, now: session.ctx.now });
      // A dry run of an undo checks every row against the server, as the undo itself will.
      const predicted = options.dryRun ? await bulk.predictPlan(spec, plan, run.ctx) : undefined;
      if (!(await settlePlan(session, spec, plan, { ...choices, predicted }))) return;
      await applyAndReport(session, spec, plan, run, {
        report: options.report,
        force: options.force,
        label,
        staleHint: 'changed since the report, left as they are',
        retryHint: () => 'records changed since the report were left as they are',
      });
      return;
    }
    const scope = await scopeOf(session, spec.def, options);
    const carried = options.resume === undefined ? undefined : bulk.resumeFrom(await readReportFile(options.resume, spec)).carried;
    if (options.dryRun && options.plan === undefined && options.file !== '-' && session.format !== 'json') {
      // A file can be read again: the dry run plans it row by row, in bounded memory.
      const open = () => openSource(session, options.file!, options.format, delimiter);
      const streamed = await bulk.streamImport(spec, open, run.ctx, { scope, maxChange, round, carried });
      warnNoise(session, options.file!, streamed.notices, bulk.formatRowIssue);
      await dryRunStreamed(session, spec, streamed, { file: options.file!, skipInvalid: options.skipInvalid });
      return;
    }
    const input = await openSource(session, options.file!, options.format, delimiter);
    const planned = await bulk.planImport(spec, input, run.ctx, { scope, maxChange, round, carried });
    const invalid = planned.issues.length > 0 ? bulk.validationError(input.file, planned.issues) : undefined;
    warnNoise(session, input.file, planned.notices, bulk.formatRowIssue);
    if (!(await settlePlan(session, spec, planned.plan, { ...choices, invalid }))) return;
    await applyAndReport(session, spec, planned.plan, run, {
      snapshot: planned.live,
      carried,
      report: options.report,
      appendTo: options.report === undefined ? options.resume : undefined,
      force: options.force,
      label,
      retryHint: (report) =>
        report === undefined
          ? 'run the same import again to retry them (rows that applied are unchanged and send nothing)'
          : `${report} says why; retry them with --resume ${report}`,
    });
  });
}

/** bookings: `{ eventId }` from --event-id (an id or an event's name). */
async function scopeOf(session: Session, def: ResourceDef, options: ImportOptions): Promise<Record<string, number>> {
  if (options.resource !== 'bookings') return {};
  const eventId = await resolveParentId(session, def, options.eventId, new NameResolver(() => session.api()));
  return { eventId: eventId! };
}

const EXAMPLES: Record<BulkResource, string[]> = {
  prices: [
    'rentals prices import prices.csv --dry-run',
    'rentals prices import prices.csv --report run.ndjson',
    'rentals prices export -o ndjson | jq -c \'select(.rentalBlockId == 2) | .price *= 1.1\' | rentals prices import - --round 0.01',
    'rentals prices import prices.csv --plan plan.json && rentals prices apply plan.json',
    'rentals prices import prices.csv --resume run.ndjson',
    'rentals prices import --undo run.ndjson',
  ],
  inventory: ['rentals inventory import items.csv --dry-run', 'rentals inventory export -o csv > items.csv && rentals inventory import items.csv --report run.ndjson'],
  bookings: ['rentals bookings import --event-id 12 bookings.csv --dry-run', 'rentals bookings import --event-id "Smith wedding" bookings.ndjson --report run.ndjson'],
};

const ROW_HELP: Record<BulkResource, string> = {
  prices: `
Rows name a price by id, by inventoryId and rentalBlockId, or by inventoryName and pricingType
(resolved to ids), and set price. Other columns are ignored, so an export round-trips. A pair
without a price is created; an unchanged price sends nothing.`,
  inventory: `
Rows name an item by id (then name, quantityAvailable and active may change) or by name (found
or created); they set quantityAvailable and active (1/0, true/false, yes/no).`,
  bookings: `
Rows name the booked item by inventoryId or inventoryName (or a booking by id) and set quantity
and price; every row belongs to the --event-id event.`,
};

export function registerBulkImport(group: Command, reg: Registrar, resource: BulkResource): void {
  const def = resources[resource];
  const command = group
    .command('import [file]')
    .description(`Create or update ${def.plural} from a CSV, NDJSON or JSON file (- for stdin)`)
    .addOption(new Option('--format <format>', 'input format (default: detected from the first character)').choices(['csv', 'ndjson', 'json']))
    .option('--delimiter <char>', 'CSV field separator: , ; or tab (default: ; when the header line has more ; than ,)');
  if (resource === 'bookings') command.option('--event-id <id>', 'the event whose bookings the rows are (id or name)');
  const setsPrices = resource !== 'inventory';
  planningOptions(command, `rentals ${def.command} apply`, setsPrices);
  if (setsPrices) command.option('--round <step>', 'round each price to this step, half-up (e.g. 0.01, 0.05, 0.5, 1); default: as given');
  concurrencyOption(command);
  reportOption(command);
  yesOption(command);
  command
    .addOption(
      new Option('--resume <report>', 'apply only the rows the report says did not apply (same file); without --report, this run\'s lines are added to it').conflicts('undo'),
    )
    .option('--undo <report>', 'put back what the report says was changed (records changed since are left alone)')
    .addHelpText('after', ROW_HELP[resource]);
  examples(command, EXAMPLES[resource]);
  command.action(
    action(reg, async (session, options, [file]) => {
      await runImport(session, {
        resource,
        file,
        format: stringOption(options, 'format') as ImportOptions['format'],
        dryRun: options.dryRun === true,
        plan: stringOption(options, 'plan'),
        skipInvalid: options.skipInvalid === true,
        maxChange: stringOption(options, 'maxChange'),
        round: stringOption(options, 'round'),
        concurrency: parseConcurrency(options.concurrency),
        report: stringOption(options, 'report'),
        resume: stringOption(options, 'resume'),
        undo: stringOption(options, 'undo'),
        eventId: stringOption(options, 'eventId'),
        yes: options.yes === true,
        force: options.force === true,
        delimiter: stringOption(options, 'delimiter'),
      });
    }),
  );
}
