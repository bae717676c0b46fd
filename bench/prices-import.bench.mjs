// 10,000 price updates against a sandbox, three ways: `rentals prices import`, a shell loop of curl
// PUTs, and `xargs -P 8 curl`. The sandbox runs in its own process so that the client is measured.
// Prints rows/s of each and the ratios (targets: ≥ 10× the curl loop, ≥ 2× xargs -P 8 curl), and
// the import as a share of the sandbox's PUT capacity: the same 10,000 PUTs sent by an undici Pool
// from this process with no work in between (the most the sandbox answers; target ≥ 50%).
// The import is a whole process (start, the item list, 2,500 price lists, 10,000 PUTs); so is its
// floor, timed alternately with it: the same requests from a minimal whole process (lib/floor-
// client.cjs: undici, as many connections as the import's concurrency, listing and writing
// overlapped, nothing else). Each leg says its CPU time and the sandbox's (Linux /proc): on a
// 2-core machine the client and the sandbox share the cores, and their CPU times bound the wall.
// RENTALS_BENCH_CONCURRENCY=8,32 times the import once per concurrency; RENTALS_BENCH_SKIP_CURL=1
// skips the (slow) curl legs.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { apiCaller, benchSetup, endedChildrenCpuMs, processCpuMs, startSandbox } from './sandbox-process.mjs';

const FLOOR_CLIENT = fileURLToPath(new URL('./lib/floor-client.cjs', import.meta.url));
/** The import's default concurrency (src/data/pool.ts DEFAULT_CONCURRENCY): its floor uses as many connections. */
const IMPORT_CONCURRENCY = 32;

const ROWS = 10_000;
const BLOCKS = [1, 2, 3, 4];
const ITEMS = ROWS / BLOCKS.length;
/** A curl loop longer than this is timed on a sample and extrapolated. */
const FULL_LOOP_LIMIT_S = 60;
const LOOP_SAMPLE = 2_000;

const { bin, work, token } = benchSetup();
/** The leg whose file was imported last: what the sandbox holds now. */
let lastLeg;

