import { describe, expect, it } from 'vitest';
import { readAlternatives } from '../../src/domain/alternatives.js';
import { resolveAlternatives, standIns } from '../../src/domain/stand-ins.js';
import { readEvent, readItem } from '../../src/domain/records.js';
import type { Hold } from '../../src/domain/sweep.js';
import { substitute } from '../../src/domain/substitution.js';
import { overbookingNeed, waysOut } from '../../src/domain/ways-out.js';

const H = 3_600_000;
const hold = (from: number, to: number, quantity: number, eventId: number, kind?: 'tentative'): Hold => ({ from: from * H, to: to * H, quantity, eventId, ...(kind ? { kind } : {}) });
const items = new Map(
  [
    { id: 1, name: 'LED Uplight', quantityAvailable: 4, active: 1 },
    { id: 2, name: 'LED Par 64', quantityAvailable: 3, active: 1 },
    { id: 3, name: 'LED Bar', quantityAvailable: 10, active: 1 },
    { id: 4, name: 'Old Can', quantityAvailable: 10, active: 0 },
  ].map((r) => [r.id, readItem(r)]),
);
const events = new Map([1, 2, 3].map((id) => [id, readEvent({ id, eventName: `E${id}`, eventStatusId: 2, dropoffDate: '2026-01-01T00:00:00', pickupDate: '2026-01-02T00:00:00' })]));

describe('the alternatives setting', () => {
  it('reads Item=Alt|Alt rules separated by ";" and refuses a rule without alternatives', () => {
    expect(readAlternatives('LED Uplight=LED Par 64|LED Bar; Marquee 6x12=Marquee 6x9')).toEqual({
      ok: true,
      rules: [
        { item: 'LED Uplight', alternatives: ['LED Par 64', 'LED Bar'] },
        { item: 'Marquee 6x12', alternatives: ['Marquee 6x9'] },
      ],
    });
    expect(readAlternatives('LED Uplight')).toMatchObject({ ok: false });
    expect(readAlternatives('LED Uplight=')).toMatchObject({ ok: false });
  });

  it('resolves names (any case) and ids against the catalog, one way, and names what matches nothing', () => {
    const read = readAlternatives('led uplight=2|LED Barr|LED Bar');
    const resolved = resolveAlternatives(read.ok ? read.rules : [], items);
    expect(resolved.byItem.get(1)).toEqual([2, 3]);
    expect(resolved.byItem.get(2)).toBeUndefined();
    expect(resolved.problems).toEqual(['"LED Barr": no such item; did you mean "LED Bar"?']);
    expect(standIns(1, resolved, items)).toEqual([2, 3]);
  });

  it('adds the items of the same category when the service gives one', () => {
    const withCategory = new Map([...items].map(([id, item]) => [id, { ...item, record: { ...item.record, categoryId: id === 4 ? 9 : 7 } }]));
    expect(standIns(1, { byItem: new Map([[1, [3]]]), problems: [] }, withCategory)).toEqual([3, 2]);
  });
});

