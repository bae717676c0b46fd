// `rentals prices adjust --percent <n> | --amount <n>`: an across-the-board change of the prices
// that match the filters, in exact decimals, rounded half-up to --round (default 0.01).

import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { UsageError, ValidationError } from '../../errors.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import { resolveIds } from '../bulk/ids.js';
import { concurrencyOption, filterOption, maxChangeOption, parseConcurrency, planningOptions, reportOption, yesOption } from '../bulk/options.js';
import { type Outcome, defineViewCommand } from '../registry/spec.js';
import { conceptValues } from '../vocabulary.js';
import type { Session } from '../session.js';

const DEFAULT_ROUND = '0.01';

interface AdjustOptions {
  /** Exactly one of percent and amount, as given (`5`, `-2.5`). */
  percent?: string;
  amount?: string;
  inventoryIds: string[];
  rentalBlockIds: string[];
  round: string;
  dryRun: boolean;
  plan?: string;
  skipInvalid: boolean;
  maxChange?: string;
  concurrency: number;
  report?: string;
  resume?: string;
  yes?: boolean;
  force?: boolean;
}

/** A dry run's plan (a view), or nothing to print: a run says what it did on stderr. */
async function runAdjust(session: Session, options: AdjustOptions): Promise<Outcome> {
  if ((options.percent === undefined) === (options.amount === undefined)) throw new UsageError('give --percent <n> or --amount <n> (one of them)');
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, readReportFile, settlePlan, withBulk } = await import('../bulk/run.js');
  const spec = bulk.priceRows;
  const adjustment =
    options.percent !== undefined
      ? ({ kind: 'percent', by: bulk.moneyFlag('--percent', options.percent) } as const)
      : ({ kind: 'amount', by: bulk.moneyFlag('--amount', options.amount) } as const);
  const round = bulk.moneyFlag('--round', options.round, 'positive');
  const maxChange = options.maxChange === undefined ? undefined : bulk.moneyFlag('--max-change', options.maxChange, 'non-negative');
  const source = `prices adjust ${options.percent !== undefined ? `--percent ${options.percent}` : `--amount ${options.amount}`} --round ${options.round}`;

  return withBulk(session, options.concurrency, async (run): Promise<Outcome> => {
    const resolver = session.names();
    const filter: Record<string, number[]> = {};
    for (const [name, given] of [['inventoryId', options.inventoryIds], ['rentalBlockId', options.rentalBlockIds]] as const) {
      if (given.length > 0) filter[name] = await resolveIds(resolver, fieldByName(resources.prices, name)!, given);
    }
    const resumed = options.resume === undefined ? undefined : bulk.resumeFrom(await readReportFile(session, options.resume, spec));
    const planned = await bulk.planAdjust(spec, run.ctx, { adjustment, round, filter, maxChange, only: resumed?.retryIds, source });
    const invalidRows = planned.plan.rows.filter((row) => row.action === 'invalid');
    const invalid =
      invalidRows.length > 0
        ? new ValidationError(
            invalidRows.map((row) => ({ field: row.label ?? `price ${row.ids.id}`, message: row.error ?? 'invalid' })),
            'adjustment',
          )
        : undefined;
    const choices = { dryRun: options.dryRun, planFile: options.plan, skipInvalid: options.skipInvalid, invalid, applyCommand: 'rentals prices apply', yes: options.yes };
    const shown = await settlePlan(session, spec, planned.plan, choices);
    if (shown) return shown;
    await applyAndReport(session, spec, planned.plan, run, {
      snapshot: planned.live,
      carried: resumed?.carried,
      report: options.report,
      appendTo: options.report === undefined ? options.resume : undefined,
      force: options.force,
      label: 'prices adjust',
      retryHint: (report) =>
        report === undefined
          ? 'without a --report, running adjust again would adjust again the prices that did change: check them with `rentals prices export`'
          : `${report} says why; retry them with the same flags and --resume ${report}`,
    });
    return {};
  });
}

function resumeOption<A extends unknown[], O extends OptionValues>(command: Command<A, O>) {
  return command.option('--resume <report>', 'adjust only the prices the report says did not change (give the same flags); without --report, this run\'s lines are added to it');
}

export const pricesAdjust = defineViewCommand({
  name: 'adjust',
  summary: 'Change many prices at once by a percentage or an amount, in exact decimals, rounded half-up',
  help: `
Money is exact: 19.99 +5% is 20.9895, rounded half-up to 20.99; with --round 0.05 it is 21.00.
A price that would go below 0 is invalid (nothing is sent unless --skip-invalid).`,
  examples: [
    'rentals prices adjust --percent 5 --dry-run',
    'rentals prices adjust --percent -10 --rental-block-id Weekend --round 0.5 --report run.ndjson',
    'rentals prices adjust --amount 2.50 --inventory-id "Tent 20x20" --max-change 20',
    'rentals prices adjust --percent 5 --plan plan.json && rentals prices apply plan.json',
  ],
  options: (command) =>
    resumeOption(
      yesOption(
      reportOption(
        concurrencyOption(
          maxChangeOption(
            planningOptions(
              filterOption(
                filterOption(
                  command
                    .addOption(new Option('--percent <n>', 'change by this many percent (e.g. 5, -10, 2.5)').conflicts('amount'))
                    .option('--amount <n>', 'change by this amount (e.g. 5, -2.50)'),
                  'item',
                  'only this item (id or name); repeat or give 3,4,5 for several',
                ),
                'block',
                'only this rental block (id or name, e.g. Weekend); repeatable',
              ).option('--round <step>', `round each new price to a multiple of this step, half-up: 0.01, 0.05, 0.5, 1, … (default ${DEFAULT_ROUND})`, DEFAULT_ROUND),
              'rentals prices apply',
            ),
          ),
        ),
      ),
      ),
    ),
  view: 'plan',
  deps: (session) => session,
  handler: (session, options) =>
    runAdjust(session, {
      percent: options.percent,
      amount: options.amount,
      inventoryIds: conceptValues('item', options),
      rentalBlockIds: conceptValues('block', options),
      round: options.round,
      dryRun: options.dryRun === true,
      plan: options.plan,
      skipInvalid: options.skipInvalid === true,
      maxChange: options.maxChange,
      concurrency: parseConcurrency(options.concurrency),
      report: options.report,
      resume: options.resume,
      yes: options.yes === true,
      force: options.force === true,
    }),
});
