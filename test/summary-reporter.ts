// Prints one plain closing line, `Tests: N passed, N failed, N skipped`, after vitest's own summary,
// so CI systems that read a runner's last line (not vitest's styled one) see the counts. Before it,
// a loud line when the browser tests were skipped for want of a chromium (easy to miss otherwise).
import type { Reporter, TestModule } from 'vitest/node';
import { findChromium } from './helpers/chromium.js';

const BROWSER_TESTS = /[/\\]test[/\\]browser[/\\]/;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++;
    }
    const browserSkipped = testModules
      .filter((module) => BROWSER_TESTS.test(module.moduleId))
      .flatMap((module) => [...module.children.allTests()])
      .filter((test) => test.result().state === 'skipped').length;
    if (browserSkipped > 0 && !findChromium()) {
      process.stdout.write(`\n!!! SKIPPED browser tests: chromium not found (${browserSkipped} tests). Install it: apt-get install -y chromium !!!\n`);
    }
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
