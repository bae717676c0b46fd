// Global setup: every temporary directory of a run lives under one root (TMPDIR for the test
// workers and the processes they start), removed at the end. A test that leaves anything in it
// fails the run, naming what it left.

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'rentals-test-run-';

export default function setup(): () => void {
  // Each vitest project runs its global setup; the run has one root all the same.
  if (tmpdir().includes(PREFIX)) return () => undefined;
  const root = mkdtempSync(join(tmpdir(), PREFIX));
  process.env.TMPDIR = root;
  return () => {
    const left = readdirSync(root);
    rmSync(root, { recursive: true, force: true });
    if (left.length === 0) return;
    // A throw here is only logged by vitest; the exit code is what CI reads.
    process.stderr.write(`\nerror: tests left ${left.length} temporary entries behind: ${left.sort().join(', ')}\n`);
    process.exitCode = 1;
  };
}
