// The config file's read-modify-write is locked: concurrent updates (in one process and across
// processes) are never lost, and a lock left by a dead process or an old one is taken over.

import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readConfig, updateProfile } from '../../src/config/store.js';
import { runBin } from '../e2e/harness.js';
import { tempDir } from '../helpers/fake-context.js';

const LOCK = 'config.json.lock';

describe('config write lock', () => {
  test('40 concurrent updates of different profiles in one process: none is lost, no lock or temp file left', async () => {
    const dir = join(tempDir(), 'config');
    const names = Array.from({ length: 40 }, (_, i) => `p${i}`);
    await Promise.all(names.map((name, i) => updateProfile(dir, name, (p) => ({ ...p, output: 'csv', timeout: String(i + 1) }))));
    const { profiles } = await readConfig(dir);
    expect(Object.keys(profiles).sort()).toEqual([...names].sort());
    expect(profiles.p7).toEqual({ output: 'csv', timeout: '8' });
    expect(readdirSync(dir)).toEqual(['config.json']);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  test('concurrent updates of different keys of one profile: every key lands', async () => {
    const dir = join(tempDir(), 'config');
    const keys = ['baseUrl', 'webUrl', 'output', 'timeout', 'retries'] as const;
    await Promise.all(keys.map((key) => updateProfile(dir, 'default', (p) => ({ ...p, [key]: `v-${key}` }))));
    expect((await readConfig(dir)).profiles.default).toEqual(Object.fromEntries(keys.map((k) => [k, `v-${k}`])));
  });

  test('a lock left by a process that is gone is taken over', async () => {
    const dir = join(tempDir(), 'config');
    await updateProfile(dir, 'default', (p) => ({ ...p, output: 'csv' }));
    // pid 2^22 + 1 is above Linux's pid_max default range, so no process has it.
    writeFileSync(join(dir, LOCK), `${2 ** 22 + 1} 0 dead`);
    await updateProfile(dir, 'default', (p) => ({ ...p, output: 'json' }));
    expect((await readConfig(dir)).profiles.default).toEqual({ output: 'json' });
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  test('a lock older than 30 s is taken over even when its pid is alive (reused)', async () => {
    const dir = join(tempDir(), 'config');
    await updateProfile(dir, 'default', (p) => ({ ...p, output: 'csv' }));
    const lock = join(dir, LOCK);
    writeFileSync(lock, `${process.pid} 0 old`);
    const old = new Date(Date.now() - 120_000);
    utimesSync(lock, old, old);
    await updateProfile(dir, 'default', (p) => ({ ...p, output: 'tsv' }));
    expect((await readConfig(dir)).profiles.default).toEqual({ output: 'tsv' });
  });

  test('12 concurrent `rentals config set` processes, each its own profile: no update is lost', async () => {
    const home = tempDir();
    const dir = join(home, 'config');
    const env = { RENTALS_CONFIG_DIR: dir, HOME: home };
    const names = Array.from({ length: 12 }, (_, i) => `proc${i}`);
    const results = await Promise.all(
      names.map((name, i) => runBin(['config', 'set', '--profile', name, 'timeout', String(i + 1)], { env, timeoutMs: 25_000 })),
    );
    expect(results.map((r) => r.code)).toEqual(names.map(() => 0));
    const { profiles } = await readConfig(dir);
    expect(Object.keys(profiles).sort()).toEqual([...names].sort());
    for (const [i, name] of names.entries()) expect(profiles[name]).toEqual({ timeout: String(i + 1) });
    expect(readdirSync(dir)).toEqual(['config.json']);
  }, 40_000);
});
