// `rentals diff` of two snapshot files: read through the one reader, merged resource by resource.
// Whatever order the files are in (the tool's, keys sorted as `jq -S` and Python's sort_keys
// write them, resources and records shuffled), the changes are the same, in the same order.

import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diskSpool } from '../../src/common/spool.js';
import { type ResourceName, resources } from '../../src/resources/definitions.js';
import { sameValue } from '../../src/schemas/same-value.js';
import { recordChanges } from '../../src/snapshot/diff.js';
import { mergeDiff } from '../../src/snapshot/diff-stream.js';
import { SNAPSHOT_ORDER, SnapshotWriter, type SnapshotRecord } from '../../src/snapshot/document.js';
import { openSnapshotFile } from '../../src/snapshot/file.js';
import { readSnapshot } from '../../src/snapshot/read.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const dir = fileTempDir('rentals-diff-');
let files = 0;

type Resources = Partial<Record<ResourceName, SnapshotRecord[]>>;

/** The snapshot as `rentals snapshot` writes it (SnapshotWriter). */
async function written(resources: Resources): Promise<string> {
  let text = '';
  const writer = new SnapshotWriter(async (chunk) => void (text += chunk));
  await writer.begin('2026-11-23T09:00:00Z', 'test');
  for (const name of SNAPSHOT_ORDER) if (resources[name]) await writer.resource(name, resources[name]);
  await writer.end();
  return fileOf(text);
}

function fileOf(text: string): string {
  const path = join(dir, `s${files++}.json`);
  writeFileSync(path, text);
  return path;
}

const document = (resources: Resources) => ({ kind: 'rentals-snapshot', version: 1, takenAt: '2026-11-23T09:00:00Z', source: 'test', resources });

/** Every object's keys sorted, as `jq -S` and Python's json.dump(sort_keys=True) write them. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]));
}

/** Python's default separators (", " and ": "), on one line. */
const pythonStyle = (value: unknown): string => JSON.stringify(value).replace(/([,:])(?=["{[\d-])/g, '$1 ');

async function diffOf(before: string, after: string, only?: ResourceName[]) {
  const spool = diskSpool(undefined, { what: 'the test', prefix: 'rentals-diff-test-' });
  const [a, b] = [await openSnapshotFile(before), await openSnapshotFile(after)];
  try {
    const changes = [];
    for await (const batch of mergeDiff(await readSnapshot(a), await readSnapshot(b), spool, only)) changes.push(...batch);
    return changes;
  } finally {
    a.close();
    b.close();
    spool.close();
  }
}

/** A record added or removed is shown without its Links, which a diff ignores. */
function withoutLinks(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => field !== 'Links'));
}

/** What a diff must say, from both snapshots held whole: by resource in snapshot order, then by id. */
function expected(before: Resources, after: Resources, only?: ResourceName[]) {
  const changes = [];
  for (const name of SNAPSHOT_ORDER) {
    if (only && !only.includes(name)) continue;
    const old = new Map((before[name] ?? []).map((r) => [Number(r.id), r]));
    const now = new Map((after[name] ?? []).map((r) => [Number(r.id), r]));
    for (const id of [...new Set([...old.keys(), ...now.keys()])].sort((x, y) => x - y)) {
      const [x, y] = [old.get(id), now.get(id)];
      const resource = resources[name].command;
      if (!y) changes.push({ resource, id, change: 'removed', before: withoutLinks(x!) });
      else if (!x) changes.push({ resource, id, change: 'added', after: withoutLinks(y) });
      else changes.push(...recordChanges(resource, id, x, y));
    }
  }
  return changes;
}

const item = (id: number, quantity: number, name = `Item ${id}`) => ({ id, name, quantityAvailable: quantity, active: 1 });
const side = fc.record({
  statuses: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
  inventory: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 30 }), quantity: fc.integer({ min: 0, max: 3 }) }), { selector: (r) => r.id, maxLength: 20 }),
  withPrices: fc.boolean(),
});

