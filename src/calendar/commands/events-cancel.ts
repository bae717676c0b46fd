// `rentals events cancel <event> --reason <text> [--date <when>]` and `events uncancel <event>`:
// an event is cancelled by its cancelDate (it then holds no inventory); uncancel clears the
// date and the reason. The rest of the event is kept (read, merged, PUT).

import { runUpdate } from '../../cli/resource/run.js';
import type { Session } from '../../cli/session.js';
import { formatWallTime, shortWallTime } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import { parseText } from '../../schemas/values.js';
import { parseDateArgument } from '../../domain/dates.js';
import { eventLabel } from '../../domain/records.js';
import { type Options, calendarOf, labels, nowWall, optionalString } from './common.js';

export async function eventsCancel(session: Session, options: Options, [ref = '']: string[]): Promise<void> {
  const reason = optionalString(options, 'reason');
  if (reason === undefined || reason.trim() === '') throw new UsageError('--reason: say why the event is cancelled (it is kept with the event)');
  // Checked before the event is looked up: a value that would be refused costs no request.
  const text = parseText(reason, fieldByName(resources.events, 'cancelReason')?.max, true);
  if (!text.ok) throw new UsageError(`--reason: ${text.rule}`);
  const date = optionalString(options, 'date');
  const when = date === undefined ? nowWall(session) : parseDateArgument(date, nowWall(session), '--date').time;
  const event = await calendarOf(session).event(ref);
  if (event.cancelled) session.printer.info(`${eventLabel(event)} was already cancelled (${String(event.record.cancelDate)}); its date and reason are replaced.`);
  await runUpdate(session, resources.events, 'v1', event.id, { flags: { cancelDate: formatWallTime(when), cancelReason: reason } }, undefined);
  session.printer.info(`Cancelled ${eventLabel(event)} as of ${shortWallTime(when)}: it holds no inventory now.`);
}

export async function eventsUncancel(session: Session, _options: Options, [ref = '']: string[]): Promise<void> {
  const event = await calendarOf(session).event(ref);
  if (!event.cancelled) {
    session.printer.info(`${eventLabel(event)} is not cancelled; nothing changed.`);
    return;
  }
  await runUpdate(session, resources.events, 'v1', event.id, { flags: { cancelDate: null, cancelReason: null } }, undefined);
  session.printer.info(`${eventLabel(event)} is active again; check its bookings with \`rentals check\` (another event may have taken the units).`);
  // The cancel date is what frees the inventory; a status named Cancelled would still say otherwise.
  const status = (await labels(session, 'statuses'))(event.statusId);
  if (status?.trim().toLowerCase() === 'cancelled') {
    session.printer.info(`Its status is still ${JSON.stringify(status)}: set another with \`rentals events update ${event.id} --event-status-id Confirmed\` (or Quoted).`);
  }
}
