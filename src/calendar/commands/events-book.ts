// `rentals events book <event> --item NAME[=QTY]… [--quantity n] [--price p] [--allow-overbook]`
// and `rentals events unbook <event> --item NAME…`. Every item is resolved, priced and checked
// against the other events before the first write: a refusal writes nothing.

import type { Address } from '../../api/resource-api.js';
import { recordView } from '../../cli/resource/run.js';
import type { Session } from '../../cli/session.js';
import { formatMoney, moneyToNumber, type Money } from '../../domain/money.js';
import { type CalendarBooking, type CalendarEvent, type CalendarItem, eventLabel, readMoney } from '../../domain/records.js';
import { shortWallTime } from '../../domain/wall-time.js';
import { RentalsError, UsageError } from '../../errors.js';
import type { RecordListView } from '../../output/views.js';
import { defaultVersion, resources } from '../../resources/definitions.js';
import { parseCount, parseDecimal } from '../../schemas/values.js';
import { describeShortages, shortages } from '../../domain/holds.js';
import { type Options, calendarOf, labels, optionalString, stringList } from './common.js';

export interface ItemAsk {
  /** As typed (a name or an id). */
  ref: string;
  quantity: number;
}

const ITEM_PAIR = /^(.*\S)\s*=\s*(\S+)$/;

/** `--item NAME=QTY` pairs and `--item NAME --quantity n`. */
export function parseItemAsks(values: readonly string[], quantity: string | undefined): ItemAsk[] {
  const asks: ItemAsk[] = [];
  for (const value of values) {
    const pair = ITEM_PAIR.exec(value);
    const ref = pair ? pair[1]! : value.trim();
    const given = pair ? pair[2]! : quantity;
    if (ref === '') throw new UsageError('--item: give an item name or id');
    if (given === undefined) throw new UsageError(`--item ${JSON.stringify(value)}: how many? write NAME=QTY or add --quantity <n>`);
    const parsed = parseCount(given);
    if (!parsed.ok || parsed.value === 0) throw new UsageError(`quantity of ${JSON.stringify(ref)}: must be a whole number from 1 (got ${JSON.stringify(given)}); to remove an item use \`rentals events unbook\``);
    asks.push({ ref, quantity: parsed.value });
  }
  if (quantity !== undefined && values.length > 0 && values.every((value) => ITEM_PAIR.test(value))) {
    throw new UsageError('--quantity: every --item has its own =QTY, so --quantity would count for none; give one or the other');
  }
  return asks;
}

interface Line {
  item: CalendarItem;
  quantity: number;
  price: Money;
  /** Where the price came from, for the notice. */
  priceFrom: string;
  existing: CalendarBooking | undefined;
}

export function bookingsAddress(eventId: number): Address {
  return { def: resources.bookings, version: defaultVersion(resources.bookings), parentId: eventId };
}

export async function eventsBook(session: Session, options: Options, [ref = '']: string[]): Promise<RecordListView> {
  const asks = parseItemAsks(stringList(options, 'item'), optionalString(options, 'quantity'));
  const priceText = optionalString(options, 'price');
  let price: Money | undefined;
  if (priceText !== undefined) {
    if (asks.length > 1) throw new UsageError('--price: give one --item with it (each item is priced from its own prices otherwise)');
    const parsed = parseDecimal(priceText);
    if (!parsed.ok) throw new UsageError(`--price: ${parsed.rule}`);
    price = readMoney(priceText.trim());
  }
  const calendar = calendarOf(session);
  const event = await calendar.event(ref);
  const items = await Promise.all(asks.map((a) => calendar.item(a.ref)));
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.id)) throw new UsageError(`--item: ${JSON.stringify(item.name)} is given twice`);
    seen.add(item.id);
  }
  const lines = await planLines(session, event, items.map((item, i) => ({ item, quantity: asks[i]!.quantity })), price, options.allowOverbook === true);
  return writeLines(session, event, lines);
}

