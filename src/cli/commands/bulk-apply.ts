// `rentals prices apply <plan>` (and inventory, bookings): runs a plan file written by --plan.
// Before each write the live record must still hold the plan's "old" values; a record changed
// since is skipped and reported as stale, never overwritten.

import { ALLOW_OVERBOOK } from './calendar/options.js';
import type { ResourceDef } from '../../resources/definitions.js';
import { concurrencyOption, parseConcurrency, reportOption, yesOption } from '../bulk/options.js';
import { type LeafCommand, type Outcome, defineViewCommand } from '../registry/spec.js';
import type { Session } from '../session.js';

interface ApplyOptions {
  def: ResourceDef;
  plan: string;
  concurrency: number;
  report?: string;
  yes?: boolean;
  force?: boolean;
  allowOverbook?: boolean;
}

/** Nothing to print: the run says what it did on stderr (progress, summary), and its exit code. */
async function runApply(session: Session, options: ApplyOptions): Promise<Outcome> {
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, confirmMassChange, readTextFile, sessionPlanKey, withBulk } = await import('../bulk/run.js');
  const spec = bulk.rowSpecFor(options.def.name)!;
  const plan = bulk.parsePlan(await readTextFile(session, options.plan), options.plan, spec, await sessionPlanKey(session));
  await withBulk(session, options.concurrency, async (run) => {
    await confirmMassChange(session, plan, options.yes === true);
    await applyAndReport(session, spec, plan, run, {
      report: options.report,
      force: options.force,
      allowOverbook: options.allowOverbook,
      label: `${spec.def.command} apply`,
      staleHint: 'changed since the plan was made, left as they are: make a new plan for them',
      retryHint: (report) => (report === undefined ? 'run with --report <file> to see why for each row' : `${report} says why for each row`),
    });
  });
  return {};
}

export function bulkApplyCommand(def: ResourceDef): LeafCommand {
  const writers = (def.bulk?.planCommands ?? ['import']).map((name) => `\`${def.command} ${name} --plan\``).join(' or ');
  return defineViewCommand({
    name: 'apply',
    args: '<plan>',
    summary: `Apply a plan written by ${writers}; rows changed since are skipped as stale`,
    examples: [`rentals ${def.command} import changes.csv --plan plan.json`, `rentals ${def.command} apply plan.json --report applied.ndjson`],
    options: (command) => {
      const common = yesOption(reportOption(concurrencyOption(command)));
      // Only resources with write rules (bookings, inventory) have a shortage to let through.
      if (def.writeRules !== undefined) common.option(...ALLOW_OVERBOOK);
      return common;
    },
    // Prints no plan of its own; declared so that -o is checked alike for every bulk command.
    view: 'plan',
    deps: (session) => session,
    handler: (session, options, [plan]) =>
      runApply(session, {
        def,
        plan,
        concurrency: parseConcurrency(options.concurrency),
        report: options.report,
        yes: options.yes === true,
        force: options.force === true,
        allowOverbook: (options as { allowOverbook?: true }).allowOverbook === true,
      }),
  });
}
