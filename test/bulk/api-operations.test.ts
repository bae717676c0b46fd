// The runner's operations over the API: a write's answer is checked before the row counts as applied.
import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../src/api/resource-api.js';
import { apiOperations } from '../../src/bulk/api-operations.js';
import type { PlanRow } from '../../src/bulk/plan.js';
import { priceRows } from '../../src/bulk/spec.js';
import type { RowWrites } from '../../src/data/row-writes.js';
import { FakeApi } from '../helpers/sandbox-api.js';
import { contextFor } from './helpers.js';

const row: PlanRow = { line: 7, action: 'update', ids: { id: 3, inventoryId: 2, rentalBlockId: 1 }, old: { price: 2.1 }, new: { price: 5 } };
const current = { id: 3, values: { inventoryId: 2, rentalBlockId: 1, price: 2.1 } };

/** Writes whose every answer is `records`. */
function answering(records: ApiRecord[]): RowWrites {
  return {
    create: async () => ({ records }),
    update: async () => ({ records }),
    remove: async (_at, id) => ({ id }),
  };
}

describe('an update row is applied only when the answer holds its record', () => {
  const ops = (records: ApiRecord[]) => apiOperations(priceRows, contextFor(FakeApi.catalogue(2)), undefined, answering(records));

  it('an answer with the record: applied', async () => {
    await expect(ops([{ id: 3, inventoryId: 2, rentalBlockId: 1, price: 5 }]).update(row, current)).resolves.not.toThrow();
  });

  it('an empty "data" array: a protocol error naming the row', async () => {
    await expect(ops([]).update(row, current)).rejects.toThrow('the server answered with an empty "data" array for updating the inventory price of line 7');
  });

  it('a record without an id: a protocol error naming the row', async () => {
    await expect(ops([{ price: 5 }]).update(row, current)).rejects.toThrow("the server's answer to updating the inventory price of line 7 has no id");
  });
});
