// Use cases: cancel an event, and make a cancelled one active again (events cancel, events
// uncancel). Cancelled means cancelled everywhere: the event writer sets the Cancelled status with
// the cancel date, and an uncancel gives a holding status back (Confirmed, or the one named),
// judged like a confirm (data/event-writer.ts).

import { parseDateArgument } from '../../domain/dates.js';
import { isCancelledStatus } from '../../domain/event-model.js';
import { eventLabel } from '../../domain/records.js';
import { formatWallTime, parseWallTime, shortWallTime } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import type { View } from '../../output/views.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import { parseText } from '../../schemas/values.js';
import { type EventDeps, changeEvent, eventView } from './change.js';
import { quotedName } from '../../common/sanitize.js';

/** A value as given, with the flag it came by (for messages). */
export interface Given {
  value: string;
  flag: string;
}

export interface CancelRequest {
  /** The event, by name or id. */
  event: string;
  reason: Given;
  /** The cancel date (default: now). */
  date?: Given;
  dryRun: boolean;
}

export async function cancelEvent(deps: EventDeps, request: CancelRequest): Promise<View> {
  const { reason } = request;
  if (reason.value.trim() === '') throw new UsageError(`${reason.flag}: say why the event is cancelled (it is kept with the event)`);
  // Checked before the event is looked up: a value that would be refused costs no request.
  const text = parseText(reason.value, fieldByName(resources.events, 'cancelReason')?.max, true);
  if (!text.ok) throw new UsageError(`${reason.flag}: ${text.rule}`);
  const when = request.date === undefined ? deps.now() : parseDateArgument(request.date.value, deps.now(), request.date.flag).time;
  const event = await deps.calendar.event(request.event);
  const changes = { cancelDate: formatWallTime(when), cancelReason: reason.value };
  const outcome = await changeEvent(deps, event, changes, { allowOverbook: false, dryRun: request.dryRun, verb: 'cancelled' });
  if (outcome.unchanged) {
    // Cancelled already as of the same minute for the same reason: nothing sent, nothing in the history.
    deps.notices.info(`${eventLabel(event)} is already cancelled as of ${shortWallTime(when)} for that reason; nothing ${request.dryRun ? 'would change' : 'changed'}.`);
    return eventView(deps, outcome, request.dryRun, { unchanged: event.record });
  }
  if (event.cancellation.byDate) {
    const since = parseWallTime(event.record.cancelDate);
    const asOf = since === undefined ? String(event.record.cancelDate) : shortWallTime(since);
    deps.notices.info(`${eventLabel(event)} was already cancelled as of ${asOf}; its date and reason ${request.dryRun ? 'would be' : 'are'} replaced.`);
  }
  const summary = request.dryRun ? `${eventLabel(event)} would be cancelled as of ${shortWallTime(when)} (it would hold no inventory)` : `Cancelled ${eventLabel(event)} as of ${shortWallTime(when)}: it holds no inventory now`;
  return eventView(deps, outcome, request.dryRun, { summary });
}

export interface UncancelRequest {
  event: string;
  /** The status it gets (default: Confirmed when its status cancels it, else its own). */
  status?: Given;
  allowOverbook: boolean;
  dryRun: boolean;
}

/** The status --status names (one that holds); undefined without it (the writer gives Confirmed when the status cancels). */
async function holdingStatus(deps: EventDeps, given: Given | undefined): Promise<number | undefined> {
  const { catalog } = deps.calendar;
  if (given === undefined) return undefined;
  const id = await catalog.idOf('statuses', given.value, given.flag);
  const name = (await catalog.names('statuses')).label(id);
  if (isCancelledStatus(name)) throw new UsageError(`${given.flag}: ${quotedName(String(name))} cancels the event; give a status that holds (e.g. Confirmed or Quoted)`);
  return id;
}

export async function uncancelEvent(deps: EventDeps, request: UncancelRequest): Promise<View> {
  const event = await deps.calendar.event(request.event);
  const statusId = await holdingStatus(deps, request.status);
  if (!event.cancelled && (statusId === undefined || statusId === event.statusId)) {
    deps.notices.info(`${eventLabel(event)} is not cancelled; nothing changed.`);
    return eventView(deps, { changes: [] }, false, { unchanged: event.record });
  }
  const changes: Record<string, unknown> = { cancelDate: null, cancelReason: null };
  if (statusId !== undefined) changes.eventStatusId = statusId;
  const outcome = await changeEvent(deps, event, changes, { allowOverbook: request.allowOverbook, dryRun: request.dryRun, verb: 'uncancelled' });
  const summary = request.dryRun ? `${eventLabel(event)} would be active again (its bookings would hold)` : `${eventLabel(event)} is active again: its bookings hold from now on`;
  return eventView(deps, outcome, request.dryRun, { summary });
}
