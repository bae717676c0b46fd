// One build step: esbuild bundles src/ into dist/, which bin/rentals.js runs.
// Code splitting keeps heavy modules (zod, cli-table3, the sandbox, the bulk engine)
// in chunks that are only loaded by the dynamic import() of the paths that need them.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', sandbox: 'src/sandbox/index.ts' },
  outdir: 'dist',
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
});
