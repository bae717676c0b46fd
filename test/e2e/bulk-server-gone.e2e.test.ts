// A bulk run stopped early by what no further row can get past. The server gone: after a few rows
// in a row cannot reach it, the run stops taking rows (the rest `not_run`), exits 5 and says how to
// finish once the server is back. The credentials refused (the token revoked mid-run): it stops at
// once, exits 3 and says to log in again. Either way the command it names then finishes the run.
// In-process, through a proxy that is closed mid-run (connections refused from then on), or that
// answers 401 from a chosen write on; the client's retry waits are noted, not waited out.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { cliEnv, runRentals } from './harness.js';
import { reportRows } from './report-file.js';
import { type OpenSandbox, createItems, data, mapLimit, pricesOnServer } from './server-state.js';
import { resources } from '../../src/resources/definitions.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A command line as a POSIX shell splits it: plain words, and '…' quoting (a quote inside as '\\''). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/(?:[^\s']+|'[^']*')+/g)) words.push(match[0].replace(/'([^']*)'/g, '$1'));
  return words;
}

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
    const resumed = await runRentals(shellWords(hint![1]!).slice(1), { env: { ...env, RENTALS_BASE_URL: sandbox.url }, timeoutMs: 30_000 });
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
    expect(hint![1]).toBe(`rentals prices adjust --resume ${report} --yes`);

    // The token accepted again: the command named finishes the run, each price moved once.
    const resumed = await runRentals(shellWords(hint![1]!).slice(1), { env: { ...env, RENTALS_BASE_URL: sandbox.url }, timeoutMs: 30_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^7 rows: 0 created, 7 updated/m);
    const prices = await pricesOnServer(sandbox, items);
    expect([...prices.values()].map((price) => price.price)).toEqual(Array(10).fill(11));
  });
});

describe('a dry run of an undo when the server is gone', () => {
  /** A report of a run that changed 12 prices, and the env of a CLI that reaches the sandbox. */
  async function undoable(): Promise<{ report: string; env: Record<string, string>; dir: string }> {
    const { sandbox } = await pricedItems(12);
    const dir = fileTempDir('rentals-undo-gone-');
    const report = join(dir, 'run.ndjson');
    const env = cliEnv(sandbox, join(dir, 'config'));
    const run = await runRentals(['prices', 'adjust', '--rental-block-id', '1', '--amount', '1', '--yes', '--report', report], { env });
    expect(run.code, run.stderr).toBe(0);
    return { report, env, dir };
  }

  test('exits 5 as its run would, not 6', { timeout: 60_000 }, async () => {
    const { report, env } = await undoable();
    const proxy = await startFaultProxy({ target: 'http://127.0.0.1:9' });
    const gone = proxy.url;
    await proxy.close();
    const dry = await runRentals(['prices', 'import', '--undo', report, '--dry-run', '--concurrency', '1'], { env: { ...env, RENTALS_BASE_URL: gone }, waits: [], timeoutMs: 30_000 });
    expect(dry.code, dry.stderr).toBe(5);
    expect(dry.stderr).toContain('the server could not be reached');
  });

  test('exits 3 when the credentials are refused', { timeout: 60_000 }, async () => {
    const { report, env } = await undoable();
    const dry = await runRentals(['prices', 'import', '--undo', report, '--dry-run', '--concurrency', '1'], { env: { ...env, RENTALS_TOKEN: 'not-the-token-0123456789' }, waits: [], timeoutMs: 30_000 });
    expect(dry.code, dry.stderr).toBe(3);
    expect(dry.stderr).toContain('the credentials were refused');
  });
});

/** A bulk run of more rows than run without --yes (50), against a server that goes away at its tenth write. */
interface GoneCase {
  /** What to run (--concurrency 1 is added), given the sandbox and a directory for its files. */
  setUp(sandbox: OpenSandbox, dir: string, items: number[]): Promise<string[]>;
  /** The server once the run is finished: every row as the run meant it. */
  check(sandbox: OpenSandbox, items: number[]): Promise<void>;
}

const ROWS = 64;

const priceCheck = (price: number) => async (sandbox: OpenSandbox, items: number[]) => {
  const prices = await pricesOnServer(sandbox, items);
  expect([...prices.values()].map((p) => p.price)).toEqual(Array(ROWS).fill(price));
};