const sandbox = await startSandbox(bin, token);
const pool = new Pool(sandbox.url, { connections: 16 });
const call = apiCaller(() => pool, token);
try {
  console.log(`sandbox ${sandbox.url} (separate process), ${ITEMS} items × ${BLOCKS.length} blocks = ${ROWS} prices; Node ${process.version}, ${(await import('node:os')).availableParallelism()} cores`);
  const prices = await createPrices();
  const results = [];

  // The two capacities, alternately (a busy machine weighs on both alike): medians of 3 each.
  const capacities = [];
  const nodeHttps = [];
  for (let round = 0; round < 3; round++) {
    capacities.push(await timeCapacity(prices));
    nodeHttps.push(await timeNodeHttpCapacity(prices));
  }
  const byRate = (runs) => runs.sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[1];
  const capacity = byRate(capacities);
  const nodeHttp = byRate(nodeHttps);
  const concurrencies = (process.env.RENTALS_BENCH_CONCURRENCY ?? '').split(',').filter(Boolean);
  // The import three times (each row a real update each time), alternately with its floor: medians.
  const floors = [];
  const medianImport = (concurrency, leg) =>
    [0, 1, 2]
      .map((k) => {
        if (k !== 1) floors.push(timeFloor(leg + 10 + k));
        const run = timeImport(prices, concurrency, leg + k);
        if (k === 1) floors.push(timeFloor(leg + 10 + k));
        return run;
      })
      .sort((a, b) => a.seconds - b.seconds)[1];
  const imports = concurrencies.length > 0 ? concurrencies.map((c, i) => medianImport(c, 30 + 20 * i)) : [medianImport(undefined, 21)];
  const floor = byRate(floors.slice(0, 3));
  // Where the import's time goes: the same import again once every row is applied (nothing to
  // send: start, the listings, every row checked, planned and reported) beside the floor's
  // listings alone; what is left of each whole run is its writes. Alternately, medians of 3.
  const unchangedRuns = [];
  const listingFloors = [];
  for (let k = 0; k < 3; k++) {
    unchangedRuns.push(timeImport(prices, undefined, lastLeg, 'rentals prices import, every row unchanged'));
    listingFloors.push(timeFloor(40 + k, true));
  }
  const bySeconds = (runs) => runs.sort((a, b) => a.seconds - b.seconds)[1];
  const unchanged = bySeconds(unchangedRuns);
  const listingFloor = bySeconds(listingFloors);
  results.push(...imports);
  const curl = spawnSync('curl', ['--version'], { encoding: 'utf8' });
  if (process.env.RENTALS_BENCH_SKIP_CURL === '1') {
    console.log('RENTALS_BENCH_SKIP_CURL=1: the curl legs are skipped');
  } else if (curl.status !== 0) {
    console.log('curl not found: the curl legs are skipped');
  } else {
    writeFileSync(join(work, 'headers.txt'), `authorization: bearer ${Buffer.from(token).toString('base64')}\ncontent-type: application/json\n`, { mode: 0o600 });
    results.push(timeCurlLoop(prices));
    results.push(timeXargs(prices));
  }

  console.log('');
  for (const r of results) console.log(`${r.label.padEnd(34)} ${r.rowsPerSecond.toFixed(0).padStart(7)} rows/s  (${r.rows} rows in ${r.seconds.toFixed(2)} s${r.note ? `; ${r.note}` : ''}${cpuNote(r)})`);
  console.log(`${floor.label.padEnd(34)} ${floor.rowsPerSecond.toFixed(0).padStart(7)} rows/s  (${floor.rows} rows in ${floor.seconds.toFixed(2)} s; ${floor.note}${cpuNote(floor)})`);
  console.log(`${capacity.label.padEnd(34)} ${capacity.rowsPerSecond.toFixed(0).padStart(7)} rows/s  (${capacity.rows} PUTs in ${capacity.seconds.toFixed(2)} s; ${capacity.note}${cpuNote(capacity)})`);
  console.log(`${nodeHttp.label.padEnd(34)} ${nodeHttp.rowsPerSecond.toFixed(0).padStart(7)} rows/s  (${nodeHttp.rows} PUTs in ${nodeHttp.seconds.toFixed(2)} s; ${nodeHttp.note}${cpuNote(nodeHttp)})`);
  for (const run of imports) console.log(`${run.label} / sandbox PUT capacity  ${((run.rowsPerSecond / capacity.rowsPerSecond) * 100).toFixed(0)}%  (target ≥ 50%, whole process)`);
  console.log(`floor of the import's requests / sandbox PUT capacity  ${((floor.rowsPerSecond / capacity.rowsPerSecond) * 100).toFixed(0)}%  (the most a whole process making the import's requests reached here)`);
  for (const run of imports) console.log(`${run.label} / floor of its requests  ${((run.rowsPerSecond / floor.rowsPerSecond) * 100).toFixed(0)}%  (target ≥ 85%, whole process against whole process)`);
  for (const run of imports) {
    if (run.cpu === undefined) continue;
    const both = run.cpu + run.sandboxCpu;
    console.log(
      `CPU of ${run.label}: ${run.cpu.toFixed(2)} s in the client + ${run.sandboxCpu.toFixed(2)} s in the sandbox = ${both.toFixed(2)} s for 2 cores (no wall time under ${(both / 2).toFixed(2)} s; ` +
        `the client's JavaScript runs on one thread); the floor's: ${floor.cpu.toFixed(2)} s + ${floor.sandboxCpu.toFixed(2)} s; the sandbox's for the capacity leg's 10,000 PUTs: ${capacity.sandboxCpu.toFixed(2)} s`,
    );
  }
  if (unchanged.cpu !== undefined && listingFloor.cpu !== undefined) {
    const [run] = imports;
    const line = (label, rentalsLeg, floorLeg, rentalsCpu, floorCpu) =>
      console.log(`${label.padEnd(44)} rentals ${rentalsLeg.toFixed(2)} s, CPU ${rentalsCpu.toFixed(2)} s; floor ${floorLeg.toFixed(2)} s, CPU ${floorCpu.toFixed(2)} s`);
    console.log('where the time goes (medians of 3; the writes are the whole run less the listing part):');
    line('  start, listings, checks, plan, report', unchanged.seconds, listingFloor.seconds, unchanged.cpu, listingFloor.cpu);
    line('  the 10,000 writes', run.seconds - unchanged.seconds, floor.seconds - listingFloor.seconds, run.cpu - unchanged.cpu, floor.cpu - listingFloor.cpu);
  }
  for (const run of imports) console.log(`${run.label} / node:http PUT capacity  ${((run.rowsPerSecond / nodeHttp.rowsPerSecond) * 100).toFixed(0)}%  (the transport rentals uses, with nothing else to do)`);
  const [rentals] = imports;
  const loop = results.find((r) => r.label.startsWith('shell loop'));
  const xargs = results.find((r) => r.label.startsWith('xargs'));
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
  const cpu0 = endedChildrenCpuMs();
  const sandbox0 = processCpuMs(sandbox.pid);
  const started = performance.now();
  run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpu0 === undefined ? undefined : (endedChildrenCpuMs() - cpu0) / 1000;
  const sandboxCpu = sandbox0 === undefined ? undefined : (processCpuMs(sandbox.pid) - sandbox0) / 1000;
  return { label, rows, seconds, rowsPerSecond: rows / seconds, note, cpu, sandboxCpu };
}

