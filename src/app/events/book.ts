// Use cases: write the bookings of an event (events book and unbook; the lines of a clone). The
// intents are planned whole by the booking writer (the planner judges every line together), their
// warnings said, then written (read back against a concurrent write) or, for --dry-run, only
// shown: the same plan either way. `--substitute` splits a short item over its substitutes first.

import type { PlannedBookings, WrittenLine } from '../../data/booking-writer.js';
import { lineChange, lineRow, namedLine, writtenChange } from '../../data/booking-writer.js';
import type { BookingIntent, BookingTarget } from '../../domain/booking-plan.js';
import { type LineWrite, finalLines, priceSourceText, wayOutLines } from '../../domain/booking-plan.js';
import type { Change } from '../../domain/changes.js';
import { type Money, compareMoney } from '../../domain/money.js';
import { type CalendarEvent, itemName, totalsByItem } from '../../domain/records.js';
import { eventPrices, substitute } from '../../domain/substitution.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { announce } from '../../output/booking-notices.js';
import type { ChangeNames } from '../../output/changes.js';
import type { View } from '../../output/views.js';
import type { ApiVersion } from '../../resources/definitions.js';
import { changesView } from '../changes-view.js';
import { itemsOnEventFirst } from './line-items.js';
import type { ItemAsk } from '../calendar/item-asks.js';
import type { ShortageAdvisor } from '../../data/shortage-advisor.js';
import { type WayOutCommand, confirmNeeds } from '../../domain/way-out-commands.js';
import { askedItems, cannotConfirmMessage, firmShortages } from '../../domain/tentative-holds.js';
import type { CalendarWrites } from '../ports.js';
import { quotedName } from '../../common/sanitize.js';

/** What the booking use cases use: the calendar's reads, the booking writer, notices, the ways out of a shortage (--substitute, a quote's confirmation). */
export type BookDeps = Pick<CalendarWrites, 'calendar' | 'bookings' | 'notices' | 'money'> & { advisor: Pick<ShortageAdvisor, 'waysOut' | 'confirmWays'> };

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
  /** More to say of an item's price, for people (a substitute at its own price, not the one agreed). */
  priceNotes?: ReadonlyMap<number, string>;
  /** A quote the write left short (not for a dry run): what `rentals check` says of it, the ways out of its confirmation. */
  quoteLeftShort?: QuoteLeftShort;
}

export interface QuoteLeftShort {
  eventId: number;
  /** In one line, as `rentals check` says it (`quote-cannot-confirm`). */
  message: string;
  /** The ways out of its confirmation, as `events confirm` refused gives them (amounts plain: for -o json); undefined: they could not be read in time. */
  commands: readonly WayOutCommand[] | undefined;
}

/** The intents planned whole, then written (not for a dry run). */
export async function book(deps: Pick<BookDeps, 'bookings'>, target: BookingTarget, intents: readonly BookingIntent[], request: BookRequest): Promise<BookOutcome> {
  const planned = await deps.bookings.plan(target, intents, { allowOverbook: request.allowOverbook });
  if (request.dryRun) return { planned, written: undefined };
  request.beforeWriting?.(planned);
  return { planned, written: await deps.bookings.write(planned, request.version) };
}

/** The changes of a booking write, as planned or as written, each line with where its price came from. */
export function bookingChanges(outcome: BookOutcome): Change[] {
  const { planned, written } = outcome;
  const eventId = planned.target.id;
  const noted = (change: Change, write: LineWrite): Change => {
    const source = priceSourceText(write, planned.world.blockLabel, (id) => itemName(id, planned.world.items));
    const more = write.action === 'delete' || write.priceFrom === 'agreed' ? undefined : outcome.priceNotes?.get(write.itemId);
    const note = [source, more].filter((n) => n !== undefined).join('; ');
    return namedLine(note === '' ? change : { ...change, note }, planned.world.items);
  };
  if (!written || eventId === undefined) return planned.plan.writes.map((write) => noted(lineChange(eventId, write), write));
  return written.map((line) => noted(writtenChange(eventId, line), line.write));
}

