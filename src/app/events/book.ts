// Use cases: write the bookings of an event (events book and unbook; the lines of a clone). The
// intents are planned whole by the booking writer (the planner judges every line together), their
// warnings said, then written (read back against a concurrent write) or, for --dry-run, only
// shown: the same plan either way. `--substitute` splits a short item over its substitutes first.

import type { PlannedBookings, WrittenLine } from '../../data/booking-writer.js';
import { lineChange, lineRow, namedLine, writtenChange } from '../../data/booking-writer.js';
import type { BookingIntent, BookingTarget } from '../../domain/booking-plan.js';
import { describeWrite } from '../../domain/booking-plan.js';
import type { Change } from '../../domain/changes.js';
import type { Money } from '../../domain/money.js';
import { type CalendarEvent, itemName, totalsByItem } from '../../domain/records.js';
import { substitute } from '../../domain/substitution.js';
import { RentalsError, UsageError } from '../../errors.js';
import { announce } from '../../output/booking-notices.js';
import type { Notices } from '../../output/notices.js';
import type { View } from '../../output/views.js';
import type { ApiVersion } from '../../resources/definitions.js';
import { changesView } from '../changes-view.js';
import type { ItemAsk } from '../calendar/item-asks.js';
import type { ShortageAdvisor } from '../../data/shortage-advisor.js';
import type { CalendarWrites } from '../ports.js';

/** What the booking use cases use: the calendar's reads, the booking writer, notices, the ways out of a shortage (--substitute). */
export type BookDeps = Pick<CalendarWrites, 'calendar' | 'bookings' | 'notices'> & { advisor: Pick<ShortageAdvisor, 'waysOut'> };

export interface BookRequest {
  allowOverbook: boolean;
  dryRun: boolean;
  version?: ApiVersion;
  /** Called once the plan is known and before anything is sent (the warnings of the plan). */
  beforeWriting?: (planned: PlannedBookings) => void;
}

export interface BookOutcome {
  planned: PlannedBookings;
  /** Undefined for a dry run. */
  written: WrittenLine[] | undefined;
}

/** The intents planned whole, then written (not for a dry run). */
export async function book(deps: Pick<BookDeps, 'bookings'>, target: BookingTarget, intents: readonly BookingIntent[], request: BookRequest): Promise<BookOutcome> {
  const planned = await deps.bookings.plan(target, intents, { allowOverbook: request.allowOverbook });
  if (request.dryRun) return { planned, written: undefined };
  request.beforeWriting?.(planned);
  return { planned, written: await deps.bookings.write(planned, request.version) };
}

/** The changes of a booking write: as planned, or as written. */
export function bookingChanges(outcome: BookOutcome): Change[] {
  const eventId = outcome.planned.target.id;
  if (!outcome.written || eventId === undefined) return outcome.planned.plan.writes.map((write) => lineChange(eventId, write));
  return outcome.written.map((line) => writtenChange(eventId, line));
}

/**
 * What a booking write shows: its changes; `-o json`'s `data` the line writes planned (a dry run:
 * `action`, `id`, `eventId`, `inventoryId`, `quantity`, `price`) or the records written (deleted
 * lines as they were, lines already as asked too); a notice per write for people.
 */
export function bookingView(deps: Pick<BookDeps, 'calendar' | 'notices'>, outcome: BookOutcome): View {
  const { planned, written } = outcome;
  const { notices } = deps;
  const say = (write: Parameters<typeof describeWrite>[0]) => describeWrite(write, planned.target, (id) => itemName(id, planned.world.items), planned.world.blockLabel);
  const changes = bookingChanges(outcome);
  const catalog = () => deps.calendar.catalog;
  if (!written) {
    announce(planned, notices);
    const rows = planned.plan.writes.map((write) => lineRow(planned.target.id, write));
    for (const write of planned.plan.writes) notices.info(`would: ${say(write)}`);
    notices.info(`Dry run: ${rows.length} line write${rows.length === 1 ? '' : 's'} planned; nothing was sent.`);
    return changesView(named(changes, planned), { dryRun: true, json: { data: rows }, catalog });
  }
  for (const { write } of written) notices.info(say(write));
  const kept = planned.plan.unchanged.map((u) => u.booking.record);
  return changesView(named(changes, planned), { dryRun: false, json: { data: [...kept, ...written.map((w) => w.record)] }, catalog });
}

/** Each line's change named by its item. */
function named(changes: readonly Change[], planned: PlannedBookings): Change[] {
  return changes.map((change) => namedLine(change, planned.world.items));
}

