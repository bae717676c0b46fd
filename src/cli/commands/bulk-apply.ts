// `rentals prices apply <plan>` (and inventory, bookings): runs a plan file written by --plan.
// Before each write the live record must still hold the plan's "old" values; a record changed
// since is skipped and reported as stale, never overwritten.

import type { ResourceDef } from '../../resources/definitions.js';
import { CONCURRENCY, REPORT, YES, overbookFlags, parseConcurrency } from '../bulk/options.js';
import { type LeafCommand, defineViewCommand } from '../registry/spec.js';

export function bulkApplyCommand(def: ResourceDef): LeafCommand {
  const writers = (def.bulk?.planCommands ?? ['import']).join('/');
  return defineViewCommand({
    effect: 'sets',
    name: 'apply',
    args: '<plan>',
    summary: `Run a plan of ${writers} --plan; skips stale rows`,
    examples: [`rentals ${def.command} import changes.csv --plan plan.json`, `rentals ${def.command} apply plan.json --report applied.ndjson`],
    // Only resources with write rules (bookings, events, inventory) have a shortage to let through.
    flags: { ...CONCURRENCY, ...REPORT, ...YES, ...overbookFlags(def) },
    // Prints no plan of its own; declared so that -o is checked alike for every bulk command.
    view: 'plan',
    handler: async (deps, options, [plan]) =>
      (await import('../../app/bulk/apply.js')).runApply(deps, {
        def,
        plan,
        concurrency: parseConcurrency(options.concurrency),
        report: options.report,
        yes: options.yes === true,
        force: options.force === true,
        allowOverbook: options.allowOverbook === true,
      }),
  });
}
