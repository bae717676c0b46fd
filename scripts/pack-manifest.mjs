// The packed package.json carries no scripts: `prepare` (which builds dist/ on `npm ci` in a
// clone) would make every install of the tarball warn about an install script it may not run.
// `prepack` strips the scripts from package.json, keeping the original beside it; `postpack` puts
// it back. `node scripts/pack-manifest.mjs strip|restore [dir]`.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [mode, dir = process.cwd()] = process.argv.slice(2);
const manifest = join(dir, 'package.json');
const kept = join(dir, '.package.json.unpacked');

if (mode === 'strip') {
  const text = readFileSync(manifest, 'utf8');
  const { scripts: _scripts, ...packed } = JSON.parse(text);
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore [dir]');
  process.exit(2);
}
