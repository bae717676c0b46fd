// A plan is never held whole: written in pieces from a spool (the same bytes as serializePlan), read
// back from any chunking or layout of its JSON into the run's spool, refused when cut short, and
// its rows run as the runner takes them, not all at once.

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planFileChunks, readPlanFile, serializePlan } from '../../src/bulk/plan-file.js';
import { PlanTextParser } from '../../src/bulk/plan-text.js';
import { type PlanRow, type SpooledPlan, newPlan } from '../../src/bulk/plan.js';
import type { LiveRecord } from '../../src/bulk/live.js';
import { runPlan } from '../../src/bulk/runner.js';
import { inventoryRows, priceRows } from '../../src/bulk/spec.js';
import { diskSpool, memorySpool } from '../../src/common/spool.js';
import { planKeyFrom } from '../../src/config/plan-key.js';
import { exitCodeFor } from '../../src/cli/exit-codes.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { apiOperations } from '../../src/bulk/api-operations.js';
import { FakeApi } from '../helpers/sandbox-api.js';
import { contextFor } from './helpers.js';

const KEY = planKeyFrom(Buffer.alloc(32, 7));

function updateRow(n: number): PlanRow {
  return { line: n + 1, action: 'update', ids: { id: n, inventoryId: n, rentalBlockId: 1 }, label: `Item "${n}" / Daily`, old: { price: n }, new: { price: n + 0.5 } };
}

const plan = newPlan(priceRows, Array.from({ length: 40 }, (_, i) => updateRow(i + 1)), { source: 'prices.csv', now: () => Date.parse('2026-11-22T08:00:00Z') });
const text = serializePlan(plan, KEY);

