// A token given explicitly is used as given (a 401 exits 3 naming where it
// came from, no renewal); `auth status --check`; credentials never go over plain http:// to a host
// that is not loopback unless the profile opted in (auth login --insecure-http).

import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import nock from 'nock';
import { describe, expect, test } from 'vitest';
import { type Profile, readConfig, writeConfig } from '../../src/config/store.js';
import { API, envelope, expectNothingSent, socketError, useNock } from '../helpers/api.js';
import { type FakeOptions, fakeContext, runCli, tempDir } from '../helpers/fake-context.js';

useNock();

const CLIENT_ID = 'my-app';
const CLIENT_SECRET = 'client-secret-5e6f7a8b9c0d';
const STORED = 'stored-token-obtained-by-rentals-0123';
const GIVEN = 'explicit-token-given-by-the-user-4567';
const bearerOf = (t: string) => `bearer ${Buffer.from(t).toString('base64')}`;
const PLAIN = 'http://plain.example';

async function configured(profiles: Record<string, Profile>, options: FakeOptions = {}) {
  const fake = fakeContext(options);
  await writeConfig(fake.configDir, { profiles });
  return fake;
}

const withClientCredentials: Profile = { baseUrl: API, token: STORED, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

describe('a token given explicitly is used as given', () => {
  test('RENTALS_TOKEN refused → exit 3 naming RENTALS_TOKEN; the profile\'s client credentials are not used', async () => {
    const fake = await configured({ default: withClientCredentials }, { env: { RENTALS_TOKEN: GIVEN } });
    const scope = nock(API, { reqheaders: { authorization: bearerOf(GIVEN) } }).get('/v1/events').reply(401, { message: 'invalid token' });
    const result = await runCli(['events', 'list'], fake);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: GET /v1/events: HTTP 401 Unauthorized: invalid token\nThe access token from RENTALS_TOKEN was refused. A token given explicitly is used as given, never renewed: check it with `rentals auth status --check`.\n',
    );
    expect(scope.isDone()).toBe(true);
    expectNothingSent(); // no GET /authorize
    expect((await readConfig(fake.configDir)).profiles.default!.token).toBe(STORED);
  });

  test('--token-file refused → exit 3 naming the file', async () => {
    const file = join(tempDir(), 'token.txt');
    writeFileSync(file, GIVEN, { mode: 0o600 });
    const fake = await configured({ default: withClientCredentials });
    const scope = nock(API).get('/v1/events').reply(401, { message: 'invalid token' });
    const result = await runCli(['events', 'list', '--token-file', file], fake);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`The access token from --token-file ${file} was refused.`);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('an explicit token is not replaced even when the stored one has expired', async () => {
    const fake = await configured({ default: { ...withClientCredentials, tokenExpiresAt: '2000-01-01T00:00:00.000Z' } }, { env: { RENTALS_TOKEN: GIVEN } });
    const scope = nock(API, { reqheaders: { authorization: bearerOf(GIVEN) } }).get('/v1/events').reply(200, envelope([]));
    expect((await runCli(['events', 'list'], fake)).code).toBe(0);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('a token rentals obtained itself is still renewed on 401', async () => {
    const fake = await configured({ default: withClientCredentials });
    const scope = nock(API)
      .get('/v1/events')
      .matchHeader('authorization', bearerOf(STORED))
      .reply(401, { message: 'expired' })
      .get('/authorize')
      .reply(200, { access_token: GIVEN, expires_in: 3600 })
      .get('/v1/events')
      .matchHeader('authorization', bearerOf(GIVEN))
      .reply(200, envelope([]));
    expect((await runCli(['events', 'list'], fake)).code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});

describe('auth status --check', () => {
  test('accepted → "check ok", exit 0', async () => {
    const fake = await configured({ default: { baseUrl: API, token: STORED } });
    const scope = nock(API, { reqheaders: { authorization: bearerOf(STORED) } }).get('/v2/rentalblocks').reply(200, envelope([]));
    const result = await runCli(['auth', 'status', '--check'], fake);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\ncheck       ok: the API accepted the credentials  (from GET /v2/rentalblocks)\n');
    expect(scope.isDone()).toBe(true);
  });

  test('refused → "check failed", exit 3 (the refusal named)', async () => {
    const fake = await configured({}, { env: { RENTALS_BASE_URL: API, RENTALS_TOKEN: GIVEN } });
    const scope = nock(API).get('/v2/rentalblocks').reply(401, { message: 'revoked' });
    const result = await runCli(['auth', 'status', '--check', '--json'], fake);
    expect(result.code).toBe(3);
    const status = (JSON.parse(result.stdout) as { data: Array<Record<string, { value: string; from: string }>> }).data[0]!;
    expect(status.check).toEqual({ value: 'failed: GET /v2/rentalblocks: HTTP 401 Unauthorized: revoked', from: 'GET /v2/rentalblocks' });
    expect(scope.isDone()).toBe(true);
  });

  test('unreachable → exit 5', async () => {
    const fake = await configured({}, { env: { RENTALS_BASE_URL: API, RENTALS_TOKEN: GIVEN, RENTALS_RETRIES: '0' } });
    const scope = nock(API).get('/v2/rentalblocks').replyWithError(socketError('ECONNREFUSED'));
    const result = await runCli(['auth', 'status', '--check'], fake);
    expect(result.code).toBe(5);
    expect(result.stdout).toContain('check       failed: cannot complete GET https://api.test/v2/rentalblocks (ECONNREFUSED)');
    expect(scope.isDone()).toBe(true);
  });

  test('without --check nothing is sent', async () => {
    const fake = await configured({ default: { baseUrl: API, token: STORED } });
    expect((await runCli(['auth', 'status'], fake)).code).toBe(0);
    expectNothingSent();
  });
});

describe('no credentials over plain http:// to a host that is not loopback', () => {
  const refusal = `error: refusing to send credentials over plain http:// to plain.example: anyone on the network could read them. Use an https:// base URL, or, for a server you trust on a network you trust, opt in for the profile: rentals auth login --base-url ${PLAIN} --insecure-http …\n`;

  test('a token from the environment: exit 2, nothing sent', async () => {
    const result = await runCli(['events', 'list'], { env: { RENTALS_BASE_URL: PLAIN, RENTALS_TOKEN: GIVEN } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(refusal);
    expectNothingSent();
  });

  test('stored client credentials: no /authorize over http, exit 2', async () => {
    const fake = await configured({ default: { baseUrl: PLAIN, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
    const result = await runCli(['events', 'list'], fake);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(refusal);
    expectNothingSent();
  });

  test('auth login refuses before asking for the secret', async () => {
    const result = await runCli(['auth', 'login', '--base-url', PLAIN, '--client-id', CLIENT_ID], { tty: true, promptAnswers: [] });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(refusal);
    expect(result.fake.prompts).toEqual([]);
    expectNothingSent();
  });

  test('auth login --insecure-http opts the profile in (stored); its requests then go over http', async () => {
    const login = nock(PLAIN, { reqheaders: { authorization: bearerOf(GIVEN) } }).get('/v2/rentalblocks').reply(200, envelope([]));
    const fake = fakeContext({ stdin: GIVEN });
    const result = await runCli(['auth', 'login', '--base-url', PLAIN, '--with-token', '--insecure-http'], fake);
    expect(result.code).toBe(0);
    expect(login.isDone()).toBe(true);
    expect((await readConfig(fake.configDir)).profiles.default).toEqual({ baseUrl: PLAIN, token: GIVEN, insecureHttp: true });
    const list = nock(PLAIN, { reqheaders: { authorization: bearerOf(GIVEN) } }).get('/v1/events').reply(200, envelope([]));
    expect((await runCli(['events', 'list'], { home: fake.home })).code).toBe(0);
    expect(list.isDone()).toBe(true);
    // The opt-in belongs to that base URL: another plain-http host from the environment is refused.
    const other = await runCli(['events', 'list'], { home: fake.home, env: { RENTALS_BASE_URL: 'http://other.example', RENTALS_TOKEN: GIVEN } });
    expect(other.code).toBe(2);
    expectNothingSent();
  });

  test('logging in again without --insecure-http removes the opt-in', async () => {
    const fake = await configured({ default: { baseUrl: API, token: STORED, insecureHttp: true } }, { stdin: GIVEN });
    const result = await runCli(['auth', 'login', '--base-url', API, '--with-token', '--skip-verify'], fake);
    expect(result.code).toBe(0);
    expect((await readConfig(fake.configDir)).profiles.default).toEqual({ baseUrl: API, token: GIVEN });
  });

  test.each(['http://127.0.0.1:9', 'http://127.1.2.3:9', 'http://localhost:9', 'http://[::1]:9'])('loopback %s is allowed', async (url) => {
    const scope = nock(url).get('/v1/events').reply(200, envelope([]));
    const result = await runCli(['events', 'list'], { env: { RENTALS_BASE_URL: url, RENTALS_TOKEN: GIVEN } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});
