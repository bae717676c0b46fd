// The calendar's reads, over the run's catalog: events, items, the bookings of chosen events,
// the prices of chosen items. Each list is fetched once; only what a command shows is fetched
// (bookings only for the events in its range, prices only for the items it prices).

import type { ApiRecord } from '../api/resource-api.js';
import { type Catalog, findIn } from './catalog.js';
import { NameIndex, couldName } from './names.js';
import { boundHeapGrowth } from '../common/heap.js';
import { resources } from '../resources/definitions.js';
import {
  type BookingWithoutItem,
  type CalendarBooking,
  type CalendarEvent,
  type CalendarItem,
  readBookingLine,
  readEvent,
  readItem,
  readPrice,
  readStreamedItem,
} from '../domain/records.js';
import { type Holdings, holdsOf } from '../domain/holds.js';
import { type TurnaroundOf, type TurnaroundPolicy, longestTurnaround, resolveTurnaround } from '../domain/turnaround.js';
import { type Ask, askedItems } from '../domain/tentative-holds.js';
import type { HoldRule } from '../domain/hold-policy.js';
import { PriceTable } from '../domain/prices.js';
import { type Range, overlaps } from '../domain/wall-time.js';

/** The shop's turnaround (the settings) and where its problems are said (a name that matches nothing). */
export interface TurnaroundSetup {
  policy: TurnaroundPolicy;
  warn: (message: string) => void;
}

export interface CalendarReading {
  /**
   * A read-only command over one range (agenda, availability, timeline, check, reports): the
   * events list is streamed, keeping only the events in the range, and the items are kept without
   * their links; neither whole list is held (a decade of events, 300k items).
   */
  lean?: boolean;
}

export class CalendarData {
  private readonly derived = new WeakMap<ApiRecord[], unknown>();
  private readonly withoutItem = new Map<number, BookingWithoutItem>();
  /** lean: the events of each range asked for, as streamed. */
  private readonly eventsByRange = new Map<string, Promise<CalendarEvent[]>>();
  /** lean: the items as streamed (in id order), by id (built when asked), and their names (built when an item is named). */
  private streamedItems?: Promise<readonly CalendarItem[]>;
  private streamedById?: Promise<Map<number, CalendarItem>>;
  private itemNames?: Promise<NameIndex>;
  /** lean: the items named by --item, found in one streamed read (see item). */
  private namedItems?: { refs: Set<string>; found: Promise<Map<number, ApiRecord>> };

  private resolvedTurnaround?: Promise<TurnaroundOf | undefined>;

  /** `onLineWithoutItem`: told of each booking line that names no item, once, as it is read. `turnaround`: how long units stay held after a pickup. */
  constructor(
    readonly catalog: Catalog,
    private readonly onLineWithoutItem: (line: BookingWithoutItem) => void = () => undefined,
    private readonly reading: CalendarReading = {},
    private readonly turnaroundSetup?: TurnaroundSetup,
  ) {}

  /** The longest turnaround of any item (ms): how far before a range a pickup still holds units in it. */
  longestTurnaround(): number {
    return this.turnaroundSetup ? longestTurnaround(this.turnaroundSetup.policy) : 0;
  }

  /**
   * How long each item stays held after a pickup: the settings resolved against the items (and the
   * categories' names, read only when a rule names a category), once per run; its problems said once.
   */
  turnaround(): Promise<TurnaroundOf | undefined> {
    const setup = this.turnaroundSetup;
    if (!setup || this.longestTurnaround() === 0) return Promise.resolve(undefined);
    return (this.resolvedTurnaround ??= (async () => {
      const [items, categories] = await Promise.all([this.items(), setup.policy.categories.length > 0 ? this.categoryNames() : new Map<number, string>()]);
      const resolved = resolveTurnaround(setup.policy, items, categories);
      if (resolved.problems.length > 0) setup.warn(`warning: the turnaround settings: ${resolved.problems.join('; ')}`);
      return resolved.turnaroundOf;
    })());
  }

  /** The categories' names by id; none when the service cannot list them. */
  private async categoryNames(): Promise<Map<number, string>> {
    try {
      const index = await this.catalog.names('categories');
      return new Map(index.ids().map((id) => [id, index.label(id) ?? String(id)]));
    } catch {
      return new Map();
    }
  }

  /** Every event, read once, with its status's name (the event model needs it: a Cancelled status holds nothing). */
  async events(): Promise<CalendarEvent[]> {
    const [records, status] = await Promise.all([this.catalog.list('events'), this.statusNames()]);
    return this.derive(records, (list) => list.map((record) => readEvent(record, status)));
  }

  /** The name of a status by id, from the statuses list (read once). */
  async statusNames(): Promise<(id: number | undefined) => string | undefined> {
    const index = await this.catalog.names('statuses');
    return (id) => (id === undefined ? undefined : index.label(id));
  }

