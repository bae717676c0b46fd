// The whole-collection commands at 100,000 and at 300,000 records: a sandbox holding 25,000 (then
// 75,000) items with 4 prices each, and `snapshot`, `diff` (every price changed: files in the tool's
// order, with their keys sorted as `jq -S` and Python's sort_keys write them, and with every list's
// records last-first), `sandbox --from-snapshot`, `prices export`, `prices import` (--dry-run,
// --plan, --yes), `prices apply` of the plan, then a plan of every price changed (`import --plan`)
// and its `apply` (a PUT per row), each with its wall time and peak RSS (/usr/bin/time). Targets:
// at 300k within 1.3× of the same command's own 100k peak, and ≤ 250 MB. The 300,000-item list
// itself is in output-memory. BENCH_SCALE_ITEMS=2500,7500 for a quick run (4 prices per item
// throughout); BENCH_SCALE_APPLY=0 leaves out the apply of every price changed (the longest leg).
// Each command's floor, a whole Node process doing the least any such command must: for diff, both
// files read and parsed (JSON.parse); for the commands that list every price (snapshot, export,
// import of unchanged rows, apply of them), the item list and each item's prices read by
// lib/floor-client.cjs at 32 connections; for the apply of every price changed, those listings and
// a PUT per price.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bin, requireBuild } from './output-sandbox.mjs';
import { startSandbox } from './sandbox-process.mjs';

requireBuild();
const SIZES = (process.env.BENCH_SCALE_ITEMS ?? '25000,75000').split(',').map(Number);
const APPLY_CHANGES = process.env.BENCH_SCALE_APPLY !== '0';
const GROWTH_TARGET = 1.3;
const RSS_TARGET_MB = 250;
const BLOCKS = [1, 2, 3, 4];
const TIME = '/usr/bin/time';
if (!existsSync(TIME)) {
  console.log(`${TIME} not found: the scale benchmark is skipped`);
  process.exit(0);
}
const FLOOR_CLIENT = fileURLToPath(new URL('./lib/floor-client.cjs', import.meta.url));
const CONNECTIONS = 32;
const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const work = mkdtempSync(join(tmpdir(), 'rentals-bench-scale-'));
const token = `bench-${process.pid}-${Date.now()}`;

/** Every object's keys sorted, as `jq -S` and Python's json.dump(sort_keys=True) write them. */
function sortedKeys(value) {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys(value[key])]));
}

/** The exported CSV with every price one more. */
function everyPriceChanged(csv) {
  const [head, ...lines] = csv.trimEnd().split('\n');
  const at = head.split(',').indexOf('price');
  return `${[head, ...lines.map((line) => line.split(',').map((cell, i) => (i === at ? String(Math.round((Number(cell) + 1) * 100) / 100) : cell)).join(','))].join('\n')}\n`;
}

/** Runs rentals under /usr/bin/time: { seconds, rss, stdout? } (stdout to a file when `out` is given). */
function measured(args, env, out, okCodes = [0]) {
  const started = performance.now();
  const run = spawnSync('sh', ['-c', `${TIME} -f maxrss=%M "$@" > ${out ?? '/dev/null'}`, 'sh', process.execPath, bin, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = (performance.now() - started) / 1000;
  const match = /maxrss=(\d+)/.exec(run.stderr);
  if (!okCodes.includes(run.status) || !match) throw new Error(`rentals ${args.join(' ')} exited ${run.status}: ${run.stderr.slice(-2000)}`);
  return { seconds, rss: Number(match[1]) * 1024, stderr: run.stderr.replace(/maxrss=\d+\n?/, '').trim() };
}

/** A floor's whole process (node with `args`), timed as `measured` times rentals. */
function floorSeconds(args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`the floor ${args.join(' ')} exited ${run.status}: ${run.stderr.slice(-2000)}`);
  return (performance.now() - started) / 1000;
}

/** Both files read and parsed whole: the least a diff of them does. */
const parseFloor = (a, b) => floorSeconds(['-e', `const { readFileSync } = require('node:fs'); for (const f of process.argv.slice(1)) JSON.parse(readFileSync(f, 'utf8'));`, a, b]);

/** `rentals sandbox --from-snapshot`: the time until it listens and its peak RSS then. */
async function fromSnapshot(file, env) {
  const started = performance.now();
  const child = spawn(TIME, ['-f', 'maxrss=%M', process.execPath, bin, 'sandbox', '--port', '0', '--token', token, '--from-snapshot', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (err += chunk));
  const seconds = await new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      if (/listening on/.test(out)) resolve((performance.now() - started) / 1000);
    });
    child.on('exit', (code) => reject(new Error(`sandbox --from-snapshot exited ${code} before it listened: ${err.slice(-2000)}`)));
  });
  // Ask the sandbox (not /usr/bin/time) to stop, so that time reports its peak.
  spawnSync('pkill', ['-TERM', '-P', String(child.pid)]);
  await new Promise((resolve) => child.on('exit', resolve));
  const match = /maxrss=(\d+)/.exec(err);
  return { seconds, rss: match ? Number(match[1]) * 1024 : NaN };
}