function resourcesOf(generated: { statuses: number[]; inventory: Array<{ id: number; quantity: number }>; withPrices: boolean }): Resources {
  const inventory = [...generated.inventory].sort((a, b) => a.id - b.id).map((r) => item(r.id, r.quantity));
  const result: Resources = {
    statuses: [...generated.statuses].sort((a, b) => a - b).map((id) => ({ id, statusType: `Status ${id % 3}` })),
    rentalBlocks: [{ id: 1, pricingType: 'Day', active: 1 }],
    inventory,
  };
  if (generated.withPrices) result.prices = inventory.map((r, k) => ({ id: 100 - k, inventoryId: r.id, rentalBlockId: 1, price: 10 + r.quantityAvailable }));
  return result;
}

/** The same snapshot written another way: keys sorted, resources in another order, records shuffled. */
const forms = {
  tool: (r: Resources) => written(r),
  'keys sorted (jq -S)': async (r: Resources) => fileOf(JSON.stringify(sortedKeys(document(r)), null, 2)),
  'keys sorted, one line (Python sort_keys)': async (r: Resources) => fileOf(pythonStyle(sortedKeys(document(r)))),
  'resources last-first, records last-first': async (r: Resources) => {
    const reversed = Object.fromEntries(Object.entries(r).reverse().map(([name, records]) => [name, [...(records ?? [])].reverse()]));
    return fileOf(JSON.stringify({ resources: reversed, version: 1, kind: 'rentals-snapshot' }));
  },
};

describe('a diff of two snapshot files', () => {
  it('gives the same changes in the same order whatever order each file is in', async () => {
    const names = Object.keys(forms) as Array<keyof typeof forms>;
    await fc.assert(
      fc.asyncProperty(side, side, fc.constantFrom(...names), fc.constantFrom(...names), fc.option(fc.subarray<ResourceName>(['statuses', 'inventory', 'prices'], { minLength: 1 }), { nil: undefined }), async (a, b, formA, formB, only) => {
        const [before, after] = [resourcesOf(a), resourcesOf(b)];
        expect(await diffOf(await forms[formA](before), await forms[formB](after), only)).toEqual(expected(before, after, only));
      }),
      { numRuns: 80 },
    );
  });

  it('reports added, removed and changed records per field, ignoring Links, with ids out of order on both sides', async () => {
    const before = await written({
      inventory: [
        { id: 2, name: 'Table', quantityAvailable: 10, active: 1 },
        { id: 1, name: 'Chair', quantityAvailable: 40, active: 1, Links: [{ rel: 'self', href: 'http://a/1' }] },
      ],
    });
    const after = fileOf(JSON.stringify(sortedKeys(document({
      inventory: [
        { id: 3, name: 'Tent', quantityAvailable: 4, active: 1 },
        { id: 1, name: 'Chair', quantityAvailable: 38, active: 1, Links: [{ rel: 'self', href: 'http://b/1' }] },
      ],
    }))));
    expect(await diffOf(before, after)).toEqual([
      { resource: 'inventory', id: 1, change: 'changed', field: 'quantityAvailable', before: 40, after: 38 },
      { resource: 'inventory', id: 2, change: 'removed', before: { id: 2, name: 'Table', quantityAvailable: 10, active: 1 } },
      { resource: 'inventory', id: 3, change: 'added', after: { active: 1, id: 3, name: 'Tent', quantityAvailable: 4 } },
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

  it('compares only the resources asked for, and a resource absent on one side as empty', async () => {
    const before = await written({ categories: [{ id: 1, name: 'Tents', inactive: 0 }], statuses: [{ id: 1, statusType: 'Quoted' }] });
    const after = await written({ statuses: [{ id: 1, statusType: 'Confirmed' }] });
    expect(await diffOf(before, after, ['statuses'])).toHaveLength(1);
    expect((await diffOf(before, after)).map((c) => `${c.resource}:${c.change}`)).toEqual(['categories:removed', 'statuses:changed']);
  });

  it('reports 20,000 changes of records written last-first, and leaves nothing behind', async () => {
    const added = Array.from({ length: 20_000 }, (_, k) => item(20_000 - k, 1));
    const spools = () => readdirSync(tmpdir()).filter((name) => name.startsWith('rentals-diff-test-'));
    const changes = await diffOf(await written({ inventory: [] }), fileOf(JSON.stringify(document({ inventory: added }))));
    expect(changes).toHaveLength(20_000);
    expect(changes[0]).toMatchObject({ id: 1, change: 'added' });
    expect(changes[19_999]).toMatchObject({ id: 20000, change: 'added' });
    expect(spools()).toEqual([]);
  });
});
