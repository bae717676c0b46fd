// `rentals events confirm <event> [--allow-overbook] [--dry-run]`: a quote becomes Confirmed only
// when its bookings fit against the firm holds of the other events over its window (quotes block
// nothing); otherwise exit 1 and nothing changes. The status is set by name (Confirmed), through
// the one event write path (app/change-event.ts), as `events update --event-status-id` is.

import { changeEvent } from '../../../app/change-event.js';
import { eventLabel } from '../../../domain/records.js';
import { RentalsError } from '../../../errors.js';
import { resources } from '../../../resources/definitions.js';
import { defineViewCommand } from '../../registry/spec.js';
import { recordsView } from '../../../output/records-view.js';
import { WRITE_GUARD_FLAGS, withDatesLink } from './options.js';

const CONFIRMED = 'Confirmed';

export const eventsConfirm = defineViewCommand({
  effect: 'sets',
  name: 'confirm',
  args: '<event>',
  summary: 'Confirm a quote when its bookings fit the firm holds',
  help: withDatesLink('\nEvery booking of the event is checked against what the other events hold firmly over its window (`rentals help holds`); when one does not fit, nothing changes (exit 1) unless --allow-overbook.\n'),
  examples: ['rentals events confirm 31', 'rentals check -o json | jq -r \'.data[] | select(.code == "quote-cannot-confirm") | .eventId\''],
  flags: WRITE_GUARD_FLAGS,
  view: 'records',
  handler: async (factory, options, [ref]) => {
    const deps = await factory.booking();
    const { calendar } = deps;
    const event = await calendar.event(ref);
    if (event.cancelled) throw new RentalsError(`${eventLabel(event)} is cancelled; uncancel it first (\`rentals events uncancel ${event.id}\`). Nothing was changed.`);
    const confirmedId = await calendar.catalog.idOfName('statuses', CONFIRMED, 'status');
    if (event.statusId === confirmedId) {
      deps.notices.info(`${eventLabel(event)} is already ${CONFIRMED}; nothing changed.`);
      return recordsView(resources.events, [event.record]);
    }
    if (!event.window) throw new RentalsError(`${eventLabel(event)} has no dates: its window (dropoff → pickup) is unknown. Nothing was changed.`);
    const changes = { eventStatusId: confirmedId };
    const { planned, written } = await changeEvent(deps, event, changes, { allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true, verb: 'confirmed', now: factory.wallNow() });
    if (!written) {
      deps.notices.info(`would: set the status of ${eventLabel(event)} to ${CONFIRMED}. Dry run: nothing was sent.`);
      return recordsView(resources.events, [{ ...event.record, ...changes }]);
    }
    deps.notices.info(`${eventLabel(event)} is ${CONFIRMED}: its ${planned.lines.length} booking${planned.lines.length === 1 ? '' : 's'} now hold firmly.`);
    return recordsView(resources.events, [written.after!]);
  },
});
