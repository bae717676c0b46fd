// 10,000 price updates against a sandbox, three ways: `rentals prices import`, a shell loop of curl
// PUTs, and `xargs -P 8 curl`. The sandbox runs in its own process so that the client is measured.
// Prints rows/s of each and the ratios (targets: ≥ 10× the curl loop, ≥ 2× xargs -P 8 curl).
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'undici';
import { apiCaller, benchSetup, startSandbox } from './sandbox-process.mjs';

const ROWS = 10_000;
const BLOCKS = [1, 2, 3, 4];
const ITEMS = ROWS / BLOCKS.length;
/** A curl loop longer than this is timed on a sample and extrapolated. */
const FULL_LOOP_LIMIT_S = 60;
const LOOP_SAMPLE = 2_000;

const { bin, work, token } = benchSetup();

const sandbox = await startSandbox(bin, token);
const pool = new Pool(sandbox.url, { connections: 16 });
const call = apiCaller(() => pool, token);
try {
  console.log(`sandbox ${sandbox.url} (separate process), ${ITEMS} items × ${BLOCKS.length} blocks = ${ROWS} prices; Node ${process.version}, ${(await import('node:os')).availableParallelism()} cores`);
  const prices = await createPrices();
  const results = [];

  results.push(timeImport(prices));
  const curl = spawnSync('curl', ['--version'], { encoding: 'utf8' });
  if (curl.status !== 0) {
    console.log('curl not found: the curl legs are skipped');
  } else {
    writeFileSync(join(work, 'headers.txt'), `authorization: bearer ${Buffer.from(token).toString('base64')}\ncontent-type: application/json\n`, { mode: 0o600 });
    results.push(timeCurlLoop(prices));
    results.push(timeXargs(prices));
  }

  console.log('');
  for (const r of results) console.log(`${r.label.padEnd(34)} ${r.rowsPerSecond.toFixed(0).padStart(7)} rows/s  (${r.rows} rows in ${r.seconds.toFixed(2)} s${r.note ? `; ${r.note}` : ''})`);
  const [rentals, loop, xargs] = results;
  if (loop) console.log(`rentals / curl loop       ${(rentals.rowsPerSecond / loop.rowsPerSecond).toFixed(1)}×  (target ≥ 10×)`);
  if (xargs) console.log(`rentals / xargs -P 8 curl ${(rentals.rowsPerSecond / xargs.rowsPerSecond).toFixed(1)}×  (target ≥ 2×)`);
} finally {
  await pool.close();
  sandbox.stop();
  rmSync(work, { recursive: true, force: true });
}

async function inParallel(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Setup, not measured: the items and one price per item and block, straight over HTTP. */
async function createPrices() {
  const started = performance.now();
  const items = await inParallel(Array.from({ length: ITEMS }, (_, i) => i), 16, async (i) => {
    const [item] = await call('POST', '/v2/inventory', { name: `Bench item ${i + 1}`, quantityAvailable: 5, active: 1 });
    return item.id;
  });
  const pairs = items.flatMap((inventoryId) => BLOCKS.map((rentalBlockId) => ({ inventoryId, rentalBlockId })));
  const prices = await inParallel(pairs, 16, async (pair, i) => {
    const [price] = await call('POST', `/v1/inventory/${pair.inventoryId}/pricing`, { ...pair, price: 100 + (i % 100) });
    return { id: price.id, inventoryId: pair.inventoryId, rentalBlockId: pair.rentalBlockId, price: price.price };
  });
  console.log(`setup: ${prices.length} prices in ${((performance.now() - started) / 1000).toFixed(1)} s (not measured)`);
  return prices;
}

/** Every leg sets every price to a new value, so that each row is a real update. */
function newPrice(price, leg) {
  return Math.round((price.price + leg * 0.37) * 100) / 100;
}

function timed(label, rows, run, note) {
  const started = performance.now();
  run();
  const seconds = (performance.now() - started) / 1000;
  return { label, rows, seconds, rowsPerSecond: rows / seconds, note };
}

function timeImport(prices) {
  const csv = join(work, 'prices.csv');
  writeFileSync(csv, ['id,inventoryId,rentalBlockId,price', ...prices.map((p) => `${p.id},${p.inventoryId},${p.rentalBlockId},${newPrice(p, 1)}`)].join('\n'));
  const env = { ...process.env, RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: token, RENTALS_CONFIG_DIR: work, NO_COLOR: '1' };
  let stderr = '';
  const result = timed('rentals prices import', prices.length, () => {
    const run = spawnSync(process.execPath, [bin, 'prices', 'import', csv], { env, encoding: 'utf8' });
    stderr = run.stderr;
    if (run.status !== 0) throw new Error(`rentals prices import exited ${run.status}: ${run.stderr}`);
  }, 'process start, 2,500 listings and 10,000 PUTs');
  console.log(`rentals: ${stderr.trim()}`);
  return result;
}

function curlLine(p, leg) {
  const body = JSON.stringify({ id: p.id, inventoryId: p.inventoryId, rentalBlockId: p.rentalBlockId, price: newPrice(p, leg) });
  return { url: `${sandbox.url}/v1/inventory/${p.inventoryId}/pricing/${p.id}`, body };
}

function runShell(script) {
  const run = spawnSync('sh', ['-c', script], { cwd: work, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`sh exited ${run.status}: ${run.stderr}`);
}

function loopScript(rows, leg) {
  const input = join(work, `loop-${leg}.txt`);
  writeFileSync(input, rows.map((p) => { const { url, body } = curlLine(p, leg); return `${url} ${body}`; }).join('\n') + '\n');
  return `while read -r url body; do curl -sf -o /dev/null -X PUT -H @headers.txt -d "$body" "$url" || exit 1; done < ${input}`;
}

function timeCurlLoop(prices) {
  // A short probe says whether the whole loop fits the time budget; if not, a sample is timed.
  const probe = timed('probe', 200, () => runShell(loopScript(prices.slice(0, 200), 2)));
  const full = (probe.seconds / probe.rows) * prices.length <= FULL_LOOP_LIMIT_S;
  const rows = full ? prices : prices.slice(0, LOOP_SAMPLE);
  const result = timed('shell loop of curl PUTs', rows.length, () => runShell(loopScript(rows, 3)));
  if (!full) {
    const estimate = prices.length / result.rowsPerSecond;
    result.note = `timed on the first ${LOOP_SAMPLE} of ${prices.length} rows; all ${prices.length} extrapolate to ~${estimate.toFixed(0)} s`;
  }
  return result;
}

function timeXargs(prices) {
  const input = join(work, 'xargs.txt');
  // One line per curl: xargs -L 1 gives its words as arguments; single quotes keep the JSON whole.
  writeFileSync(input, prices.map((p) => { const { url, body } = curlLine(p, 4); return `-sf -o /dev/null -X PUT -H @headers.txt -d '${body}' ${url}`; }).join('\n') + '\n');
  return timed('xargs -P 8 curl', prices.length, () => runShell(`xargs -P 8 -L 1 curl < ${input}`));
}
