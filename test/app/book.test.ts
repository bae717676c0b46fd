// The booking use cases (app/events/book.ts) in-process against the real booking writer: every
// item judged together before the first write, the changes answered (-o json's `data` as before),
// a dry run writing nothing, --substitute splitting a short item over its substitute.

import { describe, expect, test } from 'vitest';
import { type BookDeps, bookEvent, unbookEvent } from '../../src/app/events/book.js';
import { ShortageAdvisor } from '../../src/data/shortage-advisor.js';
import { ShortageRefused } from '../../src/domain/booking-plan.js';
import type { View } from '../../src/output/views.js';
import { aLine, anEvent, anItem, keptNotices, strict, writeWorldSuite } from '../helpers/app-context.js';
import { formatMoneyFixed } from '../../src/domain/money.js';

const world = writeWorldSuite();

function depsOf(alternatives: Array<{ item: string; alternatives: string[] }> = []) {
  const w = world();
  const notices = keptNotices();
  const advisor = new ShortageAdvisor(w.calendar, { alternatives: () => alternatives, now: w.now, warn: (text) => notices.warn(text) });
  return { w, notices, deps: strict<BookDeps>('deps', { calendar: w.calendar, bookings: w.writers.bookings, notices, advisor, money: formatMoneyFixed }) };
}

function shown(view: View) {
  if (view.kind !== 'changes') throw new Error(`a write answers with its changes, not ${view.kind}`);
  return view;
}

describe('events book', () => {
  test('two items booked together, each a change named by its item; the records written are the data', async () => {
    const { w, deps, notices } = depsOf();
    const [chairs, tables] = [await anItem(w.call, 50, 2.5), await anItem(w.call, 8, 12)];
    const party = await anEvent(w.call, '2025-07-10T08:00:00', '2025-07-11T10:00:00');
    const view = shown(await bookEvent(deps, { event: String(party.id), asks: [{ ref: chairs.name, quantity: 40 }, { ref: String(tables.id), quantity: 5 }], substitute: false, allowOverbook: false, dryRun: false }));
    expect(view.changes).toEqual([
      expect.objectContaining({ resource: 'bookings', parentId: party.id, name: chairs.name, before: null, after: expect.objectContaining({ quantity: 40, price: 2.5 }) }),
      expect.objectContaining({ resource: 'bookings', parentId: party.id, name: tables.name, before: null, after: expect.objectContaining({ quantity: 5, price: 12 }) }),
    ]);
    expect(view.json).toEqual({ data: [expect.objectContaining({ inventoryId: chairs.id, quantity: 40 }), expect.objectContaining({ inventoryId: tables.id, quantity: 5 })] });
    // Where each price came from is in the change, for people; nothing is said twice on stderr.
    expect(view.changes.map((c) => c.note)).toEqual([expect.stringMatching(/ price$/), expect.stringMatching(/ price$/)]);
    expect(notices.infos).toEqual([]);
    expect(w.recorded).toHaveLength(2);
  });

  test('a dry run: the same plan, nothing written; refused whole when one item is short', async () => {
    const { w, deps } = depsOf();
    const [lamps, tents] = [await anItem(w.call, 10), await anItem(w.call, 1)];
    const party = await anEvent(w.call, '2025-07-12T08:00:00', '2025-07-13T10:00:00');
    const view = shown(await bookEvent(deps, { event: String(party.id), asks: [{ ref: lamps.name, quantity: 4 }], substitute: false, allowOverbook: false, dryRun: true }));
    expect(view).toMatchObject({ dryRun: true, changes: [{ id: null, before: null, after: { quantity: 4 } }], json: { data: [{ action: 'create', id: null, quantity: 4 }] } });
    await expect(bookEvent(deps, { event: String(party.id), asks: [{ ref: lamps.name, quantity: 4 }, { ref: tents.name, quantity: 2 }], substitute: false, allowOverbook: false, dryRun: false })).rejects.toThrow(ShortageRefused);
    expect(w.recorded).toEqual([]);
  });

  test('--substitute: what is free of a short item, the rest on its substitute', async () => {
    const w = world();
    const [uplight, par] = [(await anItem(w.call, 3)).name, (await anItem(w.call, 10)).name];
    const { deps, notices } = depsOf([{ item: uplight, alternatives: [par] }]);
    const party = await anEvent(w.call, '2025-07-14T08:00:00', '2025-07-15T10:00:00');
    const view = shown(await bookEvent(deps, { event: String(party.id), asks: [{ ref: uplight, quantity: 5 }], substitute: true, allowOverbook: false, dryRun: true }));
    expect(view.changes.map((c) => [c.name, c.after?.quantity])).toEqual([
      [uplight, 3],
      [par, 2],
    ]);
    expect(notices.infos).toContain(`Substitute: 3 × "${uplight}" and 2 × "${par}" for the 5 asked.`);
    await expect(bookEvent(deps, { event: String(party.id), asks: [{ ref: uplight, quantity: 5 }], substitute: true, allowOverbook: true, dryRun: true })).rejects.toThrow(/--substitute books only what fits/);
  });

  test('--substitute with a stand-in of the same name (a second batch): each told apart by its id', async () => {
    const w = world();
    const first = await anItem(w.call, 3, 10);
    const second = (await w.call('POST', '/v2/inventory', { body: { name: first.name, quantityAvailable: 10, active: 1 } })).json.data[0]!;
    await w.call('POST', `/v1/inventory/${second.id}/pricing`, { body: { inventoryId: second.id, rentalBlockId: 1, price: 12 } });
    const { deps, notices } = depsOf([{ item: String(first.id), alternatives: [String(second.id)] }]);
    const party = await anEvent(w.call, '2025-07-16T08:00:00', '2025-07-17T10:00:00');
    shown(await bookEvent(deps, { event: String(party.id), asks: [{ ref: String(first.id), quantity: 5 }], substitute: true, allowOverbook: false, dryRun: true }));
    const [a, b] = [`"${first.name}" (item ${first.id})`, `"${first.name}" (item ${second.id})`];
    expect(notices.infos).toContain(`Substitute: 3 × ${a} and 2 × ${b} for the 5 asked; ${b} at its own price, 12.00, not the 10.00 agreed for ${first.name} (item ${first.id}): --keep-price books it at 10.00.`);
  });
});

