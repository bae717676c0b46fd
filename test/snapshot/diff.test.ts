import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../src/snapshot/diff.js';
import { sameValue } from '../../src/schemas/same-value.js';
import { SnapshotWriter, parseSnapshot, type Snapshot } from '../../src/snapshot/document.js';

function snapshot(resources: Snapshot['resources']): Snapshot {
  return { kind: 'rentals-snapshot', version: 1, takenAt: '2026-11-23T09:00:00Z', source: 'test', resources };
}

describe('diffSnapshots', () => {
  it('reports 200,000 changes (more than a spread call can pass as arguments)', () => {
    const added = Array.from({ length: 200_000 }, (_, k) => ({ id: k + 1, name: `Item ${k + 1}`, quantityAvailable: 1, active: 1 }));
    const changes = diffSnapshots(snapshot({ inventory: [] }), snapshot({ inventory: added }));
    expect(changes).toHaveLength(200_000);
    expect(changes[199_999]).toMatchObject({ id: '200000', change: 'added' });
  });

  it('reports added, removed and changed records per field, ignoring Links', () => {
    const before = snapshot({
      inventory: [
        { id: 1, name: 'Chair', quantityAvailable: 40, active: 1, Links: [{ rel: 'self', href: 'http://a/1' }] },
        { id: 2, name: 'Table', quantityAvailable: 10, active: 1 },
      ],
    });
    const after = snapshot({
      inventory: [
        { id: 1, name: 'Chair', quantityAvailable: 38, active: 1, Links: [{ rel: 'self', href: 'http://b/1' }] },
        { id: 3, name: 'Tent', quantityAvailable: 4, active: 1 },
      ],
    });
    expect(diffSnapshots(before, after)).toEqual([
      { resource: 'inventory', id: '1', change: 'changed', field: 'quantityAvailable', before: 40, after: 38 },
      { resource: 'inventory', id: '2', change: 'removed', before: { id: 2, name: 'Table', quantityAvailable: 10, active: 1 } },
      { resource: 'inventory', id: '3', change: 'added', after: { id: 3, name: 'Tent', quantityAvailable: 4, active: 1 } },
    ]);
  });

  it('treats the same value written two ways as no change', () => {
    expect(sameValue(1, '1')).toBe(true);
    expect(sameValue('12.50', 12.5)).toBe(true);
    expect(sameValue(true, 1)).toBe(true);
    expect(sameValue('2026-06-12T14:00:00.000', '2026-06-12T14:00:00')).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue('12.5', '12.51')).toBe(false);
    expect(sameValue('Chair', 'chair')).toBe(false);
  });

  it('compares only the resources asked for, and a resource absent on one side as empty', () => {
    const before = snapshot({ categories: [{ id: 1, name: 'Tents', inactive: 0 }], statuses: [{ id: 1, statusType: 'Quoted' }] });
    const after = snapshot({ statuses: [{ id: 1, statusType: 'Confirmed' }] });
    expect(diffSnapshots(before, after, ['statuses'])).toHaveLength(1);
    expect(diffSnapshots(before, after).map((c) => `${c.resource}:${c.change}`)).toEqual(['categories:removed', 'statuses:changed']);
  });
});

describe('snapshot document', () => {
  it('round-trips through the streaming writer and the reader', async () => {
    let text = '';
    const writer = new SnapshotWriter(async (chunk) => {
      text += chunk;
    });
    await writer.begin('2026-11-23T09:00:00Z', 'http://127.0.0.1:4010');
    await writer.resource('statuses', [{ id: 1, statusType: 'Quoted' }]);
    await writer.resource('inventory', Array.from({ length: 3000 }, (_, i) => ({ id: i + 1, name: `Item "${i}"\t✓` })));
    await writer.resource('bookings', []);
    await writer.end();
    const parsed = parseSnapshot(text, 'snap.json');
    expect(parsed.source).toBe('http://127.0.0.1:4010');
    expect(parsed.resources.inventory).toHaveLength(3000);
    expect(parsed.resources.inventory![2999]).toEqual({ id: 3000, name: 'Item "2999"\t✓' });
    expect(parsed.resources.bookings).toEqual([]);
  });

  it('refuses what is not a snapshot, naming the file', () => {
    expect(() => parseSnapshot('{"data":[]}', 'a.json')).toThrow(/a\.json: not a rentals snapshot/);
    expect(() => parseSnapshot('{', 'a.json')).toThrow(/a\.json: not a JSON document/);
    expect(() => parseSnapshot('{"kind":"rentals-snapshot","version":9,"resources":{}}', 'a.json')).toThrow(/version 9 is not supported/);
    expect(() => parseSnapshot('{"kind":"rentals-snapshot","version":1,"resources":{"users":[]}}', 'a.json')).toThrow(/unknown resource "users"/);
  });
});
