// `rentals events show <event>`: the event, who to call and what to know (its contacts, the
// customer's address, special requirements, internal notes), its bookings with item names, unit
// prices and line totals, and the event's total (formula in domain/totals.ts); the deposit apart. `-o html` (or
// pdf): the page for the customer, a quote or an order confirmation (app/calendar/event-sheet.ts).

import { TOTAL_FORMULA } from '../../../domain/totals.js';
import { eventSheet } from '../../../app/calendar/event-sheet.js';
import { defineViewCommand } from '../../registry/spec.js';

export const eventsShow = defineViewCommand({
  effect: 'reads',
  name: 'show',
  args: '<event>',
  summary: 'An event with its bookings, line totals and total',
  help: `\nAfter the dates, where the event has them: its contacts, the customer's address (when not the venue's), special requirements and internal notes.\n\n${TOTAL_FORMULA}.\n`,
  examples: [
    'rentals events show 12',
    'rentals events show "Harper–Nguyen Wedding" --json | jq .data[0].totals.total',
    'rentals events show 12 -o html --paper Letter > quote-12.html   # a quote (or order confirmation) to send',
    'rentals events show 12 -o pdf --out quote-12.pdf                # printed, on the paper setting',
  ],
  view: 'detail',
  page: 'the quote (or order confirmation)',
  handler: (factory, _options, [ref]) => eventSheet(factory, ref),
});
