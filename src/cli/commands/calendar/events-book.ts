// `rentals events book <event> --item NAME[=QTY]… [--qty n] [--price p] [--allow-overbook] [--dry-run]`
// and `rentals events unbook <event> --item NAME… [--dry-run]`. Both state intents for the one
// booking planner (domain/booking-plan.ts): every item checked together before the first write.

import type { BookingIntent } from '../../../domain/booking-plan.js';
import { book } from '../../../app/book.js';
import { type CalendarEvent, itemName, totalsByItem } from '../../../domain/records.js';
import { substitute } from '../../../domain/substitution.js';
import { type Money, parseMoney } from '../../../domain/money.js';
import { RentalsError, UsageError } from '../../../errors.js';
import { parseDecimal } from '../../../schemas/values.js';
import { parseItemAsks } from '../../../app/calendar/item-asks.js';
import { defineViewCommand } from '../../registry/spec.js';
import type { BookingDeps } from '../../../app/factory.js';
import { conceptValue, conceptValues } from '../../vocabulary.js';
import { DRY_RUN_FLAG, WRITE_GUARD_FLAGS, itemListFlag } from './options.js';
import { plannedView, writtenView } from '../../../app/booking-views.js';
import { announce } from '../../../output/booking-notices.js';

function parsePrice(text: string | undefined, asks: number): Money | undefined {
  if (text === undefined) return undefined;
  if (asks > 1) throw new UsageError('--price: give one --item with it (each item is priced from its own prices otherwise)');
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new UsageError(`--price: ${parsed.rule}`);
  return parseMoney(text.trim());
}

/** The items named, each once (by id and by name counts as twice: refused). */
async function distinctItems(deps: BookingDeps, refs: readonly string[], twice: 'refuse' | 'merge'): Promise<number[]> {
  const items = await Promise.all(refs.map((ref) => deps.calendar.item(ref)));
  const ids: number[] = [];
  for (const item of items) {
    if (!ids.includes(item.id)) ids.push(item.id);
    else if (twice === 'refuse') throw new UsageError(`--item: ${JSON.stringify(item.name)} is given twice`);
  }
  return ids;
}

export const eventsBook = defineViewCommand({
  effect: 'sets',
  name: 'book',
  args: '<event>',
  summary: 'Book items on an event, checked against the stock',
  help: "\nEach item is checked against the other events' holds before anything is written; a refusal names the ways out.\n",
  examples: [
    'rentals events book 12 --item "White Folding Chair" --qty 40',
    'rentals events book 12 --item "60in Round Table=8" --item "LED Uplight=12" --dry-run',
    'rentals events book 12 --item "LED Uplight=20" --substitute --dry-run',
  ],
  flags: {
    ...itemListFlag('item to book, NAME=QTY for its quantity; repeatable', { value: 'name|id[=qty]', required: true }),
    quantity: { concept: 'quantity', description: 'units, for items given without =QTY' },
    price: { value: 'p', help: 'unit price of one --item (default: its block price)' },
    substitute: { help: 'an item short over the window: book what is free of it and the rest on its first free substitute (the alternatives setting)' },
    ...WRITE_GUARD_FLAGS,
  },
  view: 'records',
  handler: async (factory, options, [ref]) => {
    const deps = await factory.booking();
    const asks = parseItemAsks(conceptValues('item', options), conceptValue('quantity', options)?.value);
    const price = parsePrice(options.price, asks.length);
    const [event, itemIds] = await Promise.all([deps.calendar.event(ref), distinctItems(deps, asks.map((a) => a.ref), 'refuse')]);
    let intents: BookingIntent[] = asks.map((ask, i) => ({ kind: 'set', itemId: itemIds[i]!, quantity: ask.quantity, price }));
    if (options.substitute && options.allowOverbook) throw new UsageError('--substitute books only what fits: give it or --allow-overbook, not both');
    if (options.substitute) intents = await substituted(deps, event, intents);
    const { planned, written } = await book(deps, deps.bookings.target(event), intents, {
      allowOverbook: options.allowOverbook === true,
      dryRun: options.dryRun === true,
      beforeWriting: (plan) => announce(plan, deps.notices),
    });
    return written ? writtenView(planned, written, deps.notices) : plannedView(planned, deps.notices);
  },
});

/** The asks with the short ones split over their substitutes (--substitute), each split said on stderr. */
async function substituted(deps: BookingDeps, event: CalendarEvent, intents: BookingIntent[]): Promise<BookingIntent[]> {
  if (!event.window || event.cancelled) return intents; // the planner says why nothing can be booked
  const window = event.window;
  const needs = intents.flatMap((i) => (i.kind === 'set' ? [{ itemId: i.itemId, quantity: i.quantity, window }] : []));
  const [ways, lines] = await Promise.all([deps.advisor.waysOut(needs, event.id), deps.calendar.bookings([event.id])]);
  const split = substitute(intents, ways, totalsByItem(lines.get(event.id) ?? []));
  const items = await deps.calendar.items();
  for (const s of split.splits) {
    const name = JSON.stringify(itemName(s.itemId, items));
    if (!s.substitute) deps.notices.warn(`warning: --substitute: no substitute has room for the ${s.asked - Math.max(0, ways.find((w) => w.itemId === s.itemId)?.free ?? 0)} missing ${name}`);
    else deps.notices.info(`Substitute: ${s.kept} × ${name} and ${s.substitute.quantity} × ${JSON.stringify(s.substitute.name)} for the ${s.asked} asked.`);
  }
  return split.intents;
}

export const eventsUnbook = defineViewCommand({
  effect: 'deletes',
  name: 'unbook',
  args: '<event>',
  summary: 'Remove items from an event (every line of each item)',
  examples: ['rentals events unbook 12 --item "LED Uplight"', 'rentals events unbook 12 --item 7 --dry-run'],
  flags: { ...itemListFlag('item to remove; repeat for several', { required: true }), ...DRY_RUN_FLAG },
  view: 'records',
  handler: async (factory, options, [ref]) => {
    const deps = await factory.booking();
    const [event, itemIds] = await Promise.all([deps.calendar.event(ref), distinctItems(deps, conceptValues('item', options), 'merge')]);
    const current = (await deps.calendar.bookings([event])).get(event.id) ?? [];
    const items = await deps.calendar.items();
    const notBooked = itemIds.filter((id) => !current.some((b) => b.itemId === id));
    if (notBooked.length > 0) {
      const names = notBooked.map((id) => JSON.stringify(items.get(id)?.name ?? `item ${id}`));
      throw new RentalsError(`${names.join(', ')} ${notBooked.length === 1 ? 'is' : 'are'} not booked on event ${event.id} ${JSON.stringify(event.name)}; nothing was removed`);
    }
    const intents: BookingIntent[] = itemIds.map((itemId) => ({ kind: 'remove', itemId }));
    const { planned, written } = await book(deps, deps.bookings.target(event), intents, { allowOverbook: false, dryRun: options.dryRun === true });
    return written ? writtenView(planned, written, deps.notices) : plannedView(planned, deps.notices);
  },
});
