#!/usr/bin/env node
// Startup is a feature: scripts start `rentals` thousands of times (measured by
// `npm run bench startup` on Node 20, 22 and 24). CommonJS (bin/package.json), as the bundle:
// an ES module entry costs every start Node's ESM loader (see scripts/build.mjs).
// It loads dist/main.cjs through vm.Script with V8's code cache made after a run (loadBundle,
// below), in this one file: a second file to resolve, read and compile cost every start ~0.3 ms
// on Node 22. Required rather than run (`npm run bench startup`), it exports loadBundle, to time
// the bundle loaded the same way with nothing run.
'use strict';

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    // The usual probe of an installation, answered without loading the CLI: the same line
    // commander prints, from the package.json the bundle's version comes from. A stdout that
    // fails (a full disk) is said in one line, as the CLI says it (src/main.ts); a closed pipe is not an error.
    process.stdout.on('error', (error) => {
      if (error.code === 'EPIPE') return;
      process.stderr.write(`error: cannot write to standard output: ${error.message}\n`);
      process.exitCode = 1;
    });
    process.stdout.write(`${require('../package.json').version}\n`);
  } else {
    loadBundle(args).run();
  }
} else {
  module.exports = { loadBundle };
}

/**
 * The bundle's exports, loaded with the per-user caches where there is a cache directory. `args`:
 * the command line after `rentals` (its command word names the code cache).
 */
function loadBundle(args) {
  if (debugging(args)) return requireWithSourceMap();
  const cache = cacheDirectory();
  return runBundle(cache, args);
}

/** --debug anywhere on the command line, or RENTALS_DEBUG as the CLI reads it (src/cli/session.ts). */
function debugging(args) {
  return args.includes('--debug') || /^(1|true|yes|on)$/i.test(process.env.RENTALS_DEBUG ?? '');
}

/**
 * A --debug run: the bundle through Node's own loader with source maps on, so that the stack
 * traces it prints name src/…ts files and lines (the bundle's names are minified). No code cache:
 * a vm.Script gets no source map, and a debug run is not one that scripts start by the thousand.
 */
function requireWithSourceMap() {
  process.setSourceMapsEnabled(true);
  return require('../dist/main.cjs');
}

/**
 * The per-user cache directory ($XDG_CACHE_HOME/rentals, else ~/.cache/rentals); undefined when
 * there is none, or with NODE_DISABLE_COMPILE_CACHE. Named only: a start reads its cache where it
 * should be and needs no directory for that (a stat of it cost every start ~0.1 ms); the directory
 * is made when a cache is written (makeCacheDirectory).
 */
function cacheDirectory() {
  const env = process.env;
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  // A relative XDG_CACHE_HOME is ignored, as the XDG spec says: it would put the cache where the command runs.
  const xdg = env.XDG_CACHE_HOME && require('node:path').isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : undefined;
  const base = xdg || (process.platform === 'win32' ? env.LOCALAPPDATA : env.HOME && `${env.HOME}/.cache`);
  return base ? `${base}/rentals` : undefined;
}

/**
 * The cache directory and its two caches' directories, made 0700 one level at a time (Node's own
 * recursive mkdir never returns on some paths, under /proc for one); false when they cannot be
 * made. A cache is an optimisation, never a reason to fail.
 */
function makeCacheDirectory(cache) {
  const { mkdirSync } = require('node:fs');
  for (const level of [require('node:path').dirname(cache), cache, `${cache}/code-cache`, `${cache}/compile-cache`]) {
    try {
      mkdirSync(level, { mode: 0o700 });
    } catch (error) {
      if (error.code !== 'EEXIST') return false;
    }
  }
  return true;
}

/**
 * Where Node has a compile cache (22.1+), the modules the bundle loads on demand (dist/vendor/: jq,
 * the zone libraries) keep V8's compiled code there. NODE_COMPILE_CACHE, when set, wins (Node has
 * then enabled its own).
 */
function enableCompileCache(cache) {
  // node:module itself, not this file's Module: enableCompileCache is one of its own additions.
  const { enableCompileCache: enable } = require('node:module');
  if (typeof enable !== 'function' || process.env.NODE_COMPILE_CACHE || !makeCacheDirectory(cache)) return;
  try {
    enable(`${cache}/compile-cache`);
  } catch {
    // an optimisation, never a reason to fail
  }
}

/**
 * The bundle's require(): Node's, which enables the compile cache under `cache` when the bundle
 * first loads a library of dist/vendor/ (scripts/build.mjs: vendorFiles). Enabling it costs ~0.4
 * ms, and a start that loads no such library (nearly every one) has nothing for it to keep.
 */
