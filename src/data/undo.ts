// `rentals undo`: a history entry's records put back, through the same rules as any write.
// 1. Every record is read as it is now; one that is not as the entry left it was changed since:
//    the whole undo is refused (stale), nothing written.
// 2. Newest record first: bookings go through the booking writer (the planner judges them: a line
//    that comes back must fit), an event put back that holds stock again (an undone cancel, dates
//    moved back) is checked against the firm holds over its window, other records are written
//    through the validator. A deleted record comes back as a new record; the bookings of the entry
//    that belonged to it come back on it.
// The undo's own writes are a history entry of their own, so an undo is undone like any write.

import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import type { HistoryEntry, HistoryRecord } from '../config/history.js';
import { type BookingIntent, ShortageRefused, refusalText, targetOf } from '../domain/booking-plan.js';
import type { HoldRule } from '../domain/hold-policy.js';
import { type CalendarEvent, readEvent } from '../domain/records.js';
import { addsHolds } from '../domain/event-change.js';
import { askedItems, firmShortages } from '../domain/tentative-holds.js';
import { type Difference, type UndoAction, describeDifference, differences, netChanges, undoAction } from '../domain/undo-steps.js';
import { parseMoney } from '../domain/money.js';
import { NotFoundError, RentalsError } from '../errors.js';
import { type ResourceName, defaultVersion, resources, writableFields } from '../resources/definitions.js';
import { validated } from '../schemas/validated.js';
import { readRecord } from '../schemas/values.js';
import type { BookingWriter } from './booking-writer.js';
import { type EventWriter, wholeRecord } from './event-writer.js';
import type { CalendarData } from './calendar.js';
import type { ShortageAdvisor } from './shortage-advisor.js';

export interface UndoStep {
  action: UndoAction;
  record: HistoryRecord;
  /** Where it is now (a parent brought back under a new id, by this undo or an earlier one). */
  parentId?: number;
  /** Set once written: the new id of a record brought back. */
  newId?: number;
}

/** Refused: records changed since the entry; nothing was undone. */
export class StaleEntryError extends RentalsError {}

export interface UndoDeps {
  api: () => ResourceApi;
  calendar: CalendarData;
  bookings: BookingWriter;
  events: EventWriter;
  advisor: ShortageAdvisor;
  ruleOf: (event: CalendarEvent) => HoldRule;
  /** The record that now stands for a deleted one brought back by an earlier undo (its id), if any. */
  renamed: (resource: string, id: number) => number;
  /** Told as each deleted record comes back under its new id (the history notes it). */
  broughtBack: (resource: string, from: number, to: number) => void;
}

const addressOf = (resource: string, parentId: number | undefined): Address => {
  const def = resources[resource as ResourceName];
  if (!def) throw new RentalsError(`the history names a resource this rentals does not know (${resource}); it cannot be undone`);
  return { def, version: defaultVersion(def), parentId };
};

export class Undoer {
  constructor(private readonly deps: UndoDeps) {}

  /** The steps, newest record first; refused as a whole (StaleEntryError) when any record changed since. */
  async plan(entry: HistoryEntry): Promise<UndoStep[]> {
    const steps = netChanges(entry.records).reverse().map((record) => {
      const parent = resources[record.resource as ResourceName]?.parent?.resource;
      const parentId = record.parentId === undefined || parent === undefined ? record.parentId : this.deps.renamed(parent, record.parentId);
      return { action: undoAction(record), record, ...(parentId === undefined ? {} : { parentId }) };
    });
    const stale: string[] = [];
    await Promise.all(
      steps.map(async (step) => {
        const found = differences(step.record, await this.current(step), writableFields(addressOf(step.record.resource, step.parentId).def).map((f) => f.name));
        if (found.length > 0) stale.push(staleLine(step, found));
      }),
    );
    if (stale.length > 0) {
      throw new StaleEntryError(`entry ${entry.id} cannot be undone: ${stale.length === 1 ? 'a record was' : `${stale.length} records were`} changed since (undoing would overwrite that):\n${stale.sort().join('\n')}\nNothing was undone.`);
    }
    return steps;
  }

