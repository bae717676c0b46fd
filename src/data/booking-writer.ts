// The one write path of bookings: gathers what the planner (domain/booking-plan.ts) needs for an
// event, plans the whole request, and writes the planned lines through the validator. Every
// command that writes bookings comes here; the bulk engine judges its rows with the same planner
// (bulk/judge.ts) and writes them through the row writes (row-writes.ts). A write that adds firm
// holds is read back and backed out when a concurrent write took the units (race-guard.ts).

import { validated } from '../schemas/validated.js';
import { InterruptedError, UsageError, ValidationError } from '../errors.js';
import type { HoldRule } from '../domain/hold-policy.js';
import { type CalendarBooking, type CalendarEvent, totalsByItem } from '../domain/records.js';
import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import { BeforeCreate, settleCreate, settleDelete, settleUpdate } from '../api/unknown-outcome.js';
import type { ValidBody } from '../schemas/valid-body.js';
import {
  type BookingIntent,
  type BookingPlan,
  type BookingTarget,
  type BookingWorld,
  type LineWrite,
  ShortageRefused,
  finalLines,
  planBookings,
  targetOf,
} from '../domain/booking-plan.js';
import type { Change } from '../domain/changes.js';
import { type Holdings, emptyHoldings, holdsOf } from '../domain/holds.js';
import { type Money, type MoneyText, moneyToNumber, parseMoney } from '../domain/money.js';
import { firmShortages } from '../domain/tentative-holds.js';
import { writeGrant } from '../api/write-grant.js';
import { announcement } from '../output/booking-notices.js';
import { type ApiVersion, type BodyOf, type FieldName, defaultVersion, resources } from '../resources/definitions.js';
import type { CalendarData } from './calendar.js';
import { type PlannedRequest, type PlannedWrite, type RecordWrites, type WriteChoices, readForWrite } from './planned-write.js';
import { writeGuarded } from './race-guard.js';
import { RecordRequests } from './record-writer.js';

export function bookingsAddress(eventId: number, version: ApiVersion = defaultVersion(resources.bookings)): Address {
  return { def: resources.bookings, version, parentId: eventId };
}

export interface PlannedBookings {
  target: BookingTarget;
  world: BookingWorld;
  plan: BookingPlan;
  /** What was asked, to plan again after backing out of a lost race. */
  intents: readonly BookingIntent[];
  options: { allowOverbook: boolean };
  /** Asked before each line write is sent (undo: the line still as the entry left it?): false leaves it unsent. */
  guard?: LineGuard;
}

/** What a caller checks or notes immediately before each line write is sent. */
export interface LineGuard {
  /** True: send it; false: leave it unsent (it is not one of the writes then). A throw stops the writes there. */
  before(write: LineWrite): Promise<boolean>;
}

export interface WrittenLine {
  write: LineWrite;
  /** The record the server answered (a deleted line: the line as it was). */
  record: ApiRecord;
  /** The line before the write (undefined for a create) and after it (undefined for a delete). */
  before: ApiRecord | undefined;
  after: ApiRecord | undefined;
}

export class BookingWriter implements RecordWrites {
  readonly resource = 'bookings';

  constructor(
    private readonly calendar: CalendarData,
    private readonly api: () => ResourceApi,
    /** How each event holds (the holds setting); absent: every event firmly. */
    private readonly ruleOf?: (event: CalendarEvent) => HoldRule,
    /** Adds the ways out to a refusal for stock (data/shortage-advisor.ts); absent: the refusal as the planner says it. */
    private readonly advisor?: { advise: (refusal: ShortageRefused) => Promise<ShortageRefused> },
    /** The wait before a second try after a lost race (tests: none). */
    private readonly pause?: () => Promise<void>,
    /** How an amount is shown to a person in what a plan says (absent: the plain decimal). */
    private readonly money?: MoneyText,
  ) {}

  /** The event as the planner sees it, holding by this writer's rule (the shop's and the run's, the stricter). */
  target(event: CalendarEvent): BookingTarget {
    return targetOf(event, this.ruleOf);
  }

