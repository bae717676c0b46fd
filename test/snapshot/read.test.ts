// The one reader of snapshot files: any key order read, every record checked under the rules of a
// live write, and a file that breaks one refused whole, naming it and what is wrong, in whatever
// order the file puts its keys (the head's problems before the records').

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSnapshotFile } from '../../src/snapshot/file.js';
import { readSnapshot, readSnapshotImage } from '../../src/snapshot/read.js';
import { SnapshotStreamParser } from '../../src/snapshot/stream.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const dir = fileTempDir('rentals-read-');
let files = 0;

function fileOf(text: string): string {
  const path = join(dir, `t${files++}.json`);
  writeFileSync(path, text);
  return path;
}

async function imageOf(text: string) {
  const file = await openSnapshotFile(fileOf(text), 'snap.json');
  try {
    return await readSnapshotImage(file);
  } finally {
    file.close();
  }
}

async function refusal(text: string): Promise<string> {
  const file = await openSnapshotFile(fileOf(text), 'snap.json');
  try {
    await readSnapshot(file);
  } catch (error) {
    return (error as Error).message;
  } finally {
    file.close();
  }
  return 'read';
}

const base = {
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

const item = (id: number, quantity = 1) => JSON.stringify({ id, name: `Item ${id}`, quantityAvailable: quantity, active: 1 });

describe('a snapshot as the records a store holds', () => {
  it('keeps ids, canonicalises values as a live write would, and continues ids after the highest', async () => {
    const image = await imageOf(JSON.stringify(base));
    expect(image.records.inventory).toEqual([{ id: 7, name: 'Tent', quantityAvailable: 4, active: 1 }]);
    expect(image.records.prices).toEqual([{ id: 31, inventoryId: 7, rentalBlockId: 2, price: 150 }]);
    expect(image.nextIds).toMatchObject({ inventory: 8, prices: 32, rentalBlocks: 3 });
  });

  it('reads the same from a file whose keys come in any order: resources before the head, prices before what they point at', async () => {
    const { resources } = base;
    const reordered = `{"resources":{"prices":${JSON.stringify(resources.prices)},"inventory":${JSON.stringify(resources.inventory)},"rentalBlocks":${JSON.stringify(resources.rentalBlocks)}},"version":1,"source":"x","kind":"rentals-snapshot"}`;
    expect(await imageOf(reordered)).toEqual(await imageOf(JSON.stringify(base)));
  });

  it('continues ids after the highest of 200,000 records written last-first', async () => {
    const inventory = Array.from({ length: 200_000 }, (_, k) => item(200_000 - k)).join(',');
    const image = await imageOf(`{"kind":"rentals-snapshot","version":1,"resources":{"inventory":[${inventory}]}}`);
    expect(image.nextIds.inventory).toBe(200_001);
    expect(image.records.inventory).toHaveLength(200_000);
  });
});

describe('a snapshot refused whole, naming the file and what is wrong', () => {
  const head = '{"kind":"rentals-snapshot","version":1,"takenAt":"x","source":"y","resources":';
  const cases: Record<string, [string, string]> = {
    'a value beyond its rule': [`${head}{"inventory":[${item(1, -5)}]}}`, 'snap.json: inventory[0] (id 1): quantityAvailable: must be an integer from 0 to 2147483647 (got -5); the snapshot is refused whole'],
    'an id twice, in order': [`${head}{"inventory":[${item(1)},${item(1, 2)}]}}`, 'snap.json: inventory has two records with id 1; the snapshot is refused whole'],
    'an id twice, out of order': [`${head}{"inventory":[${item(3)},${item(1)},${item(3, 2)}]}}`, 'snap.json: inventory has two records with id 3; the snapshot is refused whole'],
    'a reference to a record it does not hold': [
      `${head}{"inventory":[${item(1)}],"prices":[{"id":1,"inventoryId":9,"rentalBlockId":1,"price":1}]}}`,
      "snap.json: prices 1 has inventoryId 9, which is not in the snapshot's inventory; the snapshot is refused whole",
    ],
    'a reference to a record it does not hold, read before its target': [
      `${head}{"prices":[{"id":1,"inventoryId":9,"rentalBlockId":1,"price":1}],"inventory":[${item(1)}]}}`,
      "snap.json: prices 1 has inventoryId 9, which is not in the snapshot's inventory; the snapshot is refused whole",
    ],
    'a record that is not an object': [`${head}{"inventory":[1]}}`, 'snap.json: inventory[0]: not an object; the snapshot is refused whole'],
    'a resource that is not a list': [`${head}{"inventory":{}}}`, 'snap.json: "inventory" is not a list of records; the snapshot is refused whole'],
    'an unknown resource': [`${head}{"gadgets":[]}}`, 'snap.json: unknown resource "gadgets"; the snapshot is refused whole'],
    'a resource given twice': [`${head}{"inventory":[],"inventory":[]}}`, 'snap.json: "inventory" is given twice; the snapshot is refused whole'],
    'another kind': ['{"kind":"other","version":1,"resources":{}}', 'snap.json: not a rentals snapshot (make one with `rentals snapshot --out FILE`)'],
    'a list, not an object': ['[]', 'snap.json: not a rentals snapshot (make one with `rentals snapshot --out FILE`)'],
    'another version': ['{"kind":"rentals-snapshot","version":2,"resources":{}}', 'snap.json: snapshot version 2 is not supported (this rentals reads version 1)'],
    'no resources': ['{"kind":"rentals-snapshot","version":1}', 'snap.json: the snapshot has no "resources" object'],
    'resources that are not an object': ['{"kind":"rentals-snapshot","version":1,"resources":[]}', 'snap.json: the snapshot has no "resources" object'],
    'cut off': [`${head}{"inventory":[${item(1)}`, 'snap.json: not a JSON document (it ends inside the document (cut off?))'],
    // What `rentals snapshot > file` leaves when it fails before the first list: not a cut-off document.
    empty: ['', 'snap.json: empty, no snapshot in it (a `rentals snapshot` that failed before writing leaves it so); make one with `rentals snapshot --out FILE`'],
    'only white space': [' \n', 'snap.json: empty, no snapshot in it (a `rentals snapshot` that failed before writing leaves it so); make one with `rentals snapshot --out FILE`'],
    'not JSON': ['nope', 'snap.json: not a JSON document (unexpected "n" at byte 0)'],
    'a stray comma': [`${head}{"inventory":[${item(1)},]}}`, `snap.json: not a JSON document (unexpected "]" at byte ${`${head}{"inventory":[${item(1)},`.length})`],
    // The head comes last here, and says it is no snapshot: that is what is wrong, not its records.
    'another kind, said after records that break the rules': ['{"resources":{"inventory":[{"id":"x"}]},"kind":"other"}', 'snap.json: not a rentals snapshot (make one with `rentals snapshot --out FILE`)'],
  };
  for (const [why, [text, message]] of Object.entries(cases)) {
    it(why, async () => expect(await refusal(text)).toBe(message));
  }
});

describe('SnapshotStreamParser', () => {
  it('reads the same pieces whatever the chunks the file arrives in, with where each list lies', () => {
    const text = JSON.stringify({ kind: 'rentals-snapshot', version: 1, note: { a: [1, '}'] }, resources: { statuses: [], inventory: [{ id: 1, name: 'A "quoted" ] name' }, { id: 2, name: 'é}' }] } }, null, 1);
    const bytes = Buffer.from(text);
    const read = (size: number) => {
      const parser = new SnapshotStreamParser();
      const pieces = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(...parser.push(bytes.subarray(at, at + size)));
      parser.end();
      return {
        names: pieces.flatMap((p) => (p.kind === 'resource' || p.kind === 'field' ? [p.name] : [])),
        records: pieces.flatMap((p) => (p.kind === 'records' ? p.records : [])),
        lists: pieces.flatMap((p) => (p.kind === 'resource' ? [p.start] : p.kind === 'resource-end' ? [p.end] : [])),
      };
    };
    const whole = read(bytes.length);
    expect(whole.names).toEqual(['kind', 'version', 'note', 'resources', 'statuses', 'inventory']);
    expect(whole.records).toEqual([{ id: 1, name: 'A "quoted" ] name' }, { id: 2, name: 'é}' }]);
    const [, , start, end] = whole.lists;
    expect(JSON.parse(bytes.toString('utf8', start, end))).toHaveLength(2);
    for (const size of [1, 2, 3, 7, 64]) expect(read(size)).toEqual(whole);
  });
});
