// `rentals events clone <event> --start-date <date> [--name] [--with-bookings] [--allow-overbook]`:
// a copy of the event with every datetime shifted by the same wall-clock offset (a day as
// --start-date keeps the original clock time; across a daylight-saving change 09:00 stays 09:00,
// see `rentals help dates`). The copy is active (no cancel date). With --with-bookings every
// booking is checked together like `events book` before the event is created.

import { recordView } from '../../cli/resource/run.js';
import type { Session } from '../../cli/session.js';
import { EVENT_DATE_FIELDS, eventLabel, readEvent } from '../../domain/records.js';
import { type WallTime, formatWallTime, parseWallTime, shortWallTime, startOfDay } from '../../domain/wall-time.js';
import { RentalsError, UsageError } from '../../errors.js';
import type { RecordListView } from '../../output/views.js';
import { resources, writableFields } from '../../resources/definitions.js';
import { parseDateArgument } from '../../domain/dates.js';
import { type Options, calendarOf, nowWall, optionalString } from './common.js';
import { planLines, writeLines } from './events-book.js';

/** The offset that moves `start` to the --start-date (a whole day keeps the clock time). */
export function cloneOffset(start: WallTime, target: { time: WallTime; wholeDay: boolean }): number {
  return target.wholeDay ? target.time - startOfDay(start) : target.time - start;
}

/** The writable fields of the event, datetimes shifted, cancellation dropped, id and links gone. */
export function shiftedCopy(record: Record<string, unknown>, offset: number, name?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of writableFields(resources.events)) {
    const value = record[field.name];
    if (value === undefined) continue;
    if (field.kind === 'datetime') {
      const time = parseWallTime(value);
      body[field.name] = time === undefined ? value : formatWallTime(time + offset);
    } else body[field.name] = value;
  }
  body.cancelDate = null;
  body.cancelReason = null;
  if (name !== undefined) body.eventName = name;
  return body;
}

export async function eventsClone(session: Session, options: Options, [ref = '']: string[]): Promise<RecordListView> {
  const startText = optionalString(options, 'startDate');
  if (startText === undefined) throw new UsageError('--start-date: the start of the copy is required');
  const target = parseDateArgument(startText, nowWall(session), '--start-date');
  const name = optionalString(options, 'name');
  if (name !== undefined && (name.trim() === '' || [...name].length > 100)) throw new UsageError('--name: must be 1 to 100 characters');
  const calendar = calendarOf(session);
  const source = await calendar.event(ref);
  const start = source.dates.startDate;
  if (start === undefined) throw new RentalsError(`${eventLabel(source)} has no start date to shift from`);
  const offset = cloneOffset(start, target);
  const body = shiftedCopy(source.record, offset, name);
  const { validateWrite } = await import('../../schemas/resource.js');
  const canonical = validateWrite(resources.events, body, 'create');
  const copy = readEvent({ ...canonical, id: 0 });

  let lines: Awaited<ReturnType<typeof planLines>> = [];
  if (options.withBookings) {
    const [bookings, items] = await Promise.all([calendar.bookings([source]), calendar.items()]);
    const asks = (bookings.get(source.id) ?? []).map((b) => {
      const item = items.get(b.itemId);
      if (!item) throw new RentalsError(`booking ${b.id} of ${eventLabel(source)} references item ${b.itemId}, which does not exist; nothing was copied`);
      return { item, quantity: b.quantity, fallbackPrice: b.price };
    });
    lines = await planLines(session, { ...copy, id: -1 }, asks, undefined, options.allowOverbook === true);
  }
  const created = (await session.api().create({ def: resources.events, version: 'v1' }, canonical)).records[0]!;
  session.catalog().forget('events');
  const event = readEvent(created);
  const dates = EVENT_DATE_FIELDS.filter((f) => event.dates[f] !== undefined).map((f) => `${f.replace('Date', '')} ${shortWallTime(event.dates[f]!)}`);
  session.printer.info(`Created ${eventLabel(event)}, a copy of event ${source.id}: ${dates.join(', ')}.`);
  if (lines.length > 0) await writeLines(session, event, lines.map((l) => ({ ...l, existing: undefined })));
  return recordView(resources.events, { body: { data: [created] }, records: [created] }, session.format);
}
