// The apply use case (`rentals prices apply <plan>`, inventory, bookings): runs a plan file written by
// --plan. A record changed since the plan is skipped and reported as stale, never overwritten.

import type { Outcome } from '../../output/views.js';
import type { ResourceDef } from '../../resources/definitions.js';
import type { BulkDeps } from './run.js';
import { shownPath } from '../../common/sanitize.js';
import { shellLine } from '../../common/shell-words.js';

export interface ApplyOptions {
  def: ResourceDef;
  plan: string;
  concurrency: number;
  report?: string;
  yes?: boolean;
  force?: boolean;
  allowOverbook?: boolean;
}

/** The run's changes (app/bulk/written.ts); its progress and summary on stderr. */
export async function runApply(deps: BulkDeps, options: ApplyOptions): Promise<Outcome> {
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, confirmMassChange, readPlan, withBulk } = await import('./run.js');
  const { unrecordedFlags } = await import('./rerun.js');
  const spec = bulk.rowSpecFor(options.def.name)!;
  return withBulk(deps, options.concurrency, async (run) => {
    // Verified whole (shape, digest, values) into the run's private spool before any row is sent; run from there.
    const plan = await readPlan(deps, options.plan, spec, run.spool);
    await confirmMassChange(deps, plan, options.yes === true);
    return applyAndReport(deps, spec, plan, run, {
      report: options.report,
      force: options.force,
      allowOverbook: options.allowOverbook,
      label: `${spec.def.command} apply`,
      staleHint: 'changed since the plan was made, left as they are: make a new plan for them',
      // A plan applied again sends nothing for the rows that applied (they are unchanged).
      rerunCommand: () =>
        shellLine(['rentals', ...spec.def.command.split(' '), 'apply', options.plan, ...unrecordedFlags(options)]),
      retryHint: (report) => (report === undefined ? 'run with --report <file> to see why for each row' : `${shownPath(report)} says why for each row`),
    });
  });
}