  /**
   * The rules judged before anything is written (and by --dry-run): each event's lines as they would
   * come back, and each event put back. Lines of an event this undo brings back are judged when it is.
   */
  async judge(steps: readonly UndoStep[], options: { allowOverbook: boolean }): Promise<void> {
    const recreated = new Set(steps.filter((s) => s.record.resource === 'events' && s.action === 'recreate').map((s) => s.record.id));
    for (const group of groups(steps)) {
      const [first] = group;
      if (first!.record.resource === 'bookings' && !recreated.has(first!.record.parentId!)) {
        const event = await this.deps.calendar.event(String(first!.parentId));
        await this.deps.bookings.plan(targetOf(event, this.deps.ruleOf), bookingIntents(group), options);
      } else if (first!.record.resource === 'events' && first!.action === 'restore') await this.checkEventFits(first!, options);
    }
  }

  /** Writes the steps in order; each step's new id (a record brought back) is set on it. */
  async run(steps: UndoStep[], options: { allowOverbook: boolean }): Promise<UndoStep[]> {
    const newIds = new Map<string, number>();
    for (const group of groups(steps)) {
      const step = group[0]!;
      if (step.record.resource === 'bookings') {
        // The entry's lines of one event, judged together by the planner, as a booking command's are.
        await this.undoBookings(newIds.get(`events:${step.record.parentId}`) ?? step.parentId!, group, options);
        continue;
      }
      if (step.record.resource === 'events' && step.action === 'restore') await this.checkEventFits(step, options);
      await this.write(step, options);
      if (step.newId !== undefined) newIds.set(`${step.record.resource}:${step.record.id}`, step.newId);
    }
    return steps;
  }

