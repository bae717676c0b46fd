// Bulk price updates end to end: rentals against a sandbox, asserting on what the server holds
// afterwards (read back over HTTP), not only on what the command printed. In-process, but for
// Ctrl-C and the shell pipeline, which run the built bin/rentals.js.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { parseInputText } from '../../src/bulk/input/index.js';
import { csvLine } from '../../src/output/format.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { hasJq } from '../helpers/jq.js';
import { TOKEN, openSandbox } from '../sandbox/helpers.js';
import { BIN, type RunResult, cliEnv, cliFor, runBin, startBin } from './harness.js';
import { type OpenSandbox, type PriceRecord, createItems, data, pricesOnServer, putPrice } from './server-state.js';

const work = mkdtempSync(join(tmpdir(), 'rentals-bulk-e2e-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
/** rentals' config directory, inside `work` so that nothing is left behind. */
const configDir = mkdtempSync(join(work, 'config-'));
/** Each test's files (inputs, plans, reports) go when the test ends. */
afterEach(() => {
  for (const name of readdirSync(work)) if (join(work, name) !== configDir) rmSync(join(work, name), { recursive: true, force: true });
});
const file = (name: string, text?: string): string => {
  const path = join(work, name);
  if (text !== undefined) writeFileSync(path, text);
  return path;
};

/** Waits for `gate`, failing at once (with its stderr) if the run ends before the gate is reached. */
async function endedEarly(gate: Promise<unknown>, done: Promise<RunResult>): Promise<void> {
  const ended = done.then((result) => {
    throw new Error(`the run ended (exit ${result.code}) before the requests it should have sent:\n${result.stderr}`);
  });
  ended.catch(() => {});
  await Promise.race([gate, ended]);
}

function ok(result: RunResult): RunResult {
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
  return result;
}

/** The token must never be printed or written anywhere. */
function noToken(...texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(Buffer.from(TOKEN).toString('base64'));
  }
}

interface ReportRow {
  line: number;
  action: string;
  outcome: string;
  ids: Record<string, number>;
  old: Record<string, number> | null;
  new: Record<string, number> | null;
  error?: string;
}

function readReport(path: string): ReportRow[] {
  const text = readFileSync(path, 'utf8');
  noToken(text);
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReportRow & { run?: unknown })
    .filter((row) => row.run === undefined); // the first line records the run, the rows follow
}

function outcomes(rows: ReportRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.outcome] = (counts[row.outcome] ?? 0) + 1;
  return counts;
}

function snapshot(prices: Map<string, PriceRecord>): Record<string, number> {
  return Object.fromEntries([...prices].map(([key, p]) => [key, p.price]));
}

const LONG = process.env.RENTALS_LONG_TESTS === '1';
/** The long variant moves ten times the rows: its time limits are three times as long. */
const SLOWER = LONG ? 3 : 1;

