// `rentals prices adjust --percent <n> | --amount <n>`: an across-the-board change of the prices
// that match the filters, in exact decimals, rounded half-up to --round (default 0.01).

import { CONCURRENCY, REPORT, YES, filterFlags, largeChangeFlags, listingAll, maxChangeFlags, parseConcurrency, planFileOption, planningFlags } from '../bulk/options.js';
import { defineViewCommand } from '../registry/spec.js';
import { conceptValues } from '../vocabulary.js';
// For the help: the default is applied where a --resume may take the report's instead (app/bulk/adjust.ts).
import { DEFAULT_ROUND } from '../../app/bulk/round.js';

export const pricesAdjust = defineViewCommand({
  effect: 'changes',
  name: 'adjust',
  summary: 'Change many prices by a percent or an amount, exactly',
  help: `
Money is exact: 19.99 +5% is 20.9895, rounded half-up to 20.99.`,
  examples: [
    'rentals prices adjust --percent 5 --dry-run',
    'rentals prices adjust --percent -10 --rental-block-id Weekend --round 0.5 --report run.ndjson',
    'rentals prices adjust --amount 2.50 --inventory-id "Tent 20x20" --max-change 20',
  ],
  flags: {
    percent: { value: 'n', help: 'change by this many percent (e.g. 5, -10, 2.5)', conflicts: ['amount'] },
    amount: { value: 'n', help: 'change by this amount (e.g. 5, -2.50)' },
    ...filterFlags(),
    round: { value: 'step', help: `round new prices half-up to this step (default ${DEFAULT_ROUND})` },
    ...planningFlags('rentals prices apply'),
    ...maxChangeFlags(),
    ...largeChangeFlags(),
    ...CONCURRENCY,
    ...REPORT,
    ...YES,
    resume: { value: 'report', help: 'adjust only the prices the report says did not change (flags left out are the report\'s)', topic: 'bulk' },
  },
  view: 'plan',
  handler: async (deps, options) =>
    listingAll(await (await import('../../app/bulk/adjust.js')).runAdjust(deps, {
      percent: options.percent,
      amount: options.amount,
      inventoryIds: conceptValues('item', options),
      rentalBlockIds: conceptValues('block', options),
      round: options.round,
      dryRun: options.dryRun === true,
      plan: planFileOption(options.plan),
      skipInvalid: options.skipInvalid === true,
      maxChange: options.maxChange,
      allowLargeChanges: options.allowLargeChanges === true,
      concurrency: parseConcurrency(options.concurrency),
      report: options.report,
      resume: options.resume,
      yes: options.yes === true,
      force: options.force === true,
    }), options.all),
});
