// Memory and pace of `rentals inventory list` as the list grows (10k, 100k, 300k items from a
// sandbox). Peak RSS per format against the size of the response and against `rentals --version`;
// targets: the 300k peak within 1.2× of the 100k peak, and at most --version + 32 MB (json, ndjson,
// csv, tsv); a table at most 3× the response. Then the time of `-o ndjson` against
// `curl | jq -c '.data[]'` (target ≤ 0.7×), alternately, and how that time grows with the list;
// beside them `--jq '.data[]'`, jq inside rentals, against the same curl | jq, up to 10k items
// (jq's WebAssembly memory holds a list of ~40 MB at most: above, --jq says to pipe to jq).
// Peaks are measured by /usr/bin/time: a child forked straight from this (big) process would
// report this process's peak, which Linux carries over fork and exec.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { hasCommand } from './lib/tools.mjs';
import { timeAlternately } from './lib/timing.mjs';
import { bin, requireBuild, sandboxWithItems } from './output-sandbox.mjs';

requireBuild();
const SIZES = (process.env.BENCH_ITEMS ?? '10000,100000,300000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FORMATS = ['json', 'ndjson', 'csv', 'tsv', 'table'];
/** The largest list `--jq` is timed on (see the top). */
const JQ_INSIDE_MAX_ITEMS = 10_000;
const TIME = '/usr/bin/time';
if (!existsSync(TIME)) {
  console.log(`${TIME} not found: the memory benchmark is skipped`);
  process.exit(0);
}
const mb = (n) => (n / 1024 / 1024).toFixed(1);

function peak(args, env) {
  const run = spawnSync(TIME, ['-f', 'maxrss=%M', process.execPath, bin, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const match = /maxrss=(\d+)/.exec(run.stderr);
  if (run.status !== 0 || !match) throw new Error(`rentals ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return Number(match[1]) * 1024;
}

const bySize = new Map();
let idle;
const jq = hasCommand('jq') && hasCommand('curl');
for (const count of SIZES) {
  const sandbox = await sandboxWithItems(count);
  try {
    idle ??= peak(['--version'], sandbox.env);
    const bytes = await sandbox.responseBytes();
    const peaks = Object.fromEntries(FORMATS.map((format) => [format, peak(['inventory', 'list', '-o', format], sandbox.env)]));
    const commands = [{ label: 'rentals -o ndjson', argv: [process.execPath, bin, 'inventory', 'list', '-o', 'ndjson'] }];
    if (jq) {
      const auth = `authorization: bearer ${Buffer.from(sandbox.env.RENTALS_TOKEN).toString('base64')}`;
      commands.push({ label: 'curl | jq', argv: ['sh', '-c', `curl -sf -H '${auth}' ${sandbox.url}/v2/inventory | jq -c '.data[]'`] });
    }
    if (count <= JQ_INSIDE_MAX_ITEMS) commands.push({ label: 'rentals --jq', argv: [process.execPath, bin, 'inventory', 'list', '--jq', '.data[]'] });
    const times = timeAlternately(commands, { rounds: ROUNDS, perRound: 1, env: sandbox.env });
    bySize.set(count, { bytes, peaks, rentals: times[0], jq: jq ? times[1] : undefined, withJq: times.find((t) => t.label === 'rentals --jq') });
  } finally {
    sandbox.stop();
  }
}

const sizes = [...bySize.keys()];
const big = sizes.filter((n) => n >= 100_000);
console.log(`\`rentals inventory list\`, stdout to /dev/null; \`rentals --version\` peaks at ${mb(idle)} MB (Node ${process.version}); load average ${loadavg()[0].toFixed(1)} on ${process.env.BENCH_LOAD_NOTE ?? 'a machine shared with other work'}`);
console.log('');
console.log(`| format | ${sizes.map((n) => `peak RSS, ${n / 1000}k items`).join(' | ')} | ${big.length === 2 ? 'growth 100k → 300k (≤ 1.2×) | ' : ''}above --version at ${sizes.at(-1) / 1000}k (≤ 32 MB) | × the response at ${sizes.at(-1) / 1000}k |`);
console.log(`|---|${sizes.map(() => '---:').join('|')}|${big.length === 2 ? '---:|' : ''}---:|---:|`);
for (const format of FORMATS) {
  const cells = sizes.map((n) => `${mb(bySize.get(n).peaks[format])} MB`);
  const last = bySize.get(sizes.at(-1));
  const growth = big.length === 2 ? bySize.get(big[1]).peaks[format] / bySize.get(big[0]).peaks[format] : undefined;
  const table = format === 'table';
  const growthCell = growth === undefined ? '' : `${growth.toFixed(2)}×${table ? '' : growth <= 1.2 ? ' ✓' : ' ✗'} | `;
  const above = last.peaks[format] - idle;
  const aboveCell = `${mb(above)} MB${table ? '' : above <= 32 * 1024 * 1024 ? ' ✓' : ' ✗'}`;
  const times = last.peaks[format] / last.bytes;
  console.log(`| -o ${format} | ${cells.join(' | ')} | ${growthCell}${aboveCell} | ${times.toFixed(2)}×${table ? (times <= 3 ? ' ✓ (≤ 3×)' : ' ✗ (≤ 3×)') : ''} |`);
}
console.log('');
console.log(`Responses: ${sizes.map((n) => `${n / 1000}k items ${mb(bySize.get(n).bytes)} MB`).join(', ')}. A table keeps its cells (not the records) to size its columns, so it grows with the list.`);
console.log('');
console.log(`Time, median of ${ROUNDS} alternating rounds${jq ? ' (target: rentals ≤ 0.7× curl | jq)' : ' (curl or jq missing: no comparison)'}:`);
console.log('');
console.log(`| items | rentals -o ndjson | ms per 1k items | CPU ms per 1k items | ${jq ? 'curl \\| jq -c \'.data[]\' | rentals / jq |' : ''} rentals --jq '.data[]' |${jq ? ' --jq / curl \\| jq |' : ''}`);
console.log(`|---:|---:|---:|---:|${jq ? '---:|---:|' : ''}---:|${jq ? '---:|' : ''}`);
const perK = (ms, n) => (ms === undefined ? '–' : ((ms / n) * 1000).toFixed(2));
for (const n of sizes) {
  const { rentals, withJq, jq: q } = bySize.get(n);
  const ratio = q ? rentals.median / q.median : undefined;
  const jqCells = q ? ` ${q.median.toFixed(0)} ms | ${ratio.toFixed(2)}×${n === 100_000 ? (ratio <= 0.7 ? ' ✓' : ' ✗') : ''} |` : '';
  const withJqCells = withJq ? ` ${withJq.median.toFixed(0)} ms |${q ? ` ${(withJq.median / q.median).toFixed(2)}× |` : ''}` : ` – |${q ? ' – |' : ''}`;
  console.log(`| ${n.toLocaleString('en')} | ${rentals.median.toFixed(0)} ms | ${perK(rentals.median, n)} | ${perK(rentals.cpuMedian, n)} |${jqCells}${withJqCells}`);
}
if (sizes.length >= 2) {
  const [a, b] = [sizes.at(-2), sizes.at(-1)];
  const growth = (pick) => (pick(bySize.get(b)) - pick(bySize.get(a))) / (b - a) / ((pick(bySize.get(a)) - pick(bySize.get(sizes[0]))) / (a - sizes[0]));
  console.log('');
  console.log(
    `Linear growth: the time of each further 1k items from ${a / 1000}k to ${b / 1000}k against from ${sizes[0] / 1000}k to ${a / 1000}k is ${growth((s) => s.rentals.median).toFixed(2)}× in wall time` +
      (bySize.get(a).rentals.cpuMedian !== undefined ? `, ${growth((s) => s.rentals.cpuMedian).toFixed(2)}× in CPU time (less sensitive to the machine's load)` : '') +
      (jq ? `; curl | jq in the same rounds: ${growth((s) => s.jq.median).toFixed(2)}× in wall time` : '') +
      '. 1.0× is linear.',
  );
}
