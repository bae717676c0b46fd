// The adjust use case (`rentals prices adjust`): an across-the-board change of the prices that
// match the filters, in exact decimals, rounded half-up.

import { UsageError, ValidationError } from '../../errors.js';
import type { Outcome } from '../../output/views.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import { resolveIds } from './ids.js';
import type { BulkDeps } from './run.js';
import { type RecordedFlags, type SettledFlags, sayResumeFlags } from './resume-flags.js';
import { shownPath } from '../../common/sanitize.js';

export interface AdjustOptions {
  /** Exactly one of percent and amount, as given (`5`, `-2.5`). */
  percent?: string;
  amount?: string;
  inventoryIds: string[];
  rentalBlockIds: string[];
  /** --round as given; without it, the report's (--resume) or 0.01. */
  round?: string;
  dryRun: boolean;
  plan?: string;
  skipInvalid: boolean;
  maxChange?: string;
  /** --allow-large-changes: a price may move by a factor of ten or more, or go to 0. */
  allowLargeChanges?: boolean;
  concurrency: number;
  report?: string;
  resume?: string;
  yes?: boolean;
  force?: boolean;
}

/** A dry run's plan, or a run's changes (its summary on stderr); nothing to print for --plan. */
export async function runAdjust(deps: BulkDeps, options: AdjustOptions): Promise<Outcome> {
  if (options.percent !== undefined && options.amount !== undefined) throw new UsageError('give --percent <n> or --amount <n> (one of them)');
  if (options.percent === undefined && options.amount === undefined && options.resume === undefined) {
    throw new UsageError('give --percent <n> or --amount <n> (one of them)');
  }
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, defaultReport, readReportFileAndRun, settlePlan, withBulk } = await import('./run.js');
  const { ADJUST_NAMES, decimalText, describeFlags, recordOf, resumeFlags } = await import('./adjust-flags.js');
  const { DEFAULT_ROUND } = await import('./round.js');
  const { rerunCommand } = await import('./rerun.js');
  const spec = bulk.priceRows;
  // Checked before anything is read or sent; as a report records them (decimals normalised).
  const given: RecordedFlags = {};
  if (options.percent !== undefined) given.percent = decimalText('--percent', options.percent, 'any');
  if (options.amount !== undefined) given.amount = decimalText('--amount', options.amount, 'any');
  if (options.round !== undefined) given.round = decimalText('--round', options.round, 'positive');
  if (options.maxChange !== undefined) given.maxChange = decimalText('--max-change', options.maxChange, 'non-negative');
  if (options.allowLargeChanges === true) given.allowLargeChanges = true;
  if (options.skipInvalid) given.skipInvalid = true;

  return withBulk(deps, options.concurrency, async (run): Promise<Outcome> => {
    const resolver = deps.names();
    const typed = { inventoryId: options.inventoryIds, rentalBlockId: options.rentalBlockIds } as const;
    for (const name of ['inventoryId', 'rentalBlockId'] as const) {
      if (typed[name].length > 0) given[name] = (await resolveIds(resolver, fieldByName(resources.prices, name)!, typed[name])).sort((a, b) => a - b);
    }
    const earlier = options.resume === undefined ? undefined : await readReportFileAndRun(deps, options.resume, spec);
    const settled: SettledFlags = earlier === undefined ? { flags: given } : resumeFlags(given, earlier.run, shownPath(options.resume!), typed);
    const flags: RecordedFlags = { round: DEFAULT_ROUND, ...settled.flags };
    const change = (['percent', 'amount'] as const).find((kind) => typeof flags[kind] === 'string');
    if (change === undefined) {
      throw new UsageError(`give --percent <n> or --amount <n> (one of them): the report ${shownPath(options.resume!)} does not record the run's flags (a report of an earlier version)`);
    }
    if (options.resume !== undefined) sayResumeFlags(deps.notices(), options.resume, settled);
    const maxChange = typeof flags.maxChange === 'string' ? bulk.moneyFlag('--max-change', flags.maxChange, 'non-negative') : undefined;
    const skipInvalid = flags.skipInvalid === true;
    const by = flags[change] as string;
    const adjustment = { kind: change, by: bulk.moneyFlag(`--${change}`, by) } as const;
    const round = bulk.moneyFlag('--round', flags.round as string, 'positive');
    const filter: Record<string, number[]> = {};
    for (const name of ['inventoryId', 'rentalBlockId'] as const) {
      const ids = flags[name];
      if (Array.isArray(ids)) filter[name] = ids;
    }
    const described = describeFlags(flags);
    const source = `prices adjust ${described}`;
    const resumed = earlier === undefined ? undefined : bulk.resumeFrom(earlier.lines);
    // A resume without --report appends to the report resumed: its first line stays the earlier run's.
    const recordedInReport = options.report === undefined && earlier !== undefined ? earlier.run?.flags : flags;
    const rerun = { command: ['prices', 'adjust'], flags, names: ADJUST_NAMES, recordedInReport, yes: options.yes };
    const planned = await bulk.planAdjust(spec, run.ctx, { adjustment, round, filter, maxChange, only: resumed?.retryIds, source });
    const invalidRows = planned.plan.rows.filter((row) => row.action === 'invalid');
    const invalid =
      invalidRows.length > 0
        ? new ValidationError(
            invalidRows.map((row) => ({ field: row.label ?? `price ${row.ids.id}`, message: row.error ?? 'invalid' })),
            'adjustment',
          )
        : undefined;
    // A price taken to 0 or moved ×10 refuses the run, a dry run too, unless allowed or a --max-change of the user's own judges instead.
    const drastic =
      flags.allowLargeChanges === true || maxChange !== undefined ? undefined : bulk.drasticAdjustmentRefusal(spec, planned.plan.rows, `--${change} ${by}`);
    if (drastic) throw drastic;
    // A failed row whose write had applied after all (its answer was lost) is not adjusted again.
    for (const line of planned.appliedBefore) {
      deps.notices().info(`${bulk.rowName(line)} applied before the report was cut: ${line.label ?? `price ${line.ids.id}`} ${bulk.rowDetail(spec, line)}`);
    }
    const choices = { dryRun: options.dryRun, planFile: options.plan, skipInvalid, invalid, applyCommand: 'rentals prices apply', yes: options.yes };
    const shown = await settlePlan(deps, spec, planned.plan, choices);
    if (shown) return shown;
    return applyAndReport(deps, spec, planned.plan, run, {
      snapshot: planned.live,
      carried: resumed?.carried,
      appliedBefore: planned.appliedBefore,
      // Every mass price change keeps a report (under the data directory when none is named), so --undo always works.
      report: options.report ?? (options.resume === undefined ? await defaultReport(deps, 'prices-adjust') : undefined),
      // Its first line records the selection and change, which a --resume of it checks (or takes).
      recorded: recordOf(flags),
      undoCommand: 'rentals prices import',
      appendTo: options.report === undefined ? options.resume : undefined,
      force: options.force,
      label: 'prices adjust',
      // The report records the flags: --resume runs the rest (with the guards given beside it when it records others).
      rerunCommand: (report) => rerunCommand(rerun, report),
      retryHint: (report) =>
        report === undefined
          ? `${deps.toolCall() ? '' : 'without a --report, '}running adjust again would adjust again the prices that did change: check them with \`rentals prices export\``
          : `${shownPath(report)} says why; retry them with: ${rerunCommand(rerun, report)}${refusedHint(flags)}`,
    });
  });
}

/** Rows a guard refused are refused again by the same guard: how to let them through. */
function refusedHint(flags: RecordedFlags): string {
  if (flags.allowLargeChanges === true) return '';
  return typeof flags.maxChange === 'string' ? ' (rows refused by --max-change need a larger one given)' : '';
}