  /** What the planner sees of `target`: its lines, the other events' holds over its window, items, block prices. */
  async world(target: BookingTarget, intents: readonly BookingIntent[]): Promise<BookingWorld> {
    const [current, others, items, blocks] = await Promise.all([
      target.id === undefined ? [] : this.calendar.bookings([target.id]).then((lists) => lists.get(target.id!) ?? []),
      target.window ? this.calendar.holdings(target.window, target.id, this.ruleOf) : emptyHoldings(),
      this.calendar.items(),
      this.calendar.catalog.names('rentalBlocks'),
    ]);
    // The items whose price may be needed: those asked by id, and those of the lines changed by id.
    const itemIds = new Set<number>();
    for (const intent of intents) {
      if ('itemId' in intent && intent.itemId !== undefined) itemIds.add(intent.itemId);
      if (intent.kind === 'update-line') {
        const line = current.find((b) => b.id === intent.bookingId);
        if (line) itemIds.add(line.itemId);
      }
    }
    const prices = await this.calendar.prices(itemIds);
    const blockId = target.blockId;
    return {
      target,
      current,
      others,
      items,
      blockPrice: (itemId) => (blockId === undefined ? undefined : prices.get(itemId, blockId)?.price),
      blockPrices: (itemId) => (blockId === undefined ? [] : prices.all(itemId, blockId)),
      blockLabel: blockId === undefined ? undefined : (blocks.label(blockId) ?? `rental block ${blockId}`),
    };
  }

  /** The whole request planned (and refused as a whole when a rule says no); nothing is sent. */
  async plan(target: BookingTarget, intents: readonly BookingIntent[], options: { allowOverbook: boolean }): Promise<PlannedBookings> {
    const world = await this.world(target, intents);
    try {
      return { target, world, plan: planBookings(world, intents, options), intents, options };
    } catch (error) {
      if (error instanceof ShortageRefused && this.advisor) throw await this.advisor.advise(error);
      throw error;
    }
  }

  /**
   * Sends the planned writes to the target (its id set: a copy is created first). When they add
   * firm holds, reads back the holds over the window: short → backs out, plans again after a pause,
   * and writes once more, or throws LostRace. Returns the writes of the try that stayed.
   */
  async write(planned: PlannedBookings, version?: ApiVersion): Promise<WrittenLine[]> {
    const eventId = planned.target.id;
    if (eventId === undefined) throw new Error('bookings are written to an event that exists');
    let current = planned;
    return writeGuarded({
      label: `the bookings of ${planned.target.label}`,
      pause: this.pause,
      forgetHolds: () => this.calendar.forgetHolds(),
      eventId: eventId,
      history: this.api(),
      attempt: async (again) => {
        if (again) current = { ...(await this.plan(planned.target, planned.intents, planned.options)), ...(planned.guard ? { guard: planned.guard } : {}) };
        const written = await this.send(eventId, current.plan, version, current.guard);
        return { written, guarded: !current.options.allowOverbook && current.target.holdRule !== 'tentative' && grows(current) };
      },
      shortagesNow: async (written) => {
        const window = current.target.window!;
        const { held, asked } = await this.calendar.askedNow(window, eventId, this.ruleOf);
        const grown = new Set(grownItems(current));
        return firmShortages(window, asked.filter((ask) => grown.has(ask.itemId)), this.createdBefore(held, written));
      },
      backOut: (written) => this.backOut(eventId, written, version),
    });
  }

