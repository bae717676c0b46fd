// startBin's deadline is judged after a grace period: when the test process itself was held up
// past a child's deadline (a loaded or paused machine), the child that finished meanwhile is
// reported as it ended, not as "did not finish in time" because the timer ran before its output.

import { expect, test } from 'vitest';
import { startBin } from './harness.js';

test('a child that ended while this process was held up past its deadline is reported as it ended', async () => {
  const run = startBin(['--version'], { timeoutMs: 100 });
  // Hold this thread well past the deadline, long enough for the child to end meanwhile.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_500);
  const ended = await run.done;
  expect(ended.code).toBe(0);
  expect(ended.stdout).toMatch(/^\d+\.\d+\.\d+/);
});