/** The names a booking write knows without a request: its event's, its items'. */
export function plannedNames(planned: PlannedBookings): ChangeNames {
  const { target, world } = planned;
  const inventory: Record<number, string> = {};
  for (const [id, item] of world.items) inventory[id] = item.name;
  return { inventory, ...(target.id !== undefined && target.name !== undefined ? { events: { [target.id]: target.name } } : {}) };
}

/**
 * What a booking write shows: its changes (for people each line's sentence: `Booked 2 × Tent on
 * "Gala" at 450.00 (Daily price)`); `-o json`'s `data` the line writes planned (a dry run:
 * `action`, `id`, `eventId`, `inventoryId`, `quantity`, `price`) or the records written (deleted
 * lines as they were, lines already as asked too); a quote the write left short,
 * `quoteCannotConfirm`: check's message and the ways out of its confirmation (`commands`, as
 * `events confirm` refused has them; `commandsKnown: false` and none when they could not be read).
 */
export function bookingView(deps: Pick<BookDeps, 'calendar' | 'notices' | 'money'>, outcome: BookOutcome): View {
  const { planned, written } = outcome;
  const changes = bookingChanges(outcome);
  const catalog = () => deps.calendar.catalog;
  const names = plannedNames(planned);
  // Lines already as asked were each said before writing, or by the dry run (`… already has 2 × Tent …; nothing changed.`).
  const saidUnchanged = planned.plan.unchanged.length > 0;
  const short = outcome.quoteLeftShort;
  const quote = short ? { quoteCannotConfirm: { eventId: short.eventId, message: short.message, commands: (short.commands ?? []).map(({ kind, what, command }) => ({ kind, what, command })), commandsKnown: short.commands !== undefined } } : {};
  if (!written) {
    announce(planned, deps.notices, deps.money);
    const rows = planned.plan.writes.map((write) => lineRow(planned.target.id, write));
    return changesView(changes, { dryRun: true, json: { data: rows }, catalog, names, narrate: true, saidUnchanged });
  }
  const kept = planned.plan.unchanged.map((u) => u.booking.record);
  return changesView(changes, { dryRun: false, json: { data: [...kept, ...written.map((w) => w.record)], ...quote }, catalog, names, narrate: true, saidUnchanged });
}

/** How long the ways out of a quote's confirmation are searched for after its booking is written. */
const CONFIRM_WAYS_WAIT_MS = 3000;

/** `work`'s value, or undefined when it fails or takes longer than `ms` (its reads left to the end of the run, which closes them). */
async function withinTime<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A quote the written plan left short: every line of it judged against the firm holds the plan read
 * (no read), said in one line as `rentals check` says it; then the ways out of its confirmation
 * searched (the holds around its window: several reads), CONFIRM_WAYS_WAIT_MS at most, said on
 * stderr under a lead line (they may change lines the warning did not name), or that they could
 * not be read.
 */
async function quoteLeftShort(deps: Pick<BookDeps, 'advisor' | 'notices'>, event: CalendarEvent, planned: PlannedBookings): Promise<QuoteLeftShort | undefined> {
  const { target, plan, world } = planned;
  if (target.holdRule !== 'tentative' || plan.overbooked.length === 0 || !target.window || target.id === undefined) return undefined;
  const [id, window] = [target.id, target.window];
  const lines = finalLines(world.current, plan.writes);
  const judged = firmShortages(window, askedItems(lines, new Map(world.items)), world.others);
  const short = judged.length > 0 ? judged : plan.overbooked;
  const totals = totalsByItem(lines);
  const search = deps.advisor.waysOut(confirmNeeds({ id, window }, totals, short.map((s) => s.itemId))).then((ways) => deps.advisor.confirmWays({ id, blockId: target.blockId }, totals, ways));
  const found = await withinTime(search, CONFIRM_WAYS_WAIT_MS);
  if (found) deps.notices.warn(['Ways out of its confirmation (every short line):', ...wayOutLines(found.shown)].join('\n'));
  else deps.notices.warn(`warning: the ways out of its confirmation could not be read: run \`rentals events confirm ${id}\` to see them.`);
  return { eventId: id, message: cannotConfirmMessage(event, short), commands: found?.plain };
}