  /**
   * The holds a new line is judged against once written: of an item this write added lines of,
   * only the other events' lines created before its own (the service numbers lines in the order
   * it creates them). Of two new lines that overbook together, the later one sees the earlier and
   * backs out while the earlier one stays: one winner, never two (race-guard.ts). An item grown
   * by changing an existing line (its id tells nothing of when) is judged against every hold.
   */
  private createdBefore(held: Holdings, written: readonly WrittenLine[]): Holdings {
    const cutoff = new Map<number, number>();
    for (const { write, after } of written) {
      if (write.action !== 'create') continue;
      const id = Number(after?.id);
      if (Number.isInteger(id)) cutoff.set(write.itemId, Math.max(id, cutoff.get(write.itemId) ?? 0));
    }
    if (cutoff.size === 0) return held;
    const bookings = new Map<number, CalendarBooking[]>();
    for (const [eventId, lines] of held.bookings) bookings.set(eventId, lines.filter((line) => line.id < (cutoff.get(line.itemId) ?? Infinity)));
    return { ...held, bookings, byItem: holdsOf(held.events.values(), bookings, this.ruleOf, held.turnaround) };
  }

  /** A plan of the booking planner as every writer answers: the line writes as changes, its warnings and notes, the write. */
  planned(planned: PlannedBookings, version?: ApiVersion): PlannedWrite {
    const eventId = planned.target.id;
    const { warnings, notes } = announcement(planned, this.money);
    const writes = planned.plan.writes;
    const items = planned.world.items;
    return {
      changes: writes.map((write) => namedLine(lineChange(eventId, write), items)),
      warnings,
      notes,
      request: writes.length === 1 ? lineRequest(eventId, writes[0]!, version) : undefined,
      write: async () => (await this.write(planned, version)).map((line) => namedLine(writtenChange(eventId!, line), items)),
    };
  }

  /** The event of a line write (its parent), as the planner sees it. */
  private async targetFor(at: Address): Promise<BookingTarget> {
    if (at.parentId === undefined) throw new UsageError('bookings belong to an event: --event-id <id> is required');
    return this.target(await this.calendar.event(String(at.parentId)));
  }

  /** One more line on the event (`bookings add`), judged with all its lines by the planner; its price from the block when none is given. */
  async planCreate(at: Address, body: BodyOf<'bookings'>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    // Every rule of the validator first (required fields, limits); the price may come from the block.
    await validated(resources.bookings, { ...body, price: body.price ?? 0 }, 'create');
    const itemId = count(body.inventoryId, 'inventoryId')!;
    const quantity = count(body.quantity, 'quantity')!;
    const target = await this.targetFor(at);
    return this.planned(await this.plan(target, [{ kind: 'add-line', itemId, quantity, price: money(body.price) }], { allowOverbook: choices.allowOverbook === true }), at.version);
  }

  /** One line changed (`bookings update`), judged with all the event's lines by the planner. */
  async planUpdate(at: Address, bookingId: number, changes: BodyOf<'bookings'>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    const target = await this.targetFor(at);
    const intent: BookingIntent = { kind: 'update-line', bookingId, itemId: count(changes.inventoryId, 'inventoryId'), quantity: count(changes.quantity, 'quantity'), price: money(changes.price) };
    return this.planned(await this.plan(target, [intent], { allowOverbook: choices.allowOverbook === true }), at.version);
  }

  /** Deletes one line (it holds less: never refused); a lost answer is looked up. */
  async planDelete(at: Address, id: number): Promise<PlannedWrite> {
    const requests = new RecordRequests(this.api, this.calendar.catalog);
    const before = await readForWrite(this.api(), at, id);
    const change: Change = { resource: 'bookings', ...(at.parentId === undefined ? {} : { parentId: at.parentId }), id, before, after: null };
    return {
      changes: [change],
      warnings: [],
      notes: [],
      request: { method: 'DELETE', at, id },
      write: async () => {
        await requests.remove(at, id, before);
        return [change];
      },
    };
  }

  /** Puts every line written back as it was (a created line deleted, a changed one restored, a deleted one made again). */
  private async backOut(eventId: number, written: readonly WrittenLine[], version?: ApiVersion): Promise<void> {
    const api = this.api();
    const at = bookingsAddress(eventId, version);
    try {
      for (const { write, after } of [...written].reverse()) {
        if (write.action === 'create') await api.remove(at, Number(after?.id), { grant: writeGrant, before: after });
        else {
          const line = write.booking;
          const body = { eventId, inventoryId: line.itemId, quantity: line.quantity, price: line.price === undefined ? 0 : moneyToNumber(line.price) };
          if (write.action === 'update') await api.update(at, line.id, await validated(resources.bookings, { id: line.id, ...body }, 'update'), { grant: writeGrant });
          else await api.create(at, await validated(resources.bookings, body, 'create'), { grant: writeGrant, replaces: line.id });
        }
      }
    } finally {
      this.calendar.catalog.forget('bookings', eventId);
    }
  }

