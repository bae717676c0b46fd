// `import --yes` writes while it still lists: each row is planned, and may be sent, once its
// parent's records are in. Problems that need no listing still send nothing; a row found invalid
// against the records later is not sent, and the rows known good go on.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../src/api/resource-api.js';
import { applyPlan } from '../../src/bulk/apply.js';
import { importWhileListing } from '../../src/bulk/import.js';
import { openInput } from '../../src/bulk/input/index.js';
import type { ReportLine } from '../../src/bulk/report.js';
import { priceRows } from '../../src/bulk/spec.js';
import { memorySpool } from '../../src/common/spool.js';
import { FakeApi } from '../helpers/sandbox-api.js';
import { contextFor, textChunks } from './helpers.js';

async function run(api: FakeApi, lines: string[]) {
  const ctx = contextFor(api, { concurrency: 4 });
  const input = await openInput(textChunks(['id,inventoryId,rentalBlockId,price', ...lines].join('\n')), { file: 'prices.csv' });
  const listed = await importWhileListing(priceRows, input, ctx, {}, memorySpool());
  const report: ReportLine[] = [];
  const summary = listed.issues.length > 0 ? undefined : await applyPlan(priceRows, listed.plan, ctx, { snapshot: listed.live, whileListing: true, onLine: (line) => report.push(line) });
  await listed.listed;
  return { listed, summary, report };
}

describe('importWhileListing', () => {
  it('sends the rows of a listed item before the last item is listed', async () => {
    const api = FakeApi.catalogue(3);
    let sawPut: () => void = () => undefined;
    const firstPut = new Promise<void>((resolve) => {
      sawPut = resolve;
      setTimeout(resolve, 2000); // without overlap no PUT comes: the listing goes on, and the order check fails
    });
    const list = api.list.bind(api);
    const update = api.update.bind(api);
    api.list = async (at: Address) => {
      if (at.def.name === 'prices' && at.parentId === 3) await firstPut;
      return list(at);
    };
    api.update = async (at, id, body) => {
      sawPut();
      return update(at, id, body);
    };
    const { summary } = await run(api, ['11,1,1,50', '21,2,1,60', '31,3,1,70']);
    expect(summary?.counts.updated).toBe(3);
    const firstPutAt = api.calls.findIndex((c) => c.method === 'PUT');
    const lastListAt = api.calls.findIndex((c) => c.method === 'GET' && c.resource === 'prices' && c.parentId === 3);
    expect(firstPutAt).toBeGreaterThanOrEqual(0);
    expect(firstPutAt).toBeLessThan(lastListAt);
    expect(api.price(3, 1)).toBe(70);
  });

  it('a row wrong against the records is not sent and is reported invalid; the good rows apply', async () => {
    const api = FakeApi.catalogue(3);
    const { listed, summary, report } = await run(api, ['11,1,1,50', '99,2,1,60', '31,3,1,70']);
    expect(summary?.counts.updated).toBe(2);
    expect(summary?.counts.invalid).toBe(1);
    expect(summary?.complete).toBe(false);
    expect(report.map((l) => l.outcome)).toEqual(['updated', 'invalid', 'updated']);
    expect(listed.lateIssues).toEqual([expect.objectContaining({ line: 3, field: 'id', rule: 'no inventory price has this id' })]);
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.id)).toEqual([11, 31]);
  });

  it('lists the items the rows name while the rest of the file is still to come, and writes only after its end', async () => {
    const api = FakeApi.catalogue(3);
    const ctx = contextFor(api, { concurrency: 4 });
    const file = new PassThrough();
    file.write('id,inventoryId,rentalBlockId,price\n11,1,1,50\n21,2,1,60\n');
    const listing = importWhileListing(priceRows, await openInput(file, { file: 'prices.csv' }), ctx, {}, memorySpool());
    const listedEarly = (): boolean => api.calls.some((c) => c.method === 'GET' && c.resource === 'prices' && c.parentId === 2);
    // The reader waits for more of the file; the event loop turns (no clock involved) until item 2 is listed.
    for (let turn = 0; turn < 50 && !listedEarly(); turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(listedEarly()).toBe(true);
    expect(api.count('PUT')).toBe(0);
    file.end('31,3,1,70\n');
    const listed = await listing;
    const summary = await applyPlan(priceRows, listed.plan, ctx, { snapshot: listed.live, whileListing: true });
    await listed.listed;
    expect(summary.counts.updated).toBe(3);
    // Each item listed once: the early reads are the plan's.
    expect(api.calls.filter((c) => c.method === 'GET' && c.resource === 'prices').map((c) => c.parentId)).toEqual([1, 2, 3]);
  });

  it('a row wrong on its own sends nothing and lists nothing', async () => {
    const api = FakeApi.catalogue(3);
    const { listed, summary } = await run(api, ['11,1,1,50', '21,2,1,abc']);
    expect(summary).toBeUndefined();
    expect(listed.issues).toEqual([expect.objectContaining({ line: 3, field: 'price' })]);
    expect(api.count('PUT')).toBe(0);
    expect(api.count('GET', 'prices')).toBe(0);
  });
});
