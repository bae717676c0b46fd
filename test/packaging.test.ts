// The package as users get it: `npm pack` holds only what runs, and the tarball installs with no
// registry (it has no runtime dependencies: the bundle carries them) and runs — `--version` and a
// round trip through its own sandbox — installed with npm and with npx. On the running Node always;
// with RENTALS_LONG_TESTS=1 also on Node 20, 22 and 24 (fetched once into ~/.cache/rentals-bench),
// each skipped with a message when it cannot be had.

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NodeBinary, nodeBinary } from '../bench/lib/nodes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

let work: string;
let tarball: string;
let packed: string[];
let installedBin: string;
let installWarnings: string;

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/main.cjs'))) throw new Error('dist/main.cjs is missing: run `npm run build` first');
  work = mkdtempSync(join(tmpdir(), 'rentals-pack-'));
  // A copy of what the package holds, packed with --ignore-scripts (the dist/ this test run built,
  // not a rebuild under the other suites); the strip that `prepack` does is done here by hand.
  const copy = join(work, 'package');
  for (const path of ['package.json', 'bin', 'dist', 'README.md', 'LICENSE', 'CHANGELOG.md']) cpSync(join(ROOT, path), join(copy, path), { recursive: true });
  await run(process.execPath, [join(ROOT, 'scripts/pack-manifest.mjs'), 'strip', copy]);
  const { stdout } = await run(npm, ['pack', copy, '--ignore-scripts', '--json', '--pack-destination', work], { cwd: work, env: npmEnv() });
  const [info] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!info) throw new Error(`npm pack printed no package: ${stdout}`);
  tarball = join(work, info.filename);
  packed = info.files.map((file) => file.path).sort();
  // --offline with an empty cache: the install succeeds only if nothing has to be downloaded.
  const installed = await run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--prefix', join(work, 'app'), tarball], { env: npmEnv() });
  installWarnings = installed.stderr;
  installedBin = join(work, 'app', 'node_modules', '.bin', 'rentals');
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** npm with a throwaway cache and user config, so that the test neither reads nor fills the user's. */
function npmEnv(node?: NodeBinary): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_userconfig: join(work, 'npmrc'),
    npm_config_update_notifier: 'false',
    HOME: work,
    XDG_CACHE_HOME: join(work, 'cache'),
    // npm on Node 22+ keeps a compile cache in the temporary directory: this test's, removed with it.
    TMPDIR: work,
    RENTALS_CONFIG_DIR: join(work, 'config'),
    NO_COLOR: '1',
  };
  // `#!/usr/bin/env node` in the installed bin picks the first node on PATH.
  if (node?.path) env.PATH = `${dirname(node.path)}${delimiter}${process.env.PATH ?? ''}`;
  return env;
}

describe('npm pack', () => {
  it('holds only what runs: the bin, the bundle, README, LICENSE, CHANGELOG, package.json', () => {
    for (const required of ['bin/rentals.js', 'bin/package.json', 'dist/main.cjs', 'README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']) expect(packed).toContain(required);
    const allowed = /^(bin\/rentals\.js|bin\/package\.json|dist\/[^/]+\.c?js|dist\/main\.cjs\.map|dist\/vendor\/[^/]+\.cjs|dist\/rentals\.1|README\.md|LICENSE|CHANGELOG\.md|package\.json)$/;
    expect(packed.filter((path) => !allowed.test(path))).toEqual([]);
    expect(packed).not.toContain('dist/sandbox.js');
  });

  it('carries no scripts (prepack strips them), so installing it warns about none; ships its man page', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect([scripts.prepack, scripts.postpack]).toEqual(['node scripts/pack-manifest.mjs strip', 'node scripts/pack-manifest.mjs restore']);
    const manifest = JSON.parse(readFileSync(join(work, 'app', 'node_modules', pkg.name, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.scripts).toBeUndefined();
    expect(installWarnings).not.toMatch(/install-scripts|prepare|scripts/i);
    expect(manifest.man).toEqual(['dist/rentals.1']);
    expect(readFileSync(join(work, 'app', 'node_modules', pkg.name, 'dist', 'rentals.1'), 'utf8')).toMatch(/^\.TH RENTALS 1 /);
  });

  it('declares no runtime dependencies: the bundle contains its libraries', () => {
    const manifest = JSON.parse(readFileSync(join(work, 'app', 'node_modules', pkg.name, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(existsSync(join(work, 'app', 'node_modules', 'commander'))).toBe(false);
  });
});

const current = Number(process.versions.node.split('.')[0]);
const long = process.env.RENTALS_LONG_TESTS === '1';
const majors = long ? [...new Set([current, 20, 22, 24])] : [current];

describe.each(majors)('the installed tarball on Node %i', (major) => {
  let node: NodeBinary;
  beforeAll(() => {
    node = nodeBinary(major);
    if (node.missing) console.warn(`packaging on Node ${major} skipped: ${node.missing}`);
  }, 600_000);

  it('prints its version (installed with npm, and run with npx)', async (context) => {
    if (node.missing) return context.skip(`Node ${major}: ${node.missing}`);
    const env = npmEnv(node);
    const installed = await run(installedBin, ['--version'], { env });
    expect(installed.stdout).toBe(`${pkg.version}\n`);
    const viaNpx = await run(npx, ['--offline', '--yes', '--package', tarball, 'rentals', '--version'], { cwd: work, env });
    expect(viaNpx.stdout).toBe(`${pkg.version}\n`);
    // The bin's `#!/usr/bin/env node` found the Node we meant.
    const onPath = await run('node', ['-p', 'process.version'], { env });
    expect(onPath.stdout.trim()).toBe(node.version);
  }, 120_000);

  it('round-trips through its own sandbox', async (context) => {
    if (node.missing) return context.skip(`Node ${major}: ${node.missing}`);
    const token = `pack-${process.pid}-${major}`;
    const env = npmEnv(node);
    const sandbox = await startSandbox(env, token);
    try {
      const client = { ...env, RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: token };
      await run(installedBin, ['inventory', 'add', '--name', `Packed tent on Node ${major}`, '--quantity-available', '3'], { env: client });
      const listed = await run(installedBin, ['inventory', 'list', '--json'], { env: client });
      const items = (JSON.parse(listed.stdout) as { data: Array<{ name: string; quantityAvailable: number }> }).data;
      expect(items).toContainEqual(expect.objectContaining({ name: `Packed tent on Node ${major}`, quantityAvailable: 3 }));
      // The libraries of --jq and -o ics ship beside the bundle (dist/vendor/) and load from there.
      const names = await run(installedBin, ['inventory', 'list', '--jq', '.data[].name'], { env: client });
      expect(names.stdout.split('\n')).toContain(`Packed tent on Node ${major}`);
      const ics = await run(installedBin, ['agenda', '-o', 'ics', '--timezone', 'Europe/Berlin'], { env: client });
      expect(ics.stdout).toContain('BEGIN:VCALENDAR');
    } finally {
      await stopped(sandbox.child);
    }
  }, 120_000);
});

/** SIGTERM, then its exit: the sandbox writes its compile cache under `work` as it exits, and afterAll removes `work`. */
function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function startSandbox(env: NodeJS.ProcessEnv, token: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(installedBin, ['sandbox', '--port', '0', '--token', token], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the installed sandbox did not start: ${out}${err}`));
    }, 30_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: match[1]!, child });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the installed sandbox exited (${code}) before it listened: ${out}${err}`));
    });
  });
}
