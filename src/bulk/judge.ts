// The bulk engine judges the rows of a resource with write rules before it writes any of them,
// in the same layer as it writes them (apply.ts): booking rows become intents on the scope's event
// for the one booking planner (the whole run refused — exit 1, nothing written — when the event
// would hold more than is owned, an item gaining units is inactive, or the event holds nothing);
// inventory rows that lower an item's stock are judged by the stock writer. --allow-overbook lets
// a shortage through with a warning. The limit: rows of several items are each judged against the
// calendar as it is, not against each other, and a bulk run does not read back its writes.

import type { BookingWriter, PlannedBookings } from '../data/booking-writer.js';
import type { CalendarData } from '../data/calendar.js';
import type { StockWriter } from '../data/stock-writer.js';
import { type BookingIntent, blockPriceOf } from '../domain/booking-plan.js';
import { moneyToNumber } from '../domain/money.js';
import { readInt, readMoney } from '../domain/records.js';
import { describeStockShortage } from '../domain/stock-change.js';
import { RentalsError } from '../errors.js';
import { DomainError } from '../domain/errors.js';
import type { Draft } from './draft.js';
import { type AnyPlan, type WriterFill, rowsOf } from './plan.js';
import type { RowSpec } from './spec.js';
import type { ItemFile } from './spool.js';
import type { Ids } from './values.js';
import { rowName } from './row-place.js';

export interface WriteRules {
  writers: { calendar: CalendarData; bookings: BookingWriter; stock: StockWriter };
  allowOverbook: boolean;
  /** A booking plan's warnings (a shortage let through, quotes counted on), before anything is written. */
  announce: (planned: PlannedBookings) => void;
  /** A warning on stderr (a stock shortage let through). */
  warn: (text: string) => void;
}

/** The plan's writes as booking intents. */
async function bookingIntents(plan: AnyPlan): Promise<BookingIntent[]> {
  const intents: BookingIntent[] = [];
  for await (const row of rowsOf(plan)) {
    const bookingId = readInt(row.ids.id);
    if (row.action === 'create') {
      const itemId = readInt(row.ids.inventoryId);
      const quantity = readInt(row.new?.quantity);
      if (itemId !== undefined && quantity !== undefined) intents.push({ kind: 'add-line', itemId, quantity, price: readMoney(row.new?.price) });
    } else if (row.action === 'update' && bookingId !== undefined) {
      intents.push({ kind: 'update-line', bookingId, quantity: readInt(row.new?.quantity), price: readMoney(row.new?.price) });
    } else if (row.action === 'delete' && bookingId !== undefined) {
      intents.push({ kind: 'delete-line', bookingId });
    }
  }
  return intents;
}

/** Refuses the run (nothing written) when the resource's rules say no; a resource without rules passes. */
export async function judgePlan(spec: RowSpec, plan: AnyPlan, rules: WriteRules | undefined): Promise<void> {
  const kind = spec.def.writeRules;
  if (kind === undefined) return;
  if (!rules) throw new Error(`${spec.def.plural} are written only once judged by their rules`);
  if (kind === 'bookings') await judgeBookings(plan, rules);
  else if (kind === 'inventory') await judgeStock(plan, rules);
}

async function judgeBookings(plan: AnyPlan, rules: WriteRules): Promise<void> {
  const eventId = readInt(plan.scope.eventId);
  const intents = await bookingIntents(plan);
  if (eventId === undefined || intents.length === 0) return;
  const { calendar, bookings } = rules.writers;
  const event = await calendar.event(String(eventId));
  rules.announce(await bookings.plan(bookings.target(event), intents, { allowOverbook: rules.allowOverbook }));
}

/** Rows that lower an item's units owned, each against what events hold of it from now on. */
async function judgeStock(plan: AnyPlan, rules: WriteRules): Promise<void> {
  let items: Awaited<ReturnType<typeof rules.writers.calendar.catalog.byId>> | undefined;
  for await (const row of rowsOf(plan)) {
    if (row.action !== 'update' || readInt(row.new?.quantityAvailable) === undefined) continue;
    items ??= await rules.writers.calendar.catalog.byId('inventory');
    const item = items.get(Number(row.ids.id));
    if (!item) continue;
    try {
      const short = await rules.writers.stock.judge(item, readInt(row.new!.quantityAvailable)!, { allowOverbook: rules.allowOverbook });
      if (short) rules.warn([`warning: overbooking: ${rowName(row)} lowers the stock below what events hold:`, ...describeStockShortage(short)].join('\n'));
    } catch (error) {
      if (error instanceof RentalsError || error instanceof DomainError) error.message = `${rowName(row)}: ${error.message}`;
      throw error;
    }
  }
}

/**
 * What the resource's writer fills in the new records the rows leave it out of, found before they
 * are planned (plan.ts): bookings, a line's price from the event's rental block, by the booking
 * planner's own rule (its refusal, when the item has none); undefined for a resource without.
 */
export async function writerFill(spec: RowSpec, scope: Ids, drafts: ItemFile<Draft>, writers: WriteRules['writers'] | undefined): Promise<WriterFill | undefined> {
  const eventId = readInt(scope.eventId);
  if (spec.def.writeRules !== 'bookings' || !spec.def.writerFills?.includes('price') || !writers || eventId === undefined) return undefined;
  const intents: BookingIntent[] = [];
  for await (const run of drafts.runs()) {
    for (const draft of run) {
      const itemId = readInt(draft.key.inventoryId);
      if (draft.issues.length === 0 && draft.values.price === undefined && itemId !== undefined) intents.push({ kind: 'add-line', itemId, quantity: 0 });
    }
  }
  if (intents.length === 0) return undefined;
  const { bookings, calendar } = writers;
  const world = await bookings.world(bookings.target(await calendar.event(String(eventId))), intents);
  return (name, body) => {
    const itemId = readInt(body.inventoryId);
    if (name !== 'price' || itemId === undefined) return undefined;
    const found = blockPriceOf(world, itemId);
    return 'price' in found ? { value: moneyToNumber(found.price) } : { error: found.unpriced };
  };
}