const GONE_CASES: Record<string, GoneCase> = {
  'prices import': {
    setUp: async (_sandbox, dir, items) => {
      const file = join(dir, 'prices.csv');
      writeFileSync(file, `inventoryId,rentalBlockId,price\n${items.map((id) => `${id},1,11`).join('\n')}\n`);
      return ['prices', 'import', file, '--round', '0.01', '--yes'];
    },
    check: priceCheck(11),
  },
  'inventory import': {
    setUp: async (sandbox, dir, items) => {
      const names = (await data(sandbox.call, 'GET', '/v2/inventory')).filter((item) => items.includes(Number(item.id))).map((item) => String(item.name));
      const file = join(dir, 'items.csv');
      writeFileSync(file, `name;quantityAvailable\n${names.map((name) => `${name};2`).join('\n')}\n`);
      return ['inventory', 'import', file, '--delimiter', ';', '--yes'];
    },
    check: async (sandbox, items) => {
      const quantities = (await data(sandbox.call, 'GET', '/v2/inventory')).filter((item) => items.includes(Number(item.id))).map((item) => Number(item.quantityAvailable));
      expect(quantities).toEqual(Array(ROWS).fill(2));
    },
  },
  'bookings import': {
    setUp: async (sandbox, dir, items) => {
      const [event] = await data(sandbox.call, 'POST', '/v1/events', {
        eventStatusId: 2,
        rentalBlockId: 1,
        eventName: 'Server gone party',
        dropoffDate: '2031-05-01T08:00:00',
        startDate: '2031-05-01T08:00:00',
        endDate: '2031-05-02T10:00:00',
        teardownDate: '2031-05-02T10:00:00',
        pickupDate: '2031-05-02T10:00:00',
      });
      const file = join(dir, 'bookings.csv');
      writeFileSync(file, `inventoryId,quantity\n${items.map((id) => `${id},1`).join('\n')}\n`);
      return ['bookings', 'import', file, '--event-id', String(event!.id), '--yes'];
    },
    check: async (sandbox, items) => {
      const [event] = (await data(sandbox.call, 'GET', '/v1/events')).filter((e) => e.eventName === 'Server gone party');
      const lines = await data(sandbox.call, 'GET', `/v1/events/${event!.id}/inventory`);
      expect(lines.map((line) => Number(line.inventoryId)).sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
    },
  },
  'prices adjust': {
    setUp: async () => ['prices', 'adjust', '--rental-block-id', '1', '--amount', '1', '--yes'],
    check: priceCheck(11),
  },
  'prices apply': {
    setUp: async (sandbox, dir) => {
      const plan = join(dir, 'plan.json');
      const planned = await runRentals(['prices', 'adjust', '--rental-block-id', '1', '--amount', '1', '--plan', plan], { env: cliEnv(sandbox, join(dir, 'config')) });
      expect(planned.code, planned.stderr).toBe(0);
      return ['prices', 'apply', plan, '--yes'];
    },
    check: priceCheck(11),
  },
  'prices undo': {
    setUp: async (sandbox, dir) => {
      const report = join(dir, 'up.ndjson');
      const up = await runRentals(['prices', 'adjust', '--rental-block-id', '1', '--amount', '1', '--yes', '--report', report], { env: cliEnv(sandbox, join(dir, 'config')) });
      expect(up.code, up.stderr).toBe(0);
      return ['prices', 'import', '--undo', report, '--yes'];
    },
    check: priceCheck(10),
  },
};

describe('the command a stopped bulk run names, run as printed once the server is back', () => {
  test('covers the import of every bulk resource', () => {
    for (const def of Object.values(resources).filter((d) => d.bulk)) expect(Object.keys(GONE_CASES)).toContain(`${def.command} import`);
  });

  test.each(Object.keys(GONE_CASES))('%s: exits 0 and finishes the run', { timeout: 60_000 }, async (name) => {
    const goneCase = GONE_CASES[name]!;
    const { sandbox, items } = await pricedItems(ROWS);
    const dir = fileTempDir('rentals-gone-rerun-');
    const args = await goneCase.setUp(sandbox, dir, items);

    let writes = 0;
    const proxy = await startFaultProxy({
      target: sandbox.url,
      forceAfterServer: false,
      // The tenth write never reaches the server: its connection drops as the server goes away.
      force: (request) => {
        if (request.method === 'GET' || ++writes !== 10) return undefined;
        void proxy.close();
        return 'drop';
      },
    });
    cleanups.push(() => proxy.close());
    const env = { ...cliEnv(sandbox, join(dir, 'config')), RENTALS_BASE_URL: proxy.url };
    const first = await runRentals([...args, '--concurrency', '1'], { env, waits: [], timeoutMs: 30_000 });
    expect(first.code, first.stderr).toBe(5);
    const hint = /run the rest with: (rentals .*)$/m.exec(first.stderr);
    expect(hint, first.stderr).not.toBeNull();

    const rest = await runRentals(shellWords(hint![1]!).slice(1), { env: { ...env, RENTALS_BASE_URL: sandbox.url }, timeoutMs: 30_000 });
    expect(rest.code, `${hint![1]}\n${rest.stderr}`).toBe(0);
    await goneCase.check(sandbox, items);
  });
});
