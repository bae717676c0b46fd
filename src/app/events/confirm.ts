// Use case: confirm a quote (events confirm): its status becomes Confirmed only when its bookings
// fit against the firm holds of the other events over its window (quotes block nothing), judged
// by the event writer as `events update --event-status-id` is.

import { ShortageRefused } from '../../domain/booking-plan.js';
import { type CalendarEvent, type HeldLine, eventLabel } from '../../domain/records.js';
import type { WayOutCommand } from '../../domain/way-out-commands.js';
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

/**
 * The ways out `events confirm` refused gives a quote whose lines (`lines`, as a write will leave
 * them) do not fit against the firm holds: its confirmation judged as that command judges it, each
 * way out followed by the confirmation, the override last. None when it fits, or when they cannot
 * be read (a warning is said without them).
 */
export async function confirmWaysOut(deps: Pick<EventDeps, 'calendar' | 'writers'>, event: CalendarEvent, lines: readonly HeldLine[]): Promise<readonly WayOutCommand[]> {
  try {
    const confirmedId = await deps.calendar.catalog.idOfName('statuses', CONFIRMED, 'status');
    await deps.writers.events.plan(event, { eventStatusId: confirmedId }, { allowOverbook: false, verb: 'confirmed', lines });
    return [];
  } catch (error) {
    return error instanceof ShortageRefused ? error.with({ commandLine: `rentals events confirm ${event.id}` }).commands : [];
  }
}
