#!/usr/bin/env node
// Rewrites every ```text block of the manual marked `<!-- output of: rentals … -->` with what the
// built tool prints for that command in a clean environment (no profile, no service), as
// test/docs/reference.test.ts checks. Run after `npm run build`: npm run docs:outputs

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];
const home = mkdtempSync(join(tmpdir(), 'rentals-doc-outputs-'));
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('RENTALS_')));
Object.assign(env, { HOME: home, RENTALS_CONFIG_DIR: home, NO_COLOR: '1' });

const marked = /(<!-- output of: (rentals [^>]*?) -->\n+```text\n)([\s\S]*?)(\n```)/g;
let changed = 0;
try {
  for (const file of files) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const after = before.replace(marked, (_all, head, command, _old, tail) => {
      const words = command.split(' ').slice(1);
      const out = execFileSync(process.execPath, [join(root, 'bin/rentals.js'), ...words], { env, encoding: 'utf8' });
      return `${head}${out.trimEnd()}${tail}`;
    });
    if (after !== before) {
      writeFileSync(path, after);
      changed += 1;
      console.log(`updated ${file}`);
    }
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}
console.log(`${changed} file(s) updated`);
