// `rentals events confirm <event> [--allow-overbook] [--dry-run]`: a quote becomes Confirmed only
// when its bookings fit against the firm holds of the other events over its window (quotes block
// nothing); otherwise exit 1 and nothing changes. The status is set by name (Confirmed).

import { BookingRefused, overbookingWarning, targetOf, windowText } from '../../../domain/booking-plan.js';
import { describeShortages } from '../../../domain/holds.js';
import { eventLabel } from '../../../domain/records.js';
import { askedItems, firmShortages } from '../../../domain/tentative-holds.js';
import { RentalsError } from '../../../errors.js';
import { resources } from '../../../resources/definitions.js';
import { defineViewCommand } from '../../registry/spec.js';
import { recordsView } from '../../../output/records-view.js';
import { calendarDeps } from './deps.js';
import { withDatesLink, writeGuards } from './options.js';

const CONFIRMED = 'Confirmed';

export const eventsConfirm = defineViewCommand({
  name: 'confirm',
  args: '<event>',
  summary: 'Confirm a quote: its status becomes Confirmed when its bookings fit against the firm holds',
  help: withDatesLink('\nEvery booking of the event is checked against what the other events hold firmly over its window (`rentals help holds`); when one does not fit, nothing changes (exit 1) unless --allow-overbook.\n'),
  examples: ['rentals events confirm 31', 'rentals check -o json | jq -r \'.data[] | select(.code == "quote-cannot-confirm") | .eventId\''],
  options: (command) => writeGuards(command),
  view: 'records',
  deps: calendarDeps,
  handler: async (deps, options, [ref]) => {
    const { calendar } = deps;
    const event = await calendar.event(ref);
    if (event.cancelled) throw new RentalsError(`${eventLabel(event)} is cancelled; uncancel it first (\`rentals events uncancel ${event.id}\`). Nothing was changed.`);
    const confirmedId = await calendar.catalog.idOfName('statuses', CONFIRMED, 'status');
    if (event.statusId === confirmedId) {
      deps.notices.info(`${eventLabel(event)} is already ${CONFIRMED}; nothing changed.`);
      return recordsView(resources.events, [event.record]);
    }
    if (!event.window) throw new RentalsError(`${eventLabel(event)} has no dates: its window (dropoff → pickup) is unknown. Nothing was changed.`);
    const [bookings, items, held] = await Promise.all([
      calendar.bookings([event]).then((lists) => lists.get(event.id) ?? []),
      calendar.items(),
      calendar.holdings(event.window, event.id, deps.ruleOf),
    ]);
    const short = firmShortages(event.window, askedItems(bookings, items), held);
    if (short.length > 0 && !options.allowOverbook) {
      throw new BookingRefused([`${eventLabel(event)} cannot be confirmed: not enough units against the firm holds (window ${windowText(event.window)}):`, ...describeShortages(short), 'Nothing was changed. Confirm anyway with --allow-overbook.'].join('\n'));
    }
    if (short.length > 0) deps.notices.warn(overbookingWarning(targetOf(event, deps.ruleOf), short));
    const changes = { eventStatusId: confirmedId };
    if (options.dryRun) {
      deps.notices.info(`would: set the status of ${eventLabel(event)} to ${CONFIRMED}. Dry run: nothing was sent.`);
      return recordsView(resources.events, [{ ...event.record, ...changes }]);
    }
    const written = await deps.events.change(event.record, changes);
    deps.notices.info(`${eventLabel(event)} is ${CONFIRMED}: its ${bookings.length} booking${bookings.length === 1 ? '' : 's'} now hold firmly.`);
    return recordsView(resources.events, [written]);
  },
});
