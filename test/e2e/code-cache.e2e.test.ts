// The built bin loads its bundle with V8's code cache made after a run (bin/rentals.js): one
// file per command word under $XDG_CACHE_HOME/rentals/code-cache, private to the user, written
// only after a run that succeeded, used as it is by the next start, replaced when V8 refuses it,
// and never a reason for a start to fail or to print anything else.

import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { nodeCacheDir } from '../../bench/lib/nodes.mjs';
import { tempDir } from '../helpers/fake-context.js';
import { runProgram } from '../helpers/programs.js';
import { BIN, cliEnv, runBin } from './harness.js';

/**
 * A Node with a compile cache (22.1+): this one, else one the benches fetched (never fetched here);
 * undefined when there is none.
 */
function nodeWithCompileCache(): string | undefined {
  if ('enableCompileCache' in nodeModule) return process.execPath;
  // The benches' cache as the environment names it, and the user's own (another test file of this
  // worker may be running with a HOME of its own when this one is collected).
  const dirs = [nodeCacheDir(), join(userInfo().homedir, '.cache', 'rentals-bench')];
  return dirs.flatMap((dir) => [22, 24].map((major) => join(dir, `node-${major}`, 'node_modules', 'node', 'bin', 'node'))).find((path) => existsSync(path));
}

/** What Node's compile cache holds under `cache`: its files, in the per-Node directories it makes. */
function compileCacheFiles(cache: string): string[] {
  const dir = join(cache, 'rentals', 'compile-cache');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((version) => readdirSync(join(dir, version)).map((file) => `${version}/${file}`));
}

function setup() {
  const cache = tempDir('rentals-code-cache-');
  const env = { XDG_CACHE_HOME: cache, RENTALS_CONFIG_DIR: join(cache, 'config') };
  const dir = join(cache, 'rentals', 'code-cache');
  const files = (): string[] => (existsSync(dir) ? readdirSync(dir).sort() : []);
  return { env, dir, files, cache };
}

