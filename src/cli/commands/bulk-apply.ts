// `rentals prices apply <plan>` (and inventory, bookings): runs a plan file written by --plan.
// Before each write the live record must still hold the plan's "old" values; a record changed
// since is skipped and reported as stale, never overwritten.

import type { ResourceDef } from '../../resources/definitions.js';
import { concurrencyOption, parseConcurrency, reportOption } from '../bulk/options.js';
import { type LeafCommand, defineCommand } from '../registry/spec.js';
import type { Session } from '../session.js';

export interface ApplyOptions {
  def: ResourceDef;
  plan: string;
  concurrency: number;
  report?: string;
}

export async function runApply(session: Session, options: ApplyOptions): Promise<void> {
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, readTextFile, withBulk } = await import('../bulk/run.js');
  const spec = bulk.rowSpecFor(options.def.name)!;
  const plan = bulk.parsePlan(await readTextFile(options.plan), options.plan, spec);
  await withBulk(session, options.concurrency, (run) =>
    applyAndReport(session, spec, plan, run, {
      report: options.report,
      label: `${spec.def.command} apply`,
      retryHint: () => 'stale rows changed since the plan was made: make a new plan for them',
    }),
  );
}

export function bulkApplyCommand(def: ResourceDef): LeafCommand {
  const writers = (def.bulk?.planCommands ?? ['import']).map((name) => `\`${def.command} ${name} --plan\``).join(' or ');
  return defineCommand({
    name: 'apply',
    args: '<plan>',
    summary: `Apply a plan written by ${writers}; rows changed since are skipped as stale`,
    examples: [`rentals ${def.command} import changes.csv --plan plan.json`, `rentals ${def.command} apply plan.json --report applied.ndjson`],
    options: (command) => reportOption(concurrencyOption(command)),
    run: (session, options, [plan]) =>
      runApply(session, { def, plan, concurrency: parseConcurrency(options.concurrency), report: options.report }),
  });
}
