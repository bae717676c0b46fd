// Node binaries of other major versions, for measuring and testing on Node 20, 22 and 24 alike.
// The running Node serves its own major; another major comes from the npm registry's `node`
// package (which installs the release binary), cached per user under
// $XDG_CACHE_HOME/rentals-bench (default ~/.cache/rentals-bench) — never in the repository.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function nodeCacheDir() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'rentals-bench');
}

function versionOf(path) {
  const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/**
 * A Node binary of `major`: { major, path, version } or { major, missing: reason }.
 * Installs `node@major` into the cache on first use (a registry download, once).
 */
export function nodeBinary(major) {
  if (Number(process.versions.node.split('.')[0]) === major) return { major, path: process.execPath, version: process.version };
  const dir = join(nodeCacheDir(), `node-${major}`);
  const path = join(dir, 'node_modules', 'node', 'bin', 'node');
  let version = existsSync(path) ? versionOf(path) : undefined;
  if (!version) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      return { major, missing: `cannot create ${dir}: ${error.message}` };
    }
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const install = spawnSync(npm, ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${major}`], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    version = existsSync(path) ? versionOf(path) : undefined;
    if (!version) return { major, missing: `npm install node@${major} failed: ${(install.stderr || install.error?.message || '').trim().split('\n').slice(-3).join(' ')}` };
  }
  return { major, path, version };
}

/** nodeBinary of each major, in order. */
export function nodeBinaries(majors = [20, 22, 24]) {
  return majors.map((major) => nodeBinary(major));
}

/** The Node binaries of `majors` that are at hand; each one missing is said in `notes` and on stderr. */
export function nodesToTime(majors, notes) {
  return nodeBinaries(majors).filter((node) => {
    if (!node.missing) return true;
    notes.push(`Node ${node.major} skipped: ${node.missing}`);
    console.error(`Node ${node.major} skipped: ${node.missing}`);
    return false;
  });
}
