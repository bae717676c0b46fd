// A bulk run whose server goes away mid-run: after a few rows in a row cannot reach it, the run
// stops taking rows (the rest `not_run`), exits 5 and says how to finish once the server is back;
// the command it names then finishes the run. In-process, through a proxy that is closed mid-run
// (connections refused from then on); the client's retry waits are noted, not waited out.

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

describe('a bulk run whose server goes away', () => {
  test('stops after a few rows cannot reach it, exits 5, and the command it names finishes the run', { timeout: 60_000 }, async () => {
    const sandbox = await openSandbox();
    cleanups.push(() => sandbox.close());
    const items = await createItems(sandbox, Array.from({ length: 40 }, (_, i) => `Net item ${i + 1}`));
    await mapLimit(items, 16, (item) => data(sandbox.call, 'POST', `/v1/inventory/${item}/pricing`, { inventoryId: item, rentalBlockId: 1, price: 10 }));

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