describe('events book --substitute --keep-price', () => {
  test('a split that no longer fits (its substitute taken since its room was read) is refused whole: nothing left written', async () => {
    const w = world();
    const [uplight, par] = [await anItem(w.call, 3, 20), await anItem(w.call, 10, 35)];
    const { deps } = depsOf([{ item: uplight.name, alternatives: [par.name] }]);
    const party = await anEvent(w.call, '2025-07-18T08:00:00', '2025-07-19T10:00:00');
    const rival = await anEvent(w.call, '2025-07-18T08:00:00', '2025-07-19T10:00:00');
    // Another booking takes 9 of the 10 Par lights once their room is read.
    const advisor = { ...deps.advisor, waysOut: async (...args: Parameters<BookDeps['advisor']['waysOut']>) => {
      const ways = await deps.advisor.waysOut(...args);
      await aLine(w.call, rival.id, par.id, 9);
      return ways;
    } } as BookDeps['advisor'];
    const ask = { event: String(party.id), asks: [{ ref: uplight.name, quantity: 5 }], substitute: true, keepPrice: true, allowOverbook: false, dryRun: false };
    // Written, read back short, backed out and planned again: refused, the substitute at the agreed price in what was asked.
    const refusal = await bookEvent(strict<BookDeps>('deps', { ...deps, advisor }), ask).then(() => undefined, (error: unknown) => error);
    expect(refusal).toBeInstanceOf(ShortageRefused);
    expect((refusal as ShortageRefused).message).toMatch(/not enough units for .*\n[\s\S]*Nothing was written/);
    expect((refusal as ShortageRefused).parts.asks).toContainEqual(expect.objectContaining({ itemId: par.id, quantity: 2, price: { units: 20n, scale: 0 } }));
    expect((await w.call('GET', `/v1/events/${party.id}/inventory`)).json.data).toEqual([]);
  });
});

describe('events unbook', () => {
  test('every line of the item deleted, each a change; an item not booked is not found (exit 4), nothing written', async () => {
    const { w, deps } = depsOf();
    const crates = await anItem(w.call, 9);
    const fair = await anEvent(w.call, '2025-07-16T08:00:00', '2025-07-17T10:00:00');
    const [first, second] = [await aLine(w.call, fair.id, crates.id, 2), await aLine(w.call, fair.id, crates.id, 1)];
    const view = shown(await unbookEvent(deps, { event: String(fair.id), items: [crates.name], dryRun: false }));
    expect(view.changes.map((c) => [c.id, c.after])).toEqual([
      [first, null],
      [second, null],
    ]);
    // The booking looked for is not there: not found, the message kept.
    const missing = unbookEvent(deps, { event: String(fair.id), items: [crates.name], dryRun: false });
    await expect(missing).rejects.toThrow(`"${crates.name}" is not booked on event ${fair.id} "${fair.name}"; nothing was removed`);
    await expect(missing).rejects.toMatchObject({ exitCode: 4 });
    expect(w.recorded).toHaveLength(2);
  });
});
