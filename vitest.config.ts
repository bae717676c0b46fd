import { readFileSync, readdirSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The test files that patch node:http with nock (through test/helpers/api.ts). They run first, in
 * workers of their own: a request another file left in flight (a read the CLI starts and does not
 * wait for) would otherwise reach their nock and count as sent by their test.
 */
const NOCK = readdirSync(new URL('./test', import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.test.ts'))
  .map((path) => `test/${path}`)
  .filter((path) => /from '(nock|(\.\.\/)+helpers\/api\.js)'/.test(readFileSync(new URL(path, import.meta.url), 'utf8')));

/**
 * Files that change the process's working directory (a worker thread cannot): they run in a
 * process of their own. The doc test runs each example in the directory of its page.
 */
const OWN_PROCESS = ['test/docs/examples.test.ts'];

export default defineConfig({
  // The same constant the esbuild bundle gets, so source-level tests see the real version.
  define: { __RENTALS_VERSION__: JSON.stringify(pkg.version) },
  test: {
    globalSetup: ['./test/setup/temp-root.ts'],
    // shared-worker.ts first: it notes the worker's globals before anything else runs.
    setupFiles: ['./test/setup/shared-worker.ts', './test/setup/file-temp-dirs.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    // The longest files start first, also on a clean clone (test/setup/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Worker threads start cheaper than child processes (measured: about 10% less CPU for the
    // whole run); nothing under test changes the process itself (cwd, umask, exit).
    pool: 'threads',
    // Two cores here: keep end-to-end suites from starving each other.
    maxWorkers: 2,
    // Every test file shares its worker's module graph with the files run before it, instead of a
    // fresh worker that loads vitest and src again for each file: measured, a third less CPU for
    // the whole run (87 s against 61 s on two cores). What a file changes in its worker (nock's
    // patch of node:http, the environment, signal handlers) it undoes; test/setup/shared-worker.ts
    // fails the file that does not.
    isolate: false,
    // Modules as transformed (TypeScript to JavaScript) are kept on disk between runs, keyed by
    // each file's content, the config and vitest's version: a run transforms only what changed
    // (measured: the summed transform time 9.8 s → 3.0 s, ~4 s less CPU for the suite).
    experimental: { fsModuleCache: true },
    projects: [
      { extends: true, test: { name: 'nock', include: NOCK, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'real', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...NOCK, ...OWN_PROCESS], sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, pool: 'forks', sequence: { groupOrder: 1 } } },
    ],
  },
});
