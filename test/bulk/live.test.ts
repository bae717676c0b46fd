// The live index holds the server's records as columns of values: what it gives back must be what
// a map of the records would give, whatever the ids (dense, sparse, huge) and however often listed.
import { describe, expect, it } from 'vitest';
import { LiveIndex } from '../../src/bulk/live.js';
import { priceRows } from '../../src/bulk/spec.js';

const price = (id: number, inventoryId: number, rentalBlockId: number, value: number) => ({ id, inventoryId, rentalBlockId, price: value, Links: [{ rel: 'self' }] });

describe('LiveIndex', () => {
  it('finds records by id and by key as the records were, for dense, sparse and huge ids; a record listed again replaces what was held', () => {
    const index = new LiveIndex(priceRows).add([price(3, 1, 1, 10), price(2 ** 31, 1, 2, 20.5), price(7, 2, 1, 30)]);
    expect(index.get(3)).toEqual({ id: 3, values: { inventoryId: 1, rentalBlockId: 1, price: 10 } });
    expect(index.get(2 ** 31)).toEqual({ id: 2 ** 31, values: { inventoryId: 1, rentalBlockId: 2, price: 20.5 } });
    expect(index.get(4)).toBeUndefined();
    expect(index.get(-1)).toBeUndefined();
    expect(index.withKey({ inventoryId: 2, rentalBlockId: 1 }).map((r) => r.id)).toEqual([7]);
    index.add([price(7, 2, 1, 31)]);
    expect(index.get(7)!.values.price).toBe(31);
    expect(index.withKey({ inventoryId: 2, rentalBlockId: 1 }).map((r) => r.values.price)).toEqual([31]);
    // Added after the key index was built: found by key too.
    index.add([price(9, 3, 1, 5)], 3);
    expect(index.find({}, { inventoryId: 3, rentalBlockId: 1 })?.id).toBe(9);
    expect(index.sorted().map((r) => r.id)).toEqual([3, 2 ** 31, 7, 9]);
  });
});