export interface BookEventRequest {
  event: string;
  asks: readonly ItemAsk[];
  /** One --item only: its unit price (default: the item's price for the event's rental block). */
  price?: Money;
  /** Short items split over their first free substitutes. */
  substitute: boolean;
  allowOverbook: boolean;
  dryRun: boolean;
}

/** The items named, each once (by id and by name counts as twice: refused). */
async function distinctItems(deps: Pick<BookDeps, 'calendar'>, refs: readonly string[], twice: 'refuse' | 'merge'): Promise<number[]> {
  const items = await Promise.all(refs.map((ref) => deps.calendar.item(ref)));
  const ids: number[] = [];
  for (const item of items) {
    if (!ids.includes(item.id)) ids.push(item.id);
    else if (twice === 'refuse') throw new UsageError(`--item: ${JSON.stringify(item.name)} is given twice`);
  }
  return ids;
}

/** `events book`: each item set to its quantity on the event (one line each), judged together. */
export async function bookEvent(deps: BookDeps, request: BookEventRequest): Promise<View> {
  if (request.substitute && request.allowOverbook) throw new UsageError('--substitute books only what fits: give it or --allow-overbook, not both');
  const [event, itemIds] = await Promise.all([deps.calendar.event(request.event), distinctItems(deps, request.asks.map((a) => a.ref), 'refuse')]);
  let intents: BookingIntent[] = request.asks.map((ask, i) => ({ kind: 'set', itemId: itemIds[i]!, quantity: ask.quantity, price: request.price }));
  if (request.substitute) intents = await substituted(deps, event, intents, deps.notices);
  const outcome = await book(deps, deps.bookings.target(event), intents, { allowOverbook: request.allowOverbook, dryRun: request.dryRun, beforeWriting: (plan) => announce(plan, deps.notices) });
  return bookingView(deps, outcome);
}

/** The asks with the short ones split over their substitutes (--substitute), each split said on stderr. */
async function substituted(deps: Pick<BookDeps, 'calendar' | 'advisor'>, event: CalendarEvent, intents: BookingIntent[], notices: Notices): Promise<BookingIntent[]> {
  if (!event.window || event.cancelled) return intents; // the planner says why nothing can be booked
  const window = event.window;
  const needs = intents.flatMap((i) => (i.kind === 'set' ? [{ itemId: i.itemId, quantity: i.quantity, window }] : []));
  const [ways, lines] = await Promise.all([deps.advisor.waysOut(needs, event.id), deps.calendar.bookings([event.id])]);
  const split = substitute(intents, ways, totalsByItem(lines.get(event.id) ?? []));
  const items = await deps.calendar.items();
  for (const s of split.splits) {
    const name = JSON.stringify(itemName(s.itemId, items));
    if (!s.substitute) notices.warn(`warning: --substitute: no substitute has room for the ${s.asked - Math.max(0, ways.find((w) => w.itemId === s.itemId)?.free ?? 0)} missing ${name}`);
    else notices.info(`Substitute: ${s.kept} × ${name} and ${s.substitute.quantity} × ${JSON.stringify(s.substitute.name)} for the ${s.asked} asked.`);
  }
  return split.intents;
}

export interface UnbookRequest {
  event: string;
  /** Items by name or id: every line of each goes. */
  items: readonly string[];
  dryRun: boolean;
}

/** `events unbook`: every line of each item removed. */
export async function unbookEvent(deps: BookDeps, request: UnbookRequest): Promise<View> {
  const [event, itemIds] = await Promise.all([deps.calendar.event(request.event), distinctItems(deps, request.items, 'merge')]);
  const current = (await deps.calendar.bookings([event])).get(event.id) ?? [];
  const items = await deps.calendar.items();
  const notBooked = itemIds.filter((id) => !current.some((b) => b.itemId === id));
  if (notBooked.length > 0) {
    const names = notBooked.map((id) => JSON.stringify(items.get(id)?.name ?? `item ${id}`));
    throw new RentalsError(`${names.join(', ')} ${notBooked.length === 1 ? 'is' : 'are'} not booked on event ${event.id} ${JSON.stringify(event.name)}; nothing was removed`);
  }
  const intents: BookingIntent[] = itemIds.map((itemId) => ({ kind: 'remove', itemId }));
  return bookingView(deps, await book(deps, deps.bookings.target(event), intents, { allowOverbook: false, dryRun: request.dryRun }));
}