describe('ways out of a need', () => {
  const need = { itemId: 1, quantity: 4, window: { from: 10 * H, to: 20 * H } };
  const holdsOf = (byItem: Record<number, Hold[]>) => (itemId: number) => byItem[itemId] ?? [];
  const world = (byItem: Record<number, Hold[]>, order: number[] = [4, 2, 3]) => ({ items, events, holds: holdsOf(byItem), standIns: () => order, search: { from: 0, to: 100 * H } });

  it('substitutes: active stand-ins with room for the rest, in the order of preference', () => {
    const way = waysOut(need, world({ 1: [hold(12, 30, 3, 1)], 2: [hold(0, 50, 1, 2)] }));
    expect(way).toMatchObject({ free: 1, short: 3 });
    // Old Can is inactive; Par 64 has 2 free, fewer than the 3 missing.
    expect(way.substitutes).toEqual([{ itemId: 3, name: 'LED Bar', free: 10, coversAll: true }]);
    const roomy = waysOut({ ...need, quantity: 3 }, world({ 1: [hold(12, 30, 3, 1)], 2: [hold(0, 50, 1, 2)] }));
    expect(roomy.substitutes.map((s) => [s.itemId, s.coversAll])).toEqual([
      [2, false],
      [3, true],
    ]);
  });

  it('windows: the nearest of the same length where the whole quantity fits, before or after', () => {
    // Held 12 → 30: a 10-hour window fits from 0 (ending at 12 is too late: 2 → 12 is the latest before) and from 30.
    const way = waysOut(need, world({ 1: [hold(12, 30, 1, 1)] }));
    expect(way.windows.map((w) => [w.from / H, w.to / H])).toEqual([
      [2, 12],
      [30, 40],
    ]);
  });

  it('windows: never the window the event holds now (a move there changes nothing)', () => {
    // Asked 10 → 20 (a move); the event holds 30 → 40 now: only the window before the hold is a way out.
    const way = waysOut({ ...need, current: { from: 30 * H, to: 40 * H } }, world({ 1: [hold(12, 30, 1, 1)] }));
    expect(way.windows.map((w) => [w.from / H, w.to / H])).toEqual([[2, 12]]);
    // A window of another length that starts where the event does now is a change: still offered.
    const longer = waysOut({ ...need, current: { from: 30 * H, to: 45 * H } }, world({ 1: [hold(12, 30, 1, 1)] }));
    expect(longer.windows.map((w) => [w.from / H, w.to / H])).toEqual([[2, 12], [30, 40]]);
  });

  it('windows: every line of the event fits in each one, not only the short item', () => {
    // The Uplights (short at 10 → 20) fit from 2 and from 30; the event's 3 Par 64 are held until 15: only from 30 do both fit.
    const alongside = [{ itemId: 2, quantity: 3 }];
    const byItem = { 1: [hold(12, 30, 1, 1)], 2: [hold(0, 15, 1, 2)] };
    const way = waysOut({ ...need, alongside }, world(byItem));
    expect(way.windows.length).toBeGreaterThan(0);
    for (const w of way.windows) {
      expect(waysOut({ ...need, window: w }, world(byItem)).short, 'the Uplights').toBe(0);
      expect(waysOut({ itemId: 2, quantity: 3, window: w }, world(byItem)).short, 'the Par 64').toBe(0);
    }
    expect(way.windows.map((w) => [w.from / H, w.to / H])).toEqual([[30, 40]]);
  });

  it('holders: firm at the peak and the quotes over the window, biggest first', () => {
    const way = waysOut(need, world({ 1: [hold(12, 14, 1, 1), hold(11, 30, 3, 2), hold(15, 16, 4, 3, 'tentative')] }));
    expect(way.holders).toEqual([
      { eventId: 3, name: 'E3', quantity: 4, tentative: true },
      { eventId: 2, name: 'E2', quantity: 3, tentative: false },
      { eventId: 1, name: 'E1', quantity: 1, tentative: false },
    ]);
  });

  it('an overbooking is answered for the smallest holder whose units would end it', () => {
    const held = [{ eventId: 1, quantity: 3 }, { eventId: 2, quantity: 1 }, { eventId: 3, quantity: 2 }];
    expect(overbookingNeed({ itemId: 1, booked: 6, owned: 4, held }, events)).toMatchObject({ exclude: 3, quantity: 2 });
    expect(overbookingNeed({ itemId: 1, booked: 9, owned: 4, held }, events)).toMatchObject({ exclude: 1, quantity: 3 });
  });
});

describe('--substitute', () => {
  const way = { itemId: 1, name: 'LED Uplight', asked: 6, owned: 4, free: 4, short: 2, windows: [], holders: [], substitutes: [{ itemId: 2, name: 'LED Par 64', free: 3, coversAll: false }, { itemId: 3, name: 'LED Bar', free: 10, coversAll: true }] };

  it('books the item up to what is free and the rest on the first substitute with room', () => {
    const split = substitute([{ kind: 'set', itemId: 1, quantity: 6 }], [way], new Map());
    expect(split.intents).toEqual([
      { kind: 'set', itemId: 1, quantity: 4 },
      { kind: 'set', itemId: 2, quantity: 2 },
    ]);
  });

  it('a substitute already on the event grows by the rest, and must have room for both', () => {
    const split = substitute([{ kind: 'set', itemId: 1, quantity: 6 }], [way], new Map([[2, 2]]));
    expect(split.intents).toEqual([
      { kind: 'set', itemId: 1, quantity: 4 },
      { kind: 'set', itemId: 3, quantity: 2 },
    ]);
  });

  it('--keep-price: the rest on a line of its own at the price agreed for the item, a line of the substitute on the event left as it is', () => {
    const agreed = { units: 67500n, scale: 2 };
    const split = substitute([{ kind: 'set', itemId: 1, quantity: 6 }], [way], new Map([[2, 1]]), (itemId) => (itemId === 1 ? agreed : undefined));
    expect(split.intents).toEqual([
      { kind: 'set', itemId: 1, quantity: 4 },
      { kind: 'add-line', itemId: 2, quantity: 2, price: agreed, agreedFor: 1 },
    ]);
    expect(split.splits[0]).toMatchObject({ kept: 4, substitute: { itemId: 2, quantity: 2 }, price: agreed });
  });

  it('a substitute the same request asks for has room only above what it asks', () => {
    // 3 Par 64 free, 2 asked for themselves: no room for 2 more; the LED Bar takes the rest.
    const split = substitute([{ kind: 'set', itemId: 1, quantity: 6 }, { kind: 'set', itemId: 2, quantity: 2 }], [way], new Map());
    expect(split.intents).toEqual([
      { kind: 'set', itemId: 1, quantity: 4 },
      { kind: 'set', itemId: 2, quantity: 2 },
      { kind: 'set', itemId: 3, quantity: 2 },
    ]);
  });

  it('with no substitute with room the ask stays as asked (the planner refuses it with its ways out)', () => {
    const split = substitute([{ kind: 'set', itemId: 1, quantity: 6 }], [{ ...way, substitutes: [] }], new Map());
    expect(split.intents).toEqual([{ kind: 'set', itemId: 1, quantity: 6 }]);
    expect(split.splits[0]).toMatchObject({ substitute: undefined });
  });
});
