import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // The same constant the esbuild bundle gets, so source-level tests see the real version.
  define: { __RENTALS_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/setup/temp-root.ts'],
    setupFiles: ['./test/setup/file-temp-dirs.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two cores here: keep end-to-end suites from starving each other.
    maxWorkers: 2,
  },
});
