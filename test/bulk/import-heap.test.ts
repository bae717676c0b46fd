// How an import tunes V8's heap: the rows of a file held in memory (HELD_ITEMS at most) and the
// listings of the parents they name make a bounded heap, so the old generation grows as V8 sees
// fit; once the rows go to the spool the growth is bounded again, as for any whole-collection run.

import { beforeEach, describe, expect, it, vi } from 'vitest';

const flags: string[] = [];
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (flag: string) => void flags.push(flag),
}));

const { importWhileListing } = await import('../../src/bulk/import.js');
const { openInput } = await import('../../src/bulk/input/index.js');
const { HELD_ITEMS } = await import('../../src/bulk/spool.js');
const { memorySpool } = await import('../../src/common/spool.js');
const { priceRows } = await import('../../src/bulk/spec.js');
const { boundHeapGrowth, putHeapFlagsBack } = await import('../../src/common/heap.js');
const { FakeApi } = await import('../helpers/sandbox-api.js');
const { contextFor, textChunks } = await import('./helpers.js');

/** `rows` price rows, each with a price no row may have (checked, kept, nothing listed). */
const csv = (rows: number): string => ['inventoryId,rentalBlockId,price', ...Array.from({ length: rows }, () => '1,1,abc')].join('\n');

async function heapGrowthDuring(rows: number): Promise<string[]> {
  await boundHeapGrowth(); // as every bulk run starts (app/bulk/run.ts)
  flags.length = 0;
  const input = await openInput(textChunks(csv(rows)), { file: 'prices.csv' });
  const listed = await importWhileListing(priceRows, input, contextFor(FakeApi.catalogue(1)), {}, memorySpool());
  expect(listed.issueCount).toBe(rows);
  return flags.filter((flag) => flag.startsWith('--heap-growing-percent'));
}

describe('import: the old generation', () => {
  beforeEach(() => putHeapFlagsBack());

  it('grows as V8 sees fit while the rows are held in memory', async () => {
    expect(await heapGrowthDuring(3)).toEqual(['--heap-growing-percent=0']);
  });

  it('is bounded again once the rows go to the spool', async () => {
    expect(await heapGrowthDuring(HELD_ITEMS + 1)).toEqual(['--heap-growing-percent=0', '--heap-growing-percent=30']);
  });
});