/** The commands against a sandbox of `items` items × 4 prices: { command, size, seconds, rss } each. */
async function measureSize(items) {
  const data = join(work, `data-${items}.json`);
  const inventory = Array.from({ length: items }, (_, k) => JSON.stringify({ id: k + 1, name: `Scale item ${k + 1}`, quantityAvailable: 1 + (k % 40), active: 1 }));
  const prices = [];
  for (let k = 0; k < items; k++) for (const block of BLOCKS) prices.push(JSON.stringify({ id: k * BLOCKS.length + block, inventoryId: k + 1, rentalBlockId: block, price: 10 + (k % 90) }));
  writeFileSync(
    data,
    `{"format":"rentals-sandbox","version":1,"seq":0,"nextIds":{"inventory":${items + 1},"prices":${prices.length + 1}},"records":{"inventory":[\n${inventory.join(',\n')}\n],"prices":[\n${prices.join(',\n')}\n]}}\n`,
  );
  inventory.length = 0;
  const priceCount = prices.length;
  prices.length = 0;
  const n = (count) => count.toLocaleString('en');
  const sandbox = await startSandbox(bin, token, ['--data', data]);
  const env = { ...process.env, RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: token, RENTALS_CONFIG_DIR: work, NO_COLOR: '1' };
  const rows = [];
  const row = (command, size, measure, floor) => rows.push({ command, size, ...measure, floor });
  let leg = 0;
  /** The price listings of every item (and a PUT per price unless `listOnly`) from lib/floor-client.cjs. */
  const requestFloor = (listOnly) => {
    const job = join(work, `floor-${++leg}.json`);
    writeFileSync(job, JSON.stringify({ url: sandbox.url, token, connections: CONNECTIONS, import: { items: '/v2/inventory', children: '/v1/inventory/{id}/pricing', leg, listOnly } }));
    return floorSeconds([FLOOR_CLIENT, job]);
  };
  try {
    requestFloor(true); // the sandbox warmed up as the commands find it
    const listings = requestFloor(true);
    const snapshotFile = join(work, 'snapshot.json');
    row('`snapshot --out`', `${n(items + priceCount)} records (${n(items)} price lists read)`, measured(['snapshot', '--out', snapshotFile, '--force'], env), listings);

    // Every price changed in a second snapshot (written by JSON.stringify, on one line): a diff of as many changes.
    const document = JSON.parse(readFileSync(snapshotFile, 'utf8'));
    const original = JSON.parse(JSON.stringify(document.resources));
    for (const price of document.resources.prices) price.price = Math.round((Number(price.price) + 1) * 100) / 100;
    const changedFile = join(work, 'changed.json');
    writeFileSync(changedFile, JSON.stringify(document));
    const changes = document.resources.prices.length;
    row('`diff -o ndjson`', `${n(changes)} changes`, measured(['diff', snapshotFile, changedFile, '-o', 'ndjson'], env, undefined, [1]) /* 1: differences found */, parseFloor(snapshotFile, changedFile));
    // The same two snapshots with every object's keys sorted (jq -S, Python's sort_keys): the head after the resources, prices before rentalBlocks.
    const [sortedBefore, sortedAfter] = [join(work, 'sorted-before.json'), join(work, 'sorted-after.json')];
    writeFileSync(sortedBefore, JSON.stringify(sortedKeys({ ...document, resources: original })));
    writeFileSync(sortedAfter, JSON.stringify(sortedKeys(document)));
    row('`diff -o ndjson`, keys sorted (jq -S)', `${n(changes)} changes`, measured(['diff', sortedBefore, sortedAfter, '-o', 'ndjson'], env, undefined, [1]), parseFloor(sortedBefore, sortedAfter));
    // The same with every list's records last-first (ids out of order): each list sorted through temporary files.
    const reversed = (resources) => Object.fromEntries(Object.entries(resources).map(([name, records]) => [name, [...records].reverse()]));
    const [reversedBefore, reversedAfter] = [join(work, 'reversed-before.json'), join(work, 'reversed-after.json')];
    writeFileSync(reversedBefore, JSON.stringify({ ...document, resources: reversed(original) }));
    writeFileSync(reversedAfter, JSON.stringify({ ...document, resources: reversed(document.resources) }));
    document.resources = {};
    row('`diff -o ndjson`, ids out of order', `${n(changes)} changes`, measured(['diff', reversedBefore, reversedAfter, '-o', 'ndjson'], env, undefined, [1]), parseFloor(reversedBefore, reversedAfter));
    for (const file of [sortedBefore, sortedAfter, reversedBefore, reversedAfter]) rmSync(file, { force: true });
    row('`sandbox --from-snapshot` (until it listens)', `${n(items + priceCount)} records`, await fromSnapshot(snapshotFile, env));

    const exported = join(work, 'prices.csv');
    row('`prices export -o csv`', `${n(priceCount)} rows`, measured(['prices', 'export', '-o', 'csv'], env, exported), listings);
    row('`prices import --dry-run`', `${n(priceCount)} rows (all unchanged)`, measured(['prices', 'import', exported, '--dry-run'], env), listings);
    const planFile = join(work, 'plan.json');
    rmSync(planFile, { force: true });
    row('`prices import --plan`', `${n(priceCount)} rows (all unchanged)`, measured(['prices', 'import', exported, '--plan', planFile], env), listings);
    row('`prices apply` of that plan', `${n(priceCount)} rows (all unchanged)`, measured(['prices', 'apply', planFile, '--yes'], env)); // nothing to send, nothing to read: no floor beyond a start
    row('`prices import --yes`', `${n(priceCount)} rows (all unchanged: plans and checks every row, sends nothing)`, measured(['prices', 'import', exported, '--yes'], env), listings);
    // Every price changed: a plan of as many updates, signed as its rows are written, then applied (a PUT each).
    const changedCsv = join(work, 'prices-changed.csv');
    writeFileSync(changedCsv, everyPriceChanged(readFileSync(exported, 'utf8')));
    const changedPlan = join(work, 'changed-plan.json');
    rmSync(changedPlan, { force: true });
    row('`prices import --plan`, every price changed', `${n(priceCount)} rows (all updates)`, measured(['prices', 'import', changedCsv, '--plan', changedPlan], env), listings);
    if (APPLY_CHANGES) row('`prices apply` of that plan', `${n(priceCount)} rows (a PUT each)`, measured(['prices', 'apply', changedPlan, '--yes'], env), requestFloor(false));
    const version = measured(['--version'], env);
    console.log(`${n(items)} items × ${BLOCKS.length} prices = ${n(priceCount)} prices; snapshot file ${mb(statSync(snapshotFile).size)}; \`--version\` peaks at ${mb(version.rss)}; load average ${loadavg()[0].toFixed(1)}`);
    return rows;
  } finally {
    sandbox.stop();
  }
}

