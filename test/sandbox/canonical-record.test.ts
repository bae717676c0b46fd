// One judgement of a record read from a file, whichever file it is read from: a snapshot (diff,
// sandbox --from-snapshot), the sandbox's data file, and the salvage of a damaged one all refuse
// the same record in the same words, and keep the same canonical form of a good one.

import { describe, expect, test } from 'vitest';
import { canonicalRecord } from '../../src/schemas/stored-record.js';
import { salvageSnapshot } from '../../src/sandbox/salvage.js';
import { parseSnapshot as parseDataFile } from '../../src/sandbox/snapshot.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSnapshotFile } from '../../src/snapshot/file.js';
import { readSnapshotImage } from '../../src/snapshot/read.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const dir = fileTempDir('rentals-canonical-');
let files = 0;

/** A snapshot file holding these inventory records, read as sandbox --from-snapshot reads it. */
async function snapshotImage(inventory: unknown[]) {
  const path = join(dir, `snap-${files++}.json`);
  writeFileSync(path, JSON.stringify({ kind: 'rentals-snapshot', version: 1, takenAt: 'x', source: 'y', resources: { inventory } }));
  const file = await openSnapshotFile(path, 'snap.json');
  try {
    return await readSnapshotImage(file);
  } finally {
    file.close();
  }
}
const dataFileOf = (inventory: unknown[]): Buffer => Buffer.from(JSON.stringify({ format: 'rentals-sandbox', version: 1, seq: 0, records: { inventory } }));

async function problems(value: unknown): Promise<string[]> {
  const refusals: string[] = [];
  try {
    await snapshotImage([value]);
  } catch (error) {
    refusals.push((error as Error).message);
  }
  try {
    parseDataFile(dataFileOf([value]), 'data.json');
  } catch (error) {
    refusals.push((error as Error).message);
  }
  refusals.push(...salvageSnapshot(dataFileOf([value])).rejected.map((r) => r.reason));
  return refusals;
}

describe('a record read from a file', () => {
  test.each([
    ['a value beyond its rule', { id: 7, name: 'Tent', quantityAvailable: -5, active: 1 }],
    ['a record that is not an object', 7],
  ])('%s is refused in the same words by every reader', async (_, value) => {
    const { problem } = canonicalRecord('inventory', value);
    expect(problem).toBeDefined();
    const found = await problems(value);
    expect(found).toHaveLength(3);
    for (const refusal of found) expect(refusal).toContain(problem);
  });

  test('a good one is kept in the same canonical form by every reader', async () => {
    const value = { id: 7, name: 'Tent', quantityAvailable: '4', active: true, Links: [], extra: 'ignored' };
    const { record } = canonicalRecord('inventory', value);
    expect(record).toEqual({ id: 7, name: 'Tent', quantityAvailable: 4, active: 1 });
    expect((await snapshotImage([value])).records.inventory).toEqual([record]);
    expect(parseDataFile(dataFileOf([value]), 'data.json').image.records.inventory).toEqual([record]);
    expect(salvageSnapshot(dataFileOf([value])).snapshot.image.records.inventory).toEqual([record]);
  });
});
