import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Tests that patch nothing global (no nock, no mocks) and start no child process: they share one
 * module graph per worker instead of loading it again for each file (a third to half of their CPU
 * time). Their servers listen on port 0 and are closed by the test that starts them. Named one
 * by one: a new test file is isolated until it is listed here.
 */
const SHARED = [
  'test/architecture.test.ts',
  'test/bulk/{adjust-limits,catalog,engine,import,input,money,render,runner}.test.ts',
  'test/calendar/{dates,ics-status,item-asks,sweep,terminal,totals-checks}.test.ts',
  'test/cli/{help-topics,help,prompt,registry}.test.ts',
  'test/data/catalog.test.ts',
  'test/output/{layouts,plan-width,render,table,width}.test.ts',
  'test/sandbox/{auth,damage,date-order,errors,exact-numbers,journal,lists,operations,persistence,seed,server,value-properties}.test.ts',
  'test/snapshot/{diff,from-snapshot}.test.ts',
  'test/unit/{common,data-envelope,format-issue,json-depth,value-properties,values}.test.ts',
];

export default defineConfig({
  // The same constant the esbuild bundle gets, so source-level tests see the real version.
  define: { __RENTALS_VERSION__: JSON.stringify(pkg.version) },
  test: {
    globalSetup: ['./test/setup/temp-root.ts'],
    setupFiles: ['./test/setup/file-temp-dirs.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Worker threads start cheaper than child processes (measured: about 10% less CPU for the
    // whole run); nothing under test changes the process itself (cwd, umask, exit).
    pool: 'threads',
    // Two cores here: keep end-to-end suites from starving each other.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...SHARED] } },
    ],
  },
});