function bundleRequire(Module, file, cache) {
  const plain = Module.createRequire(file);
  let enabled = false;
  const required = (id) => {
    if (!enabled && id.startsWith('./vendor/')) {
      enabled = true;
      enableCompileCache(cache);
    }
    return plain(id);
  };
  return Object.assign(required, plain);
}

/**
 * dist/main.cjs, run as require() would run it, with V8's code cache made after a run: it holds
 * the code of every function that run compiled, not only the top level (all that Node's compile
 * cache keeps), so a start compiles almost nothing (~6 ms of `inventory list` on Node 22, ~15 ms
 * on Node 20, which has no compile cache; `npm run bench startup`). One cache per top-level
 * command (`inventory`, `events`, …: the functions differ), named by the bundle's build (the hash
 * on its last line: V8 checks a cache against the source's length only) and the Node that made
 * it; written once, after a run that exits 0 and is not a --help, and replaced when V8 refuses it.
 * Without a cache directory, a plain require().
 */
function runBundle(cache, args) {
  const path = require('node:path');
  const file = path.join(__dirname, '../dist/main.cjs');
  if (!cache) return require(file);
  const dir = `${cache}/code-cache`;
  const fs = require('node:fs');
  const vm = require('node:vm');
  // The CommonJS loader's Module, as require('node:module') returns it, without loading that:
  // node:module loads Node's ESM loader and source maps with it (~0.35 ms of every start on Node 22).
  const Module = module.constructor;
  // Read as Latin-1, which the bundle's ASCII (scripts/build.mjs: assertAscii) reads the same as UTF-8
  // without a check of every byte: ~0.25 ms of every start on Node 22, no slower on Node 20 or 24.
  const source = fs.readFileSync(file).toString('latin1');
  const mark = /\/\/# rentals-build=(\w+) words=([\w,-]*)\s*$/.exec(source.slice(-4096));
  if (!mark) return require(file); // not a bundle scripts/build.mjs made: no cache to name
  const words = new Set(mark[2].split(','));
  const word = args.find((arg) => words.has(arg)) ?? 'main';
  const name = `${word}-${hash(`${mark[1]}|${process.version}|${process.arch}|${file}`)}.v8`;
  let cachedData;
  try {
    cachedData = fs.readFileSync(`${dir}/${name}`);
  } catch {
    // none yet: this run makes it
  }
  // The bundle has no import() (scripts/build.mjs makes sure): a vm.Script has no loader for one.
  // The column offset keeps stack traces' columns those of the file, not of the wrapped text.
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData, columnOffset: -Module.wrapper[0].length });
  const help = args.some((arg) => arg === '--help' || arg === '-h');
  if ((cachedData === undefined || script.cachedDataRejected) && !help) {
    process.once('exit', (code) => {
      if (code === 0) writeCodeCache(cache, name, word, script);
    });
  }
  const bundle = new Module(file, module);
  bundle.filename = file;
  bundle.paths = Module._nodeModulePaths(path.dirname(file));
  script.runInThisContext().call(bundle.exports, bundle.exports, bundleRequire(Module, file, cache), bundle, file, path.dirname(file));
  bundle.loaded = true;
  return bundle.exports;
}

/** A week: a word's caches of other builds or Nodes untouched this long are removed when one is written. */
const STALE_MS = 7 * 24 * 3600 * 1000;

/**
 * The cache written whole (a temporary file renamed over), 0600. Another install or Node keeps
 * its own cache of the word; the ones nobody wrote for a week go. Never an error, never a word on
 * stderr: it runs as the process exits.
 */
function writeCodeCache(cache, name, word, script) {
  if (!makeCacheDirectory(cache)) return;
  const fs = require('node:fs');
  const dir = `${cache}/code-cache`;
  const temporary = `${dir}/${name}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(temporary, `${dir}/${name}`);
    const now = Date.now();
    for (const old of fs.readdirSync(dir)) {
      if (!old.startsWith(`${word}-`) || old === name) continue;
      const stat = fs.statSync(`${dir}/${old}`, { throwIfNoEntry: false });
      if (stat && now - stat.mtimeMs > STALE_MS) fs.rmSync(`${dir}/${old}`, { force: true });
    }
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // a directory we cannot search: nothing was left in it either
    }
  }
}

/** A short hash of a text (FNV-1a, 32 bits), for a file name: node:crypto is not loaded for it. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