  /** Sends the planned writes in order (deletes first, so a line that moves never counts twice); `guard` asked before each. */
  private async send(eventId: number, plan: BookingPlan, version?: ApiVersion, guard?: LineGuard): Promise<WrittenLine[]> {
    const api = this.api();
    const at = bookingsAddress(eventId, version);
    const written: WrittenLine[] = [];
    const unsent = new Set<LineWrite>();
    const ordered = [...plan.writes.filter((w) => w.action === 'delete'), ...plan.writes.filter((w) => w.action !== 'delete')];
    // The event's lines before any is created: a line after a fault is this write's only if it is new.
    const before = ordered.some((w) => w.action === 'create') ? await BeforeCreate.note(api, at) : undefined;
    let index = 0;
    try {
      for (; index < ordered.length; index++) {
        const write = ordered[index]!;
        if (guard && !(await guard.before(write))) {
          unsent.add(write);
          continue;
        }
        if (write.action === 'delete') {
          await api.remove(at, write.booking.id, { grant: writeGrant, before: write.booking.record }).catch(async (error: unknown) => {
            throw await settleDelete(api, at, write.booking.id, error, write.booking.record);
          });
          written.push({ write, record: write.booking.record, before: write.booking.record, after: undefined });
          continue;
        }
        const body = { eventId, inventoryId: write.itemId, quantity: write.quantity, price: moneyToNumber(write.price) };
        const result =
          write.action === 'create'
            ? await create(api, at, await validated(resources.bookings, body, 'create'), before!, write.replaces)
            : await update(api, at, write.booking.id, await validated(resources.bookings, { id: write.booking.id, ...body }, 'update'), write.booking.record);
        if (write.action === 'create') before!.add(result.records[0]?.id);
        const record = result.records[0] ?? body;
        written.push({ write, record, before: write.action === 'update' ? write.booking.record : undefined, after: record });
      }
    } catch (error) {
      // The lines written before the failure stay written: say which, and which were not sent.
      // A body refused by the validator was never sent: it joins the lines not sent.
      const sent = !(error instanceof ValidationError) && !(error instanceof InterruptedError) && index < ordered.length;
      if (error instanceof Error && ordered.length > 1) error.message += `\n${progress(eventId, ordered, index, sent, unsent)}`;
      throw error;
    } finally {
      this.calendar.catalog.forget('bookings', eventId);
    }
    return written;
  }
}

/** A line write as a planned change of the event's bookings. */
export function lineChange(eventId: number | undefined, write: LineWrite): Change {
  const parent = eventId === undefined ? {} : { parentId: eventId };
  if (write.action === 'delete') return { resource: 'bookings', ...parent, id: write.booking.id, before: write.booking.record, after: null };
  const values = { eventId: eventId ?? null, inventoryId: write.itemId, quantity: write.quantity, price: moneyToNumber(write.price) };
  if (write.action === 'create') return { resource: 'bookings', ...parent, id: null, before: null, after: values };
  return { resource: 'bookings', ...parent, id: write.booking.id, before: write.booking.record, after: { ...write.booking.record, ...values, id: write.booking.id } };
}

export function writtenChange(eventId: number, line: WrittenLine): Change {
  const id = Number((line.after ?? line.before ?? line.record).id);
  return { resource: 'bookings', parentId: eventId, id, before: line.before ?? null, after: line.after ?? null };
}

/** A line's change named by its item, as people call it. */
export function namedLine(change: Change, items: ReadonlyMap<number, { name: string }>): Change {
  const item = items.get(Number((change.after ?? change.before)?.inventoryId));
  return item ? { ...change, name: item.name } : change;
}

