// Resuming a bulk run row by row. A row is known by its line and, when several share a line (a
// one-line JSON array, several JSON values on one line), by its index there: a report, --resume and
// --undo tell them apart. A row whose write may have applied though its answer was lost is judged
// on --resume against the live record, never applied twice. In-process against a sandbox, through
// the fault proxy (chosen writes made to fail, before or after the server acted).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { type FaultKind, type ProxiedRequest, startFaultProxy } from '../helpers/fault-proxy.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type RunResult, cliEnv, runRentals } from './harness.js';
import { reportRows } from './report-file.js';
import { type OpenSandbox, createItems, data, pricesOnServer, putPrice } from './server-state.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface ReportRow {
  line: number;
  index?: number;
  outcome: string;
  ids: Record<string, number>;
  old: Record<string, number> | null;
  new: Record<string, number> | null;
  error?: string;
}

interface World {
  sandbox: OpenSandbox;
  item: number;
  dir: string;
  /** Price id by rental block. */
  priceIds: Map<number, number>;
  rentals: (args: string[], direct?: boolean) => Promise<RunResult>;
  /** The waits the runs asked for (noted, not waited out), in milliseconds. */
  waits: number[];
  prices: () => Promise<number[]>;
}

type Force = (request: ProxiedRequest, priceIds: Map<number, number>) => FaultKind | { kind: FaultKind; afterServer: boolean } | undefined;

/** One item with a price of `price` in blocks 1 to 4; the CLI goes through a proxy that faults as `force` says. */
async function world(force: Force, forceAfterServer: boolean, startPrice = 1): Promise<World> {
  const sandbox = await openSandbox();
  cleanups.push(() => sandbox.close());
  const [item] = await createItems(sandbox, ['Tent']);
  const priceIds = new Map<number, number>();
  for (const block of [1, 2, 3, 4]) {
    const [price] = await data(sandbox.call, 'POST', `/v1/inventory/${item}/pricing`, { inventoryId: item, rentalBlockId: block, price: startPrice });
    priceIds.set(block, Number(price!.id));
  }
  const proxy = await startFaultProxy({ target: sandbox.url, forceAfterServer, force: (request) => force(request, priceIds) });
  cleanups.push(() => proxy.close());
  const dir = fileTempDir('rentals-row-identity-');
  const env = cliEnv(sandbox, join(dir, 'config'));
  const waits: number[] = [];
  const rentals = (args: string[], direct = false) =>
    runRentals(args, { env: { ...env, RENTALS_BASE_URL: direct ? sandbox.url : proxy.url }, waits, timeoutMs: 30_000 });
  const prices = async () => {
    const all = await pricesOnServer(sandbox, [item!]);
    return [1, 2, 3, 4].map((block) => all.get(`${item}/${block}`)!.price);
  };
  return { sandbox, item: item!, dir, priceIds, rentals, waits, prices };
}

