// A bulk run stopped early by what no further row can get past. The server gone: after a few rows
// in a row cannot reach it, the run stops taking rows (the rest `not_run`), exits 5 and says how to
// finish once the server is back. The credentials refused (the token revoked mid-run): it stops at
// once, exits 3 and says to log in again. Either way the command it names then finishes the run.
// In-process, through a proxy that is closed mid-run (connections refused from then on), or that
// answers 401 from a chosen write on; the client's retry waits are noted, not waited out.

import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { cliEnv, runRentals } from './harness.js';
import { reportRows } from './report-file.js';
import { createItems, data, mapLimit, pricesOnServer } from './server-state.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A sandbox with `count` items, each with a price of 10 in rental block 1. */
async function pricedItems(count: number) {
  const sandbox = await openSandbox();
  cleanups.push(() => sandbox.close());
  const items = await createItems(sandbox, Array.from({ length: count }, (_, i) => `Item ${i + 1}`));
  await mapLimit(items, 16, (item) => data(sandbox.call, 'POST', `/v1/inventory/${item}/pricing`, { inventoryId: item, rentalBlockId: 1, price: 10 }));
  return { sandbox, items };
}

describe('a bulk run whose server goes away', () => {
  test('stops after a few rows cannot reach it, exits 5, and the command it names finishes the run', { timeout: 60_000 }, async () => {
    const { sandbox, items } = await pricedItems(40);

    let puts = 0;
    const proxy = await startFaultProxy({
      target: sandbox.url,
      forceAfterServer: false,
      // The tenth write never reaches the server: its connection drops as the server goes away.
      force: (request) => {
        if (request.method !== 'PUT' || ++puts !== 10) return undefined;
        void proxy.close();
        return 'drop';
      },
    });
    cleanups.push(() => proxy.close());
    const dir = fileTempDir('rentals-server-gone-');
    const report = join(dir, 'run.ndjson');
    const env = { ...cliEnv(sandbox, join(dir, 'config')), RENTALS_BASE_URL: proxy.url };
    const waits: number[] = [];

    const first = await runRentals(['prices', 'adjust', '--rental-block-id', '1', '--amount', '1', '--yes', '--concurrency', '1', '--report', report], { env, waits, timeoutMs: 30_000 });
    expect(first.code, first.stderr).toBe(5);
    const rows = reportRows(report);
    expect(rows).toHaveLength(40);
    const outcomes = rows.map((row) => row.outcome);
    expect(outcomes.slice(0, 9)).toEqual(Array(9).fill('updated'));
    expect(outcomes.slice(9, 14)).toEqual(Array(5).fill('failed'));
    expect(outcomes.slice(14)).toEqual(Array(26).fill('not_run'));
    expect(rows[10]!.error).toMatch(/ECONNREFUSED/);
    expect(first.stderr).toMatch(/^40 rows: 0 created, 9 updated, 0 unchanged, 0 stale, 5 failed, 26 not run/m);
    expect(first.stderr).toContain('Stopped: 5 rows in a row could not reach the server');
    expect(first.stderr).toContain(`9 of 40 rows applied, 31 did not (5 failed, 26 not run); ${report} holds every row`);
    const hint = /When the server answers again, run the rest with: (rentals .*)$/m.exec(first.stderr);
    expect(hint, first.stderr).not.toBeNull();
    expect(hint![1]).toContain(`--resume ${report}`);

    // The server is back (here: reached directly): the command named finishes the run, once.
    const command = hint![1]!.split(' ').slice(1);
    const resumed = await runRentals([...command, '--yes'], { env: { ...env, RENTALS_BASE_URL: sandbox.url }, timeoutMs: 30_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^31 rows: 0 created, 31 updated/m);
    const prices = await pricesOnServer(sandbox, items);
    expect([...prices.values()].map((price) => price.price)).toEqual(Array(40).fill(11));
  });
});

describe('a bulk run whose credentials are refused partway', () => {
  test('stops at once, the rest not_run, exits 3, says to log in again; the command it names finishes the run', { timeout: 60_000 }, async () => {
    const { sandbox, items } = await pricedItems(10);

    let puts = 0;
    // From the fourth write on, the token is refused.
    const proxy = await startFaultProxy({ target: sandbox.url, forceAfterServer: false, force: (request) => (request.method === 'PUT' && ++puts >= 4 ? '401' : undefined) });
    cleanups.push(() => proxy.close());
    const dir = fileTempDir('rentals-credentials-refused-');
    const report = join(dir, 'run.ndjson');
    const env = { ...cliEnv(sandbox, join(dir, 'config')), RENTALS_BASE_URL: proxy.url };

    const first = await runRentals(['prices', 'adjust', '--rental-block-id', '1', '--amount', '1', '--yes', '--concurrency', '1', '--report', report], { env, waits: [], timeoutMs: 30_000 });
    expect(first.code, first.stderr).toBe(3);
    expect(reportRows(report).map((row) => row.outcome)).toEqual([...Array(3).fill('updated'), 'failed', ...Array(6).fill('not_run')]);
    expect(first.stderr).toMatch(/^10 rows: 0 created, 3 updated, 0 unchanged, 0 stale, 1 failed, 6 not run/m);
    expect(first.stderr).toContain(`the credentials were refused: 3 of 10 rows applied, 7 did not (1 failed, 6 not run); ${report} holds every row`);
    expect(first.stderr).toMatch(/^Log in again \(`rentals auth login`\) or give a token the server accepts, then run the rest with: /m);
    const hint = /run the rest with: (rentals .*)$/m.exec(first.stderr);
    expect(hint, first.stderr).not.toBeNull();
    expect(hint![1]).toBe(`rentals prices adjust --resume ${report}`);

    // The token accepted again: the command named finishes the run, each price moved once.
    const resumed = await runRentals([...hint![1]!.split(' ').slice(1), '--yes'], { env: { ...env, RENTALS_BASE_URL: sandbox.url }, timeoutMs: 30_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^7 rows: 0 created, 7 updated/m);
    const prices = await pricesOnServer(sandbox, items);
    expect([...prices.values()].map((price) => price.price)).toEqual(Array(10).fill(11));
  });
});