/** The one request of a plan of one line write (a dry run of `bookings add` and `update` shows it). */
function lineRequest(eventId: number | undefined, write: LineWrite, version?: ApiVersion): PlannedRequest | undefined {
  if (eventId === undefined) return undefined;
  const at = bookingsAddress(eventId, version);
  if (write.action === 'delete') return { method: 'DELETE', at, id: write.booking.id };
  const { action: _action, id, ...body } = lineRow(eventId, write);
  return write.action === 'create' ? { method: 'POST', at, body } : { method: 'PUT', at, id: Number(id), body: { id, ...body } };
}

function count(value: unknown, field: FieldName<'bookings'>): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${field}: must be a whole number ≥ 0 (got ${JSON.stringify(value)})`);
  return n;
}

function money(value: unknown): Money | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return parseMoney(typeof value === 'number' ? value : String(value));
}

/** A line write as a row: what `--dry-run` shows and what a write returns. */
export function lineRow(eventId: number | undefined, write: LineWrite): Record<string, unknown> {
  if (write.action === 'delete') {
    return { action: 'delete', id: write.booking.id, eventId: eventId ?? null, inventoryId: write.booking.itemId, quantity: write.booking.quantity, price: write.booking.price === undefined ? null : moneyToNumber(write.booking.price) };
  }
  return {
    action: write.action,
    id: write.action === 'update' ? write.booking.id : null,
    eventId: eventId ?? null,
    inventoryId: write.itemId,
    quantity: write.quantity,
    price: moneyToNumber(write.price),
  };
}

// A line write whose outcome is unknown (a 5xx, a dropped connection after sending) is looked up:
// the error then says whether it was applied (api/unknown-outcome.ts), as `bookings add` does.
function create(api: ResourceApi, at: Address, body: ValidBody, before: BeforeCreate, replaces?: number) {
  return api.create(at, body, { grant: writeGrant, ...(replaces === undefined ? {} : { replaces }) }).catch(async (error: unknown) => {
    throw await settleCreate(api, at, body, before, error, replaces);
  });
}

function update(api: ResourceApi, at: Address, id: number, body: ValidBody, before: ApiRecord) {
  return api.update(at, id, body, { grant: writeGrant, before }).catch(async (error: unknown) => {
    throw await settleUpdate(api, at, id, body, error, before);
  });
}

/** The items whose total on the event the plan raises. */
function grownItems(planned: PlannedBookings): number[] {
  const before = totalsByItem(planned.world.current);
  const after = totalsByItem(finalLines(planned.world.current, planned.plan.writes));
  return [...after].filter(([itemId, quantity]) => quantity > (before.get(itemId) ?? 0)).map(([itemId]) => itemId);
}

function grows(planned: PlannedBookings): boolean {
  return planned.target.window !== undefined && grownItems(planned).length > 0;
}

/** `Event 12: written before it stopped: delete line 40; not sent: create 2 × item 7.` (`unsent`: left unsent by the guard). */
function progress(eventId: number, ordered: readonly LineWrite[], done: number, failedWasSent: boolean, unsent: ReadonlySet<LineWrite>): string {
  const say = (write: LineWrite) => {
    const row = lineRow(eventId, write);
    return write.action === 'delete' ? `delete line ${String(row.id)}` : `${write.action} ${String(row.quantity)} × item ${String(row.inventoryId)}`;
  };
  const before = ordered.slice(0, done).filter((write) => !unsent.has(write)).map(say);
  const after = [...ordered.slice(failedWasSent ? done + 1 : done), ...ordered.slice(0, done).filter((write) => unsent.has(write))].map(say);
  const failed = failedWasSent ? `; the failed one: ${say(ordered[done]!)}` : '';
  return `Event ${eventId}: written before it stopped: ${before.length > 0 ? before.join(', ') : 'nothing'}${failed}; not sent: ${after.length > 0 ? after.join(', ') : 'nothing'}.`;
}