  private async current(step: UndoStep): Promise<ApiRecord | null> {
    // A deleted record an earlier undo brought back is there again, under its new id: not to bring back twice.
    const id = this.deps.renamed(step.record.resource, step.record.id);
    try {
      return (await this.deps.api().get(addressOf(step.record.resource, step.parentId), id)).records[0] ?? null;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  private async undoBookings(eventId: number, group: UndoStep[], options: { allowOverbook: boolean }): Promise<void> {
    const event = await this.deps.calendar.event(String(eventId));
    const written = await this.deps.bookings.write(await this.deps.bookings.plan(this.deps.bookings.target(event), bookingIntents(group), options));
    // The lines that came back, in the order asked: their new ids.
    const created = written.filter((w) => w.write.action === 'create');
    group.filter((s) => s.action === 'recreate').forEach((step, index) => {
      const id = created[index]?.record.id;
      if (id === undefined) return;
      step.newId = Number(id);
      this.deps.broughtBack('bookings', step.record.id, step.newId);
    });
  }

  /** An event put back that holds stock (its cancel undone, its dates moved back) must fit against the firm holds. */
  private async checkEventFits(step: UndoStep, options: { allowOverbook: boolean }): Promise<void> {
    if (options.allowOverbook) return;
    const id = this.deps.renamed('events', step.record.id);
    const { calendar } = this.deps;
    const [status, lists, items, current] = await Promise.all([calendar.statusNames(), calendar.bookings([id]), calendar.items(), this.deps.events.read(id)]);
    const restored = readEvent({ ...step.record.before!, id }, status);
    const now = readEvent(current.record, status);
    // Only a change that makes it hold more must fit (a rename put back never does), as the event writer judges.
    if (!restored.window || this.deps.ruleOf(restored) !== 'firm' || !addsHolds({ before: now, after: restored, ruleBefore: this.deps.ruleOf(now), ruleAfter: this.deps.ruleOf(restored) })) return;
    const others = await calendar.holdings(restored.window, id, this.deps.ruleOf);
    const short = firmShortages(restored.window, askedItems(lists.get(id) ?? [], items), others);
    if (short.length === 0) return;
    const target = { ...targetOf(restored, this.deps.ruleOf), window: restored.window };
    const label = `${target.label} as the entry found it`;
    throw await this.deps.advisor.advise(new ShortageRefused(refusalText(label, restored.window, short), { ...target, label }, short));
  }

  private async write(step: UndoStep, options: { allowOverbook: boolean }): Promise<void> {
    const { record } = step;
    const at = addressOf(record.resource, step.parentId);
    const api = this.deps.api();
    const id = this.deps.renamed(record.resource, record.id);
    if (record.resource === 'events') {
      // Events through the one event writer: a cancel undone or dates moved back judged and read back.
      await this.writeEvent(step, id, options);
    } else if (step.action === 'delete') {
      await api.remove(at, id, { before: record.after! });
    } else {
      const values = readRecord(at.def.fields, record.before!);
      const body: Record<string, unknown> = {};
      for (const field of writableFields(at.def)) if (values[field.name] !== undefined) body[field.name] = values[field.name];
      if (at.def.parent && step.parentId !== undefined) body[at.def.parent.field] = step.parentId;
      if (step.action === 'restore') {
        await api.update(at, id, await validated(at.def, { ...body, id }, 'update'));
      } else {
        const created = await api.create(at, await validated(at.def, body, 'create'), { replaces: record.id });
        step.newId = Number(created.records[0]?.id);
        this.deps.broughtBack(record.resource, record.id, step.newId);
      }
    }
    if (record.resource === 'events') this.deps.calendar.catalog.forget('events');
    else this.deps.calendar.catalog.forget(record.resource as ResourceName, step.parentId);
  }

  private async writeEvent(step: UndoStep, id: number, options: { allowOverbook: boolean }): Promise<void> {
    const { record } = step;
    const { events } = this.deps;
    if (step.action === 'delete') {
      await events.remove(id, record.after!);
      return;
    }
    const body = wholeRecord({ ...record.before!, id });
    if (step.action === 'restore') {
      await events.write(await events.plan(await events.read(id), body, { allowOverbook: options.allowOverbook, verb: 'put back' }));
      return;
    }
    const { id: _id, ...fields } = body;
    step.newId = Number((await events.create(fields, record.id)).after.id);
  }
}

/** The steps in runs: consecutive booking lines of one event together, any other step alone. */
function groups(steps: readonly UndoStep[]): UndoStep[][] {
  const out: UndoStep[][] = [];
  for (const step of steps) {
    const last = out[out.length - 1]?.[0];
    if (last && step.record.resource === 'bookings' && last.record.resource === 'bookings' && last.record.parentId === step.record.parentId) out[out.length - 1]!.push(step);
    else out.push([step]);
  }
  return out;
}

/** A group of booking lines put back, as the planner's intents. */
function bookingIntents(group: readonly UndoStep[]): BookingIntent[] {
  return group.map(({ action, record }): BookingIntent => {
    if (action === 'delete') return { kind: 'delete-line', bookingId: record.id };
    const before = readRecord(resources.bookings.fields, record.before!);
    const line = { itemId: Number(before.inventoryId), quantity: Number(before.quantity), ...(before.price === undefined || before.price === null ? {} : { price: parseMoney(String(before.price)) }) };
    return action === 'restore' ? { kind: 'update-line', bookingId: record.id, ...line } : { kind: 'add-line', ...line };
  });
}

/** `  events 12: eventName is "B" now; the entry left "A"`. */
function staleLine(step: UndoStep, found: readonly Difference[]): string {
  const def = resources[step.record.resource as ResourceName];
  return `  ${def?.singular ?? step.record.resource} ${step.record.id}: ${found.map(describeDifference).join('; ')}`;
}
