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
  console.log(`\`rentals inventory list\` of ${COUNT.toLocaleString('en')} items: response ${mb(bytes)} MB; \`rentals --version\` peaks at ${mb(idle)} MB (Node ${process.version})`);
  console.log('');
  console.log('| format | peak RSS | × the response | target |');
  console.log('|---|---:|---:|---|');
  for (const format of ['json', 'ndjson', 'csv', 'tsv', 'table']) {
    const rss = peak(['inventory', 'list', '-o', format]);
    console.log(`| -o ${format} | ${mb(rss)} MB | ${(rss / bytes).toFixed(1)}× | ${format === 'table' ? '' : '≤ 3×'} |`);
  }
} finally {
  sandbox.stop();
}
