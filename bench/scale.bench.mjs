// The whole-collection commands at 300,000 records: a sandbox holding 75,000 items with 4 prices
// each (300,000 prices, 375,000 records), and `snapshot`, `diff` (300,000 changes), `sandbox
// --from-snapshot`, `prices export` and `prices import` (300,000 rows) run against it, each with
// its wall time and peak RSS (/usr/bin/time). The 300,000-item list itself is in output-memory.
// BENCH_SCALE_ITEMS=2500 for a quick run (4 prices per item throughout).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, requireBuild } from './output-sandbox.mjs';
import { startSandbox } from './sandbox-process.mjs';

requireBuild();
const ITEMS = Number(process.env.BENCH_SCALE_ITEMS ?? 75_000);
const BLOCKS = [1, 2, 3, 4];
const TIME = '/usr/bin/time';
if (!existsSync(TIME)) {
  console.log(`${TIME} not found: the scale benchmark is skipped`);
  process.exit(0);
}
const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const work = mkdtempSync(join(tmpdir(), 'rentals-bench-scale-'));
const token = `bench-${process.pid}-${Date.now()}`;

/** Runs rentals under /usr/bin/time: { seconds, rss, stdout? } (stdout to a file when `out` is given). */
function measured(args, env, out, okCodes = [0]) {
  const started = performance.now();
  const run = spawnSync('sh', ['-c', `${TIME} -f maxrss=%M "$@" > ${out ?? '/dev/null'}`, 'sh', process.execPath, bin, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = (performance.now() - started) / 1000;
  const match = /maxrss=(\d+)/.exec(run.stderr);
  if (!okCodes.includes(run.status) || !match) throw new Error(`rentals ${args.join(' ')} exited ${run.status}: ${run.stderr.slice(-2000)}`);
  return { seconds, rss: Number(match[1]) * 1024, stderr: run.stderr.replace(/maxrss=\d+\n?/, '').trim() };
}

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

const data = join(work, 'data.json');
const inventory = Array.from({ length: ITEMS }, (_, k) => JSON.stringify({ id: k + 1, name: `Scale item ${k + 1}`, quantityAvailable: 1 + (k % 40), active: 1 }));
const prices = [];
for (let k = 0; k < ITEMS; k++) for (const block of BLOCKS) prices.push(JSON.stringify({ id: k * BLOCKS.length + block, inventoryId: k + 1, rentalBlockId: block, price: 10 + (k % 90) }));
writeFileSync(
  data,
  `{"format":"rentals-sandbox","version":1,"seq":0,"nextIds":{"inventory":${ITEMS + 1},"prices":${prices.length + 1}},"records":{"inventory":[\n${inventory.join(',\n')}\n],"prices":[\n${prices.join(',\n')}\n]}}\n`,
);
inventory.length = 0;
const priceCount = prices.length;
prices.length = 0;

const sandbox = await startSandbox(bin, token, ['--data', data]);
const env = { ...process.env, RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: token, RENTALS_CONFIG_DIR: work, NO_COLOR: '1' };
const rows = [];
try {
  const version = measured(['--version'], env);
  const snapshotFile = join(work, 'snapshot.json');
  const snap = measured(['snapshot', '--out', snapshotFile], env);
  rows.push(['`snapshot --out`', `${(ITEMS + priceCount).toLocaleString('en')} records (${ITEMS.toLocaleString('en')} price lists read)`, snap]);

  // Every price changed in a second snapshot: a diff of as many changes.
  const document = JSON.parse(readFileSync(snapshotFile, 'utf8'));
  for (const price of document.resources.prices) price.price = Number(price.price) + 1;
  const changedFile = join(work, 'changed.json');
  writeFileSync(changedFile, JSON.stringify(document));
  const changes = document.resources.prices.length;
  document.resources = {};
  rows.push(['`diff -o ndjson`', `${changes.toLocaleString('en')} changes`, measured(['diff', snapshotFile, changedFile, '-o', 'ndjson'], env, undefined, [1]) /* 1: differences found */]);
  const fresh = await fromSnapshot(snapshotFile, env);
  rows.push(['`sandbox --from-snapshot` (until it listens)', `${(ITEMS + priceCount).toLocaleString('en')} records`, fresh]);

  const exported = join(work, 'prices.csv');
  rows.push(['`prices export -o csv`', `${priceCount.toLocaleString('en')} rows`, measured(['prices', 'export', '-o', 'csv'], env, exported)]);
  rows.push(['`prices import --dry-run`', `${priceCount.toLocaleString('en')} rows (all unchanged)`, measured(['prices', 'import', exported, '--dry-run'], env)]);
  rows.push(['`prices import --yes`', `${priceCount.toLocaleString('en')} rows (all unchanged: plans and checks every row, sends nothing)`, measured(['prices', 'import', exported, '--yes'], env)]);

  console.log(`sandbox ${sandbox.url} (separate process): ${ITEMS.toLocaleString('en')} items × ${BLOCKS.length} prices = ${priceCount.toLocaleString('en')} prices; snapshot file ${mb(statSync(snapshotFile).size)}; Node ${process.version}; load average ${loadavg()[0].toFixed(1)}`);
  console.log('');
  console.log(`| command | size | wall time | peak RSS | above \`--version\` (${mb(version.rss)}) |`);
  console.log('|---|---|---:|---:|---:|');
  for (const [command, size, m] of rows) console.log(`| ${command} | ${size} | ${m.seconds.toFixed(1)} s | ${mb(m.rss)} | ${mb(m.rss - version.rss)} |`);
} finally {
  sandbox.stop();
  rmSync(work, { recursive: true, force: true });
}
