// The one write path of bookings: gathers what the planner (domain/booking-plan.ts) needs for an
// event, plans the whole request, and writes the planned lines through the validator. Every
// command that writes bookings comes here; the bulk engine plans its rows with the same planner
// (bulk/booking-rules.ts) and writes them through its runner.

import { validated } from '../schemas/validated.js';
import { ValidationError } from '../errors.js';
import type { HoldRule } from '../domain/hold-policy.js';
import type { CalendarEvent } from '../domain/records.js';
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
  planBookings,
} from '../domain/booking-plan.js';
import { emptyHoldings } from '../domain/holds.js';
import { moneyToNumber } from '../domain/money.js';
import { type ApiVersion, defaultVersion, resources } from '../resources/definitions.js';
import type { CalendarData } from './calendar.js';

export function bookingsAddress(eventId: number, version: ApiVersion = defaultVersion(resources.bookings)): Address {
  return { def: resources.bookings, version, parentId: eventId };
}

export interface PlannedBookings {
  target: BookingTarget;
  world: BookingWorld;
  plan: BookingPlan;
}

export interface WrittenLine {
  write: LineWrite;
  /** The record the server answered (a deleted line: the line as it was). */
  record: ApiRecord;
}

export class BookingWriter {
  constructor(
    private readonly calendar: CalendarData,
    private readonly api: () => ResourceApi,
    /** How each event holds (the holds setting); absent: every event firmly. */
    private readonly ruleOf?: (event: CalendarEvent) => HoldRule,
    /** Adds the ways out to a refusal for stock (data/shortage-advisor.ts); absent: the refusal as the planner says it. */
    private readonly advisor?: { advise: (refusal: ShortageRefused) => Promise<ShortageRefused> },
  ) {}

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
      blockLabel: blockId === undefined ? undefined : (blocks.label(blockId) ?? `rental block ${blockId}`),
    };
  }

  /** The whole request planned (and refused as a whole when a rule says no); nothing is sent. */
  async plan(target: BookingTarget, intents: readonly BookingIntent[], options: { allowOverbook: boolean }): Promise<PlannedBookings> {
    const world = await this.world(target, intents);
    try {
      return { target, world, plan: planBookings(world, intents, options) };
    } catch (error) {
      if (error instanceof ShortageRefused && this.advisor) throw await this.advisor.advise(error);
      throw error;
    }
  }

  /** Sends the planned writes in order (deletes first, so a line that moves never counts twice). */
  async write(eventId: number, plan: BookingPlan, version?: ApiVersion): Promise<WrittenLine[]> {
    const api = this.api();
    const at = bookingsAddress(eventId, version);
    const written: WrittenLine[] = [];
    const ordered = [...plan.writes.filter((w) => w.action === 'delete'), ...plan.writes.filter((w) => w.action !== 'delete')];
    // The event's lines before any is created: a line after a fault is this write's only if it is new.
    const before = ordered.some((w) => w.action === 'create') ? await BeforeCreate.note(api, at) : undefined;
    try {
      for (const write of ordered) {
        if (write.action === 'delete') {
          await api.remove(at, write.booking.id, write.booking.record).catch(async (error: unknown) => {
            throw await settleDelete(api, at, write.booking.id, error);
          });
          written.push({ write, record: write.booking.record });
          continue;
        }
        const body = { eventId, inventoryId: write.itemId, quantity: write.quantity, price: moneyToNumber(write.price) };
        const result =
          write.action === 'create'
            ? await create(api, at, await validated(resources.bookings, body, 'create'), before!)
            : await update(api, at, write.booking.id, await validated(resources.bookings, { id: write.booking.id, ...body }, 'update'), write.booking.record);
        if (write.action === 'create') before!.add(result.records[0]?.id);
        written.push({ write, record: result.records[0] ?? body });
      }
    } catch (error) {
      // The lines written before the failure stay written: say which, and which were not sent.
      // A body refused by the validator was never sent: it joins the lines not sent.
      const sent = !(error instanceof ValidationError);
      if (error instanceof Error && ordered.length > 1) error.message += `\n${progress(eventId, ordered, written.length, sent)}`;
      throw error;
    } finally {
      this.calendar.catalog.forget('bookings', eventId);
    }
    return written;
  }
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
function create(api: ResourceApi, at: Address, body: ValidBody, before: BeforeCreate) {
  return api.create(at, body).catch(async (error: unknown) => {
    throw await settleCreate(api, at, body, before, error);
  });
}

function update(api: ResourceApi, at: Address, id: number, body: ValidBody, before: ApiRecord) {
  return api.update(at, id, body, before).catch(async (error: unknown) => {
    throw await settleUpdate(api, at, id, body, error, before);
  });
}

/** `Event 12: written before the failure: delete line 40; not sent: create 2 × item 7.` */
function progress(eventId: number, ordered: readonly LineWrite[], done: number, failedWasSent: boolean): string {
  const say = (write: LineWrite) => {
    const row = lineRow(eventId, write);
    return write.action === 'delete' ? `delete line ${String(row.id)}` : `${write.action} ${String(row.quantity)} × item ${String(row.inventoryId)}`;
  };
  const before = ordered.slice(0, done).map(say);
  const after = ordered.slice(failedWasSent ? done + 1 : done).map(say);
  const failed = failedWasSent ? `; the failed one: ${say(ordered[done]!)}` : '';
  return `Event ${eventId}: written before the failure: ${before.length > 0 ? before.join(', ') : 'nothing'}${failed}; not sent: ${after.length > 0 ? after.join(', ') : 'nothing'}.`;
}
