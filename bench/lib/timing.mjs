// Alternate-run timing: every command of a comparison runs in each round, in a rotating order, so
// that a noisy neighbour (other processes on a shared machine) weighs on all of them alike and the
// ratios stay meaningful even when absolute times drift. hyperfine measures each process when it is
// installed (`-N`: no shell, so the times are the command's own); otherwise spawnSync is timed here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianTool } from './tools.mjs';

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

let hyperfine;
function useHyperfine() {
  if (hyperfine === undefined) hyperfine = process.env.BENCH_NO_HYPERFINE ? false : ensureDebianTool('hyperfine');
  return hyperfine;
}

/** A command line for hyperfine -N, which splits it the way a POSIX shell splits words. */
function quote(arg) {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

/**
 * Times `commands` ([{ label, argv: [file, ...args] }]) alternately: `rounds` rounds of `perRound`
 * runs each (after one warm-up round). Every command must exit 0. Returns
 * [{ label, samples: ms[], median, cpuMedian }] in the order given (cpuMedian: the median of each
 * round's mean user + system time, when hyperfine measured; CPU time is less sensitive to waiting
 * for a busy CPU than wall time, so it tells whether a change in wall time is work or noise).
 */
export function timeAlternately(commands, { rounds = 10, perRound = 3, env = process.env, cwd } = {}) {
  const samples = commands.map(() => []);
  const cpu = commands.map(() => []);
  const work = mkdtempSync(join(tmpdir(), 'rentals-bench-timing-'));
  try {
    for (let round = -1; round < rounds; round++) {
      const order = commands.map((_, i) => i);
      const shift = ((round % order.length) + order.length) % order.length;
      const rotated = [...order.slice(shift), ...order.slice(0, shift)];
      const times = useHyperfine() ? hyperfineRound(commands, rotated, perRound, env, cwd, join(work, 'round.json')) : spawnRound(commands, rotated, perRound, env, cwd);
      if (round < 0) continue; // warm-up: file cache, compile caches, the server's first requests
      rotated.forEach((index, position) => {
        samples[index].push(...times[position].wall);
        if (times[position].cpu !== undefined) cpu[index].push(times[position].cpu);
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return commands.map((command, i) => ({ label: command.label, samples: samples[i], median: median(samples[i]), cpuMedian: cpu[i].length ? median(cpu[i]) : undefined }));
}

function hyperfineRound(commands, order, runs, env, cwd, out) {
  const args = ['-N', '--style', 'none', '--runs', String(Math.max(runs, 2)), '--export-json', out];
  for (const index of order) args.push('--command-name', commands[index].label);
  for (const index of order) args.push(commands[index].argv.map(quote).join(' '));
  const run = spawnSync('hyperfine', args, { env, cwd, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (run.status !== 0) throw new Error(`hyperfine failed: ${run.stderr.trim()}${diagnose(commands, env, cwd)}`);
  const { results } = JSON.parse(readFileSync(out, 'utf8'));
  // hyperfine gives each run's wall time, and the user + system CPU time as a mean per command.
  return results.map((result) => ({ wall: result.times.map((seconds) => seconds * 1000), cpu: (result.user + result.system) * 1000 }));
}

function spawnRound(commands, order, runs, env, cwd) {
  return order.map((index) => {
    const [file, ...args] = commands[index].argv;
    const times = [];
    for (let i = 0; i < runs; i++) {
      const started = process.hrtime.bigint();
      const run = spawnSync(file, args, { env, cwd, stdio: 'ignore' });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (run.status !== 0) throw new Error(`${commands[index].label} exited ${run.status ?? run.signal}`);
    }
    return { wall: times, cpu: undefined };
  });
}

/** Which command fails, and what it says, when hyperfine only reports that one did. */
function diagnose(commands, env, cwd) {
  for (const command of commands) {
    const [file, ...args] = command.argv;
    // Its output is not kept: a large one would overflow spawnSync's buffer and kill the command.
    const run = spawnSync(file, args, { env, cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    if (run.status !== 0) return `\n${command.label} exited ${run.status ?? run.signal}: ${run.stderr.trim()}`;
  }
  return '\n(every command succeeds when run again)';
}
