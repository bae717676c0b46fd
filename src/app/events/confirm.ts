// Use case: confirm a quote (events confirm): its status becomes Confirmed only when its bookings
// fit against the firm holds of the other events over its window (quotes block nothing), judged
// by the event writer as `events update --event-status-id` is.

import { eventLabel } from '../../domain/records.js';
import { RentalsError } from '../../errors.js';
import type { View } from '../../output/views.js';
import { type EventDeps, changeEvent, eventView } from './change.js';

const CONFIRMED = 'Confirmed';

export interface ConfirmRequest {
  event: string;
  allowOverbook: boolean;
  dryRun: boolean;
}

export async function confirmEvent(deps: EventDeps, request: ConfirmRequest): Promise<View> {
  const { calendar } = deps;
  const event = await calendar.event(request.event);
  if (event.cancelled) throw new RentalsError(`${eventLabel(event)} is cancelled; uncancel it first (\`rentals events uncancel ${event.id}\`). Nothing was changed.`);
  const confirmedId = await calendar.catalog.idOfName('statuses', CONFIRMED, 'status');
  if (event.statusId === confirmedId) {
    deps.notices.info(`${eventLabel(event)} is already ${CONFIRMED}; nothing changed.`);
    return eventView(deps, { changes: [] }, false, { unchanged: event.record });
  }
  if (!event.window) throw new RentalsError(`${eventLabel(event)} has no dates: its window (dropoff → pickup) is unknown. Nothing was changed.`);
  const outcome = await changeEvent(deps, event, { eventStatusId: confirmedId }, { allowOverbook: request.allowOverbook, dryRun: request.dryRun, verb: 'confirmed' });
  const { planned } = outcome;
  const one = planned.lines.length === 1;
  const lines = `${planned.lines.length} booking${one ? '' : 's'}`;
  const summary = request.dryRun ? `${eventLabel(event)} would be ${CONFIRMED} (its ${lines} would then hold firmly)` : `${eventLabel(event)} is ${CONFIRMED}: its ${lines} now hold${one ? 's' : ''} firmly`;
  return eventView(deps, outcome, request.dryRun, { summary });
}
