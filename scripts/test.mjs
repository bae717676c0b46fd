// `npm test`: the typecheck, knip, the build and vitest. tsc and knip each keep one core busy for
// seconds and need no build: they start first, the build runs beside them, and vitest (whose
// tests spawn the built bin) starts when the build is done. Each tool runs as `node <its bin>`,
// not through `npm run`/`npm exec` (an npm start is ~0.3 s of CPU and up to a second of wall
// time each on the shared 2-core machine). vitest prints as it goes; the typecheck's and knip's
// output is printed whole when each ends (nothing when they pass). The exit code is non-zero
// when any of them fails. Arguments go to vitest.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const bin = (path) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));
const script = (path) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `node …args` at the lowest priority, its output kept until it ends. tsc and knip need no build
 * and nothing waits for them: at a low priority they take the cores vitest leaves idle (its waits
 * on the processes and servers its tests start) instead of slowing its busiest part, whose long
 * files set the run's end (two alternating pairs on the shared machine: 41.7 → 35.7 s and
 * 78.5 → 65.5 s of wall time).
 */
function quiet(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      // No pid (the spawn failed, reported by 'close'): setPriority would lower this process instead.
      if (child.pid !== undefined) setPriority(child.pid, 19);
    } catch {
      // Not allowed here: the check runs at the normal priority.
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const text = output.trim();
      if (code !== 0 || text) process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : 'FAILED'}\n${text}\n\n`);
      resolve({ name, code: code ?? 1 });
    });
  });
}

/** `node …args`, printing as it goes. */
function loud(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('close', (code) => resolve({ name, code: code ?? 1 }));
  });
}

// A bigger young generation for vitest's workers (V8 flags are the process's, its threads'
// too): the suite allocates much short-lived garbage; fewer scavenges measured 3-6% less CPU for
// the suite (two alternating pairs of runs). tsc showed no difference.
const VITEST_FLAGS = ['--max-semi-space-size=32'];

// tsc and knip keep what they learnt of unchanged files under node_modules/.cache (their own
// caches, keyed by each file's content): a run after a small change checks what it touches, not
// every file again (tsc: ~1.2 s of CPU instead of ~4.6 when nothing changed).
const cache = (name) => bin(`.cache/rentals-test/${name}`);
const checks = [
  quiet('typecheck (tsc --noEmit)', [bin('typescript/bin/tsc'), '--noEmit', '--incremental', '--tsBuildInfoFile', cache('tsc.tsbuildinfo')]),
  quiet('knip', [bin('knip/bin/knip.js'), '--cache', '--cache-location', cache('knip')]),
];
const build = await loud('build', [script('./build.mjs')]);
const tests = build.code === 0 ? await loud('vitest', [...VITEST_FLAGS, bin('vitest/vitest.mjs'), 'run', ...process.argv.slice(2)]) : { name: 'vitest (not run: the build failed)', code: 1 };
const results = [build, tests, ...(await Promise.all(checks))];
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  process.stderr.write(`npm test: ${failed.join(', ')} failed\n`);
  process.exitCode = 1;
}
