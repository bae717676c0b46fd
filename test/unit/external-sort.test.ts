// Lines sorted by key through runs on disk: the same order as a sort in memory, whatever the
// number of runs (more than are merged at once too), and nothing left once the spool is closed.

import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ExternalSort } from '../../src/common/external-sort.js';
import { diskSpool, memorySpool } from '../../src/common/spool.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

async function sorted(sort: ExternalSort): Promise<string[]> {
  const lines: string[] = [];
  for await (const batch of sort.sorted()) lines.push(...batch);
  return lines;
}

describe('ExternalSort', () => {
  test('gives the lines in key order, held in memory or in runs of any size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { maxLength: 400 }), fc.integer({ min: 1, max: 200 }), async (keys, runChars) => {
        const sort = new ExternalSort(memorySpool(), runChars);
        for (const key of keys) sort.add(key, JSON.stringify({ id: key, note: 'a\ttab and "quotes"' }));
        expect(await sorted(sort)).toEqual([...keys].sort((a, b) => a - b).map((key) => JSON.stringify({ id: key, note: 'a\ttab and "quotes"' })));
      }),
      { numRuns: 60 },
    );
  });

  test('merges more runs than it reads at once (in rounds), on disk, and leaves nothing behind', async () => {
    const base = fileTempDir('rentals-sort-');
    const spool = diskSpool(base, { what: 'the test', prefix: 'sort-' });
    const sort = new ExternalSort(spool, 1000); // 10,000 lines of ~12 characters: ~120 runs, merged 64 at a time
    const keys = Array.from({ length: 10_000 }, (_, k) => ((k * 7919) % 10_000) + 1);
    for (const key of keys) sort.add(key, `{"id":${key}}`);
    const lines = await sorted(sort);
    expect(lines).toHaveLength(10_000);
    expect(lines.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual(Array.from({ length: 10_000 }, (_, k) => k + 1));
    expect(readdirSync(base)).toEqual([]); // each run unlinked once opened
    spool.close();
  });
});
