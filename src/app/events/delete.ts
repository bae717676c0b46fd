// Use case: `events delete <event> --with-bookings`: the event's bookings deleted first, through the
// booking writer (every line of the event planned together), then the event through the event
// writer, judged with those bookings gone; one plan, shown by a dry run or written in one run, so
// one history entry that `rentals undo` puts back whole (the event under a new id, its bookings on
// it). When the event's delete fails after its bookings were deleted (a booking made meanwhile, a
// server that refuses), the error says which were deleted and that `rentals undo` puts them back.

import type { Address, ApiRecord } from '../../api/resource-api.js';
import { bookingsAddress } from '../../data/booking-writer.js';
import type { PlannedWrite } from '../../data/planned-write.js';
import type { Change } from '../../domain/changes.js';
import { readEvent } from '../../domain/records.js';
import type { RecordRef } from '../../domain/references.js';
import type { CalendarWrites } from '../ports.js';

/** An event's delete with its bookings: the plan, and how many bookings it deletes. */
export interface EventDeletePlan {
  planned: PlannedWrite;
  bookings: number;
}

/** The event's bookings, then the event: planned and judged before anything is sent. */
export async function planEventDelete(deps: Pick<CalendarWrites, 'calendar' | 'writers'>, at: Address, id: number): Promise<EventDeletePlan> {
  const { calendar, writers } = deps;
  // Every booking the service counts, a line that names no item too.
  const records = await calendar.catalog.list('bookings', id);
  const deletedFirst: RecordRef[] = records.map((record) => ({ resource: 'bookings', id: Number(record.id) }));
  const event = await writers.events.planDelete(at, id, { deletedFirst });
  if (records.length === 0) return { planned: event, bookings: 0 };
  const target = writers.bookings.target(readEvent(event.changes[0]!.before!, await calendar.statusNames()));
  const lines = (await calendar.bookings([id])).get(id) ?? [];
  const known = new Set(lines.map((line) => line.id));
  const planned = await writers.bookings.plan(target, lines.map((line) => ({ kind: 'delete-line' as const, bookingId: line.id })), { allowOverbook: false });
  const bookings = [writers.bookings.planned(planned)];
  // A line without an item is not the planner's: deleted alone.
  for (const record of records) if (!known.has(Number(record.id))) bookings.push(await writers.bookings.planDelete(bookingsAddress(id), Number(record.id)));
  const gone = async (): Promise<ApiRecord[]> => {
    // What a failed write left: the bookings planned that the event no longer has.
    calendar.catalog.forget('bookings', id);
    const now = new Set((await calendar.catalog.list('bookings', id)).map((record) => Number(record.id)));
    return records.filter((record) => !now.has(Number(record.id)));
  };
  return { planned: together(bookings, event, planned.world.items, gone), bookings: records.length };
}

/**
 * The bookings' plans, then the event's, as one plan. A failure after a booking was deleted says
 * which were (those written; when the bookings' own write failed part way, those the event no
 * longer has, read again) and that `rentals undo` puts them back: nothing half-done goes unsaid.
 */
function together(bookings: readonly PlannedWrite[], event: PlannedWrite, items: ReadonlyMap<number, { name: string }>, gone: () => Promise<ApiRecord[]>): PlannedWrite {
  return {
    changes: [...bookings.flatMap((plan) => plan.changes), ...event.changes],
    warnings: [...bookings.flatMap((plan) => plan.warnings), ...event.warnings],
    notes: [...bookings.flatMap((plan) => plan.notes), ...event.notes],
    write: async () => {
      const written: Change[] = [];
      try {
        for (const plan of bookings) written.push(...(await plan.write()));
      } catch (error) {
        if (error instanceof Error) error.message += `\n${await goneText(written, gone, items)}`;
        throw error;
      }
      try {
        return [...written, ...(await event.write())];
      } catch (error) {
        if (error instanceof Error) error.message += `\n${deletedBefore(written.map((change) => ({ id: change.id, before: change.before })), items)}`;
        throw error;
      }
    },
  };
}

/** The bookings deleted before the bookings' write failed, as far as they can be known. */
async function goneText(written: readonly Change[], gone: () => Promise<ApiRecord[]>, items: ReadonlyMap<number, { name: string }>): Promise<string> {
  const found = await gone().catch(() => undefined);
  if (found === undefined) return `The event was not deleted; some of its bookings may have been (rentals history shows which; rentals undo puts them back).`;
  const deleted = [...written.map((change) => ({ id: change.id, before: change.before })), ...found.filter((record) => !written.some((change) => change.id === Number(record.id))).map((record) => ({ id: Number(record.id), before: record }))];
  return deleted.length === 0 ? 'Nothing was deleted.' : deletedBefore(deleted, items);
}

function deletedBefore(deleted: ReadonlyArray<{ id: number | null; before: ApiRecord | null }>, items: ReadonlyMap<number, { name: string }>): string {
  const said = deleted.map((line) => `booking ${String(line.id)}${bookingText(line.before, items)}`);
  return `The event's bookings were deleted before: ${said.join(', ')}. The event stands; rentals undo puts its bookings back.`;
}

function bookingText(record: ApiRecord | null, items: ReadonlyMap<number, { name: string }>): string {
  if (!record) return '';
  const item = items.get(Number(record.inventoryId))?.name ?? `item ${String(record.inventoryId)}`;
  return ` (${String(record.quantity)} × ${item})`;
}