  /** Events whose window overlaps the range (cancelled ones too unless `active`), by dropoff then id. */
  async eventsIn(range: Range, options: { active?: boolean } = {}): Promise<CalendarEvent[]> {
    const wanted = (e: CalendarEvent): boolean => e.window !== undefined && overlaps(e.window, range) && !(options.active && e.cancelled);
    const key = `${range.from}/${range.to}/${options.active === true}`;
    // Streamed once, for the first range asked; a run that asks for more reads the list whole.
    if (this.reading.lean && !this.catalog.holds('events') && (this.eventsByRange.size === 0 || this.eventsByRange.has(key))) {
      let pending = this.eventsByRange.get(key);
      if (!pending) {
        pending = this.streamEvents(wanted);
        pending.catch(() => this.eventsByRange.delete(key));
        this.eventsByRange.set(key, pending);
      }
      return [...(await pending)];
    }
    return (await this.events()).filter(wanted).sort(byWindow);
  }

  /** The events list as it arrives, each read with its status and kept only when `wanted`. */
  private async streamEvents(wanted: (event: CalendarEvent) => boolean): Promise<CalendarEvent[]> {
    await boundHeapGrowth(); // a decade of events streams through
    const runs = this.catalog.scan('events')[Symbol.asyncIterator]();
    const first = runs.next(); // the events list is asked for beside the statuses, not after them
    first.catch(() => undefined);
    const status = await this.statusNames();
    const kept: CalendarEvent[] = [];
    for (let next = await first; !next.done; next = await runs.next()) {
      for (const record of next.value) {
        const event = readEvent(record, status);
        if (wanted(event)) kept.push(event);
      }
    }
    return kept.sort(byWindow);
  }

  /** The event `ref` names (a name or an id); `field`: what a message names it by (the argument, or a flag such as --event). */
  async event(ref: string, field = 'event'): Promise<CalendarEvent> {
    const [record, status] = await Promise.all([this.catalog.find('events', ref, field), this.statusNames()]);
    return readEvent(record, status);
  }

  async items(): Promise<Map<number, CalendarItem>> {
    if (this.reading.lean && !this.catalog.holds('inventory')) {
      return (this.streamedById ??= this.itemsInOrder().then(indexById));
    }
    return this.derive(await this.catalog.list('inventory'), (records) => new Map(records.map((r) => [Number(r.id), readItem(r)])));
  }

  /** Every item by id, ascending. Lean: as streamed, one array and no index by id (300k items: ~15 MB less than a Map). */
  async itemsInOrder(): Promise<readonly CalendarItem[]> {
    if (this.reading.lean && !this.catalog.holds('inventory')) return (this.streamedItems ??= this.streamItems());
    return [...(await this.items()).values()].sort(byId);
  }

  private async streamItems(): Promise<readonly CalendarItem[]> {
    await boundHeapGrowth(); // 300k items kept while their list streams through
    const items: CalendarItem[] = [];
    let ascending = true;
    for await (const run of this.catalog.scan('inventory')) {
      for (const record of run) {
        const item = readStreamedItem(record);
        if (items.length > 0 && item.id <= items[items.length - 1]!.id) ascending = false;
        items.push(item);
      }
    }
    return ascending ? items : uniqueById(items.sort(byId));
  }

  /**
   * The item an --item flag names (id or name). Lean, and no list held: the items named in the
   * same turn are found in one streamed read that keeps only the records they could name; a name
   * that matches none is looked up again among them all, for the message's nearest names.
   */
  async item(ref: string): Promise<CalendarItem> {
    if (!this.reading.lean || this.catalog.holds('inventory')) return readItem(await this.catalog.find('inventory', ref, '--item'));
    if (!this.streamedItems) {
      const named = (this.namedItems ??= this.scanNamed());
      named.refs.add(ref);
      const candidates = await named.found;
      const index = new NameIndex(resources.inventory, candidates.values());
      const found = await findIn(resources.inventory, ref, '--item', async () => index, async (id) => candidates.get(id)).catch(() => undefined);
      if (found) return readItem(found);
    }
    const items = await this.items();
    this.itemNames ??= Promise.resolve(new NameIndex(resources.inventory, [...items.values()].map((item) => item.record)));
    return findIn(resources.inventory, ref, '--item', () => this.itemNames!, async (id) => items.get(id));
  }

  /** One read of the inventory list for the refs asked in this turn: the records each could name, by id. */
  private scanNamed(): { refs: Set<string>; found: Promise<Map<number, ApiRecord>> } {
    const refs = new Set<string>();
    const found = (async () => {
      await Promise.resolve(); // the other refs of this turn join first
      const wanted = couldName(refs);
      const kept = new Map<number, ApiRecord>();
      for await (const run of this.catalog.scan('inventory')) {
        for (const { Links: _links, ...record } of run) {
          if (wanted(Number(record.id), record.name)) kept.set(Number(record.id), record);
        }
      }
      return kept;
    })();
    return { refs, found };
  }

