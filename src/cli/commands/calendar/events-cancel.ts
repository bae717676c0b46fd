// `rentals events cancel <event> --cancel-reason <text> [--cancel-date <when>]` (or --reason, --date)
// and `events uncancel <event>`:
// an event is cancelled by its cancelDate or a status named Cancelled (domain/event-model.ts);
// cancel sets the date and reason, uncancel clears them (and says when the status still cancels).
// The rest of the event is kept (read, merged, PUT).

import { parseDateArgument } from '../../../domain/dates.js';
import { eventLabel } from '../../../domain/records.js';
import { formatWallTime, shortWallTime } from '../../../domain/wall-time.js';
import { UsageError } from '../../../errors.js';
import { fieldByName, resources } from '../../../resources/definitions.js';
import { parseText } from '../../../schemas/values.js';
import { defineViewCommand } from '../../registry/spec.js';
import { recordsView } from '../../../output/records-view.js';
import type { CalendarDeps } from './deps.js';
import { calendarDeps } from './deps.js';
import { conceptOption, conceptValue } from '../../vocabulary.js';
import { dryRunOption, withDatesLink } from './options.js';

/** `--dry-run`: the event as it would be sent. */
function wouldWrite(deps: CalendarDeps, record: Record<string, unknown>, changes: Record<string, unknown>) {
  deps.notices.info('Dry run: nothing was sent.');
  return recordsView(resources.events, [{ ...record, ...changes }]);
}

export const eventsCancel = defineViewCommand({
  name: 'cancel',
  args: '<event>',
  summary: 'Cancel an event: it keeps its record and bookings but holds no inventory',
  help: withDatesLink(),
  examples: ['rentals events cancel 12 --cancel-reason "Customer postponed"', 'rentals events cancel 12 --cancel-reason "Rain" --cancel-date 2026-06-10 --dry-run'],
  options: (command) =>
    dryRunOption(
      conceptOption(conceptOption(command, 'cancelReason', { description: 'why (kept as the cancel reason; required)', required: true }), 'cancelDate', {
        description: 'cancellation date (default: now)',
        keep: ['date'],
      }),
    ),
  view: 'records',
  deps: calendarDeps,
  handler: async (deps, options, [ref]) => {
    const reason = conceptValue('cancelReason', options)!;
    if (reason.value.trim() === '') throw new UsageError(`${reason.flag}: say why the event is cancelled (it is kept with the event)`);
    // Checked before the event is looked up: a value that would be refused costs no request.
    const text = parseText(reason.value, fieldByName(resources.events, 'cancelReason')?.max, true);
    if (!text.ok) throw new UsageError(`${reason.flag}: ${text.rule}`);
    const date = conceptValue('cancelDate', options, ['date']);
    const when = date === undefined ? deps.now() : parseDateArgument(date.value, deps.now(), date.flag).time;
    const event = await deps.calendar.event(ref);
    const changes = { cancelDate: formatWallTime(when), cancelReason: reason.value };
    if (options.dryRun) return wouldWrite(deps, event.record, changes);
    if (event.cancellation.byDate) deps.notices.info(`${eventLabel(event)} was already cancelled (${String(event.record.cancelDate)}); its date and reason are replaced.`);
    const written = await deps.events.change(event.record, changes);
    deps.notices.info(`Cancelled ${eventLabel(event)} as of ${shortWallTime(when)}: it holds no inventory now.`);
    return recordsView(resources.events, [written]);
  },
});

export const eventsUncancel = defineViewCommand({
  name: 'uncancel',
  args: '<event>',
  summary: 'Make a cancelled event active again (clears the cancel date and reason)',
  examples: ['rentals events uncancel 12'],
  options: (command) => dryRunOption(command),
  view: 'records',
  deps: calendarDeps,
  handler: async (deps, options, [ref]) => {
    const event = await deps.calendar.event(ref);
    const statusStill = event.cancellation.byStatus
      ? `Its status is still ${JSON.stringify(event.status)}: set another with \`rentals events update ${event.id} --event-status-id Confirmed\` (or Quoted); until then it holds nothing.`
      : undefined;
    if (!event.cancellation.byDate) {
      deps.notices.info(statusStill ?? `${eventLabel(event)} is not cancelled; nothing changed.`);
      return recordsView(resources.events, [event.record]);
    }
    const changes = { cancelDate: null, cancelReason: null };
    if (options.dryRun) return wouldWrite(deps, event.record, changes);
    const written = await deps.events.change(event.record, changes);
    deps.notices.info(`${eventLabel(event)} is ${statusStill ? 'no longer cancelled by date' : 'active again'}; check its bookings with \`rentals check\` (another event may have taken the units).`);
    if (statusStill) deps.notices.info(statusStill);
    return recordsView(resources.events, [written]);
  },
});
