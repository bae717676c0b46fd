// One build step: esbuild bundles src/ into dist/, which bin/rentals.js runs.
// Code splitting keeps heavy modules (zod, cli-table3, the sandbox, the bulk engine)
// in chunks that are only loaded by the dynamic import() of the paths that need them.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// Build beside dist/ and swap it in, so a build never leaves a half-written dist/ under a running
// `rentals` (the test suites spawn bin/rentals.js while other builds may run).
const dist = new URL('../dist', import.meta.url);
const staging = new URL(`../.dist-${process.pid}`, import.meta.url);
const retired = new URL(`../.dist-old-${process.pid}`, import.meta.url);
rmSync(staging, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', sandbox: 'src/sandbox/index.ts' },
  outdir: staging.pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  define: { __RENTALS_VERSION__: JSON.stringify(pkg.version) },
  // cli-table3 is CommonJS and calls require(); give the ESM bundle a real one.
  banner: { js: "import { createRequire as __rentalsCreateRequire } from 'node:module'; const require = __rentalsCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [lazyChildProcessInCommander()],
});
try {
  renameSync(dist, retired);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
renameSync(staging, dist);
rmSync(retired, { recursive: true, force: true });

// commander requires node:child_process at load time for executable subcommands, which rentals
// never uses; loading it costs ~10 ms of every start. Defer it to the (never taken) spawn call.
function lazyChildProcessInCommander() {
  return {
    name: 'lazy-child-process-in-commander',
    setup(b) {
      b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const eager = "const childProcess = require('node:child_process');";
        if (!source.includes(eager)) throw new Error('commander changed: update the lazy child_process patch in scripts/build.mjs');
        const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
        return { contents: source.replace(eager, lazy), loader: 'js' };
      });
    },
  };
}
