// Secrets in files others can read are refused, as ssh refuses such a key: a
// --token-file and the config file with a profile's stored credentials must be 0600 or 0400.

import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { describe, expect, test } from 'vitest';
import { configFilePath, writeConfig } from '../../src/config/store.js';
import { API, TOKEN, envelope, expectNothingSent, useNock } from '../helpers/api.js';
import { fakeContext, runCli, tempDir } from '../helpers/fake-context.js';

useNock();

function tokenFile(mode: number): string {
  const file = join(tempDir(), 'token.txt');
  writeFileSync(file, `${TOKEN}\n`, { mode });
  chmodSync(file, mode); // the umask may have taken bits away
  return file;
}

describe.skipIf(process.platform === 'win32')('a token file others can read', () => {
  test('--token-file 0644: refused, exit 3, nothing sent; the message names the file, its mode and the fix', async () => {
    const file = tokenFile(0o644);
    const result = await runCli(['statuses', 'list', '--token-file', file], { env: { RENTALS_BASE_URL: API } });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`error: --token-file ${file}: its mode is 0644, so group or others can read the secret in it; refused`);
    expect(result.stderr).toContain(`chmod 600 ${file}`);
    expect(result.stderr).toContain('--allow-insecure-token-file');
    expect(result.stderr).not.toContain(TOKEN);
    expectNothingSent();
  });

  test.each([0o600, 0o400])('--token-file %o is used', async (mode) => {
    const scope = nock(API).get('/v2/status').reply(200, envelope([]));
    const result = await runCli(['statuses', 'list', '--token-file', tokenFile(mode)], { env: { RENTALS_BASE_URL: API } });
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('--allow-insecure-token-file, or RENTALS_ALLOW_INSECURE_TOKEN_FILE=1, uses it anyway', async () => {
    const file = tokenFile(0o640);
    const scope = nock(API).get('/v2/status').twice().reply(200, envelope([]));
    expect((await runCli(['statuses', 'list', '--token-file', file, '--allow-insecure-token-file'], { env: { RENTALS_BASE_URL: API } })).code).toBe(0);
    expect((await runCli(['statuses', 'list', '--token-file', file], { env: { RENTALS_BASE_URL: API, RENTALS_ALLOW_INSECURE_TOKEN_FILE: '1' } })).code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('RENTALS_ALLOW_INSECURE_TOKEN_FILE=maybe: warned about in the words of the help (never the code\'s name), and refused as by default', async () => {
    const file = tokenFile(0o640);
    const result = await runCli(['statuses', 'list', '--token-file', file], { env: { RENTALS_BASE_URL: API, RENTALS_ALLOW_INSECURE_TOKEN_FILE: 'maybe' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('warning: RENTALS_ALLOW_INSECURE_TOKEN_FILE: insecure token file must be 1, true or yes (0, false or no: refused, as by default) (got "maybe"); using the default');
    expect(result.stderr).not.toContain('allowInsecureTokenFile');
    expectNothingSent();
  });

  test('a config file holding the profile\'s token, made 0644: refused with the same fix; 0600 again: used', async () => {
    const fake = fakeContext();
    await writeConfig(fake.configDir, { profiles: { default: { baseUrl: API, token: TOKEN } } });
    const config = configFilePath(fake.configDir);
    chmodSync(config, 0o644);
    const refused = await runCli(['statuses', 'list'], { home: fake.home });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(`error: the config file ${config}, which holds the credentials of profile "default": its mode is 0644`);
    expect(refused.stderr).toContain(`chmod 600 ${config}`);
    expectNothingSent();

    chmodSync(config, 0o600);
    const scope = nock(API).get('/v2/status').reply(200, envelope([]));
    expect((await runCli(['statuses', 'list'], { home: fake.home })).code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('a world-readable config file without credentials in use is not judged (a token from the environment)', async () => {
    const fake = fakeContext();
    await writeConfig(fake.configDir, { profiles: { default: { output: 'csv' } } });
    chmodSync(configFilePath(fake.configDir), 0o644);
    const scope = nock(API).get('/v2/status').reply(200, envelope([]));
    const result = await runCli(['statuses', 'list'], { home: fake.home, env: { RENTALS_BASE_URL: API, RENTALS_TOKEN: TOKEN } });
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});
