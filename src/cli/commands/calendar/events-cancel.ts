// `rentals events cancel <event> --cancel-reason <text> [--cancel-date <when>]` (or --reason, --date)
// and `events uncancel <event> [--status NAME]`: parsed here, carried out by the use cases of
// app/events/cancel.ts (cancelled means cancelled everywhere; an uncancel judged like a confirm).

import { cancelEvent, uncancelEvent } from '../../../app/events/cancel.js';
import { eventDeps } from '../../../app/events/change.js';
import { defineViewCommand } from '../../registry/spec.js';
import { conceptValue } from '../../vocabulary.js';
import { DRY_RUN_FLAG, WRITE_GUARD_FLAGS, withDatesLink } from './options.js';

export const eventsCancel = defineViewCommand({
  effect: 'sets',
  name: 'cancel',
  args: '<event>',
  summary: 'Cancel an event: it keeps its bookings, holds nothing',
  help: withDatesLink('\nSets the cancel date and reason and, when the service has a Cancelled status, that status.\n'),
  examples: ['rentals events cancel 12 --cancel-reason "Customer postponed"', 'rentals events cancel 12 --cancel-reason "Rain" --cancel-date 2026-06-10 --dry-run'],
  flags: {
    cancelReason: { concept: 'cancelReason', description: 'why (kept as the cancel reason; required)', required: true },
    cancelDate: { concept: 'cancelDate', description: 'cancellation date (default: now)', keep: ['date'] },
    ...DRY_RUN_FLAG,
  },
  view: 'changes',
  handler: async (factory, options, [event]) => cancelEvent(await eventDeps(factory), { event, reason: conceptValue('cancelReason', options)!, date: conceptValue('cancelDate', options, ['date']), dryRun: options.dryRun === true }),
});

export const eventsUncancel = defineViewCommand({
  effect: 'sets',
  name: 'uncancel',
  args: '<event>',
  summary: 'Make a cancelled event hold again, checked as a confirm',
  help: '\nA Cancelled status becomes Confirmed (or --status); its bookings are checked as a confirm checks them.\n',
  examples: ['rentals events uncancel 12', 'rentals events uncancel 12 --status Quoted --dry-run'],
  flags: {
    status: { concept: 'status', primary: 'status', value: 'name|id', description: 'the status it gets (default: Confirmed when its status is Cancelled, else its own)' },
    ...WRITE_GUARD_FLAGS,
  },
  view: 'changes',
  handler: async (factory, options, [event]) => uncancelEvent(await eventDeps(factory), { event, status: conceptValue('status', options), allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true }),
});
