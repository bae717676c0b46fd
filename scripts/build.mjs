// One build step: esbuild bundles src/ into dist/main.cjs, which bin/rentals.js runs, and
// src/sandbox/index.ts into dist/sandbox.js (the sandbox as a library, for tests and scripts).
//
// Startup is what a CLI started thousands of times by scripts pays most, so the bundle is shaped
// for it (measured with `npm run bench startup` on Node 20, 22 and 24):
// - CommonJS, entry and bundle (bin/package.json makes bin/rentals.js CommonJS): an ES module
//   entry costs every start Node's ESM loader, which reads modules through libuv's thread pool
//   (~35 ms against ~17 ms above a plain CommonJS GET on Node 22, wall time, side by side).
// - One file, no code splitting. Modules reached only through import() (zod, the
//   sandbox, the bulk engine) are still evaluated only when that import() runs — esbuild wraps them
//   in lazy initialisers.
// - Node builtins are loaded with require(), never through ESM imports (see builtinsByRequire).
// - Every library is bundled: the package has no runtime dependencies (checked below).
// - Big libraries that only one flag or command needs (LAZY_VENDORS: jq for --jq, the zone
//   libraries for -o ics, the MCP SDK for `rentals mcp`) are bundled into files of their own under
//   dist/vendor/, which main.cjs imports only when that flag or command is given: every other
//   start neither reads nor parses them.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// Build beside dist/ and swap it in, so a build never leaves a half-written dist/ under a running
// `rentals` (the test suites spawn bin/rentals.js while other builds may run).
const dist = new URL('../dist', import.meta.url);
const staging = new URL(`../.dist-${process.pid}`, import.meta.url);
const retired = new URL(`../.dist-old-${process.pid}`, import.meta.url);
rmSync(staging, { recursive: true, force: true });
// Each file of dist/vendor/ and the module specifiers the source import()s from it. A file of
// several specifiers (the MCP SDK's server, its stdio transport and its message schemas) bundles
// them once, with what they share.
const LAZY_VENDORS = {
  'jq-wasm': ['jq-wasm/inline'],
  'temporal-polyfill': ['temporal-polyfill'],
  'timezones-ical-library': ['timezones-ical-library'],
  'mcp-sdk': ['@modelcontextprotocol/sdk/server/index.js', '@modelcontextprotocol/sdk/server/stdio.js', '@modelcontextprotocol/sdk/types.js'],
};
const VENDOR_FILES = Object.keys(LAZY_VENDORS);
const shared = {
  outdir: staging.pathname,
  bundle: true,
  splitting: false,
  platform: 'node',
  target: 'node20.18',
  sourcemap: false,
  // Minified: half the bytes for Node to read and check against its compile cache on every start
  // (~4 ms of `inventory list` on Node 22).
  minify: true,
  // The sandbox keeps its function names for the stack traces it logs. The CLI's bundle does not
  // (esbuild would name ~550 functions by Object.defineProperty on every `inventory list` start,
  // ~3% of its CPU): its --debug traces come from its source map instead (bin/rentals.js).
  keepNames: true,
  legalComments: 'none',
  metafile: true,
  define: { __RENTALS_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
  plugins: [builtinsByRequire(), lazyChildProcessInCommander(), vendorFiles(LAZY_VENDORS)],
};
const results = await Promise.all([
  build({
    ...shared,
    // A static import of a builtin is a plain require() in CommonJS output; only import() needs the plugin.
    plugins: [builtinsByRequire(['dynamic-import']), lazyChildProcessInCommander(), vendorFiles(LAZY_VENDORS, { byRequire: true })],
    entryPoints: { main: 'src/main.ts' },
    format: 'cjs',
    keepNames: false,
    // dist/main.cjs.map, read only by a --debug run: its stack traces then name the TypeScript
    // files and lines. Positions only (no sources inside): a trace needs nothing more.
    sourcemap: 'linked',
    sourcesContent: false,
    outExtension: { '.js': '.cjs' },
  }),
  build({
    ...shared,
    entryPoints: { sandbox: 'src/sandbox/index.ts' },
    format: 'esm',
    // Bundled CommonJS (commander) and the builtins below call require(); give the ESM
    // bundle a real one.
    banner: { js: "import { createRequire as __rentalsCreateRequire } from 'node:module'; const require = __rentalsCreateRequire(import.meta.url);" },
  }),
]);
const result = { metafile: { outputs: Object.assign({}, ...results.map((r) => r.metafile.outputs)) } };
// CommonJS files: Emscripten's code (jq) wants __dirname and require, which CommonJS has.
const vendors = await build({
  entryPoints: Object.fromEntries(VENDOR_FILES.map((file) => [`vendor/${file}`, `vendor-entry:${file}`])),
  outdir: staging.pathname,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [vendorEntries(LAZY_VENDORS)],
});
const topLevelWords = await writeManPage();
markBuild(topLevelWords);
try {
  assertSelfContained(result.metafile);
  assertNoImportCall(results[0].metafile);
  assertSelfContained(vendors.metafile);
  assertAscii(new URL('main.cjs', `${staging.href}/`));
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  throw error;
}
try {
  renameSync(dist, retired);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
renameSync(staging, dist);
rmSync(retired, { recursive: true, force: true });

// rentals(1) from the command registry: src/cli/man-page.ts bundled beside dist/, run, removed.
async function writeManPage() {
  const generator = new URL('man-page.mjs', `${staging.href}/`);
  await build({
    entryPoints: ['src/cli/man-page.ts'],
    outfile: generator.pathname,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    banner: { js: "import { createRequire as __rentalsCreateRequire } from 'node:module'; const require = __rentalsCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const { releaseDate, renderManPage, topLevelWords } = await import(generator.href);
  const date = releaseDate(readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8'), pkg.version);
  writeFileSync(new URL('rentals.1', `${staging.href}/`), await renderManPage(pkg.version, date));
  rmSync(generator);
  return topLevelWords();
}

// The last line of dist/main.cjs, read by bin/rentals.js, which names its code caches by it:
// the build (a hash of the bundle's content: V8 checks a cache against the source's length only,
// so a cache of another build of the same length would run that build's code) and the top-level
// command words (a cache per command; `-o json events list` is the `events` one, not `json`).
function markBuild(words) {
  const bundle = new URL('main.cjs', `${staging.href}/`);
  const id = createHash('sha256').update(readFileSync(bundle)).digest('hex').slice(0, 16);
  appendFileSync(bundle, `\n//# rentals-build=${id} words=${words.join(',')}\n`);
}

// dist/main.cjs must be ASCII: Node then reads it on its fast path and V8 holds it as a one-byte
// string; one character beyond it (a tagged template's own text, which esbuild cannot escape)
// doubles the source every start reads, decodes and wraps. Interpolate such characters instead.
function assertAscii(file) {
  const bytes = readFileSync(file);
  const at = bytes.findIndex((byte) => byte > 0x7f);
  if (at === -1) return;
  const line = bytes.subarray(0, at).toString('latin1').split('\n').length;
  const around = bytes.subarray(Math.max(0, at - 60), at + 20).toString('utf8');
  throw new Error(`dist/main.cjs is not ASCII: a byte 0x${bytes[at].toString(16)} on line ${line}, in …${around}…; interpolate the character (src/output/html/markup.ts shows how)`);
}

// bin/rentals.js runs dist/main.cjs through vm.Script (for its code cache), where an import() has
// no loader: every import() must have become a require() (builtinsByRequire, vendorFiles).
function assertNoImportCall(metafile) {
  const calls = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.kind === 'dynamic-import')
    .map((entry) => entry.path);
  if (calls.length > 0) throw new Error(`dist/main.cjs keeps import() of ${[...new Set(calls)].join(', ')}: make it a require() (see vendorFiles)`);
}

// The published package declares no dependencies, so the bundle may import nothing but Node's
// builtins: a library left outside it would be missing from every installation.
function assertSelfContained(metafile) {
  const outside = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external && !isBuiltin(entry.path) && !VENDOR_FILES.some((file) => entry.path === `./vendor/${file}.cjs`))
    .map((entry) => entry.path);
  if (outside.length > 0) throw new Error(`the bundle imports ${[...new Set(outside)].join(', ')} from outside: bundle it (package.json has no runtime dependencies)`);
}

// An ESM import of a Node builtin builds its module namespace from every export, and building it
// reads them all, running the builtin's lazy getters: `node:fs` then loads its streams and, on
// Node ≥ 22, `node:http` loads Node's internal fetch (~20 ms of every `inventory list`). require()
// returns the exports object and leaves the getters alone, so every import of a builtin in the
// bundle (ours and our dependencies', static or import()) is turned into one.
function builtinsByRequire(kinds = ['import-statement', 'dynamic-import']) {
  return {
    name: 'builtins-by-require',
    setup(b) {
      b.onResolve({ filter: /^(node:)?[a-z0-9_]+(\/[a-z0-9_]+)?$/ }, (args) => {
        if (!kinds.includes(args.kind) || !isBuiltin(args.path)) return undefined;
        return { path: args.path.startsWith('node:') ? args.path : `node:${args.path}`, namespace: 'builtin-by-require' };
      });
      b.onLoad({ filter: /.*/, namespace: 'builtin-by-require' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
    },
  };
}

// `import('jq-wasm')` in the source loads `./vendor/jq-wasm.cjs` beside the bundle: the library is
// built as its own entry point (a static import of one is a build error). In the CommonJS main
// bundle the import() becomes a require() of that file (as builtinsByRequire does for builtins):
// bin/rentals.js runs the bundle through vm.Script, where import() has no loader, and a require()
// of a CommonJS file skips Node's ESM loader besides. The ESM sandbox bundle keeps the import().
function vendorFiles(vendors, { byRequire = false } = {}) {
  const fileOf = new Map(Object.entries(vendors).flatMap(([file, specifiers]) => specifiers.map((specifier) => [specifier, file])));
  return {
    name: 'vendor-files',
    setup(b) {
      const filter = new RegExp(`^(${[...fileOf.keys()].map((n) => n.replace(/[-/.]/g, '\\$&')).join('|')})$`);
      b.onResolve({ filter }, (args) => {
        if (args.kind !== 'dynamic-import') throw new Error(`${args.path} is imported statically by ${args.importer}: import() it, so that it stays in dist/vendor/`);
        const file = fileOf.get(args.path);
        if (byRequire) return { path: file, namespace: 'vendor-by-require' };
        return { path: `./vendor/${file}.cjs`, external: true };
      });
      if (!byRequire) return;
      b.onResolve({ filter: /^\.\/vendor\//, namespace: 'vendor-by-require' }, (args) => ({ path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: 'vendor-by-require' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(`./vendor/${args.path}.cjs`)});`, loader: 'js' }));
    },
  };
}

// The entry of each file of dist/vendor/: its library as it is, or the exports of its specifiers
// together, re-exported as ES modules: esbuild then keeps of the MCP SDK's ES modules only what
// they reach (0.29 MB, against 0.9 MB through its CommonJS files, which it cannot shake).
function vendorEntries(vendors) {
  return {
    name: 'vendor-entries',
    setup(b) {
      b.onResolve({ filter: /^vendor-entry:/ }, (args) => ({ path: args.path.slice('vendor-entry:'.length), namespace: 'vendor-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'vendor-entry' }, (args) => {
        const specifiers = vendors[args.path];
        const contents = specifiers.length === 1 ? `module.exports = require(${JSON.stringify(specifiers[0])});` : specifiers.map((s) => `export * from ${JSON.stringify(s)};`).join('\n');
        return { contents, loader: 'js', resolveDir: new URL('..', import.meta.url).pathname };
      });
    },
  };
}

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
