// Startup: how far `rentals` is from `node -e 0` on the paths scripts start most.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/rentals.js', import.meta.url));
const env = { ...process.env, RENTALS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'rentals-bench-')), NO_COLOR: '1' };
const runs = Number(process.env.BENCH_RUNS ?? 30);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(args) {
  const samples = [];
  for (let i = 0; i < runs + 3; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { env, stdio: 'ignore' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.status !== 0 && !args.includes('--dry-run')) throw new Error(`${args.join(' ')} exited ${result.status}`);
    if (i >= 3) samples.push(ms);
  }
  return median(samples);
}

const cases = [
  ['node -e 0', ['-e', '0']],
  ['rentals --version', [bin, '--version']],
  ['rentals --help', [bin, '--help']],
  ['rentals inventory add --dry-run (loads zod)', [bin, 'inventory', 'add', '--name', 'x', '--quantity-available', '1', '--base-url', 'http://127.0.0.1:9', '--dry-run']],
];
const baseline = time(cases[0][1]);
console.log(`median of ${runs} runs each (Node ${process.version})`);
for (const [label, args] of cases) {
  const ms = label === 'node -e 0' ? baseline : time(args);
  console.log(`${label.padEnd(46)} ${ms.toFixed(1).padStart(7)} ms   (+${(ms - baseline).toFixed(1)} ms over node -e 0)`);
}
