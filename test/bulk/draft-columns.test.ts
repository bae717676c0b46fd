// Checked rows held between the check and the plan: a draft of the usual shape is kept as a few
// numbers in columns, any other as it is; every one reads back as it was appended, in order.

import { describe, expect, it } from 'vitest';
import type { Draft } from '../../src/bulk/draft.js';
import { draftColumns } from '../../src/bulk/draft-columns.js';
import { bookingRows, inventoryRows, priceRows } from '../../src/bulk/spec.js';
import { heldThenSpooled } from '../../src/bulk/spool.js';
import { memorySpool } from '../../src/common/spool.js';

const all = (runs: Iterable<readonly Draft[]>): Draft[] => {
  const drafts: Draft[] = [];
  for (const run of runs) drafts.push(...run);
  return drafts;
};

const draft = (line: number, parts: Partial<Draft> = {}): Draft => ({ line, key: {}, names: {}, values: {}, issues: [], ...parts });

describe('draftColumns', () => {
  it('reads every draft back as appended, in order, as often as asked: ids or none, names, issues, text, decimals, the index of a JSON element', () => {
    const drafts: Draft[] = [
      { ...draft(2, { key: { inventoryId: 1, rentalBlockId: 2 }, values: { price: 100.37 } }), id: 7 },
      draft(3, { key: { inventoryId: 1, rentalBlockId: 3 }, values: { price: 0 } }),
      { ...draft(4, { key: {}, values: { price: 12.5 } }), id: 9 },
      draft(5, { key: { rentalBlockId: 1 }, names: { inventoryId: 'Tent' }, values: { price: 3 } }),
      draft(6, { key: { inventoryId: 1 }, issues: [{ line: 6, field: 'price', rule: 'must be ≥ 0', value: '-4' }] }),
      { ...draft(7, { key: { inventoryId: 2147483647, rentalBlockId: 1 }, values: { price: 1e-2 } }), id: 2147483647 },
      { ...draft(8, { key: { inventoryId: 1, rentalBlockId: 2 }, values: { price: 4 } }), id: 5, index: 37 }, // an element of a JSON array
    ];
    const held = draftColumns(priceRows);
    for (const d of drafts) held.push(d);
    expect(held.length).toBe(drafts.length);
    const expected = structuredClone(drafts);
    expect(all(held.runs())).toEqual(expected);
    expect(all(held.runs())).toEqual(expected);
  });

  it('keeps the order of keys and values as readDraft made them (a plan lists fields in that order)', () => {
    const held = draftColumns(priceRows);
    held.push({ ...draft(2, { key: { inventoryId: 1, rentalBlockId: 2 }, values: { price: 5 } }), id: 3 });
    const [back] = all(held.runs());
    expect(Object.keys(back!)).toEqual(['line', 'key', 'names', 'values', 'issues', 'id']);
    expect(Object.keys(back!.key)).toEqual(['inventoryId', 'rentalBlockId']);
  });

  it('other resources: a key that is also a value (an item by its name), a scope field (bookings)', () => {
    const items: Draft[] = [
      draft(2, { key: { name: 'Tent' }, values: { name: 'Tent', quantityAvailable: 4, active: 1 } }),
      { ...draft(3, { key: { name: 'Chair' }, values: { name: 'Chair', quantityAvailable: 0 } }), id: 12 },
      { ...draft(4, { values: { active: 0 } }), id: 13 },
      // Not as readDraft makes them, kept as they are all the same.
      draft(5, { key: { name: 'Bench' }, values: { quantityAvailable: 1 } }),
      draft(6, { key: {}, values: { name: 'Stool' } }),
    ];
    const heldItems = draftColumns(inventoryRows);
    for (const d of items) heldItems.push(d);
    expect(all(heldItems.runs())).toEqual(structuredClone(items));

    const bookings: Draft[] = [{ ...draft(2, { key: { inventoryId: 4 }, values: { quantity: 2, price: 99.99 } }), id: 5 }];
    const heldBookings = draftColumns(bookingRows);
    for (const d of bookings) heldBookings.push(d);
    expect(all(heldBookings.runs())).toEqual(structuredClone(bookings));
  });

  it('past the limit of heldThenSpooled, every draft so far goes to the spool and reads back the same', async () => {
    const drafts = Array.from({ length: 1500 }, (_, i) => ({ ...draft(i + 2, { key: { inventoryId: (i % 7) + 1, rentalBlockId: 1 }, values: { price: i / 4 } }), id: i + 1 }));
    const items = heldThenSpooled<Draft>(memorySpool(), 'rows', 1000, draftColumns(priceRows));
    for (const d of drafts) items.append(d);
    items.end();
    expect(items.count).toBe(1500);
    const back: Draft[] = [];
    for await (const run of items.runs()) back.push(...run);
    expect(back).toEqual(structuredClone(drafts));
  });
});
