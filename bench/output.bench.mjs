// Table output against tsv for 10k and 100k rows: `rentals inventory list -o table|tsv` against a
// sandbox, stdout to /dev/null, run alternately; medians and the ratio (target: table ≤ 2× tsv).
// cli-table3 took 300 s for 100k rows; our tables are drawn in one pass.
import { spawnSync } from 'node:child_process';
import { bin, median, requireBuild, sandboxWithItems } from './output-sandbox.mjs';

requireBuild();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_ROWS=10000 to skip the 100k leg (e.g. against an old build with RENTALS_BENCH_BIN). */
const SIZES = (process.env.BENCH_ROWS ?? '10000,100000').split(',').map(Number);

console.log(`median of ${RUNS} alternating runs each, stdout to /dev/null (Node ${process.version})`);
console.log('');
console.log('| rows | -o table | -o tsv | table / tsv | target |');
console.log('|---:|---:|---:|---:|---|');
for (const count of SIZES) {
  const sandbox = await sandboxWithItems(count);
  try {
    const times = { table: [], tsv: [] };
    for (let i = 0; i < RUNS + 1; i++) {
      for (const format of ['table', 'tsv']) {
        const started = performance.now();
        const run = spawnSync(process.execPath, [bin, 'inventory', 'list', '-o', format], { env: sandbox.env, stdio: ['ignore', 'ignore', 'pipe'] });
        const ms = performance.now() - started;
        if (run.status !== 0) throw new Error(`-o ${format} exited ${run.status}: ${run.stderr}`);
        if (i > 0) times[format].push(ms);
      }
    }
    const table = median(times.table);
    const tsv = median(times.tsv);
    console.log(`| ${count.toLocaleString('en')} | ${table.toFixed(0)} ms | ${tsv.toFixed(0)} ms | ${(table / tsv).toFixed(2)}× | ≤ 2× |`);
  } finally {
    sandbox.stop();
  }
}
