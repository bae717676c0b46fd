// A decade of a large shop in the sandbox (its own process, loaded with --from-snapshot from a
// generated snapshot: lib/decade-data.mjs): 2,000 items, 100,000 events over 2018–2027, 5 bookings
// each (500,000). `agenda`, `availability`, `timeline` and `check` for one month (June 2027), each
// with its peak RSS (GNU time; target ≤ 150 MB) beside the floor of its own requests (target
// ≤ 2×): lib/floor-client.cjs, a whole Node process reading the events list, the other lists the
// command reads and the month's bookings (check: and the booked items' prices), at 16 connections.
// Medians of BENCH_ROUNDS (3) alternating runs. Then the same commands against 300,000 items (and
// 10,000 events over the decade): peak RSS only (target ≤ 150 MB).
// BENCH_DECADE_EVENTS=20000 for a quicker run.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDecade } from './lib/decade-data.mjs';
import { benchSetup, startSandbox } from './sandbox-process.mjs';

const FLOOR_CLIENT = fileURLToPath(new URL('./lib/floor-client.cjs', import.meta.url));
const TIME = '/usr/bin/time';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EVENTS = Number(process.env.BENCH_DECADE_EVENTS ?? 100_000);
const MONTH = [Date.UTC(2027, 5, 1), Date.UTC(2027, 6, 1)];
const JUNE = ['--from', '2027-06-01', '--to', '2027-06-30'];
const RSS_TARGET_MB = 150;
const RATIO_TARGET = 2;
if (!existsSync(TIME)) {
  console.log(`${TIME} not found: the decade benchmark is skipped`);
  process.exit(0);
}

const { bin, work, token } = benchSetup();
const mb = (bytes) => bytes / 1024 / 1024;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const commands = [
  { name: 'agenda', args: ['agenda', ...JUNE, '-o', 'csv'], lists: ['/v1/events', '/v2/inventory', '/v2/status'] },
  { name: 'availability', args: ['availability', ...JUNE, '-o', 'csv'], lists: ['/v1/events', '/v2/inventory', '/v2/status'] },
  { name: 'timeline (3 items)', args: ['timeline', '--item', 'Decade item 1', '--item', 'Decade item 2', '--item', 'Decade item 3', ...JUNE, '-o', 'csv'], lists: ['/v1/events', '/v2/inventory', '/v2/status'] },
  { name: 'check', args: ['check', ...JUNE, '-o', 'json'], lists: ['/v1/events', '/v2/inventory', '/v2/status', '/v2/rentalblocks'], prices: true, exitCodes: [0, 1] },
];

/** A sandbox loaded from a generated decade; `body(sandbox, data)` runs against it. */
async function withDecade(shape, body) {
  const file = join(work, `decade-${shape.items}.json`);
  const started = performance.now();
  const data = writeDecade(file, { ...shape, perEvent: 5, month: MONTH });
  const written = (performance.now() - started) / 1000;
  const loading = performance.now();
  const sandbox = await startSandbox(bin, token, ['--from-snapshot', file]);
  const loaded = (performance.now() - loading) / 1000;
  console.log(
    `${shape.items.toLocaleString('en')} items, ${shape.events.toLocaleString('en')} events × 5 bookings over 2018–2027: snapshot written in ${written.toFixed(1)} s (${mb(statSync(file).size).toFixed(0)} MB), ` +
      `sandbox --from-snapshot listening after ${loaded.toFixed(1)} s; June 2027: ${data.inMonth.length} events, ${data.bookedInMonth.length} items booked`,
  );
  try {
    return await body(sandbox, data);
  } finally {
    sandbox.stop();
    rmSync(file, { force: true });
  }
}

function envFor(sandbox) {
  return { ...process.env, RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: token, RENTALS_CONFIG_DIR: work, HOME: work, NO_COLOR: '1' };
}

/** rentals under GNU time: wall seconds and peak RSS in bytes. */
function rentals(args, env, exitCodes = [0]) {
  const started = performance.now();
  const run = spawnSync(TIME, ['-f', 'maxrss=%M', process.execPath, bin, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  const rss = /maxrss=(\d+)/.exec(run.stderr);
  if (!exitCodes.includes(run.status) || !rss) throw new Error(`rentals ${args.join(' ')} exited ${run.status}: ${run.stderr.slice(-1500)}`);
  return { seconds, rss: Number(rss[1]) * 1024 };
}

function floor(job) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [FLOOR_CLIENT, job], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`floor client: ${run.stderr.slice(-1500)}`);
  return (performance.now() - started) / 1000;
}

const rows = [];
await withDecade({ items: 2000, events: EVENTS }, async (sandbox, data) => {
  const env = envFor(sandbox);
  for (const command of commands) {
    const bookings = data.inMonth.map((id) => `/v2/events/${id}/inventory`);
    const prices = command.prices ? data.bookedInMonth.map((id) => `/v1/inventory/${id}/pricing`) : [];
    const job = join(work, 'floor-job.json');
    writeFileSync(job, JSON.stringify({ url: sandbox.url, token, connections: 16, gets: { lists: command.lists, paths: [...bookings, ...prices] } }));
    rentals(command.args, env, command.exitCodes); // unmeasured: the sandbox warm on these routes for both
    const legs = { rentals: [], floor: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const leg of round % 2 === 0 ? ['rentals', 'floor'] : ['floor', 'rentals']) {
        legs[leg].push(leg === 'rentals' ? rentals(command.args, env, command.exitCodes) : { seconds: floor(job) });
      }
    }
    const seconds = median(legs.rentals.map((l) => l.seconds));
    const floorSeconds = median(legs.floor.map((l) => l.seconds));
    const rss = Math.max(...legs.rentals.map((l) => l.rss));
    rows.push({ command: command.name, items: '2,000', seconds, floorSeconds, rss, requests: command.lists.length + bookings.length + prices.length });
  }
});

await withDecade({ items: 300_000, events: Math.round(EVENTS / 10) }, async (sandbox) => {
  const env = envFor(sandbox);
  for (const command of commands) {
    const measured = rentals(command.args, env, command.exitCodes);
    rows.push({ command: command.name, items: '300,000', seconds: measured.seconds, rss: measured.rss });
  }
});

console.log(`Node ${process.version}; load average ${loadavg()[0].toFixed(1)} at the end; medians of ${ROUNDS} alternating rounds; peak RSS the largest of them\n`);
console.log(`| command (June 2027) | items | wall time | floor of its requests | ratio (≤ ${RATIO_TARGET}×) | requests | peak RSS (≤ ${RSS_TARGET_MB} MB) |`);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const ratio = row.floorSeconds === undefined ? '' : `${(row.seconds / row.floorSeconds).toFixed(2)}× ${row.seconds / row.floorSeconds <= RATIO_TARGET ? '✓' : '✗'}`;
  const floorText = row.floorSeconds === undefined ? '' : `${row.floorSeconds.toFixed(2)} s`;
  console.log(`| \`${row.command}\` | ${row.items} | ${row.seconds.toFixed(2)} s | ${floorText} | ${ratio} | ${row.requests ?? ''} | ${mb(row.rss).toFixed(0)} MB ${mb(row.rss) <= RSS_TARGET_MB ? '✓' : '✗'} |`);
}
console.log('\nThe floor: lib/floor-client.cjs, a whole Node process (start, undici, its requests, nothing else) reading the lists the command reads at once, then the month\'s bookings (check: and the prices of the items they book) at 16 connections. The 300,000-item rows read 10,000 events: their figure is memory.');
rmSync(work, { recursive: true, force: true });
