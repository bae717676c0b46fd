import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../src/snapshot/diff.js';
import { isOrderedSnapshot, mergeDiff } from '../../src/snapshot/diff-stream.js';
import { SNAPSHOT_ORDER, type Snapshot, SnapshotWriter, parseSnapshot } from '../../src/snapshot/document.js';
import { SnapshotStreamParser } from '../../src/snapshot/stream.js';
import type { ResourceName } from '../../src/resources/definitions.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const dir = fileTempDir('rentals-diff-stream-');
let files = 0;

/** The snapshot as `rentals snapshot` writes it (SnapshotWriter), in a file. */
async function written(resources: Snapshot['resources']): Promise<string> {
  let text = '';
  const writer = new SnapshotWriter(async (chunk) => void (text += chunk));
  await writer.begin('2026-11-23T09:00:00Z', 'test');
  for (const name of SNAPSHOT_ORDER) if (resources[name]) await writer.resource(name, resources[name]);
  await writer.end();
  const path = join(dir, `s${files++}.json`);
  writeFileSync(path, text);
  return path;
}

function fileOf(text: string): string {
  const path = join(dir, `t${files++}.json`);
  writeFileSync(path, text);
  return path;
}

async function merged(before: string, after: string, only?: ResourceName[]) {
  const changes = [];
  for await (const batch of mergeDiff(before, after, only)) changes.push(...batch);
  return changes;
}

const item = (id: number, quantity: number, name = `Item ${id}`) => ({ id, name, quantityAvailable: quantity, active: 1 });
const side = fc.record({
  statuses: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
  inventory: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 30 }), quantity: fc.integer({ min: 0, max: 3 }) }), { selector: (r) => r.id, maxLength: 20 }),
  withPrices: fc.boolean(),
});

function resourcesOf(generated: { statuses: number[]; inventory: Array<{ id: number; quantity: number }>; withPrices: boolean }): Snapshot['resources'] {
  const inventory = [...generated.inventory].sort((a, b) => a.id - b.id).map((r) => item(r.id, r.quantity));
  const resources: Snapshot['resources'] = {
    statuses: [...generated.statuses].sort((a, b) => a - b).map((id) => ({ id, statusType: `Status ${id % 3}` })),
    rentalBlocks: [{ id: 1, pricingType: 'Day', active: 1 }],
    inventory,
  };
  if (generated.withPrices) resources.prices = inventory.map((r, k) => ({ id: k + 1, inventoryId: r.id, rentalBlockId: 1, price: 10 + r.quantityAvailable }));
  return resources;
}

describe('a diff of two snapshot files merged as they are read', () => {
  it('gives the changes the whole-file diff gives, in the same order, for any two ordered snapshots', async () => {
    await fc.assert(
      fc.asyncProperty(side, side, fc.option(fc.subarray<ResourceName>(['statuses', 'inventory', 'prices'], { minLength: 1 }), { nil: undefined }), async (a, b, only) => {
        const before = resourcesOf(a);
        const after = resourcesOf(b);
        const [x, y] = await Promise.all([written(before), written(after)]);
        expect(await isOrderedSnapshot(x)).toBe(true);
        expect(await isOrderedSnapshot(y)).toBe(true);
        const whole = diffSnapshots(parseSnapshot(JSON.stringify({ kind: 'rentals-snapshot', version: 1, takenAt: '', source: '', resources: before }), 'a'), parseSnapshot(JSON.stringify({ kind: 'rentals-snapshot', version: 1, takenAt: '', source: '', resources: after }), 'b'), only);
        expect(await merged(x, y, only)).toEqual(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('merges a snapshot written on one line (jq -c, JSON.stringify) as well', async () => {
    const before = await written({ inventory: [item(1, 2), item(2, 3)] });
    const after = fileOf(JSON.stringify({ kind: 'rentals-snapshot', version: 1, takenAt: 'x', source: 'y', resources: { inventory: [item(2, 4), item(3, 1)] } }));
    expect(await isOrderedSnapshot(after)).toBe(true);
    expect((await merged(before, after)).map((c) => `${c.id} ${c.change}`)).toEqual(['1 removed', '2 changed', '3 added']);
  });

  it('leaves to the whole-file reader a file out of order, one that breaks a rule, or one that is not a snapshot', async () => {
    const head = '{"kind":"rentals-snapshot","version":1,"takenAt":"x","source":"y","resources":';
    const cases = {
      'ids out of order': `${head}{"inventory":[${JSON.stringify(item(2, 1))},${JSON.stringify(item(1, 1))}]}}`,
      'an id twice': `${head}{"inventory":[${JSON.stringify(item(1, 1))},${JSON.stringify(item(1, 2))}]}}`,
      'resources out of order': `${head}{"statuses":[],"inventory":[]}}`,
      'a value beyond its rule': `${head}{"inventory":[${JSON.stringify(item(1, -5))}]}}`,
      'a reference to a record it does not hold': `${head}{"inventory":[${JSON.stringify(item(1, 1))}],"prices":[{"id":1,"inventoryId":9,"rentalBlockId":1,"price":1}]}}`,
      'another kind': '{"kind":"other","version":1,"resources":{}}',
      'another version': '{"kind":"rentals-snapshot","version":2,"resources":{}}',
      'an unknown resource': `${head}{"gadgets":[]}}`,
      'a resource that is not a list': `${head}{"inventory":{}}}`,
      'a record that is not an object': `${head}{"inventory":[1]}}`,
      'cut off': `${head}{"inventory":[${JSON.stringify(item(1, 1))}`,
      'not JSON': 'nope',
    };
    for (const [why, text] of Object.entries(cases)) expect(await isOrderedSnapshot(fileOf(text)), why).toBe(false);
  });
});

describe('SnapshotStreamParser', () => {
  it('reads the same pieces whatever the chunks the file arrives in', () => {
    const text = JSON.stringify({ kind: 'rentals-snapshot', version: 1, note: { a: [1, '}'] }, resources: { statuses: [], inventory: [item(1, 1, 'A "quoted" ] name'), item(2, 2, 'é}')] } }, null, 1);
    const bytes = Buffer.from(text);
    const read = (size: number) => {
      const parser = new SnapshotStreamParser();
      const pieces = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(...parser.push(bytes.subarray(at, at + size)));
      parser.end();
      const records = pieces.flatMap((p) => (p.kind === 'records' ? p.records : []));
      return { names: pieces.flatMap((p) => (p.kind === 'resource' || p.kind === 'field' ? [p.name] : [])), records };
    };
    const whole = read(bytes.length);
    expect(whole.names).toEqual(['kind', 'version', 'note', 'statuses', 'inventory']);
    expect(whole.records).toEqual([item(1, 1, 'A "quoted" ] name'), item(2, 2, 'é}')]);
    for (const size of [1, 2, 3, 7, 64]) expect(read(size)).toEqual(whole);
  });
});
