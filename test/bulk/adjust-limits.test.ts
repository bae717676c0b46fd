// An adjusted price must fit the reference's range and scale like any value sent (schemas/values.ts):
// a --round finer than 4 decimal places, or a result of 10^11 or more, makes the row invalid.

import { describe, expect, it } from 'vitest';
import { planAdjust } from '../../src/bulk/adjust.js';
import { money } from '../../src/domain/money.js';
import { priceRows } from '../../src/bulk/spec.js';
import { FakeApi } from '../helpers/sandbox-api.js';
import { contextFor } from './helpers.js';

describe('adjust within the limits of decimals', () => {
  it('refuses results with more than 4 decimal places or beyond 10^11, plans the others', async () => {
    const fine = await planAdjust(priceRows, contextFor(FakeApi.catalogue(1, () => 19.99)), {
      adjustment: { kind: 'percent', by: money('5') },
      filter: { inventoryId: [1] },
    });
    expect(fine.plan.rows.map((r) => [r.action, r.new])).toEqual([
      ['update', { price: 20.9895 }],
      ['update', { price: 20.9895 }],
    ]);
    const fine5 = await planAdjust(priceRows, contextFor(FakeApi.catalogue(1, () => 19.99)), {
      adjustment: { kind: 'percent', by: money('2.5') },
      filter: { inventoryId: [1] },
    });
    expect(fine5.plan.rows.map((r) => [r.action, r.error])).toEqual([
      ['invalid', 'price: the adjusted value 20.48975 must have at most 4 decimal places (got 19.99)'],
      ['invalid', 'price: the adjusted value 20.48975 must have at most 4 decimal places (got 19.99)'],
    ]);
    const huge = await planAdjust(priceRows, contextFor(FakeApi.catalogue(1, () => 99999999999)), {
      adjustment: { kind: 'amount', by: money('1') },
      filter: { inventoryId: [1] },
    });
    expect(huge.plan.rows[0]).toMatchObject({ action: 'invalid', error: 'price: the adjusted value 100000000000 must be less than 100000000000 (got 99999999999)' });
  });
});
