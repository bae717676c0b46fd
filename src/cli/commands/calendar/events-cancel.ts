// `rentals events cancel <event> --cancel-reason <text> [--cancel-date <when>]` (or --reason, --date)
// and `events uncancel <event> [--status NAME]`: cancelled means cancelled everywhere. Cancel sets
// the date and reason and, when the service has a Cancelled status, that status too (so `check`
// finds no cancel-status-mismatch). Uncancel clears them and gives the event a holding status again
// (Confirmed, or --status), judged like a confirm by the one event write path (app/change-event.ts).

import { changeEvent } from '../../../app/change-event.js';
import { parseDateArgument } from '../../../domain/dates.js';
import { isCancelledStatus } from '../../../domain/event-model.js';
import { eventLabel } from '../../../domain/records.js';
import { formatWallTime, shortWallTime } from '../../../domain/wall-time.js';
import { UsageError } from '../../../errors.js';
import { fieldByName, resources } from '../../../resources/definitions.js';
import { parseText } from '../../../schemas/values.js';
import { defineViewCommand } from '../../registry/spec.js';
import { recordsView } from '../../../output/records-view.js';
import type { BookingDeps } from '../../../app/factory.js';
import { conceptValue } from '../../vocabulary.js';
import { DRY_RUN_FLAG, WRITE_GUARD_FLAGS, withDatesLink } from './options.js';

/** `--dry-run`: the event as it would be sent. */
function wouldWrite(deps: BookingDeps, record: Record<string, unknown>, changes: Record<string, unknown>) {
  deps.notices.info('Dry run: nothing was sent.');
  return recordsView(resources.events, [{ ...record, ...changes }]);
}

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
  view: 'records',
  handler: async (factory, options, [ref]) => {
    const deps = await factory.booking();
    const reason = conceptValue('cancelReason', options)!;
    if (reason.value.trim() === '') throw new UsageError(`${reason.flag}: say why the event is cancelled (it is kept with the event)`);
    // Checked before the event is looked up: a value that would be refused costs no request.
    const text = parseText(reason.value, fieldByName(resources.events, 'cancelReason')?.max, true);
    if (!text.ok) throw new UsageError(`${reason.flag}: ${text.rule}`);
    const date = conceptValue('cancelDate', options, ['date']);
    const when = date === undefined ? factory.wallNow() : parseDateArgument(date.value, factory.wallNow(), date.flag).time;
    const event = await deps.calendar.event(ref);
    const changes = { cancelDate: formatWallTime(when), cancelReason: reason.value };
    const { planned, written } = await changeEvent(deps, event, changes, { allowOverbook: false, dryRun: options.dryRun === true, verb: 'cancelled', now: factory.wallNow() });
    if (!written) return wouldWrite(deps, event.record, planned.body);
    if (event.cancellation.byDate) deps.notices.info(`${eventLabel(event)} was already cancelled (${String(event.record.cancelDate)}); its date and reason are replaced.`);
    deps.notices.info(`Cancelled ${eventLabel(event)} as of ${shortWallTime(when)}: it holds no inventory now.`);
    return recordsView(resources.events, [written!.after!]);
  },
});

/** The status --status names (one that holds); undefined without it (the use case gives Confirmed when the status cancels). */
async function holdingStatus(deps: BookingDeps, given: { value: string; flag: string } | undefined): Promise<number | undefined> {
  const { catalog } = deps.calendar;
  if (given === undefined) return undefined;
  const id = /^\s*\d+\s*$/.test(given.value) ? Number(given.value) : await catalog.idOfName('statuses', given.value, given.flag);
  const name = (await catalog.names('statuses')).label(id);
  if (isCancelledStatus(name)) throw new UsageError(`${given.flag}: ${JSON.stringify(name)} cancels the event; give a status that holds (e.g. Confirmed or Quoted)`);
  return id;
}

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
  view: 'records',
  handler: async (factory, options, [ref]) => {
    const deps = await factory.booking();
    const event = await deps.calendar.event(ref);
    const statusId = await holdingStatus(deps, conceptValue('status', options));
    if (!event.cancelled && (statusId === undefined || statusId === event.statusId)) {
      deps.notices.info(`${eventLabel(event)} is not cancelled; nothing changed.`);
      return recordsView(resources.events, [event.record]);
    }
    const changes: Record<string, unknown> = { cancelDate: null, cancelReason: null };
    if (statusId !== undefined) changes.eventStatusId = statusId;
    const { planned, written } = await changeEvent(deps, event, changes, { allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true, verb: 'uncancelled', now: factory.wallNow() });
    if (!written) return wouldWrite(deps, event.record, planned.body);
    deps.notices.info(`${eventLabel(event)} is active again: its bookings hold from now on.`);
    return recordsView(resources.events, [written.after!]);
  },
});
