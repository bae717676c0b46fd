// Global setup: every temporary directory of a run lives under one root (TMPDIR for the test
// workers and the processes they start), removed at the end. A test that leaves anything in it
// fails the run, naming what it left. Beside them, the per-user cache the spawned bin/rentals.js
// keeps (V8's code cache of the bundle): one for the run, so that a process started with a HOME of
// its own does not compile the bundle again (RENTALS_TEST_CACHE_HOME, test/e2e/harness.ts).

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'rentals-test-run-';
/** The spawned processes' cache directory, under the root (XDG_CACHE_HOME for them). */
const CACHE = 'spawned-cache';

export default function setup(): () => void {
  // Each vitest project runs its global setup; the run has one root all the same.
  if (tmpdir().includes(PREFIX)) return () => undefined;
  const root = mkdtempSync(join(tmpdir(), PREFIX));
  process.env.TMPDIR = root;
  process.env.RENTALS_TEST_CACHE_HOME = join(root, CACHE);
  return () => {
    const left = readdirSync(root).filter((name) => name !== CACHE);
    rmSync(root, { recursive: true, force: true });
    if (left.length === 0) return;
    // A throw here is only logged by vitest; the exit code is what CI reads.
    process.stderr.write(`\nerror: tests left ${left.length} temporary entries behind: ${left.sort().join(', ')}\n`);
    process.exitCode = 1;
  };
}