  /** The bookings of these events, fetched over the pool (one request per event, once per run); `each` sees each event's as they arrive. */
  async bookings(events: Iterable<CalendarEvent | number>, each?: (bookings: CalendarBooking[]) => void): Promise<Map<number, CalendarBooking[]>> {
    const ids = [...events].map((e) => (typeof e === 'number' ? e : e.id));
    // Each event's bookings are read once, as its list arrives, for `each` and for the answer alike.
    const out = new Map<number, CalendarBooking[]>();
    await this.catalog.children('bookings', ids, (eventId, records) => {
      const bookings: CalendarBooking[] = [];
      for (const record of records) {
        const line = readBookingLine(record, eventId);
        if ('booking' in line) bookings.push(line.booking);
        else if (!this.withoutItem.has(line.withoutItem.id)) {
          this.withoutItem.set(line.withoutItem.id, line.withoutItem);
          this.onLineWithoutItem(line.withoutItem);
        }
      }
      out.set(eventId, bookings);
      each?.(bookings);
    });
    return new Map(ids.map((id) => [id, out.get(id)!]));
  }

  /** The booking lines read so far that name no item: they hold nothing, and `check` reports them. */
  linesWithoutItem(): BookingWithoutItem[] {
    return [...this.withoutItem.values()];
  }

  /** The prices of these items by item × block (one request per item, once per run). */
  async prices(itemIds: Iterable<number>): Promise<PriceTable> {
    const lists = await this.catalog.children('prices', itemIds);
    return new PriceTable([...lists].flatMap(([itemId, records]) => records.flatMap((r) => readPrice(r, itemId) ?? [])));
  }

  /**
   * What the other non-cancelled events overlapping `range` hold (never `exclude` itself); with
   * `ruleOf` (domain/hold-policy.ts holdRuleFor) quotes hold tentatively and `none` statuses not at all.
   * With a turnaround, each hold lasts that long past its pickup: the events that end that long
   * before the range are read too, and those that begin that long after it (a booking over `range`
   * needs its units through its own turnaround).
   */
  async holdings(range: Range, exclude?: number, ruleOf?: (event: CalendarEvent) => HoldRule): Promise<Holdings> {
    const reach = this.longestTurnaround();
    const read = reach > 0 ? { from: range.from - reach, to: range.to + reach } : range;
    const [events, turnaround] = await Promise.all([this.eventsIn(read, { active: true }).then((list) => list.filter((e) => e.id !== exclude)), this.turnaround()]);
    const bookings = await this.bookings(events);
    return { events: new Map(events.map((e) => [e.id, e])), bookings, byItem: holdsOf(events, bookings, ruleOf, turnaround), ...(turnaround ? { turnaround } : {}) };
  }

  /** holdings() from the server as it is now (a read-back after a write): nothing from this run's cache, the items' stock neither. */
  async holdingsNow(range: Range, exclude?: number, ruleOf?: (event: CalendarEvent) => HoldRule): Promise<Holdings> {
    this.forgetHolds();
    return this.holdings(range, exclude, ruleOf);
  }

  /** Forgets what this run read of the events, their lines and the items' stock: the next read is the server's as it is then. */
  forgetHolds(): void {
    this.catalog.forgetAll('events');
    this.catalog.forgetAll('bookings');
    this.catalog.forget('inventory');
  }

  /**
   * A writer's read-back, all read afresh at once: the others' holds over `range` and what the event
   * `eventId` asks for now (its lines by item, with each item's stock).
   */
  async askedNow(range: Range, eventId: number, ruleOf?: (event: CalendarEvent) => HoldRule): Promise<{ held: Holdings; asked: Ask[] }> {
    // holdingsNow forgets the lists before its first read, so the two reads after it are fresh too.
    const [held, items, lines] = await Promise.all([this.holdingsNow(range, eventId, ruleOf), this.items(), this.bookings([eventId])]);
    return { held, asked: askedItems(lines.get(eventId) ?? [], items) };
  }

  private derive<T>(records: ApiRecord[], build: (records: ApiRecord[]) => T): T {
    let value = this.derived.get(records) as T | undefined;
    if (value === undefined) {
      value = build(records);
      this.derived.set(records, value);
    }
    return value;
  }
}

/** Built item by item: no array of 300k [id, item] pairs on the way. */
function indexById(items: readonly CalendarItem[]): Map<number, CalendarItem> {
  const byItemId = new Map<number, CalendarItem>();
  for (const item of items) byItemId.set(item.id, item);
  return byItemId;
}

function byId(a: { id: number }, b: { id: number }): number {
  return a.id - b.id;
}

/** Sorted by id: the last of each id, as a Map of them would hold. */
function uniqueById(items: CalendarItem[]): CalendarItem[] {
  return items.filter((item, i) => items[i + 1]?.id !== item.id);
}

export function byWindow(a: CalendarEvent, b: CalendarEvent): number {
  return (a.window?.from ?? 0) - (b.window?.from ?? 0) || a.id - b.id;
}