try {
  const bySize = [];
  for (const items of SIZES) bySize.push({ records: items * BLOCKS.length, rows: await measureSize(items) });
  const [small, large] = [bySize[0], bySize[bySize.length - 1]];
  const k = (records) => `${Math.round(records / 1000)}k`;
  console.log(`Node ${process.version}\n`);
  console.log(`| command | size at ${k(large.records)} | peak RSS, ${k(small.records)} prices | peak RSS, ${k(large.records)} prices | growth (≤ ${GROWTH_TARGET}×) | ≤ ${RSS_TARGET_MB} MB | wall time, ${k(small.records)} | wall time, ${k(large.records)} | its floor, ${k(large.records)} | against the floor |`);
  console.log('|---|---|---:|---:|---:|---|---:|---:|---:|---:|');
  large.rows.forEach((m, i) => {
    const s = small.rows[i];
    const growth = m.rss / s.rss;
    const whole = m.command.includes('from-snapshot') ? ' (the sandbox holds every record: no target)' : '';
    console.log(`| ${m.command} | ${m.size} | ${mb(s.rss)} | ${mb(m.rss)} | ${growth.toFixed(2)}× ${whole ? '' : growth <= GROWTH_TARGET ? '✓' : '✗'} | ${whole || (m.rss / 1024 / 1024 <= RSS_TARGET_MB ? '✓' : '✗')} | ${s.seconds.toFixed(1)} s | ${m.seconds.toFixed(1)} s | ${m.floor === undefined ? '—' : `${m.floor.toFixed(1)} s`} | ${m.floor === undefined ? '—' : `${(m.seconds / m.floor).toFixed(1)}×`} |`);
  });
  console.log('\nThe floor: a whole Node process doing the least any such command must — for diff, both files read and parsed (JSON.parse); for the commands that list every price, the item list and each item\'s prices read at 32 connections (lib/floor-client.cjs); for the apply of every price changed, those listings and a PUT per price.');
} finally {
  rmSync(work, { recursive: true, force: true });
}