export interface BookEventRequest {
  event: string;
  asks: readonly ItemAsk[];
  /** One --item only: its unit price (default: the item's price for the event's rental block). */
  price?: Money;
  /** Short items split over their first free substitutes. */
  substitute: boolean;
  /** With `substitute`: the rest booked at the price agreed for the item it replaces, not the substitute's own. */
  keepPrice?: boolean;
  allowOverbook: boolean;
  dryRun: boolean;
}

/** The items of `refs` (among the event's lines first: line-items.ts), each once (by id and by name counts as twice: refused, or merged). */
async function distinctItems(deps: Pick<BookDeps, 'calendar'>, event: Promise<CalendarEvent>, refs: readonly string[], twice: 'refuse' | 'merge'): Promise<number[]> {
  const found = await itemsOnEventFirst(deps, event, refs, twice === 'merge' ? 'lines' : 'lines and items');
  const ids: number[] = [];
  for (const id of found) {
    if (!ids.includes(id)) ids.push(id);
    else if (twice === 'refuse') throw new UsageError(`--item: ${quotedName((await deps.calendar.item(`id:${id}`)).name)} is given twice`);
  }
  return ids;
}

/**
 * `events book`: each item set to its quantity on the event (one line each), judged together; a
 * quote left short is written, warned about, then (not for a dry run) the ways out `events confirm`
 * would give.
 */
export async function bookEvent(deps: BookDeps, request: BookEventRequest): Promise<View> {
  if (request.substitute && request.allowOverbook) throw new UsageError('--substitute books only what fits: give it or --allow-overbook, not both');
  if (request.keepPrice && !request.substitute) throw new UsageError('--keep-price keeps the agreed price for a substitute: give it with --substitute');
  const eventRead = deps.calendar.event(request.event);
  const [event, itemIds] = await Promise.all([eventRead, distinctItems(deps, eventRead, request.asks.map((a) => a.ref), 'refuse')]);
  const intents: BookingIntent[] = request.asks.map((ask, i) => ({ kind: 'set', itemId: itemIds[i]!, quantity: ask.quantity, price: request.price }));
  const split = request.substitute ? await substituted(deps, event, intents, { keepPrice: request.keepPrice === true, price: request.price }) : { intents, priceNotes: new Map<number, string>() };
  const outcome = await book(deps, deps.bookings.target(event), split.intents, { allowOverbook: request.allowOverbook, dryRun: request.dryRun, beforeWriting: (plan) => announce(plan, deps.notices, deps.money) });
  // Worked out once the lines are written: the write never waits on the search.
  const short = outcome.written ? await quoteLeftShort(deps, event, outcome.planned) : undefined;
  return bookingView(deps, { ...outcome, priceNotes: split.priceNotes, ...(short ? { quoteLeftShort: short } : {}) });
}

/**
 * The asks with the short ones split over their substitutes (--substitute), each split said on
 * stderr; with `keepPrice` the rest at the price agreed for the item it replaces (the --price
 * given, else its line on the event, else its price for the event's block). A substitute at its
 * own price that differs from the agreed one is said, with how to keep the agreed one (`priceNotes`).
 */
