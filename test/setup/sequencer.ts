// The order the test files start in: the longest first, so that no long file starts late and
// makes the run's tail while the other worker idles. vitest's own order does that from the
// durations it kept of the last run (node_modules/.vite); on a clean clone it has none and starts
// the largest files first, and a short file that waits on processes it starts (chromium, tmux,
// shells, the bin) could start last. Here a file with no kept duration is estimated: one that
// starts processes as a long one, any other by its size. The groups (vitest.config.ts: the nock
// files first) keep their order.

import { statSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file that starts programs: its time is mostly theirs, not its size's. */
const STARTS_PROCESSES = /\b(startBin|runBin|runProgram|spawn|spawnSync|execFile|launchPersistentContext)\(/;
/** The estimate of such a file with no kept duration, in ms: among the long ones. */
const PROCESS_FILE_MS = 5_000;
/** Bytes of a test file per estimated ms. */
const BYTES_PER_MS = 10;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const estimates = new Map(files.map((spec) => [spec, this.estimate(spec)]));
    return [...files].sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || estimates.get(b)! - estimates.get(a)!);
  }

  private estimate(spec: TestSpecification): number {
    const kept = this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`);
    if (kept) return kept.duration;
    if (STARTS_PROCESSES.test(readFileSync(spec.moduleId, 'utf8'))) return PROCESS_FILE_MS;
    return statSync(spec.moduleId).size / BYTES_PER_MS;
  }
}
