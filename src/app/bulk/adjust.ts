// The adjust use case (`rentals prices adjust`): an across-the-board change of the prices that
// match the filters, in exact decimals, rounded half-up.

import { UsageError, ValidationError } from '../../errors.js';
import type { Outcome } from '../../output/views.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import { resolveIds } from './ids.js';
import type { BulkDeps } from './run.js';
import { shownPath } from '../../common/sanitize.js';
import { shellWord } from '../../common/shell-words.js';

export interface AdjustOptions {
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
  if ((options.percent === undefined) === (options.amount === undefined)) throw new UsageError('give --percent <n> or --amount <n> (one of them)');
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, defaultReport, readReportFile, settlePlan, withBulk } = await import('./run.js');
  const spec = bulk.priceRows;
  const adjustment =
    options.percent !== undefined
      ? ({ kind: 'percent', by: bulk.moneyFlag('--percent', options.percent) } as const)
      : ({ kind: 'amount', by: bulk.moneyFlag('--amount', options.amount) } as const);
  const round = bulk.moneyFlag('--round', options.round, 'positive');
  const maxChange = options.maxChange === undefined ? undefined : bulk.moneyFlag('--max-change', options.maxChange, 'non-negative');
  const given = options.percent !== undefined ? `--percent ${options.percent}` : `--amount ${options.amount}`;
  // The flags as given, for the command that runs the rest of a run stopped early.
  const flagsGiven = [
    given,
    ...options.inventoryIds.map((id) => `--inventory-id ${shellWord(id)}`),
    ...options.rentalBlockIds.map((id) => `--rental-block-id ${shellWord(id)}`),
    `--round ${shellWord(options.round)}`,
  ].join(' ');
  const source = `prices adjust ${given} --round ${options.round}`;

  return withBulk(deps, options.concurrency, async (run): Promise<Outcome> => {
    const resolver = deps.names();
    const filter: Record<string, number[]> = {};
    for (const [name, given] of [['inventoryId', options.inventoryIds], ['rentalBlockId', options.rentalBlockIds]] as const) {
      if (given.length > 0) filter[name] = await resolveIds(resolver, fieldByName(resources.prices, name)!, given);
    }
    const resumed = options.resume === undefined ? undefined : bulk.resumeFrom(await readReportFile(deps, options.resume, spec));
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
    const drastic = options.allowLargeChanges === true || maxChange !== undefined ? undefined : bulk.drasticAdjustmentRefusal(spec, planned.plan.rows, given);
    if (drastic) throw drastic;
    const choices = { dryRun: options.dryRun, planFile: options.plan, skipInvalid: options.skipInvalid, invalid, applyCommand: 'rentals prices apply', yes: options.yes };
    const shown = await settlePlan(deps, spec, planned.plan, choices);
    if (shown) return shown;
    return applyAndReport(deps, spec, planned.plan, run, {
      snapshot: planned.live,
      carried: resumed?.carried,
      // Every mass price change keeps a report (under the data directory when none is named), so --undo always works.
      report: options.report ?? (options.resume === undefined ? await defaultReport(deps, 'prices-adjust') : undefined),
      undoCommand: 'rentals prices import',
      appendTo: options.report === undefined ? options.resume : undefined,
      force: options.force,
      label: 'prices adjust',
      rerunCommand: (report) => `rentals prices adjust ${flagsGiven} --resume ${shellWord(report ?? options.resume!)}`,
      retryHint: (report) =>
        report === undefined
          ? 'without a --report, running adjust again would adjust again the prices that did change: check them with `rentals prices export`'
          : `${shownPath(report)} says why; retry them with the same flags and --resume ${shellWord(report)}`,
    });
  });
}