async function substituted(
  deps: Pick<BookDeps, 'calendar' | 'advisor' | 'notices' | 'money'>,
  event: CalendarEvent,
  intents: BookingIntent[],
  options: { keepPrice: boolean; price: Money | undefined },
): Promise<{ intents: BookingIntent[]; priceNotes: Map<number, string> }> {
  const priceNotes = new Map<number, string>();
  if (!event.window || event.cancelled) return { intents, priceNotes }; // the planner says why nothing can be booked
  const window = event.window;
  const needs = intents.flatMap((i) => (i.kind === 'set' ? [{ itemId: i.itemId, quantity: i.quantity, window }] : []));
  const [ways, lines, items, asked] = await Promise.all([deps.advisor.waysOut(needs, event.id), deps.calendar.bookings([event.id]), deps.calendar.items(), deps.calendar.prices(needs.map((n) => n.itemId))]);
  const onEvent = lines.get(event.id) ?? [];
  const agreedOnEvent = eventPrices(onEvent, asked, event.blockId);
  const agreed = (itemId: number) => options.price ?? agreedOnEvent(itemId);
  const split = substitute(intents, ways, totalsByItem(onEvent), options.keepPrice ? agreed : undefined);
  // The substitutes' own prices (read once per run: the planner reads them again from the cache).
  const own = await deps.calendar.prices(split.splits.flatMap((s) => (s.substitute ? [s.substitute.itemId] : [])));
  for (const s of split.splits) {
    const name = itemName(s.itemId, items);
    if (!s.substitute) {
      deps.notices.warn(`warning: --substitute: no substitute has room for the ${s.asked - Math.max(0, ways.find((w) => w.itemId === s.itemId)?.free ?? 0)} missing ${quotedName(name)}`);
      continue;
    }
    const sub = s.substitute;
    // A stand-in of the asked item's name (a second batch of it, say) is told apart by its id.
    const twins = sub.name.trim().toLowerCase() === name.trim().toLowerCase();
    const plain = (itemName: string, id: number) => (twins ? `${itemName} (item ${id})` : itemName);
    const quoted = (itemName: string, id: number) => plain(quotedName(itemName), id);
    const [askedName, subName] = [quoted(name, s.itemId), quoted(sub.name, sub.itemId)];
    const said =
      s.kept > 0
        ? `Substitute: ${s.kept} × ${askedName} and ${sub.quantity} × ${subName} for the ${s.asked} asked`
        : `Substitute: ${sub.quantity} × ${subName} instead of the ${s.asked} × ${askedName} asked`;
    if (s.price) {
      deps.notices.info(`${said}; the ${sub.quantity} × ${subName} at ${deps.money(s.price)}, the price agreed for ${askedName} (--keep-price).`);
      continue;
    }
    const itsOwn = eventPrices(onEvent, own, event.blockId)(sub.itemId);
    const kept = agreed(s.itemId);
    if (itsOwn && kept && compareMoney(itsOwn, kept) !== 0) {
      const note = `not the ${deps.money(kept)} agreed for ${plain(name, s.itemId)}: --keep-price books it at ${deps.money(kept)}`;
      priceNotes.set(sub.itemId, note);
      deps.notices.info(`${said}; ${subName} at its own price, ${deps.money(itsOwn)}, ${note}.`);
    } else deps.notices.info(`${said}.`);
  }
  return { intents: split.intents, priceNotes };
}

export interface UnbookRequest {
  event: string;
  /** Items by name or id: every line of each goes. */
  items: readonly string[];
  dryRun: boolean;
}

/** `events unbook`: every line of each item removed. */
export async function unbookEvent(deps: BookDeps, request: UnbookRequest): Promise<View> {
  const eventRead = deps.calendar.event(request.event);
  const [event, itemIds] = await Promise.all([eventRead, distinctItems(deps, eventRead, request.items, 'merge')]);
  const current = (await deps.calendar.bookings([event])).get(event.id) ?? [];
  const items = await deps.calendar.items();
  const notBooked = itemIds.filter((id) => !current.some((b) => b.itemId === id));
  if (notBooked.length > 0) {
    const names = notBooked.map((id) => quotedName(items.get(id)?.name ?? `item ${id}`));
    // The booking looked for is not there: not found (exit 4), as a name that matches nothing is.
    throw new NotFoundError(`${names.join(', ')} ${notBooked.length === 1 ? 'is' : 'are'} not booked on event ${event.id} ${quotedName(event.name)}; nothing was removed`, 404);
  }
  const intents: BookingIntent[] = itemIds.map((itemId) => ({ kind: 'remove', itemId }));
  return bookingView(deps, await book(deps, deps.bookings.target(event), intents, { allowOverbook: false, dryRun: request.dryRun }));
}
