// `rentals prices apply <plan>` (and inventory, bookings): runs a plan file written by --plan.
// Before each write the live record must still hold the plan's "old" values; a record changed
// since is skipped and reported as stale, never overwritten.

import type { Command } from 'commander';
import type { BulkResource } from '../../bulk/spec.js';
import { resources } from '../../resources/definitions.js';
import { concurrencyOption, parseConcurrency, reportOption, stringOption, yesOption } from '../bulk/options.js';
import { type Registrar, action, examples } from '../command.js';
import type { Session } from '../session.js';

export interface ApplyOptions {
  resource: BulkResource;
  plan: string;
  concurrency: number;
  report?: string;
  yes?: boolean;
  force?: boolean;
}

export async function runApply(session: Session, options: ApplyOptions): Promise<void> {
  const bulk = await import('../../bulk/index.js');
  const { applyAndReport, confirmMassChange, readTextFile, withBulk } = await import('../bulk/run.js');
  const spec = bulk.rowSpecs[options.resource];
  const plan = bulk.parsePlan(await readTextFile(options.plan), options.plan, spec);
  await withBulk(session, options.concurrency, async (run) => {
    if (!(await confirmMassChange(session, plan, options.yes === true))) return;
    await applyAndReport(session, spec, plan, run, {
      report: options.report,
      force: options.force,
      label: `${spec.def.command} apply`,
      staleHint: 'changed since the plan was made, left as they are: make a new plan for them',
      retryHint: (report) => (report === undefined ? 'run with --report <file> to see why for each row' : `${report} says why for each row`),
    });
  });
}

export function registerBulkApply(group: Command, reg: Registrar, resource: BulkResource): void {
  const def = resources[resource];
  const command = group
    .command('apply <plan>')
    .description(`Apply a plan written by \`${def.command} import --plan\`${resource === 'prices' ? ' or `prices adjust --plan`' : ''}; rows changed since are skipped as stale`);
  concurrencyOption(command);
  reportOption(command);
  yesOption(command);
  examples(command, [`rentals ${def.command} import changes.csv --plan plan.json`, `rentals ${def.command} apply plan.json --report applied.ndjson`]);
  command.action(
    action(reg, async (session, options, [plan]) => {
      await runApply(session, {
        resource,
        plan: plan!,
        concurrency: parseConcurrency(options.concurrency),
        report: stringOption(options, 'report'),
        yes: options.yes === true,
        force: options.force === true,
      });
    }),
  );
}
