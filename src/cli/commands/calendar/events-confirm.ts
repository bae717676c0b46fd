// `rentals events confirm <event> [--allow-overbook] [--dry-run]`: parsed here, carried out by
// app/events/confirm.ts (a quote becomes Confirmed only when its bookings fit against the firm
// holds of the other events over its window; otherwise exit 1 and nothing changes).

import { eventDeps } from '../../../app/events/change.js';
import { confirmEvent } from '../../../app/events/confirm.js';
import { defineViewCommand } from '../../registry/spec.js';
import { WRITE_GUARD_FLAGS } from './options.js';

export const eventsConfirm = defineViewCommand({
  effect: 'sets',
  name: 'confirm',
  args: '<event>',
  summary: 'Confirm a quote when its bookings fit the firm holds',
  help: '\nEvery booking of the event is checked against what the other events hold firmly over its window (`rentals help holds`); when one does not fit, nothing changes (exit 1) unless --allow-overbook.\n',
  examples: ['rentals events confirm 31', 'rentals check -o json | jq -r \'.data[] | select(.code == "quote-cannot-confirm") | .eventId\''],
  flags: WRITE_GUARD_FLAGS,
  view: 'changes',
  handler: async (factory, options, [event]) => confirmEvent(await eventDeps(factory), { event, allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true }),
});
