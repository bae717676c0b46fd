// The use cases of the account and its settings in process: auth login, status and logout, and
// config list, get, set and unset, each given the CLI's own factory against an in-process
// sandbox with only the members it may use, in a home of its own.

import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { login, logout, status } from '../../src/app/auth.js';
import { getSetting, listSettings, setSetting } from '../../src/app/config.js';
import { configFilePath, readConfig, updateProfile } from '../../src/config/store.js';
import { AuthError, UsageError } from '../../src/errors.js';
import type { TextView } from '../../src/output/views.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { factoryOver } from '../helpers/fake-factory.js';
import { TOKEN, openSandbox } from '../sandbox/helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(() => sandbox.close());

const LOGIN = ['settings', 'env', 'now', 'stdin', 'secretAsker', 'clientTo'] as const;

describe('auth', () => {
  test('login: the token from stdin is checked against the API, then stored in the profile (0600); status shows it masked', async () => {
    const run = await factoryOver(sandbox, LOGIN, { stdin: `${TOKEN}\n`, env: { RENTALS_TOKEN: undefined } });
    const done = await login(run.factory, { withToken: true, verify: true });
    run.close();
    expect(done.message).toContain(`Logged in to ${sandbox.url} as profile "default"`);
    const file = configFilePath(run.fake.configDir);
    expect((await readConfig(run.fake.configDir)).profiles.default).toMatchObject({ baseUrl: sandbox.url, token: TOKEN });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const after = await factoryOver(sandbox, ['settings', 'now', 'client', 'closeClient'], { home: run.fake.home, env: { RENTALS_TOKEN: undefined, RENTALS_BASE_URL: undefined } });
    const shown = await status(after.factory, { check: true });
    after.close();
    expect(shown.exitCode).toBe(0);
    const text = (shown.view as TextView).text;
    expect(text).toMatch(/check\s+ok: the API accepted the credentials/);
    expect(text).not.toContain(TOKEN);
  });

  test('login: a token the API refuses is not stored', async () => {
    const run = await factoryOver(sandbox, LOGIN, { stdin: 'not-the-token', env: { RENTALS_TOKEN: undefined } });
    await expect(login(run.factory, { withToken: true, verify: true })).rejects.toThrow(AuthError);
    run.close();
    expect((await readConfig(run.fake.configDir)).profiles.default).toBeUndefined();
  });

  test('login with nobody to ask and no --with-token: a usage error, nothing read', async () => {
    const run = await factoryOver(sandbox, LOGIN, { env: { RENTALS_TOKEN: undefined } });
    await expect(login(run.factory, { withToken: false, verify: true })).rejects.toThrow(UsageError);
    run.close();
  });

  test('status without a token: not ready, exit 3, no request made', async () => {
    const run = await factoryOver(sandbox, ['settings', 'now'], { env: { RENTALS_TOKEN: undefined } });
    const shown = await status(run.factory, { check: true });
    run.close();
    expect(shown.exitCode).toBe(3);
    expect(shown.warnings).toEqual([expect.stringContaining('Not ready')]);
  });

  test('logout: the token and client credentials leave the profile', async () => {
    const run = await factoryOver(sandbox, LOGIN, { stdin: TOKEN, env: { RENTALS_TOKEN: undefined } });
    await login(run.factory, { withToken: true, verify: false });
    run.close();
    const out = await factoryOver(sandbox, ['settings'], { home: run.fake.home, env: { RENTALS_TOKEN: undefined } });
    const outcome = await logout(out.factory);
    out.close();
    expect(outcome.view).toMatchObject({ kind: 'done', records: [{ profile: 'default', loggedOut: true }] });
    expect((await readConfig(run.fake.configDir)).profiles.default?.token).toBeUndefined();
  });

  test('logout: a client secret left without its id (a file edited by hand) is a secret all the same, and leaves', async () => {
    const first = await factoryOver(sandbox, ['settings'], { env: { RENTALS_TOKEN: undefined } });
    first.close();
    await updateProfile(first.fake.configDir, 'default', (profile) => ({ ...profile, clientSecret: 'stray-secret-0123456789' }));
    const out = await factoryOver(sandbox, ['settings'], { home: first.fake.home, env: { RENTALS_TOKEN: undefined } });
    const outcome = await logout(out.factory);
    out.close();
    expect(outcome.view).toMatchObject({ kind: 'done', records: [{ profile: 'default', loggedOut: true }] });
    expect((await readConfig(out.fake.configDir)).profiles.default?.clientSecret).toBeUndefined();
  });
});

describe('config', () => {
  test('set checks the value by the rule it is read with, then stores it; get and list read it back', async () => {
    const run = await factoryOver(sandbox, ['settings', 'notices']);
    await expect(setSetting(run.factory, 'retries', '99')).rejects.toThrow('retries must be a whole number from 0 to 10 (got "99")');
    const done = await setSetting(run.factory, 'retries', '2');
    run.close();
    expect(done.records).toEqual([expect.objectContaining({ key: 'retries', value: '2' })]);

    const again = await factoryOver(sandbox, ['settings'], { home: run.fake.home });
    expect(getSetting(again.factory, 'retries').view).toMatchObject({ text: '2' });
    expect(listSettings(again.factory).view).toMatchObject({ rows: expect.arrayContaining([{ key: 'retries', value: '2' }]) });
    again.close();
  });

  test('a secret is never set with config, and an unknown key names the keys', async () => {
    const run = await factoryOver(sandbox, ['settings', 'notices']);
    await expect(setSetting(run.factory, 'token', 'x')).rejects.toThrow('use rentals auth login');
    expect(() => getSetting(run.factory, 'colour')).toThrow(/unknown key "colour" \(keys: base-url/);
    run.close();
  });
});