describe('rows that share an input line', () => {
  test('a one-line JSON array with a failure in the middle: --resume applies exactly the failed row, --undo puts back exactly the applied ones', { timeout: 60_000 }, async () => {
    let failing = true;
    const w = await world((request, ids) => (failing && request.method === 'PUT' && request.path.endsWith(`/pricing/${ids.get(2)}`) ? '500' : undefined), false);
    const file = join(w.dir, 'prices.json');
    const rows = [1, 2, 3, 4].map((block) => ({ inventoryId: w.item, rentalBlockId: block, price: 4 + block }));
    writeFileSync(file, `${JSON.stringify(rows)}\n`);
    const report = join(w.dir, 'run.ndjson');

    const first = await w.rentals(['prices', 'import', file, '--report', report, '--yes', '--concurrency', '1']);
    expect(first.code, first.stderr).toBe(6);
    expect(first.stderr).toMatch(/^4 rows: 0 created, 3 updated, 0 unchanged, 0 stale, 1 failed/m);
    expect(reportRows<ReportRow>(report).map((row) => [row.line, row.index, row.outcome])).toEqual([
      [1, 0, 'updated'],
      [1, 1, 'failed'],
      [1, 2, 'updated'],
      [1, 3, 'updated'],
    ]);
    expect(await w.prices()).toEqual([5, 1, 7, 8]);
    // The failed row paused (250 to 500 ms, noted through the run's clock) before its second attempt.
    expect(w.waits.filter((ms) => ms >= 250 && ms <= 500)).toHaveLength(1);

    failing = false;
    const resumed = await w.rentals(['prices', 'import', file, '--resume', report, '--yes']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^1 rows?: 0 created, 1 updated, 0 unchanged, 0 stale, 0 failed/m);
    expect(resumed.stderr).toContain('3 rows had applied before');
    expect(await w.prices()).toEqual([5, 6, 7, 8]);

    // Someone changes block 4 meanwhile: its undo is stale, the others are put back.
    await putPrice(w.sandbox, { id: w.priceIds.get(4)!, inventoryId: w.item, rentalBlockId: 4, price: 8 }, 20);
    const preview = await w.rentals(['prices', 'import', '--undo', report, '--dry-run', '-o', 'table']);
    expect(preview.code, preview.stderr).toBe(6);
    expect(preview.stdout).toMatch(/^line 1 \[1\]  update  /m);
    expect(preview.stdout).toMatch(/^line 1 \[3\]  stale  +Tent \/ Monthly  changed since the report/m);
    const undone = await w.rentals(['prices', 'import', '--undo', report, '--yes']);
    expect(undone.code, undone.stderr).toBe(6);
    expect(undone.stderr).toMatch(/^4 rows: 0 created, 3 updated, 0 unchanged, 1 stale, 0 failed/m);
    expect(await w.prices()).toEqual([1, 1, 1, 20]);
  });

  test('a plan file keeps each row\'s index, and applying it reports each row apart', { timeout: 60_000 }, async () => {
    const w = await world(() => undefined, false);
    const file = join(w.dir, 'prices.json');
    writeFileSync(file, `${[1, 2].map((block) => JSON.stringify({ inventoryId: w.item, rentalBlockId: block, price: 4 + block })).join(' ')}\n`);
    const plan = join(w.dir, 'plan.json');
    const planned = await w.rentals(['prices', 'import', file, '--plan', plan]);
    expect(planned.code, planned.stderr).toBe(0);
    const rows = (JSON.parse(readFileSync(plan, 'utf8')) as { rows: ReportRow[] }).rows;
    expect(rows.map((row) => [row.line, row.index])).toEqual([
      [1, 0],
      [1, 1],
    ]);
    const report = join(w.dir, 'run.ndjson');
    const applied = await w.rentals(['prices', 'apply', plan, '--report', report, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(reportRows<ReportRow>(report).map((row) => [row.line, row.index, row.outcome])).toEqual([
      [1, 0, 'updated'],
      [1, 1, 'updated'],
    ]);
    expect(await w.prices()).toEqual([5, 6, 1, 1]);
  });
});

describe('prices adjust --resume of rows whose write may have applied', () => {
  /** The PUT of this block's price. */
  const putOf = (request: ProxiedRequest, ids: Map<number, number>, block: number): boolean => request.method === 'PUT' && request.path.endsWith(`/pricing/${ids.get(block)}`);

  /**
   * `adjust --amount 1` of four prices of 10, whose block 2 write reaches the server, then the
   * connection drops and nothing more gets through: whether it applied is not known. Blocks 3 and 4
   * are never sent. Exit 6.
   */
  async function adjustCutAtBlock2(): Promise<{ w: World; report: string; stopFaults: () => void }> {
    let failing = true;
    let gone = false;
    const w = await world((request, ids) => {
      if (!failing) return undefined;
      if (gone) return { kind: 'drop', afterServer: false };
      if (!putOf(request, ids, 2)) return undefined;
      gone = true;
      return { kind: 'drop', afterServer: true };
    }, false, 10);
    const report = join(w.dir, 'run.ndjson');
    const first = await w.rentals(['prices', 'adjust', '--amount', '1', '--report', report, '--yes', '--concurrency', '1']);
    expect(first.code, first.stderr).toBe(6);
    return { w, report, stopFaults: () => (failing = false) };
  }

  test('a row applied though its answer was lost is carried, not adjusted again; one never sent gets the report\'s value; exit 0', { timeout: 60_000 }, async () => {
    const { w, report, stopFaults } = await adjustCutAtBlock2();
    expect(reportRows<ReportRow>(report).map((row) => row.outcome)).toEqual(['updated', 'failed', 'failed', 'failed']);
    expect(await w.prices()).toEqual([11, 11, 10, 10]);

    stopFaults();
    const resumed = await w.rentals(['prices', 'adjust', '--resume', report, '--yes']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^line 2 applied before the report was cut: Tent \/ Weekend 10\.00 → 11\.00 \(\+10\.0%\)$/m);
    expect(resumed.stderr).toMatch(/^2 rows: 0 created, 2 updated, 0 unchanged, 0 stale, 0 failed/m);
    expect(resumed.stderr).toContain('2 rows had applied before');
    expect(await w.prices()).toEqual([11, 11, 11, 11]); // each moved once

    // The report now says the row applied: --undo puts back every price the chain moved.
    const undone = await w.rentals(['prices', 'import', '--undo', report, '--yes'], true);
    expect(undone.code, undone.stderr).toBe(0);
    expect(await w.prices()).toEqual([10, 10, 10, 10]);
  });

  test('a row whose record changed since is stale: not sent, exit 6', { timeout: 60_000 }, async () => {
    const { w, report, stopFaults } = await adjustCutAtBlock2();
    stopFaults();
    await putPrice(w.sandbox, { id: w.priceIds.get(2)!, inventoryId: w.item, rentalBlockId: 2, price: 11 }, 30);

    const resumed = await w.rentals(['prices', 'adjust', '--resume', report, '--yes']);
    expect(resumed.code, resumed.stderr).toBe(6);
    expect(resumed.stderr).toMatch(/^3 rows: 0 created, 2 updated, 0 unchanged, 1 stale, 0 failed/m);
    expect(await w.prices()).toEqual([11, 30, 11, 11]);
    const stale = reportRows<ReportRow>(report).filter((row) => row.outcome === 'stale');
    expect(stale).toHaveLength(1);
    expect(stale[0]!.error).toMatch(/price is now 30/);
  });
});
