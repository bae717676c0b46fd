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
  require('./load-bundle.js').loadBundle(args).run();
}

