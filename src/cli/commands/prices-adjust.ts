// `rentals prices adjust --percent <n> | --amount <n>`: an across-the-board change of the prices
// that match the filters, in exact decimals, rounded half-up to --round (default 0.01).

import { CONCURRENCY, REPORT, YES, filterFlags, listingAll, maxChangeFlags, parseConcurrency, planFileOption, planningFlags } from '../bulk/options.js';
import { defineViewCommand } from '../registry/spec.js';
import { conceptValues } from '../vocabulary.js';

const DEFAULT_ROUND = '0.01';

export const pricesAdjust = defineViewCommand({
  effect: 'changes',
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
  flags: {
    percent: { value: 'n', help: 'change by this many percent (e.g. 5, -10, 2.5)', conflicts: ['amount'] },
    amount: { value: 'n', help: 'change by this amount (e.g. 5, -2.50)' },
    ...filterFlags(),
    round: { value: 'step', help: `round each new price to a multiple of this step, half-up: 0.01, 0.05, 0.5, 1, … (default ${DEFAULT_ROUND})`, default: DEFAULT_ROUND },
    ...planningFlags('rentals prices apply'),
    ...maxChangeFlags(),
    ...CONCURRENCY,
    ...REPORT,
    ...YES,
    resume: { value: 'report', help: 'adjust only the prices the report says did not change (give the same flags); without --report, this run\'s lines are added to it' },
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
      concurrency: parseConcurrency(options.concurrency),
      report: options.report,
      resume: options.resume,
      yes: options.yes === true,
      force: options.force === true,
    }), options.all),
});
