// The items --item names for a command that acts on an event's lines (app/events/line-items.ts),
// in-process against the sandbox: a name several items have is the one on the event when only
// one of them is; an exact name is never overruled by a line's likeness; an unknown name is
// answered with the event's lines first.

import { describe, expect, test } from 'vitest';
import { itemsOnEventFirst } from '../../src/app/events/line-items.js';
import { NotFoundError, UsageError } from '../../src/errors.js';
import { aLine, anEvent, anItem, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();

async function named(call: ReturnType<typeof world>['call'], name: string): Promise<number> {
  const { id } = await anItem(call, 20);
  await call('PUT', `/v2/inventory/${id}`, { body: { id, name, quantityAvailable: 20, active: 1 } });
  return id;
}

describe('items named for an event', () => {
  test("a name two items have is the one on the event's lines; off the event it stays ambiguous", async () => {
    const w = world();
    const [off, on] = [await named(w.call, 'Lounge Sofa'), await named(w.call, 'Lounge Sofa')];
    const party = await anEvent(w.call, '2025-08-01T08:00:00', '2025-08-02T10:00:00');
    const other = await anEvent(w.call, '2025-08-03T08:00:00', '2025-08-04T10:00:00');
    await aLine(w.call, party.id, on, 2);
    const calendar = w.calendar;
    expect(await itemsOnEventFirst({ calendar }, calendar.event(String(party.id)), ['lounge sofa', `id:${off}`], 'lines')).toEqual([on, off]);
    await expect(itemsOnEventFirst({ calendar }, calendar.event(String(other.id)), ['Lounge Sofa'], 'lines')).rejects.toThrow(UsageError);
  });

  test('an exact name off the event is that item, not a line whose name is only alike', async () => {
    const w = world();
    const [exact, alike] = [await named(w.call, 'Tent-Large'), await named(w.call, 'Tent–Large')];
    const party = await anEvent(w.call, '2025-08-05T08:00:00', '2025-08-06T10:00:00');
    await aLine(w.call, party.id, alike, 1);
    expect(await itemsOnEventFirst({ calendar: w.calendar }, w.calendar.event(String(party.id)), ['Tent-Large'], 'lines')).toEqual([exact]);
  });

  test("an unknown name: the event's near lines first, then (for a command that may add a line) the other items; else its lines listed", async () => {
    const w = world();
    const [gold, white] = [await named(w.call, 'Gold Patio Bench'), await named(w.call, 'White Patio Bench')];
    const party = await anEvent(w.call, '2025-08-07T08:00:00', '2025-08-08T10:00:00');
    await aLine(w.call, party.id, white, 3);
    const failed = (refs: string[], suggest: 'lines' | 'lines and items') => itemsOnEventFirst({ calendar: w.calendar }, w.calendar.event(String(party.id)), refs, suggest).then(() => undefined, (error: unknown) => error as Error);
    const unbooking = await failed(['Bench'], 'lines');
    expect(unbooking).toBeInstanceOf(NotFoundError);
    expect(unbooking?.message).toBe(`--item: no inventory item is named "Bench"; did you mean "White Patio Bench" (id ${white}), booked on event ${party.id}?`);
    expect((await failed(['Bench'], 'lines and items'))?.message).toBe(`--item: no inventory item is named "Bench"; did you mean "White Patio Bench" (id ${white}), booked on event ${party.id}, or "Gold Patio Bench" (id ${gold})?`);
    expect((await failed(['Trampoline'], 'lines'))?.message).toBe(`--item: no inventory item is named "Trampoline"; booked on event ${party.id} "${party.name}": "White Patio Bench" (id ${white})`);
  });
});
