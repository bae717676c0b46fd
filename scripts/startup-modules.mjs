// Which of src/'s modules a run initialises: `node scripts/startup-modules.mjs inventory list`
// prints the count and the modules (`--json` first: a JSON list), against a seeded in-memory
// sandbox (dist/sandbox.js: build first). What a start initialises
// is most of what it costs past Node's own start (`npm run bench startup` times it); the test in
// test/startup-modules.test.ts keeps `inventory list` from loading the writers and the calendar's
// rules, and its count from growing.
//
// How: src/main.ts bundled as dist/main.cjs is (CommonJS, one file) but unminified and with the
// libraries left outside, so that each module of src/ keeps its path. esbuild evaluates a module
// reached only through import() (and what it imports) on first use, through its `__esm` wrapper;
// that wrapper is made to note the module's path. A module outside every wrapper runs at load.

import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WRAPPER = 'var __esm = (fn, res, err) => function __init() {';

/** Bundles src/main.ts with every module's start noted; returns the bundle's path and its modules. */
async function instrumentedBundle() {
  // Under node_modules/, so that the libraries left outside the bundle resolve from it.
  const dir = `${ROOT}node_modules/.cache/rentals-startup-modules`;
  mkdirSync(dir, { recursive: true });
  const outfile = `${dir}/main-${process.pid}.cjs`;
  await build({
    entryPoints: [`${ROOT}src/main.ts`],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.18',
    packages: 'external',
    define: { __RENTALS_VERSION__: '"modules"' },
    logLevel: 'error',
  });
  let source = readFileSync(outfile, 'utf8');
  if (!source.includes(WRAPPER)) throw new Error(`esbuild's lazy-module wrapper is not "${WRAPPER}" any more: update scripts/startup-modules.mjs`);
  source = source.replace(WRAPPER, `${WRAPPER} const __path = __getOwnPropNames(fn)[0]; if (fn) (globalThis.__rentalsModules ??= new Set()).add(__path);`);
  source += '\nprocess.on("exit", () => { require("node:fs").writeSync(3, JSON.stringify([...(globalThis.__rentalsModules ?? [])])); });\n';
  // Run as bin/rentals.js runs the bundle: through its `run`.
  source += 'module.exports.run();\n';
  writeFileSync(outfile, source);
  const all = new Set([...source.matchAll(/^\/\/ (src\/\S+\.ts)$/gm)].map((m) => m[1]));
  const wrapped = new Set([...source.matchAll(/^ {2}"(src\/\S+\.ts)"\(\) \{$/gm)].map((m) => m[1]));
  return { outfile, eager: [...all].filter((path) => !wrapped.has(path)) };
}

/** The modules of src/ a run of `args` initialises (eager ones first, then in the order they started). */
async function modulesOf(bundle, args, env) {
  const child = spawn(process.execPath, [bundle.outfile, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let noted = '';
  let stderr = '';
  child.stdio[3].on('data', (chunk) => (noted += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`rentals ${args.join(' ')} exited ${code}: ${stderr}`);
  const lazy = JSON.parse(noted || '[]');
  return [...bundle.eager, ...lazy.filter((path) => !bundle.eager.includes(path))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const json = process.argv[2] === '--json';
  const args = process.argv.slice(json ? 3 : 2);
  const { startSandbox } = await import(`${ROOT}dist/sandbox.js`);
  const sandbox = await startSandbox({ port: 0, seed: true, log: () => {} });
  const home = mkdtempSync(join(tmpdir(), 'rentals-modules-'));
  let bundle;
  try {
    bundle = await instrumentedBundle();
    const env = { RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: sandbox.token, RENTALS_CONFIG_DIR: join(home, 'config'), HOME: home };
    const modules = await modulesOf(bundle, args.length > 0 ? args : ['inventory', 'list'], env);
    process.stdout.write(json ? `${JSON.stringify(modules)}\n` : `${modules.length} modules of src/\n${modules.join('\n')}\n`);
  } finally {
    await sandbox.close();
    rmSync(home, { recursive: true, force: true });
    if (bundle) rmSync(bundle.outfile, { force: true });
  }
}