/** Checks (cancelled event, inactive items, availability, prices) and the lines to write; nothing is written. */
export async function planLines(
  session: Session,
  event: CalendarEvent,
  asks: ReadonlyArray<{ item: CalendarItem; quantity: number; fallbackPrice?: Money }>,
  price: Money | undefined,
  allowOverbook: boolean,
): Promise<Line[]> {
  const calendar = calendarOf(session);
  if (event.cancelled) throw new RentalsError(`${eventLabel(event)} is cancelled; uncancel it first (\`rentals events uncancel ${event.id}\`)`);
  if (!event.window) throw new RentalsError(`${eventLabel(event)} has no dates: its window (dropoff → pickup) is unknown`);
  const inactive = asks.filter((a) => !a.item.active);
  if (inactive.length > 0) {
    throw new RentalsError(`${inactive.map((a) => `${JSON.stringify(a.item.name)} (item ${a.item.id})`).join(', ')} ${inactive.length === 1 ? 'is' : 'are'} inactive and cannot be booked; nothing was booked`);
  }
  const [held, own, prices, blockLabel] = await Promise.all([
    calendar.holdings(event.window, event.id),
    // A copy being planned (id ≤ 0) has no bookings yet.
    event.id > 0 ? calendar.bookings([event]) : new Map<number, CalendarBooking[]>(),
    price === undefined ? calendar.prices(asks.map((a) => a.item.id)) : undefined,
    labels(session, 'rentalBlocks'),
  ]);
  const short = shortages(event.window, asks.map((a) => ({ itemId: a.item.id, itemName: a.item.name, owned: a.item.quantity, quantity: a.quantity })), held);
  const window = `${shortWallTime(event.window.from)} → ${shortWallTime(event.window.to)}`;
  if (short.length > 0) {
    const head = `not enough units for ${eventLabel(event)} (window ${window}):`;
    if (!allowOverbook) throw new RentalsError([head, ...describeShortages(short), event.id > 0 ? 'Nothing was booked. Book anyway with --allow-overbook.' : 'Nothing was created. Copy anyway with --allow-overbook.'].join('\n'));
    session.printer.warn([`warning: overbooking: ${head}`, ...describeShortages(short)].join('\n'));
  }
  const block = event.blockId === undefined ? undefined : (blockLabel(event.blockId) ?? `rental block ${event.blockId}`);
  const missing: string[] = [];
  const lines: Line[] = [];
  for (const ask of asks) {
    let unit = price;
    let from = 'as given';
    if (unit === undefined) {
      const found = event.blockId === undefined ? undefined : prices?.get(ask.item.id, event.blockId)?.price;
      if (found) {
        unit = found;
        from = `${block} price`;
      } else if (ask.fallbackPrice) {
        unit = ask.fallbackPrice;
        from = `kept from the original booking: the item has no ${block ?? 'rental block'} price`;
      } else {
        missing.push(ask.item.name);
        continue;
      }
    }
    const existing = (own.get(event.id) ?? []).find((b) => b.itemId === ask.item.id);
    lines.push({ item: ask.item, quantity: ask.quantity, price: unit, priceFrom: from, existing });
  }
  if (missing.length > 0) {
    const what = block === undefined ? `${eventLabel(event)} has no rental block` : `no price for the rental block ${JSON.stringify(block)} (the block of ${eventLabel(event)})`;
    throw new RentalsError(
      `${missing.map((n) => JSON.stringify(n)).join(', ')}: ${what}.\nGive --price, or add the price: rentals prices add --inventory-id ${JSON.stringify(missing[0])} --rental-block-id ${JSON.stringify(block ?? '<block>')} --price <p>\nNothing was booked.`,
    );
  }
  return lines;
}

/** Writes the planned lines (a new booking, or the existing one's quantity changed). */
export async function writeLines(session: Session, event: CalendarEvent, lines: readonly Line[]): Promise<RecordListView> {
  const api = session.api();
  const at = bookingsAddress(event.id);
  const written: Record<string, unknown>[] = [];
  for (const line of lines) {
    const body = { eventId: event.id, inventoryId: line.item.id, quantity: line.quantity, price: moneyToNumber(line.price) };
    if (line.existing) {
      const keepPrice = line.priceFrom !== 'as given' && line.existing.price !== undefined ? line.existing.price : line.price;
      if (line.existing.quantity === line.quantity && line.existing.price !== undefined && formatMoney(line.existing.price) === formatMoney(keepPrice)) {
        written.push(line.existing.record);
        session.printer.info(`${eventLabel(event)} already has ${line.quantity} × ${JSON.stringify(line.item.name)} (booking ${line.existing.id}) at ${formatMoney(keepPrice)}; nothing changed.`);
        continue;
      }
      const result = await api.update(at, line.existing.id, { id: line.existing.id, ...body, price: moneyToNumber(keepPrice) });
      written.push(...result.records);
      session.printer.info(`${JSON.stringify(line.item.name)} was already on ${eventLabel(event)}: booking ${line.existing.id} changed from ${line.existing.quantity} to ${line.quantity} at ${formatMoney(keepPrice)}.`);
    } else {
      const result = await api.create(at, body);
      written.push(...result.records);
      session.printer.info(`Booked ${line.quantity} × ${JSON.stringify(line.item.name)} on ${eventLabel(event)} at ${formatMoney(line.price)} (${line.priceFrom}).`);
    }
  }
  session.catalog().forget('bookings', event.id);
  return recordView(resources.bookings, { body: { data: written }, records: written }, session.format);
}

export async function eventsUnbook(session: Session, options: Options, [ref = '']: string[]): Promise<RecordListView> {
  const calendar = calendarOf(session);
  const event = await calendar.event(ref);
  // The same item named twice (by id and by name) is removed once.
  const items = [...new Map((await Promise.all(stringList(options, 'item').map((r) => calendar.item(r)))).map((item) => [item.id, item])).values()];
  const bookings = (await calendar.bookings([event])).get(event.id) ?? [];
  const notBooked = items.filter((item) => !bookings.some((b) => b.itemId === item.id));
  if (notBooked.length > 0) {
    throw new RentalsError(`${notBooked.map((i) => JSON.stringify(i.name)).join(', ')} ${notBooked.length === 1 ? 'is' : 'are'} not booked on ${eventLabel(event)}; nothing was removed`);
  }
  const api = session.api();
  const removed: Record<string, unknown>[] = [];
  for (const item of items) {
    for (const booking of bookings.filter((b) => b.itemId === item.id)) {
      await api.remove(bookingsAddress(event.id), booking.id);
      removed.push(booking.record);
      session.printer.info(`Removed ${booking.quantity} × ${JSON.stringify(item.name)} (booking ${booking.id}) from ${eventLabel(event)}.`);
    }
  }
  session.catalog().forget('bookings', event.id);
  return recordView(resources.bookings, { body: { data: removed }, records: removed }, session.format);
}