/** `; CPU 1.20 s, sandbox CPU 0.60 s` where /proc tells (a child process's CPU: only for spawned legs). */
function cpuNote(run) {
  const parts = [];
  if (run.cpu !== undefined) parts.push(`CPU ${run.cpu.toFixed(2)} s`);
  if (run.sandboxCpu !== undefined) parts.push(`sandbox CPU ${run.sandboxCpu.toFixed(2)} s`);
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}

/** The import's requests from a minimal whole process (lib/floor-client.cjs), each price set to a new value; `listOnly`: its listings alone. */
function timeFloor(leg, listOnly = false) {
  const job = join(work, `floor-${leg}.json`);
  writeFileSync(job, JSON.stringify({ url: sandbox.url, token, connections: IMPORT_CONCURRENCY, import: { items: '/v2/inventory', children: '/v1/inventory/{id}/pricing', leg, listOnly } }));
  const label = listOnly ? "floor of the import's listings" : "floor of the import's requests";
  return timed(label, ROWS, () => {
    const run = spawnSync(process.execPath, [FLOOR_CLIENT, job], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`the floor client exited ${run.status}: ${run.stderr}`);
  }, `the same requests from a minimal whole process: undici, ${IMPORT_CONCURRENCY} connections, listing and writing overlapped; median of 3`);
}

/** The sandbox's PUT capacity: 10,000 PUTs over 32 keep-alive connections from this process. */
async function timeCapacity(prices) {
  const connections = 32;
  const capacityPool = new Pool(sandbox.url, { connections });
  const headers = { authorization: `bearer ${Buffer.from(token).toString('base64')}`, 'content-type': 'application/json' };
  const sandbox0 = processCpuMs(sandbox.pid);
  const started = performance.now();
  await inParallel(prices, connections, async (p) => {
    const { url, body } = curlLine(p, 9);
    const response = await capacityPool.request({ method: 'PUT', path: new URL(url).pathname, headers, body });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`PUT ${url}: ${response.statusCode}`);
  });
  const seconds = (performance.now() - started) / 1000;
  const sandboxCpu = sandbox0 === undefined ? undefined : (processCpuMs(sandbox.pid) - sandbox0) / 1000;
  await capacityPool.close();
  return { label: 'sandbox PUT capacity', rows: prices.length, seconds, rowsPerSecond: prices.length / seconds, sandboxCpu, note: `undici Pool, ${connections} connections, in-process; median of 3` };
}

/**
 * The same PUTs over node:http (the transport of rentals' client: keep-alive Agent, 32 sockets),
 * from this process with no work in between: what the transport itself costs beside undici's.
 */
async function timeNodeHttpCapacity(prices) {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const authorization = `bearer ${Buffer.from(token).toString('base64')}`;
  const put = (p) =>
    new Promise((resolve, reject) => {
      const { url, body } = curlLine(p, 8);
      const req = http.request(url, { method: 'PUT', agent, headers: { authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`PUT ${url}: ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await inParallel(prices, 32, put);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { label: 'node:http PUT capacity', rows: prices.length, seconds, rowsPerSecond: prices.length / seconds, note: 'keep-alive Agent, 32 sockets, in-process; median of 3' };
}

/** `again` (its label) given: the last leg's file imported again, every row unchanged (nothing to send). */
function timeImport(prices, concurrency, leg = 1, again = undefined) {
  const csv = join(work, `prices-${leg}.csv`);
  if (!again) lastLeg = leg;
  if (!again) writeFileSync(csv, ['id,inventoryId,rentalBlockId,price', ...prices.map((p) => `${p.id},${p.inventoryId},${p.rentalBlockId},${newPrice(p, leg)}`)].join('\n'));
  // Its reports go to the bench's directory (removed at the end), not the user's data directory.
  const env = { ...process.env, RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: token, RENTALS_CONFIG_DIR: work, XDG_DATA_HOME: work, NO_COLOR: '1' };
  let stderr = '';
  const extra = concurrency === undefined ? [] : ['--concurrency', concurrency];
  const label = again ?? `rentals prices import${concurrency === undefined ? '' : ` -c ${concurrency}`}`;
  const result = timed(label, prices.length, () => {
    // Piped, as a script runs it: stdout carries a change row per price written (about 0.6 MB).
    const run = spawnSync(process.execPath, [bin, 'prices', 'import', csv, ...(process.env.RENTALS_BENCH_NO_YES ? [] : ['--yes']), ...extra], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
    stderr = run.stderr;
    if (run.status !== 0) throw new Error(`rentals prices import exited ${run.status}: ${run.stderr}`);
  }, 'process start, 2,500 listings and 10,000 PUTs; median of 3');
  result.label = label;
  console.log(`rentals: ${stderr.split('\n').find((line) => / rows: /.test(line)) ?? stderr.trim()}`);
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