async function* chunksOf(value: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(value);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function rowsOf(spooled: SpooledPlan): Promise<PlanRow[]> {
  const rows: PlanRow[] = [];
  for await (const row of spooled.rows()) rows.push(row);
  return rows;
}

describe('the plan file, streamed', () => {
  it('planFileChunks writes what serializePlan writes, from a spooled plan', async () => {
    const spooled: SpooledPlan = { ...plan, count: plan.rows.length, rows: async function* () {
      yield* plan.rows;
    } };
    let written = '';
    for await (const chunk of planFileChunks(spooled, KEY)) written += chunk;
    expect(written).toBe(text);
  });

  it.each([1, 7, 4096])('reads the same rows and totals from chunks of %i bytes, and from the plan as jq prints it', async (size) => {
    for (const layout of [text, JSON.stringify(JSON.parse(text), null, 2)]) {
      const read = await readPlanFile(chunksOf(layout, size), 'plan.json', priceRows, KEY, memorySpool());
      expect(await rowsOf(read)).toEqual(plan.rows);
      expect(read.totals).toEqual(plan.totals);
      expect(read.count).toBe(40);
    }
  });

  it.each([
    ['cut inside a row', text.slice(0, text.indexOf('"line":20') + 5)],
    ['cut after a row', text.slice(0, text.indexOf('\n{"line":21'))],
    ['cut before the end of the object', text.slice(0, text.lastIndexOf('}'))],
  ])('a plan %s is refused before anything runs (exit 2)', async (_name, cut) => {
    const error = await readPlanFile(chunksOf(cut, 1000), 'plan.json', priceRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toMatch(/not JSON/);
  });

  it.each([
    ['a second "rows" after the signed one (JSON.parse reads it: an empty plan)', text.replace(/\}\n$/, ',"rows":[]}\n')],
    ['a second "rows" that is not an array', text.replace(/\}\n$/, ',"rows":5}\n')],
    ['a head key given twice', text.replace('"version":2,', '"version":2,"version":2,')],
  ])('a plan with %s is refused: what runs is what any JSON reader reads (exit 2)', async (_name, doubled) => {
    expect(doubled).not.toBe(text);
    const error = await readPlanFile(chunksOf(doubled, 1000), 'plan.json', priceRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toMatch(/twice/);
  });

  it('a row dropped from the middle (the JSON still whole) is refused by the digest', async () => {
    const dropped = text.replace(/\n\{"line":21,[^\n]*\},/, '');
    expect(dropped).not.toBe(text);
    const error = await readPlanFile(chunksOf(dropped, 1000), 'plan.json', priceRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/the plan was changed after it was made/);
  });
});

describe('the plan file, signed as its rows pass', () => {
  it('is written reading a spooled plan\'s rows once: the head first, the totals and the digest after the rows', async () => {
    let reads = 0;
    const spooled: SpooledPlan = { ...plan, count: plan.rows.length, rows: async function* () {
      reads++;
      yield* plan.rows;
    } };
    let written = '';
    for await (const chunk of planFileChunks(spooled, KEY)) written += chunk;
    expect(reads).toBe(1);
    const lines = written.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\{"version":2,"resource":"prices",/);
    expect(lines[1]).toBe('"rows":[');
    expect(lines.at(-1)).toMatch(new RegExp(`^"totals":\\{"create":0,"update":40,[^}]*\\},"digest":"hmac-sha256:${KEY.id}:[0-9a-f]{64}"\\}$`));
  });

  it('a plan whose end (totals and digest) was lost is refused, nothing run (exit 2)', async () => {
    const cut = text.replace(/\n\],\n"totals":[^\n]*\n$/, '\n]}\n');
    expect(cut).not.toBe(text);
    const error = await readPlanFile(chunksOf(cut, 1000), 'plan.json', priceRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toContain('plan.json: the plan has no digest, so it cannot be checked; nothing was sent');
  });

  it('a plan printed by a dry run (-o json: its changes listed at the end) is read as the plan it holds, the changes read past', async () => {
    const changes = Array.from({ length: 40 }, (_, i) => JSON.stringify({ action: 'update', resource: 'prices', id: i + 1, before: { price: i + 1 }, after: { price: i + 1.5 } }));
    const printed = text.replace(/\}\n$/, `,\n"changes":[\n${changes.join(',\n')}\n]}\n`);
    const read = await readPlanFile(chunksOf(printed, 100), 'plan.json', priceRows, KEY, memorySpool());
    expect(await rowsOf(read)).toEqual(plan.rows);
    const parser = new PlanTextParser();
    const fields = parser.push(Buffer.from(printed)).flatMap((piece) => (piece.kind === 'field' ? [piece.key] : []));
    expect(fields).toEqual(['version', 'resource', 'createdAt', 'source', 'scope', 'totals', 'digest']);
  });

  /** A plan as rentals wrote them before: version 1, its digest first, over its head and then its rows. */
  function versionOne(rows: readonly PlanRow[]): string {
    const lines = rows.map((row) => JSON.stringify(row));
    const mac = createHmac('sha256', KEY.secret).update(`1\nprices\n{}\n${JSON.stringify(plan.source)}\n${JSON.stringify(plan.createdAt)}\n`);
    for (const line of lines) mac.update(`${line}\n`);
    const head = JSON.stringify({ version: 1, resource: 'prices', createdAt: plan.createdAt, source: plan.source, scope: {}, totals: plan.totals, digest: `hmac-sha256:${KEY.id}:${mac.digest('hex')}` });
    return `${head.slice(0, -1)},\n"rows":[\n${lines.join(',\n')}\n]}\n`;
  }

  it('a plan of version 1 is still read, its digest checked: whole, its rows run; changed, refused', async () => {
    const old = versionOne(plan.rows);
    const read = await readPlanFile(chunksOf(old, 333), 'plan.json', priceRows, KEY, memorySpool());
    expect(await rowsOf(read)).toEqual(plan.rows);
    expect(read.totals).toEqual(plan.totals);
    const changed = old.replace('"new":{"price":1.5}', '"new":{"price":9.5}');
    expect(changed).not.toBe(old);
    const error = await readPlanFile(chunksOf(changed, 333), 'plan.json', priceRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/the plan was changed after it was made/);
  });

  it('a version 1 digest does not pass for a version 2 plan (nor the other way round)', async () => {
    const old = versionOne(plan.rows);
    const relabelled = old.replace('{"version":1,', '{"version":2,');
    const error = await readPlanFile(chunksOf(relabelled, 1000), 'plan.json', priceRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/the plan was changed after it was made/);
    const downgraded = text.replace('{"version":2,', '{"version":1,');
    const again = await readPlanFile(chunksOf(downgraded, 1000), 'plan.json', priceRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect((again as Error).message).toMatch(/the plan was changed after it was made/);
  });
});

describe('the runner over a stream of rows', () => {
  it('takes each row when a request slot frees up: never more than the concurrency ahead of what it reported', async () => {
    const records = new Map<number, LiveRecord>();
    for (let id = 1; id <= 500; id++) records.set(id, { id, values: { inventoryId: id, rentalBlockId: 1, price: id } });
    let taken = 0;
    let reported = 0;
    let widest = 0;
    async function* rows(): AsyncGenerator<PlanRow> {
      for (let n = 1; n <= 500; n++) {
        taken++;
        widest = Math.max(widest, taken - reported);
        yield updateRow(n);
      }
    }
    const summary = await runPlan(rows(), {
      spec: priceRows,
      total: 500,
      concurrency: 8,
      onLine: () => void reported++,
      ops: {
        current: async (row) => records.get(row.ids.id!),
        find: async (row) => records.get(row.ids.id!),
        create: async () => {
          throw new Error('no creates');
        },
        update: async (row, current) => {
          await new Promise((resolve) => setTimeout(resolve, 0));
          const updated = { id: current.id, values: { ...current.values, ...row.new } };
          records.set(current.id, updated);
          return updated;
        },
        remove: async () => undefined,
      },
    });
    expect(summary.counts.updated).toBe(500);
    expect(summary.total).toBe(500);
    expect(widest).toBeLessThanOrEqual(9);
  });
});

describe('apply of a plan file: the listings it reads', () => {
  it("drops an item's listing after the last row that looks it up, keeps it until then", async () => {
    const api = FakeApi.catalogue(2);
    const row = (id: number, inventoryId: number): PlanRow => ({ line: id, action: 'update', ids: { id, inventoryId, rentalBlockId: id % 10 }, old: { price: 0 }, new: { price: 1 } });
    const lookupsByParent = [undefined, 2, 1];
    const ops = apiOperations(priceRows, contextFor(api), undefined, undefined, lookupsByParent);
    await ops.current(row(11, 1));
    await ops.current(row(21, 2));
    await ops.current(row(12, 1)); // item 1's second and last: read once for both
    expect(api.count('GET', 'prices')).toBe(2);
    await ops.current(row(12, 1)); // past its last: read afresh, the listing was not kept
    expect(api.count('GET', 'prices')).toBe(3);
    expect(lookupsByParent).toEqual([undefined, 2, 1]); // the plan's counts are not used up
  });

  it('counts, while it verifies a plan file, the rows of each item that will look their record up', async () => {
    const rows = [updateRow(1), { ...updateRow(2), action: 'unchanged' as const, new: { price: 2 }, old: { price: 2 } }, { ...updateRow(3), ids: { id: 3, inventoryId: 1, rentalBlockId: 2 } }];
    const file = serializePlan(newPlan(priceRows, rows, { source: 'prices.csv' }), KEY);
    const read = await readPlanFile(chunksOf(file, 100), 'plan.json', priceRows, KEY, memorySpool());
    expect(read.lookupsByParent).toEqual([undefined, 2]);
  });
});

describe('the spool', () => {
  it('a reader that stops early leaves the file readable, and closing it then is clean', async () => {
    const spool = diskSpool(fileTempDir('rentals-spool-'));
    const file = spool.file('rows');
    const lines = Array.from({ length: 20_000 }, (_, i) => `{"line":${i},"label":"Zelt ${'ü'.repeat(i % 7)}"}`);
    for (const line of lines) file.append(line);
    file.end();
    for await (const _line of file.lines()) break; // a judge refusing at the first row
    const again: string[] = [];
    for await (const line of file.lines()) again.push(line);
    expect(again).toEqual(lines);
    expect(() => spool.close()).not.toThrow();
  });

  it('a temporary directory that cannot be made is a usage error naming TMPDIR, before anything is read or sent', () => {
    let error: unknown;
    try {
      diskSpool('/nonexistent/rentals-tmp').file('rows');
    } catch (e) {
      error = e;
    }
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toMatch(/^cannot make a private directory for the run's rows under \/nonexistent\/rentals-tmp \(TMPDIR\): /);
  });
});

describe('a plan of creates, which name no id', () => {
  const create = (line: number, name: string): PlanRow => ({ line, action: 'create', ids: {}, label: name, old: null, new: { name, quantityAvailable: 1, active: 1 } });
  const fileOf = (rows: PlanRow[]) => serializePlan(newPlan(inventoryRows, rows, { source: 'items.csv' }), KEY);

  it('reads several (inventory items, found by name) as a record each, as `inventory import --plan` writes them', async () => {
    const read = await readPlanFile(chunksOf(fileOf([create(2, 'Tent'), create(3, 'Chair'), create(4, 'Stool')]), 100), 'plan.json', inventoryRows, KEY, memorySpool());
    expect(read.totals.create).toBe(3);
    expect((await rowsOf(read)).map((row) => row.label)).toEqual(['Tent', 'Chair', 'Stool']);
  });

  it('lists the first 1,000 problems of a refused plan and counts the rest (a plan of 20,000 bad rows is not 20,000 lines held)', async () => {
    const rows = Array.from({ length: 1004 }, (_, i) => create(i + 2, 'Tent'));
    const error = await readPlanFile(chunksOf(fileOf(rows), 4096), 'plan.json', inventoryRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect(exitCodeFor(error)).toBe(2);
    const message = (error as Error).message;
    expect(message.match(/changes the same inventory item/g)).toHaveLength(1000);
    expect(message).toMatch(/… and 3 more$/);
  });

  it('refuses the same key created twice', async () => {
    const error = await readPlanFile(chunksOf(fileOf([create(2, 'Tent'), create(3, 'Tent')]), 100), 'plan.json', inventoryRows, KEY, memorySpool()).catch((e: unknown) => e);
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toMatch(/rows\[1\] \(line 3\): changes the same inventory item as rows\[0\]/);
  });
});
