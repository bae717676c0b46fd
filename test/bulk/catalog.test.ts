// The bulk engine reads the server through the data catalog: within one run, a list read for the
// name columns and again for the plan costs one request.

import { describe, expect, it } from 'vitest';
import { loadLive, loadLookups } from '../../src/bulk/loading.js';
import { inventoryRows, priceRows } from '../../src/bulk/spec.js';
import { FakeApi } from '../helpers/sandbox-api.js';
import { contextFor } from './helpers.js';

describe('bulk reads through the data catalog', () => {
  it('lists each collection once per run, however often the engine asks, and each parent once per load', async () => {
    const api = FakeApi.catalogue(3);
    const ctx = contextFor(api);
    const lookups = await loadLookups(priceRows, ctx);
    await loadLookups(priceRows, ctx);
    const items = lookups.inventory!.ids();
    await loadLive(priceRows, ctx, items);
    await loadLive(priceRows, ctx, items);
    await loadLive(inventoryRows, ctx);
    expect(api.count('GET', 'inventory')).toBe(1);
    expect(api.count('GET', 'rentalBlocks')).toBe(1);
    // A listing read into a plan's index is not also kept by the catalog (300k prices held once, not twice): a second load reads it again.
    expect(api.count('GET', 'prices')).toBe(items.length * 2);
  });

  it('a new run reads again', async () => {
    const api = FakeApi.catalogue(2);
    await loadLookups(priceRows, contextFor(api));
    await loadLookups(priceRows, contextFor(api));
    expect(api.count('GET', 'inventory')).toBe(2);
  });
});