// Full size (10,000 rows) with RENTALS_LONG_TESTS=1 (.ci/run sets it); 400 rows otherwise (the same
// steps, interrupted by the same gate: the plain run's time went mostly to rows).
describe(`${LONG ? '10,000' : '400'} prices: import, second run, Ctrl-C and --resume, undo`, () => {
  const ITEMS = LONG ? 2_500 : 100;
  const ROWS = ITEMS * 4;
  const BLOCKS = [1, 2, 3, 4];
  let sandbox: OpenSandbox;
  let rentals: ReturnType<typeof cliFor>;
  let items: number[];
  // Every price moves by less than a factor of 10 between the files (a bigger move is refused by
  // default as a likely separator or unit mix-up, which these steps are not about).
  const firstPrice = (item: number, block: number) => `${100 + (item % 97)}.${String(block * 7).padStart(2, '0')}`;
  const secondPrice = (item: number, block: number) => `${101 + (item % 89)}.${block}5`;
  const priceFile = (name: string, price: (item: number, block: number) => string): string => {
    const lines = ['inventoryId,rentalBlockId,price'];
    for (const item of items) for (const block of BLOCKS) lines.push(`${item},${block},${price(item, block)}`);
    return file(name, `${lines.join('\n')}\n`);
  };
  const expectServer = async (price: (item: number, block: number) => string) => {
    const prices = await pricesOnServer(sandbox, items);
    expect(prices.size).toBe(ITEMS * BLOCKS.length);
    const wrong = items.flatMap((item) => BLOCKS.filter((block) => prices.get(`${item}/${block}`)?.price !== Number(price(item, block))));
    expect(wrong).toEqual([]);
    return prices;
  };

  beforeAll(async () => {
    sandbox = await openSandbox();
    rentals = cliFor(sandbox, configDir);
    items = await createItems(
      sandbox,
      Array.from({ length: ITEMS }, (_, i) => `Item ${i + 1}`),
    );
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  test(`applies exactly: ${ROWS} rows create ${ROWS} prices; a second run changes nothing`, { timeout: 40_000 * SLOWER }, async () => {
    const csv = priceFile('first.csv', firstPrice);
    const refused = await rentals(['prices', 'import', csv]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${ROWS} rows: ${ROWS} create, 0 update, 0 unchanged, 0 invalid, 0 refused: ${ROWS} changes to send.`);
    expect(refused.stderr).toContain('pass --yes to apply them without a prompt (nothing was sent)');
    expect((await pricesOnServer(sandbox, items)).size).toBe(0);

    const first = ok(await rentals(['prices', 'import', csv, '--report', file('first.ndjson'), '--yes'], { timeoutMs: 30_000 * SLOWER }));
    expect(first.stderr).toMatch(new RegExp(`^${ROWS} rows: ${ROWS} created, 0 updated, 0 unchanged, 0 stale, 0 failed`, 'm'));
    // Piped, what was written: a change row per price created, built from the rows the report has.
    const written = first.stdout.trimEnd().split('\n').map((line) => line.split('\t'));
    expect(written).toHaveLength(ROWS);
    expect(written.every(([action, resource, id, , field, before, after]) => action === 'create' && resource === 'prices' && Number(id) > 0 && field === 'price' && before === '' && Number(after) > 0)).toBe(true);
    expect(outcomes(readReport(file('first.ndjson')))).toEqual({ created: ROWS });
    await expectServer(firstPrice);

    const again = await rentals(['prices', 'import', csv, '--report', file('first.ndjson'), '--yes']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`the report ${file('first.ndjson')} exists already`);
    expect(outcomes(readReport(file('first.ndjson')))).toEqual({ created: ROWS }); // not overwritten

    const second = ok(await rentals(['prices', 'import', csv, '--report', file('second.ndjson'), '-o', 'json'], { timeoutMs: 30_000 * SLOWER }));
    expect(second.stderr).toMatch(new RegExp(`^${ROWS} rows: 0 created, 0 updated, ${ROWS} unchanged, 0 stale, 0 failed`, 'm'));
    expect(JSON.parse(second.stdout)).toMatchObject({ summary: { total: ROWS, unchanged: ROWS, complete: true }, report: file('second.ndjson'), changes: [] });
    expect(outcomes(readReport(file('second.ndjson')))).toEqual({ unchanged: ROWS });
    await expectServer(firstPrice);
  });

  test('Ctrl-C stops halfway (exit 6, every row in the report); --resume completes exactly; undo restores', { timeout: 60_000 * SLOWER }, async () => {
    const csv = priceFile('second.csv', secondPrice);
    const report = file('stopped.ndjson');
    // The proxy holds the PUTs after the first half; the test interrupts the child then, and lets
    // the held requests through once the child says it was interrupted: no timing involved.
    const proxy = await startFaultProxy({ target: sandbox.url });
    try {
      const half = ROWS / 2;
      const halfway = proxy.gate((r) => r.method === 'PUT', half);
      const env = { ...cliEnv(sandbox, configDir), RENTALS_BASE_URL: proxy.url };
      const run = startBin(['prices', 'import', csv, '--report', report, '--concurrency', '2', '--yes'], { env, timeoutMs: 30_000 * SLOWER });
      const interrupted = untilStderr(run.child, 'Interrupted:');
      await endedEarly(halfway, run.done);
      run.child.kill('SIGINT');
      await interrupted;
      proxy.open();
      const stopped = await run.done;
      expect(stopped.code, stopped.stderr).toBe(6);
      const lines = readReport(report);
      expect(lines).toHaveLength(ROWS);
      const counts = outcomes(lines);
      expect(counts.updated).toBeGreaterThan(half); // the half, and the requests held in flight
      expect(counts.updated).toBeLessThanOrEqual(half + 2);
      expect(counts.updated! + counts.not_run!).toBe(ROWS);
      // The rate counts the rows that ran, not the ones that never started.
      const [, ran, seconds, rate] = /(\d+) rows: .*\((\d+\.\d) s, (\d+) rows\/s\)/.exec(stopped.stderr)!;
      expect(Number(ran)).toBe(ROWS);
      expect(Number(rate)).toBeLessThanOrEqual(Math.ceil(counts.updated! / Math.max(Number(seconds) - 0.05, 0.01)) + 1);

      // The server has exactly the rows the report says were updated.
      const between = new Map([...(await pricesOnServer(sandbox, items)).values()].map((p) => [p.id, p.price]));
      const differing = lines.filter((row) => between.get(row.ids.id!) !== (row.outcome === 'updated' ? row.new! : row.old!).price);
      expect(differing).toEqual([]);

      const resumed = ok(await rentals(['prices', 'import', csv, '--resume', report, '--report', file('resumed.ndjson'), '--yes'], { timeoutMs: 30_000 * SLOWER }));
      expect(resumed.stderr).toContain(`${counts.not_run} rows: 0 created, ${counts.not_run} updated`);
      const merged = readReport(file('resumed.ndjson'));
      expect(merged.map((l) => l.line)).toEqual(lines.map((l) => l.line));
      expect(outcomes(merged)).toEqual({ updated: ROWS });
      await expectServer(secondPrice);
    } finally {
      await proxy.close();
    }

    // A second Ctrl-C stops at once (exit 130), with the requests still held by the proxy: the
    // report has a line for every row that finished, and nothing else.
    const proxy2 = await startFaultProxy({ target: sandbox.url });
    try {
      const quick = file('second-ctrl-c.ndjson');
      // Both requests of --concurrency 2 held: the answers of the ten let through have all come back.
      const gated = proxy2.gate((r) => r.method === 'PUT', 10, 2);
      const env = { ...cliEnv(sandbox, configDir), RENTALS_BASE_URL: proxy2.url };
      const run = startBin(['prices', 'import', priceFile('third.csv', firstPrice), '--report', quick, '--concurrency', '2', '--yes'], { env, timeoutMs: 30_000 * SLOWER });
      const interrupted = untilStderr(run.child, 'Interrupted:');
      await endedEarly(gated, run.done);
      run.child.kill('SIGINT');
      await interrupted;
      run.child.kill('SIGINT');
      const stopped = await run.done;
      expect(stopped.code, stopped.stderr).toBe(130);
      expect(stopped.stderr).toContain(`Interrupted again: stopped at once; ${quick} has every row that finished.`);
      const finished = readReport(quick);
      expect(finished.map((l) => l.outcome)).toEqual(Array.from({ length: 10 }, () => 'updated'));
      expect(finished.map((l) => l.line)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    } finally {
      await proxy2.close();
    }
    // The held requests were let through when the proxy closed: put back what they changed.
    ok(await rentals(['prices', 'import', file('resumed-again.csv', readFileSync(file('second.csv'), 'utf8')), '--yes']));
    await expectServer(secondPrice);

    // Someone changes one price: the undo's dry run says so, as the real undo then finds.
    const changed = (await pricesOnServer(sandbox, [items[0]!])).get(`${items[0]}/1`)!;
    await putPrice(sandbox, changed, 0.5);
    const predicted = await rentals(['prices', 'import', '--undo', file('resumed.ndjson'), '--dry-run', '-o', 'table']);
    expect(predicted.code, predicted.stderr).toBe(6); // as the undo itself then exits
    expect(predicted.stdout).toMatch(new RegExp(`^${ROWS} rows: 0 create, ${ROWS - 1} update, 0 unchanged, 0 invalid, 0 refused, 1 stale$`, 'm'));
    expect(predicted.stdout).toMatch(/ stale {5}.*changed since the report: price is now 0\.5, the report has/);
    const undone = await rentals(['prices', 'import', '--undo', file('resumed.ndjson'), '--yes'], { timeoutMs: 30_000 * SLOWER });
    expect(undone.code, undone.stderr).toBe(6);
    expect(undone.stderr).toMatch(new RegExp(`^${ROWS} rows: 0 created, ${ROWS - 1} updated, 0 unchanged, 1 stale`, 'm'));
    const after = await pricesOnServer(sandbox, items);
    const notRestored = items.flatMap((item) => BLOCKS.filter((block) => after.get(`${item}/${block}`)!.price !== Number(firstPrice(item, block))));
    expect(notRestored).toEqual([1]); // the block-1 price of items[0], left as someone set it
    expect(after.get(`${items[0]}/1`)!.price).toBe(0.5);
  });
});

describe('against the seeded sandbox', () => {
  let sandbox: OpenSandbox;
  let rentals: ReturnType<typeof cliFor>;

  beforeAll(async () => {
    sandbox = await openSandbox({ seed: true });
    rentals = cliFor(sandbox, configDir);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  test('import --yes loads no crypto (no plan to sign, no progress line at a pipe); --plan does', async () => {
    // What the process loaded, written as it exits (Node's own list of its internal modules).
    const probe = file('probe.cjs', "process.on('exit', () => require('node:fs').writeFileSync(process.env.PROBE_OUT, process.moduleLoadList.filter((m) => /crypto/.test(m)).join('\\n')));");
    const loaded = async (args: string[]): Promise<string> => {
      const out = file(`loaded-${args.length}.txt`);
      ok(await runBin(args, { env: { ...cliEnv(sandbox, configDir), NODE_OPTIONS: `--require ${probe}`, PROBE_OUT: out } }));
      return readFileSync(out, 'utf8');
    };
    const csv = file('no-crypto.csv', 'inventoryId,rentalBlockId,price\n1,1,450\n');
    expect(await loaded(['prices', 'import', csv, '--yes', '--report', file('no-crypto.ndjson')])).toBe('');
    expect(await loaded(['prices', 'import', csv, '--plan', file('no-crypto-plan.json')])).toContain('crypto');
  });

  test('--dry-run prints the plan and totals and changes nothing', async () => {
    const before = await pricesOnServer(sandbox);
    const csv = file('dry.csv', 'inventoryId,rentalBlockId,price\n1,1,500\n1,2,675\n1,4,99\n');
    const result = ok(await rentals(['prices', 'import', csv, '--dry-run', '-o', 'table']));
    expect(result.stdout).toMatch(/^line 2 {2}update {5}20x20 Frame Tent \/ Daily {4}450\.00 → 500\.00 \(\+11\.1%\)$/m);
    expect(result.stdout).toMatch(/^line 3 {2}unchanged {2}20x20 Frame Tent \/ Weekend {2}675\.00$/m);
    expect(result.stdout).toMatch(/^line 4 {2}create {5}20x20 Frame Tent \/ Monthly {2}99\.00$/m);
    expect(result.stdout).toMatch(/^3 rows: 1 create, 1 update, 1 unchanged, 0 invalid, 0 refused$/m);
    expect(result.stderr).toContain('nothing was sent');
    // The same dry run as rows (streamed from the file) and as the plan file (planned whole, signed):
    // whichever the format asks for, and the plan file is one `apply` takes.
    const rows = ok(await rentals(['prices', 'import', csv, '--dry-run', '-o', 'ndjson'])).stdout.trim().split('\n').map((line) => JSON.parse(line) as { action: string; line: number; before?: unknown; after?: unknown });
    expect(rows.map((row) => row.action)).toEqual(['update', 'unchanged', 'create']);
    // Each row that changes a record carries the change: before and after.
    expect(rows[0]).toMatchObject({ line: 2, resource: 'prices', id: 1, name: '20x20 Frame Tent / Daily', before: { price: 450 }, after: { price: 500 } });
    expect(rows[1]).not.toHaveProperty('before');
    const planText = ok(await rentals(['prices', 'import', csv, '--dry-run', '-o', 'json'])).stdout;
    const plan = JSON.parse(planText) as { digest: string; rows: Array<{ action: string }>; changes: unknown[] };
    expect(plan.rows.map((row) => row.action)).toEqual(['update', 'unchanged', 'create']);
    expect(plan.changes).toEqual([
      { action: 'update', resource: 'prices', parentId: 1, id: 1, name: '20x20 Frame Tent / Daily', before: { price: 450 }, after: { price: 500 } },
      { action: 'create', resource: 'prices', parentId: 1, id: null, name: '20x20 Frame Tent / Monthly', before: null, after: expect.objectContaining({ price: 99 }) },
    ]);
    // Piped with no -o (tsv), or -o tsv: the rows of its changes, one per field.
    const tsv = ok(await rentals(['prices', 'import', csv, '--dry-run'])).stdout;
    expect(tsv).toBe(ok(await rentals(['prices', 'import', csv, '--dry-run', '-o', 'tsv'])).stdout);
    expect(tsv.split('\n')[0]).toBe('update\tprices\t1\t20x20 Frame Tent / Daily\tprice\t450\t500\t');
    expect(plan.digest).toMatch(/\S/);
    const stale = await rentals(['prices', 'apply', file('dry-plan.json', planText.replace('"rows":[', '"rows" :[').replace(/"digest":"[^"]*"/, '"digest":"0"'))]);
    expect(stale.code).toBe(2); // the digest is checked: a plan file changed by hand is refused
    expect(snapshot(await pricesOnServer(sandbox))).toEqual(snapshot(before));
  });

  test('a file with invalid rows changes nothing: exit 2, every error with file:line:column (1,200 and $12 too)', async () => {
    const before = await pricesOnServer(sandbox);
    const csv = file('bad.csv', ['inventoryId,rentalBlockId,price', '1,1,451', '2,1,"1,200"', '3,1,$12', 'x,1,5', '5,2,-1', '6,1,7'].join('\n'));
    const result = await rentals(['prices', 'import', csv]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${csv}:3:3 price: must be a plain decimal without commas (write 1200.50, not 1,200.50) (got "1,200")`);
    expect(result.stderr).toContain(`${csv}:4:3 price: must be a plain decimal without currency symbols (write 12, not $12) (got "$12")`);
    expect(result.stderr).toContain(`${csv}:5:1 inventoryId: no inventory item is named "x" (see `);
    expect(result.stderr).toContain(`${csv}:6:3 price: must be ≥ 0 (got "-1")`);
    expect(result.stderr).toMatch(/Nothing was sent\.\n$/);
    expect(snapshot(await pricesOnServer(sandbox))).toEqual(snapshot(before));

    const dry = await rentals(['prices', 'import', csv, '--dry-run', '-o', 'table']);
    expect(dry.code).toBe(2);
    expect(dry.stdout).toMatch(/^line 3 {2}invalid {3}.*price: must be a plain decimal without commas/m);
    expect(snapshot(await pricesOnServer(sandbox))).toEqual(snapshot(before));

    const skipping = await rentals(['prices', 'import', csv, '--skip-invalid', '--report', file('skip.ndjson')]);
    expect(skipping.code).toBe(6);
    expect(outcomes(readReport(file('skip.ndjson')))).toEqual({ updated: 2, invalid: 4 });
    const after = await pricesOnServer(sandbox, [1, 6]);
    expect([after.get('1/1')!.price, after.get('6/1')!.price]).toEqual([451, 7]);
  });

  test('more than 1,000 invalid rows: the first 1,000 listed in line order, the rest counted; --skip-invalid counts them all', async () => {
    const csv = file('many-bad.csv', ['inventoryId,rentalBlockId,price', ...Array.from({ length: 1003 }, (_, i) => `1,1,$${i}`)].join('\n'));
    const dry = await rentals(['prices', 'import', csv, '--dry-run', '-o', 'ndjson']);
    expect(dry.code).toBe(2);
    expect(dry.stderr.match(/price: must be a plain decimal without currency symbols/g)).toHaveLength(1000);
    expect(dry.stderr).toContain(`${csv}:1001:3 price`);
    expect(dry.stderr).not.toContain(`${csv}:1002:3 price`);
    expect(dry.stderr).toContain('… and 3 more');
    const skipping = await rentals(['prices', 'import', csv, '--skip-invalid', '--yes', '--report', file('many-bad.ndjson')]);
    expect(skipping.stderr).toContain('… and 983 more');
  });

  test('CSV with a BOM, CRLF, blank lines, quotes and embedded commas and newlines; names resolved', async () => {
    const [item] = await createItems(sandbox, ['Tent, "Grand" 40x60']);
    const csv = file(
      'tricky.csv',
      '\uFEFFinventoryName,pricingType,price,note\r\n' +
        '"Tent, ""Grand"" 40x60",Weekend,199.99,"two\r\nlines, and a comma"\r\n' +
        '\r\n' +
        '"Tent, ""Grand"" 40x60",daily,99.5,\r\n' +
        '\r\n',
    );
    const result = ok(await rentals(['prices', 'import', csv, '--report', file('tricky.ndjson')]));
    expect(result.stderr).toMatch(/^2 rows: 2 created/m);
    expect(readReport(file('tricky.ndjson')).map((l) => l.line)).toEqual([2, 5]);
    const prices = await pricesOnServer(sandbox, [item!]);
    expect(snapshot(prices)).toEqual({ [`${item}/2`]: 199.99, [`${item}/1`]: 99.5 });
  });

  test('a dry run as tsv: one line per change whatever the name holds (a line break is escaped, never splits the row)', async () => {
    const [item] = await createItems(sandbox, ['Tent\nwith a line break']);
    const csv = file('broken-name.csv', `inventoryId,rentalBlockId,price\n${item},1,10\n${item},2,20\n`);
    const rows = ok(await rentals(['prices', 'import', csv, '--dry-run', '-o', 'tsv'])).stdout.split('\n').filter((line) => line !== '');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.split('\t')).toEqual(['create', 'prices', '', expect.stringContaining('Tent\\nwith a line break'), 'price', '', expect.stringMatching(/^[12]0$/), '']);
  });

  test('plan, then someone changes a price, then apply: that row is skipped as stale, the others applied', async () => {
    const csv = file('planned.csv', 'inventoryId,rentalBlockId,price\n7,1,20\n7,2,30\n7,3,40\n');
    const planFile = file('plan.json');
    const planned = ok(await rentals(['prices', 'import', csv, '--plan', planFile]));
    expect(planned.stderr).toContain(`Apply it with: rentals prices apply ${planFile}`);
    const plan = readFileSync(planFile, 'utf8');
    noToken(plan);
    expect(JSON.parse(plan)).toMatchObject({ version: 2, resource: 'prices', totals: { update: 3 } });
    const before = await pricesOnServer(sandbox, [7]);
    expect(before.get('7/1')!.price).not.toBe(20); // nothing was sent by --plan

    await putPrice(sandbox, before.get('7/2')!, 33.33);
    const applied = await rentals(['prices', 'apply', planFile, '--report', file('applied.ndjson')]);
    expect(applied.code).toBe(6);
    expect(applied.stderr).toMatch(/^3 rows: 0 created, 2 updated, 0 unchanged, 1 stale, 0 failed/m);
    const report = readReport(file('applied.ndjson'));
    expect(report.map((l) => l.outcome)).toEqual(['updated', 'stale', 'updated']);
    expect(report[1]!.error).toContain('price is now 33.33');
    expect(snapshot(await pricesOnServer(sandbox, [7]))).toEqual({ '7/1': 20, '7/2': 33.33, '7/3': 40 });
  });

  test('--plan over an existing 0644 file: the plan is written 0600 (it holds the shop\'s data), never readable by others', async () => {
    const csv = file('private.csv', 'inventoryId,rentalBlockId,price\n8,1,21\n');
    const planFile = file('private-plan.json', 'an older plan\n');
    chmodSync(planFile, 0o644);
    ok(await rentals(['prices', 'import', csv, '--plan', planFile]));
    expect(statSync(planFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(planFile, 'utf8'))).toMatchObject({ resource: 'prices', totals: { update: 1 } });
    expect(readdirSync(work).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('a plan edited by hand is refused (exit 2, nothing sent)', async () => {
    const csv = file('edited-plan.csv', 'inventoryId,rentalBlockId,price\n9,1,21\n9,2,31\n');
    const planFile = file('edited-plan.json');
    ok(await rentals(['prices', 'import', csv, '--plan', planFile]));
    writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('"new":{"price":21}', '"new":{"price":-5}'));
    const before = await pricesOnServer(sandbox, [9]);
    const applied = await rentals(['prices', 'apply', planFile]);
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain('the plan was changed after it was made');
    expect(snapshot(await pricesOnServer(sandbox, [9]))).toEqual(snapshot(before));
  });

  test('plans are signed with a per-user key (0600): a forged plan (update → delete, unkeyed digest recomputed) and another user\'s plan are refused, exit 2, nothing sent', async () => {
    const csv = file('forged.csv', 'inventoryId,rentalBlockId,price\n9,1,22\n');
    const planFile = file('forged-plan.json');
    ok(await rentals(['prices', 'import', csv, '--plan', planFile]));
    expect(statSync(join(configDir, 'plan-key')).mode & 0o777).toBe(0o600);
    const before = await pricesOnServer(sandbox, [9]);
    const value = JSON.parse(readFileSync(planFile, 'utf8')) as { rows: Array<Record<string, unknown>>; scope: unknown; digest: string };
    value.rows = value.rows.map((row) => ({ ...row, action: 'delete', new: null }));
    const hash = createHash('sha256').update(`prices\n${JSON.stringify(value.scope)}\n`);
    for (const row of value.rows) hash.update(`${JSON.stringify(row)}\n`);
    value.digest = `sha256:${hash.digest('hex')}`;
    writeFileSync(planFile, JSON.stringify(value));
    const forged = await rentals(['prices', 'apply', planFile, '--yes']);
    expect(forged.stderr).toContain('digest is not one this rentals signs');
    expect(forged.code).toBe(2);

    const theirs = file('their-plan.json');
    ok(await cliFor(sandbox, mkdtempSync(join(work, 'other-user-')))(['prices', 'import', csv, '--plan', theirs]));
    const foreign = await rentals(['prices', 'apply', theirs]);
    expect(foreign.stderr).toMatch(/the plan was signed with another plan key \(\w+; yours is \w+\): it was made by another user or on another machine/);
    expect(foreign.stderr).toContain(`make the plan again here (rentals prices import … --plan ${theirs}`);
    expect(foreign.code).toBe(2);
    expect(snapshot(await pricesOnServer(sandbox, [9]))).toEqual(snapshot(before));
  });

  test('guard rails: --max-change refuses a big move (exit 6), the rest applies', async () => {
    const before = await pricesOnServer(sandbox, [8]);
    const daily = before.get('8/1')!.price;
    const csv = file('guard.csv', `inventoryId,rentalBlockId,price\n8,1,${daily * 3}\n8,2,${before.get('8/2')!.price + 1}\n`);
    const result = await rentals(['prices', 'import', csv, '--max-change', '25']);
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/1 refused/);
    const after = await pricesOnServer(sandbox, [8]);
    expect(after.get('8/1')!.price).toBe(daily);
    expect(after.get('8/2')!.price).toBe(before.get('8/2')!.price + 1);
  });

  test.skipIf(!hasJq())('the jq pipeline: export -o ndjson | jq .price *= 1.1 | import - --round 0.01', async () => {
    const before = await pricesOnServer(sandbox);
    const rentalsCmd = `"${process.execPath}" "${BIN}"`;
    const script = `${rentalsCmd} prices export -o ndjson | jq -c 'select(.rentalBlockId == 2) | .price *= 1.1' | ${rentalsCmd} prices import - --round 0.01`;
    const { code, stderr } = await runShell(script, cliEnv(sandbox, configDir));
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/rows: 0 created, \d+ updated/);
    const after = await pricesOnServer(sandbox);
    for (const [key, price] of before) {
      const expected = price.rentalBlockId === 2 ? roundHalfUpCents(String(price.price * 1.1)) : price.price;
      expect([key, after.get(key)!.price]).toEqual([key, expected]);
    }
  });

  test('spreadsheet round-trip: export -o csv → edit → import changes only the edited rows', async () => {
    const exported = ok(await rentals(['prices', 'export', '-o', 'csv']));
    const { rows, columns } = parseInputText(exported.stdout, { file: 'export.csv', format: 'csv' });
    expect(columns).toEqual(['inventoryId', 'inventoryName', 'rentalBlockId', 'pricingType', 'price', 'id']);
    expect(exported.stdout).toContain('"Stage Skirting, 8ft"');
    const edited = rows.map((row) => ({ ...row.values }));
    const targets = edited.filter((row) => String(row.inventoryName).includes(',')).slice(0, 3);
    expect(targets.length).toBeGreaterThan(0);
    for (const row of targets) row.price = '123.45';
    const csv = file('edited.csv', [columns!.join(','), ...edited.map((row) => csvLine(row, [...columns!]))].join('\r\n'));

    ok(await rentals(['prices', 'import', csv, '--report', file('edited.ndjson')]));
    const report = readReport(file('edited.ndjson'));
    expect(outcomes(report)).toEqual({ updated: targets.length, unchanged: rows.length - targets.length });
    const after = await pricesOnServer(sandbox);
    for (const row of targets) expect(after.get(`${row.inventoryId}/${row.rentalBlockId}`)!.price).toBe(123.45);

    // What import reads back is exactly what export wrote: ndjson too.
    const ndjson = ok(await rentals(['prices', 'export', '-o', 'ndjson']));
    const again = ok(await rentals(['prices', 'import', '-', '--report', file('again.ndjson')], { input: ndjson.stdout }));
    expect(again.stderr).toMatch(/ 0 created, 0 updated, \d+ unchanged/);
  });

  test('prices adjust: 19.99 +5% is 20.99 on the server; prices set upserts and says what it did', async () => {
    const before = await pricesOnServer(sandbox, [5]);
    await putPrice(sandbox, before.get('5/1')!, 12);
    await putPrice(sandbox, before.get('5/2')!, 18);
    await putPrice(sandbox, before.get('5/3')!, 36);
    // As every write: the change view for people, the change rows piped, `changes` in -o json.
    const set = ok(await rentals(['prices', 'set', '--inventory-id', '60in Round Table', '--rental-block-id', 'Daily', '--price', '19.99', '-o', 'table']));
    expect(set.stdout).toMatch(/^Changed the price "60in Round Table \/ Daily": 12\.00 → 19\.99 \(\+66\.6%\)\n$/);
    const piped = ok(await rentals(['prices', 'set', '--inventory-id', '5', '--rental-block-id', 'Daily', '--price', '19.98']));
    expect(piped.stdout).toMatch(/^update\tprices\t\d+\t60in Round Table \/ Daily\tprice\t19\.99\t19\.98\n$/);
    const unchanged = ok(await rentals(['prices', 'set', '--inventory-id', '5', '--rental-block-id', '1', '--price', '19.980', '-o', 'table']));
    expect(unchanged.stdout).toBe('');
    expect(unchanged.stderr).toContain('Nothing changed.');
    ok(await rentals(['prices', 'set', '--inventory-id', '5', '--rental-block-id', '1', '--price', '19.99']));
    const created = ok(await rentals(['prices', 'set', '--inventory-id', '5', '--rental-block-id', 'Monthly', '--price', '300', '--json']));
    expect(JSON.parse(created.stdout)).toMatchObject({
      data: [{ action: 'create', outcome: 'created', new: { price: 300 } }],
      changes: [{ action: 'create', resource: 'prices', parentId: 5, id: expect.any(Number), name: '60in Round Table / Monthly', before: null, after: { price: 300 } }],
    });

    const adjusted = ok(await rentals(['prices', 'adjust', '--percent', '5', '--inventory-id', '5', '--report', file('adjust.ndjson')]));
    expect(adjusted.stderr).toMatch(/^4 rows: 0 created, 4 updated/m);
    const prices = await pricesOnServer(sandbox, [5]);
    expect(snapshot(prices)).toEqual({ '5/1': 20.99, '5/2': 18.9, '5/3': 37.8, '5/4': 315 });
  });

  test('prices adjust that would take a price to 0 or move it ×10 is refused whole (exit 2, nothing sent), a dry run too, unless --allow-large-changes or --max-change', async () => {
    const before = snapshot(await pricesOnServer(sandbox, [6]));
    for (const [percent, said] of [['1000', /would move 3 prices by a factor of 10 or more:\n  - 6ft Banquet Table \/ Daily: \d+\.\d\d → \d+\.\d\d \(×11\)/], ['-100', /would take 3 prices to 0:\n  - 6ft Banquet Table \/ Daily: \d+\.\d\d → 0\.00\n/]] as const) {
      for (const dry of [[], ['--dry-run']]) {
        const refused = await rentals(['prices', 'adjust', '--percent', percent, '--inventory-id', '6', ...dry]);
        expect(refused.code, refused.stderr).toBe(2);
        expect(refused.stderr).toMatch(said);
        expect(refused.stderr).toContain('Nothing was sent. If this is meant, run again with --allow-large-changes (or --max-change <percent>).');
      }
    }
    expect(snapshot(await pricesOnServer(sandbox, [6]))).toEqual(before);
    const meant = await rentals(['prices', 'adjust', '--percent', '1000', '--inventory-id', '6', '--allow-large-changes', '--dry-run', '-o', 'json']);
    expect(meant.code, meant.stderr).toBe(0);
    expect(JSON.parse(meant.stdout).changes).toHaveLength(3);
    expect((await rentals(['prices', 'adjust', '--percent', '1000', '--inventory-id', '6', '--max-change', '2000', '--dry-run'])).code).toBe(0);
  });

  test('inventory import upserts by id or by name', async () => {
    const items = await data(sandbox.call, 'GET', '/v2/inventory');
    const chair = items.find((i) => i.name === 'White Folding Chair')!;
    const csv = file('items.csv', `id,name,quantityAvailable,active\n${chair.id},White Folding Chair (padded),380,1\n,Kids Folding Chair,55,\n,Mirror Ball,24,yes\n`);
    const result = ok(await rentals(['inventory', 'import', csv, '--report', file('items.ndjson')]));
    expect(result.stderr).toMatch(/^3 rows: 1 created, 2 updated/m);
    const after = await data(sandbox.call, 'GET', '/v2/inventory');
    expect(after.find((i) => i.id === chair.id)).toMatchObject({ name: 'White Folding Chair (padded)', quantityAvailable: 380 });
    expect(after.find((i) => i.name === 'Kids Folding Chair')).toMatchObject({ quantityAvailable: 55 });
    expect(after.find((i) => i.name === 'Mirror Ball')).toMatchObject({ quantityAvailable: 24, active: 1 });
  });

  test('bookings import --event-id: rows name the item; update one, create one', async () => {
    const [event] = await data(sandbox.call, 'GET', '/v1/events/1');
    const booked = await data(sandbox.call, 'GET', '/v1/events/1/inventory');
    const items = await data(sandbox.call, 'GET', '/v2/inventory');
    const first = items.find((i) => i.id === booked[0]!.inventoryId)!;
    const fresh = items.find((i) => !booked.some((b) => b.inventoryId === i.id))!;
    // One more unit than the 2 owned: the booking rules refuse the whole run, nothing is written.
    const over = `${JSON.stringify({ inventoryName: first.name, quantity: Number(first.quantityAvailable) + 1, price: 10.5 })}\n`;
    // Prices far from the booked ones: meant here (the guard against a spreadsheet's mix-up is not what is tested).
    const refused = await rentals(['bookings', 'import', '--event-id', String(event!.eventName), '-', '--allow-large-changes'], { input: over });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not enough units');
    expect(refused.stderr).toContain('Nothing was written.');
    expect(await data(sandbox.call, 'GET', '/v1/events/1/inventory')).toEqual(booked);
    const ndjson = `${JSON.stringify({ inventoryName: first.name, quantity: 1, price: 10.5 })}\n${JSON.stringify({ inventoryId: fresh.id, quantity: 2, price: 7 })}\n`;
    const result = ok(await rentals(['bookings', 'import', '--event-id', String(event!.eventName), '-', '--allow-large-changes'], { input: ndjson }));
    expect(result.stderr).toMatch(/^2 rows: 1 created, 1 updated/m);
    const after = await data(sandbox.call, 'GET', '/v1/events/1/inventory');
    expect(after).toHaveLength(booked.length + 1);
    expect(after.find((b) => b.inventoryId === first.id)).toMatchObject({ quantity: 1, price: 10.5 });
    expect(after.find((b) => b.inventoryId === fresh.id)).toMatchObject({ quantity: 2, price: 7 });
  });
});

/** Resolves when the child has written `marker` on stderr (the signal a test waits for, not a delay). */
function untilStderr(child: ReturnType<typeof startBin>['child'], marker: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    child.stderr.on('data', (chunk: string) => {
      seen += chunk;
      if (seen.includes(marker)) resolve();
    });
  });
}

/** `sh -c script` without blocking this process (the sandbox answers from it). */
function runShell(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], { env: { ...env, PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sh -c ${script} did not finish in time: ${stderr}`));
    }, 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}


/** "14.443000000000001" → 14.44, "0.165" → 0.17: half-up at the cents, on the decimal text. */
function roundHalfUpCents(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  const cents = BigInt(whole! + fraction.padEnd(2, '0').slice(0, 2)) + (Number(fraction[2] ?? '0') >= 5 ? 1n : 0n);
  return Number(cents) / 100;
}