describe('the code cache of the bundle', () => {
  test('a relative XDG_CACHE_HOME is ignored, as the XDG spec says: the cache goes under HOME, nothing where the command runs', async () => {
    const { cache } = setup();
    const work = join(cache, 'work');
    const home = join(cache, 'home');
    mkdirSync(work);
    mkdirSync(home);
    const env = { PATH: process.env.PATH!, LANG: 'C.UTF-8', HOME: home, XDG_CACHE_HOME: 'relative-cache', RENTALS_CONFIG_DIR: join(cache, 'config') };
    const run = await runProgram(process.execPath, [BIN, 'config', 'list'], { env, cwd: work, timeoutMs: 15_000 });
    expect(run.status).toBe(0);
    expect(readdirSync(work)).toEqual([]);
    expect(readdirSync(join(home, '.cache', 'rentals', 'code-cache'))).toHaveLength(1);
  });

  test('a run that succeeds leaves its word\'s cache, private; the next run takes it as it is', async () => {
    const { env, dir, files, cache } = setup();
    const plain = await runBin(['config', 'list'], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(plain.code).toBe(0);
    expect(readdirSync(cache)).not.toContain('rentals'); // no cache directory at all when disabled

    const first = await runBin(['config', 'list'], { env });
    expect(first).toEqual(plain);
    const [made] = files();
    expect(made).toMatch(/^config-[0-9a-f]{8}\.v8$/);
    expect(statSync(join(dir, made!)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const written = readFileSync(join(dir, made!));
    const again = await runBin(['config', 'list'], { env });
    expect(again).toEqual(plain);
    expect(files()).toEqual([made]);
    expect(readFileSync(join(dir, made!)).equals(written)).toBe(true); // accepted: not written again
  });

  test('a cache V8 refuses (here: garbage) is replaced, and the run is as without one', async () => {
    const { env, dir, files } = setup();
    const plain = await runBin(['config', 'list'], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    await runBin(['config', 'list'], { env });
    const [made] = files();
    writeFileSync(join(dir, made!), 'not a code cache');
    const run = await runBin(['config', 'list'], { env });
    expect(run).toEqual(plain);
    expect(readFileSync(join(dir, made!), 'utf8')).not.toBe('not a code cache');
  });

  test('named by the command, wherever the global options are; a --help run writes none', async () => {
    const { env, files } = setup();
    expect((await runBin(['-o', 'json', 'config', 'list'], { env })).code).toBe(0);
    expect((await runBin(['inventory', '--help'], { env })).code).toBe(0);
    expect(files()).toEqual([expect.stringMatching(/^config-[0-9a-f]{8}\.v8$/)]);
  });

  test('another build of the bundle (same length: V8 would take the cache) does not use the cache of this one', async () => {
    const { env, files } = setup();
    const copy = tempDir('rentals-copy-');
    const root = fileURLToPath(new URL('../..', import.meta.url));
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(root, part), join(copy, part), { recursive: true });
    const bin = join(copy, 'bin', 'rentals.js');
    expect((await runBin(['config', 'list'], { env, bin })).code).toBe(0);
    const [first] = files();
    const bundle = join(copy, 'dist', 'main.cjs');
    const text = readFileSync(bundle, 'utf8');
    const id = /rentals-build=(\w+)/.exec(text)![1]!;
    writeFileSync(bundle, text.replace(`rentals-build=${id}`, `rentals-build=${[...id].reverse().join('')}`));
    expect((await runBin(['config', 'list'], { env, bin })).code).toBe(0);
    expect(files()).toHaveLength(2);
    expect(files()).toContain(first);
  });

  // Node's compile cache serves only the libraries the bundle loads on demand (dist/vendor/): a start
  // that loads none leaves it alone (enabling it costs every start ~0.4 ms on Node 22).
  const compiling = nodeWithCompileCache();
  test.skipIf(compiling === undefined)('Node\'s compile cache is enabled by the first library loaded on demand (--jq), not by every start', async () => {
    const { env, cache } = setup();
    const node = compiling!;
    expect((await runBin(['config', 'list'], { env, node })).code).toBe(0);
    expect(readdirSync(join(cache, 'rentals', 'code-cache'))).toHaveLength(1);
    expect(readdirSync(join(cache, 'rentals', 'compile-cache'))).toEqual([]);
    const filtered = await runBin(['config', 'list', '--jq', '.profile'], { env, node });
    expect(filtered).toMatchObject({ code: 0, stdout: 'default\n' });
    expect(compileCacheFiles(cache)).not.toEqual([]);
  });

  describe('a command that tunes V8\'s heap as it runs (src/common/heap.ts)', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0, token: 'code-cache-0123456789abcdef', seed: true });
    });
    afterAll(async () => {
      await sandbox?.close();
    });

    // V8 stamps a code cache with its flags, and a start (which runs with the defaults) refuses one
    // stamped otherwise: each run of such a command would compile the whole bundle and write it again.
    test('leaves a cache the next start takes as it is (its flags are put back before the cache is written)', async () => {
      const { env, dir, files } = setup();
      const server = { ...cliEnv(sandbox, env.RENTALS_CONFIG_DIR), ...env };
      const first = await runBin(['availability', '--from', '2026-01-01', '--to', '2026-01-08'], { env: server });
      expect(first.code, first.stderr).toBe(0);
      const [made] = files();
      expect(made).toMatch(/^availability-[0-9a-f]{8}\.v8$/);
      const written = readFileSync(join(dir, made!));
      const again = await runBin(['availability', '--from', '2026-01-01', '--to', '2026-01-08'], { env: server });
      expect(again).toEqual(first);
      expect(readFileSync(join(dir, made!)).equals(written)).toBe(true); // accepted: not written again
    });
  });

  test('a run that fails writes none (a mistyped command leaves nothing behind, not even the directory)', async () => {
    const { env, files, cache } = setup();
    const failed = await runBin(['confg', 'list'], { env });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain("unknown command 'confg'");
    expect(files()).toEqual([]);
    expect(readdirSync(cache)).not.toContain('rentals'); // a start reads its cache; only a write makes the directory
  });

  test('a --debug run (flag or RENTALS_DEBUG) prints a stack trace in the TypeScript files, through the source map, and makes no cache', async () => {
    const { env, cache } = setup();
    const down = { ...env, RENTALS_BASE_URL: 'http://127.0.0.1:9', RENTALS_TOKEN: 'debug-test-token', RENTALS_RETRIES: '0' };
    for (const run of [await runBin(['inventory', 'list', '--debug'], { env: down }), await runBin(['inventory', 'list'], { env: { ...down, RENTALS_DEBUG: '1' } })]) {
      expect(run.code).toBe(5);
      expect(run.stderr).toMatch(/\n {4}at \S+ \(\S*src\/api\/[\w-]+\.ts:\d+:\d+\)/);
      expect(run.stderr).not.toContain('debug-test-token');
    }
    expect(readdirSync(cache)).not.toContain('rentals');
  });
});
