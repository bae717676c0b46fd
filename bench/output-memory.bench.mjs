// Peak memory of `rentals inventory list -o <format>` for 100k items from a sandbox: the
// child's peak RSS against the size of the response it printed. Target: ≤ 3× the response for
// json, ndjson, csv and tsv. Measured by /usr/bin/time: a child forked straight from this (big)
// process would report this process's peak, which Linux carries over fork and exec.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bin, requireBuild, sandboxWithItems } from './output-sandbox.mjs';

requireBuild();
const COUNT = Number(process.env.BENCH_ITEMS ?? 100_000);
const TIME = '/usr/bin/time';
if (!existsSync(TIME)) {
  console.log(`${TIME} not found: the memory benchmark is skipped`);
  process.exit(0);
}

const sandbox = await sandboxWithItems(COUNT);
try {
  const bytes = await sandbox.responseBytes();
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  const peak = (args) => {
    const run = spawnSync(TIME, ['-f', 'maxrss=%M', process.execPath, bin, ...args], { env: sandbox.env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const match = /maxrss=(\d+)/.exec(run.stderr);
    if (run.status !== 0 || !match) throw new Error(`rentals ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
    return Number(match[1]) * 1024;
  };
  const idle = peak(['--version']);
  console.log(`${COUNT} items: response ${mb(bytes)} MB; \`rentals --version\` peaks at ${mb(idle)} MB (Node ${process.version})`);
  for (const format of ['json', 'ndjson', 'csv', 'tsv', 'table']) {
    const rss = peak(['inventory', 'list', '-o', format]);
    const target = format === 'table' ? '' : '  (target ≤ 3×)';
    console.log(`-o ${format.padEnd(6)} peak RSS ${mb(rss).padStart(7)} MB  ${(rss / bytes).toFixed(1).padStart(5)}× the response${target}`);
  }
} finally {
  sandbox.stop();
}
