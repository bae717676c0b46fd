import { describe, expect, it } from 'vitest';
import { SnapshotLoadError, storeImageFromSnapshot } from '../../src/snapshot/image.js';
import type { Snapshot } from '../../src/snapshot/document.js';

const base: Snapshot = {
  kind: 'rentals-snapshot',
  version: 1,
  takenAt: '2026-11-23T09:00:00Z',
  source: 'https://api.example.com',
  resources: {
    rentalBlocks: [{ id: 2, pricingType: 'Weekend', active: 1 }],
    inventory: [{ id: 7, name: 'Tent', quantityAvailable: '4', active: true, Links: [] }],
    prices: [{ id: 31, inventoryId: 7, rentalBlockId: 2, price: '150.00' }],
  },
};

describe('storeImageFromSnapshot', () => {
  it('keeps ids, canonicalises values as a live write would, and continues ids after the highest', () => {
    const image = storeImageFromSnapshot(base, 'snap.json');
    expect(image.records.inventory).toEqual([{ id: 7, name: 'Tent', quantityAvailable: 4, active: 1 }]);
    expect(image.records.prices).toEqual([{ id: 31, inventoryId: 7, rentalBlockId: 2, price: 150 }]);
    expect(image.nextIds).toMatchObject({ inventory: 8, prices: 32, rentalBlocks: 3 });
  });

  it('continues ids after the highest of 200,000 records (more than a spread call can pass as arguments)', () => {
    const inventory = Array.from({ length: 200_000 }, (_, k) => ({ id: k + 1, name: `Item ${k + 1}`, quantityAvailable: 1, active: 1 }));
    const image = storeImageFromSnapshot({ ...base, resources: { inventory } }, 'snap.json');
    expect(image.nextIds.inventory).toBe(200_001);
  });

  it('refuses a record that breaks a rule, naming it', () => {
    const bad = structuredClone(base);
    bad.resources.inventory![0]!.quantityAvailable = -1;
    expect(() => storeImageFromSnapshot(bad, 'snap.json')).toThrow(SnapshotLoadError);
    expect(() => storeImageFromSnapshot(bad, 'snap.json')).toThrow(/snap\.json: inventory\[0\] \(id 7\): quantityAvailable/);
  });

  it('refuses a reference to a record the snapshot does not hold', () => {
    const bad = structuredClone(base);
    bad.resources.prices![0]!.inventoryId = 8;
    expect(() => storeImageFromSnapshot(bad, 'snap.json')).toThrow(/prices 31 has inventoryId 8, which is not in the snapshot's inventory/);
  });
});
