// `rentals check [--from --to]`: a calendar lint for cron. Exit 0 when clean, 1 when a problem is
// found; `-o json` prints `{ "data": [...] }`, one object per problem with a stable `code` (see
// domain/checks.ts) and the events it names.

import { check } from '../../../app/calendar/check.js';
import { defineViewCommand } from '../../registry/spec.js';
import { rangeFlags, rangeOf, withDatesLink } from './options.js';
import { TOP_LEVEL } from '../top-level.js';

export const checkCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.check,
  help: withDatesLink(
    "\nExit 0 when clean, 1 when a problem is found. Codes: overbooked, inactive-item, booking-without-price, no-price-for-block, duplicate-price, dates-out-of-order, missing-date, missing-item, missing-block, missing-status, cancel-status-mismatch, quote-cannot-confirm. A price agreed is no problem; a quote's that the price list changed since is a note.\n",
  ),
  examples: ['rentals check', "rentals check --from today --to +90d -o json | jq -r '.data[].code'"],
  flags: rangeFlags({ from: 'every event', to: 'every event' }),
  view: 'records',
  handler: (factory, options) => check(factory, rangeOf(options)),
});
