#!/usr/bin/env node
// Startup is a feature: scripts start `rentals` thousands of times (measured by
// `npm run bench startup` on Node 20, 22 and 24). CommonJS (bin/package.json), as the bundle:
// an ES module entry costs every start Node's ESM loader (see scripts/build.mjs).
'use strict';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // The usual probe of an installation, answered without loading the CLI: the same line
  // commander prints, from the package.json the bundle's version comes from.
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  enableCompileCache();
  require('../dist/main.cjs').run();
}

/**
 * Where Node has a compile cache (22.1+), keep V8's compiled code of the bundle in a per-user cache
 * directory ($XDG_CACHE_HOME/rentals/compile-cache, else ~/.cache/…), so that later starts skip
 * parsing and compiling it. NODE_COMPILE_CACHE, when set, wins (Node has then enabled its own);
 * NODE_DISABLE_COMPILE_CACHE turns it off. The directories are made here, one level at a time:
 * Node's own recursive mkdir never returns on some paths (under /proc, for one). A cache that
 * cannot be made or written is simply not used.
 */
function enableCompileCache() {
  const env = process.env;
  const Module = require('node:module'); // not for --version: that answer needs nothing loaded
  if (typeof Module.enableCompileCache !== 'function' || env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return;
  try {
    const base = env.XDG_CACHE_HOME || (process.platform === 'win32' ? env.LOCALAPPDATA : env.HOME && `${env.HOME}/.cache`);
    if (!base) return;
    const { mkdirSync, statSync } = require('node:fs');
    const dir = `${base}/rentals/compile-cache`;
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
      for (const level of [base, `${base}/rentals`, dir]) {
        try {
          mkdirSync(level, { mode: 0o700 });
        } catch (error) {
          if (error.code !== 'EEXIST') return;
        }
      }
    }
    Module.enableCompileCache(dir);
  } catch {
    // an optimisation, never a reason to fail
  }
}
