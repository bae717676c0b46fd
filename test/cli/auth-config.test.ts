// Settings, credentials and the config file: auth login/status/logout, config list/get/set/unset,
// precedence flags > env > profile, --profile, missing settings, and token renewal via /authorize.

import { chmodSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { describe, expect, test } from 'vitest';
import { type ConfigFile, type Profile, readConfig, writeConfig } from '../../src/config/store.js';
import { API, TOKEN, api, envelope, expectNothingSent, socketError, useNock } from '../helpers/api.js';
import { FIXED_NOW, type FakeContext, type FakeOptions, fakeContext, runCli, tempDir } from '../helpers/fake-context.js';

useNock();

const CLIENT_ID = 'my-app';
const CLIENT_SECRET = 'client-secret-5e6f7a8b9c0d';
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
const FRESH = 'fresh-access-token-0123456789abcdef';
const OLD = 'old-access-token-fedcba9876543210';
const iso = (ms: number) => new Date(ms).toISOString();

/** A fake context whose config file already holds these profiles. */
async function configured(profiles: Record<string, Profile>, options: FakeOptions & Partial<ConfigFile> = {}): Promise<FakeContext> {
  const fake = fakeContext(options);
  await writeConfig(fake.configDir, { currentProfile: options.currentProfile, profiles });
  return fake;
}

function secretsIn(text: string, ...secrets: string[]): string[] {
  return secrets.flatMap((s) => [s, Buffer.from(s).toString('base64')]).filter((s) => text.includes(s));
}

const rentalBlocks = envelope([{ id: 1, pricingType: 'Daily', active: 1 }]);

describe('auth login --with-token', () => {
  test('verifies the token, writes the profile 0600 in a 0700 dir, never prints the token', async () => {
    const scope = api().get('/v2/rentalblocks').reply(200, rentalBlocks);
    const result = await runCli(['auth', 'login', '--base-url', API, '--web-url', 'http://web.test', '--with-token'], { stdin: `${TOKEN}\n` });
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
    const { configDir } = result.fake;
    const file = join(configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { default: { baseUrl: API, webUrl: 'http://web.test', token: TOKEN } },
    });
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Logged in to ${API} as profile "default".\nSaved to ${file} (mode 0600).\n`);
    expect(secretsIn(result.stdout + result.stderr, TOKEN)).toEqual([]);
  });

  test('an existing looser file and directory are tightened; no temp file is left behind', async () => {
    const fake = fakeContext({ stdin: TOKEN });
    mkdirSync(fake.configDir, { mode: 0o755 });
    chmodSync(fake.configDir, 0o755);
    writeFileSync(join(fake.configDir, 'config.json'), '{"profiles":{"other":{"output":"csv"}}}', { mode: 0o644 });
    const result = await runCli(['auth', 'login', '--base-url', API, '--with-token', '--skip-verify'], fake);
    expect(result.code).toBe(0);
    expect(statSync(fake.configDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(fake.configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(fake.configDir)).toEqual(['config.json']);
    expect((await readConfig(fake.configDir)).profiles).toEqual({ other: { output: 'csv' }, default: { baseUrl: API, token: TOKEN } });
  });

  test('a refused token is not saved (exit 3)', async () => {
    const scope = api().get('/v2/rentalblocks').reply(401, { message: 'invalid token' });
    const result = await runCli(['auth', 'login', '--base-url', API, '--with-token'], { stdin: TOKEN });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(`error: ${API} refused this token (HTTP 401); nothing was saved\n`);
    expect((await readConfig(result.fake.configDir)).profiles).toEqual({});
    expect(scope.isDone()).toBe(true);
  });

  test('an unreachable server: nothing saved, and the message says so and names --skip-verify (exit 5)', async () => {
    const scope = api().get('/v2/rentalblocks').replyWithError(socketError('ECONNREFUSED'));
    const result = await runCli(['auth', 'login', '--base-url', API, '--with-token', '--retries', '0'], { stdin: TOKEN });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      `error: cannot complete GET ${API}/v2/rentalblocks (ECONNREFUSED): is the server running, and is the base URL right?\nNothing was saved; --skip-verify stores the token without checking it.\n`,
    );
    expect((await readConfig(result.fake.configDir)).profiles).toEqual({});
    expect(scope.isDone()).toBe(true);
  });

  test.each<[string, number, number, string]>([
    // A wrong base URL: --skip-verify would store the token for it, so it is not offered.
    ['a 404 (a wrong base URL)', 404, 4, `Nothing was saved: is ${API} the right base URL?`],
    ['a failing server (5xx)', 503, 1, 'Nothing was saved; --skip-verify stores the token without checking it.'],
    ['any other answer', 400, 1, 'Nothing was saved.'],
  ])('%s: nothing saved, and the message says what to check', async (_name, status, code, note) => {
    const scope = api().get('/v2/rentalblocks').reply(status, { message: 'no' });
    const result = await runCli(['auth', 'login', '--base-url', API, '--with-token', '--retries', '0'], { stdin: TOKEN });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(/^error: .*\n/);
    expect(result.stderr.endsWith(`\n${note}\n`), result.stderr).toBe(true);
    expect(result.stderr.match(/Nothing was saved/g)).toHaveLength(1);
    expect((await readConfig(result.fake.configDir)).profiles).toEqual({});
    expect(scope.isDone()).toBe(true);
  });

  test('--skip-verify stores without a request', async () => {
    const result = await runCli(['auth', 'login', '--base-url', API, '--with-token', '--skip-verify', '--profile', 'ci'], { stdin: TOKEN });
    expect(result.code).toBe(0);
    expect((await readConfig(result.fake.configDir)).profiles.ci).toEqual({ baseUrl: API, token: TOKEN });
    expectNothingSent();
  });

  test('on a TTY without --with-token: a hidden prompt', async () => {
    const scope = api().get('/v2/rentalblocks').reply(200, rentalBlocks);
    const result = await runCli(['auth', 'login', '--base-url', API], { tty: true, promptAnswers: [TOKEN] });
    expect(result.code).toBe(0);
    expect(result.fake.prompts).toEqual(['Access token: ']);
    expect((await readConfig(result.fake.configDir)).profiles.default?.token).toBe(TOKEN);
    expect(secretsIn(result.stdout + result.stderr, TOKEN)).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  test('on a TTY without a base URL: asks for it, then for the token; the address typed is stored', async () => {
    const scope = api().get('/v2/rentalblocks').reply(200, rentalBlocks);
    const result = await runCli(['auth', 'login'], { tty: true, lineAnswers: [API], promptAnswers: [TOKEN] });
    expect(result.code, result.stderr).toBe(0);
    expect(result.fake.questions).toEqual(['API address (https://…): ']);
    expect(result.fake.prompts).toEqual(['Access token: ']);
    expect((await readConfig(result.fake.configDir)).profiles.default).toMatchObject({ baseUrl: API, token: TOKEN });
    expect(scope.isDone()).toBe(true);
  });

  test.each<[string, string[], FakeOptions, string]>([
    ['no terminal and no --with-token', ['--base-url', API], {}, 'error: no terminal to ask on: pipe it to standard input with --with-token\n'],
    ['empty standard input', ['--base-url', API, '--profile', 'prod', '--with-token'], { stdin: '\n' }, `error: --with-token: standard input was empty: pipe the access token to it (printf %s "$TOKEN" | rentals auth login --base-url ${API} --profile prod --with-token)\n`],
    ['empty standard input for the secret', ['--base-url', API, '--client-id', 'x', '--with-secret'], { stdin: '' }, `error: --with-secret: standard input was empty: pipe the client secret to it (printf %s "$SECRET" | rentals auth login --base-url ${API} --client-id x --with-secret)\n`],
    ['a base URL with the API version', ['--base-url', `${API}/v2`, '--with-token'], { stdin: TOKEN }, `error: --base-url: base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "${API}/v2")\n`],
    ['no base URL', ['--with-token'], { stdin: TOKEN }, 'error: give the API address: rentals auth login --base-url https://api.example.com …\n'],
    ['no base URL, no terminal', [], {}, 'error: give the API address: rentals auth login --base-url https://api.example.com …\n'],
    ['no base URL, --with-token at a terminal', ['--with-token'], { tty: true, stdin: TOKEN }, 'error: give the API address: rentals auth login --base-url https://api.example.com …\n'],
    ['--client-id with --with-token', ['--base-url', API, '--with-token', '--client-id', 'x'], { stdin: TOKEN }, 'error: --with-token and --client-id exclude each other\n'],
  ])('%s → exit 2, nothing sent', async (_name, argv, options, message) => {
    const result = await runCli(['auth', 'login', ...argv], options);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
    expectNothingSent();
  });

  test('no flag takes the token itself', async () => {
    const result = await runCli(['auth', 'login', '--base-url', API, '--token', TOKEN]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown option '--token'");
    expectNothingSent();
  });
});

describe('auth login --client-id', () => {
  test('--with-secret: GET /authorize with Basic auth; stores the token, its expiry and the client credentials', async () => {
    const scope = nock(API, { reqheaders: { authorization: BASIC }, badheaders: [] })
      .get('/authorize')
      .reply(200, { access_token: FRESH, token_type: 'bearer', expires_in: 3600, refresh_token: 'r' });
    const result = await runCli(['auth', 'login', '--base-url', API, '--client-id', CLIENT_ID, '--with-secret'], { stdin: `${CLIENT_SECRET}\n` });
    expect(result.stderr).toContain(`the token expires at ${iso(FIXED_NOW + 3600_000)} and renews itself`);
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
    const file = join(result.fake.configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default).toEqual({
      baseUrl: API,
      token: FRESH,
      tokenIssuedAt: iso(FIXED_NOW),
      tokenExpiresAt: iso(FIXED_NOW + 3600_000),
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    expect(secretsIn(result.stdout + result.stderr, FRESH, CLIENT_SECRET)).toEqual([]);
  });

  test('--debug shows the /authorize exchange with the secret and the tokens redacted', async () => {
    const scope = nock(API).get('/authorize').reply(200, { access_token: FRESH, expires_in: 3600, refresh_token: 'refresh-abcdef-123456' });
    const result = await runCli(['auth', 'login', '--base-url', API, '--client-id', CLIENT_ID, '--with-secret', '--debug'], { stdin: CLIENT_SECRET });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^\* GET https:\/\/api\.test\/authorize → 200 in \d+ ms\n/);
    expect(result.stderr).toContain('> authorization: Basic [redacted]\n');
    expect(result.stderr).toContain('"access_token":"[redacted]"');
    expect(secretsIn(result.stdout + result.stderr, FRESH, CLIENT_SECRET, `${CLIENT_ID}:${CLIENT_SECRET}`, 'refresh-abcdef-123456')).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  test('on a TTY the secret is asked for, hidden', async () => {
    const scope = nock(API, { reqheaders: { authorization: BASIC } }).get('/authorize').reply(200, { access_token: FRESH, expires_in: 60 });
    const result = await runCli(['auth', 'login', '--base-url', API, '--client-id', CLIENT_ID], { tty: true, promptAnswers: [CLIENT_SECRET] });
    expect(result.code).toBe(0);
    expect(result.fake.prompts).toEqual(['Client secret: ']);
    expect(scope.isDone()).toBe(true);
  });

  test('refused credentials → exit 3, nothing saved', async () => {
    const scope = nock(API).get('/authorize').reply(401, { error: 'invalid_client' });
    const result = await runCli(['auth', 'login', '--base-url', API, '--client-id', CLIENT_ID, '--with-secret'], { stdin: 'wrong' });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(`error: the client id or secret was refused by ${API}/authorize\nNothing was saved.\n`);
    expect((await readConfig(result.fake.configDir)).profiles).toEqual({});
    expect(scope.isDone()).toBe(true);
  });

  test('an unreachable server: nothing saved, and the message says so (exit 5)', async () => {
    const scope = nock(API).get('/authorize').replyWithError(socketError('ECONNREFUSED'));
    const result = await runCli(['auth', 'login', '--base-url', API, '--client-id', CLIENT_ID, '--with-secret', '--retries', '0'], { stdin: CLIENT_SECRET });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(`error: cannot complete GET ${API}/authorize (ECONNREFUSED): is the server running, and is the base URL right?\nNothing was saved.\n`);
    expect((await readConfig(result.fake.configDir)).profiles).toEqual({});
    expect(scope.isDone()).toBe(true);
  });

  test('an /authorize answer without access_token is a clear error (exit 1)', async () => {
    const scope = nock(API).get('/authorize').reply(200, { token_type: 'bearer' });
    const result = await runCli(['auth', 'login', '--base-url', API, '--client-id', CLIENT_ID, '--with-secret'], { stdin: CLIENT_SECRET });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: the answer of /authorize has no access_token\nNothing was saved.\n');
    expect(scope.isDone()).toBe(true);
  });
});

describe('auth status and logout', () => {
  test('shows each setting and its source, the token masked', async () => {
    const fake = await configured({ default: { baseUrl: API, token: TOKEN, webUrl: 'http://web.test' } });
    const result = await runCli(['auth', 'status'], fake);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'profile     default  (from default)',
        `base URL    ${API}  (from profile "default")`,
        'web URL     http://web.test  (from profile "default")',
        `token       ****${TOKEN.slice(-4)}  (from profile "default")`,
        `config dir  ${fake.configDir}  (from RENTALS_CONFIG_DIR)`,
        '',
      ].join('\n'),
    );
    expect(secretsIn(result.stdout + result.stderr, TOKEN)).toEqual([]);
    expectNothingSent();
  });

  test('with client credentials: the expiry and the masked secret', async () => {
    const fake = await configured({
      default: { baseUrl: API, token: FRESH, tokenExpiresAt: iso(FIXED_NOW - 1000), clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    });
    const result = await runCli(['auth', 'status', '--json'], fake);
    expect(result.code).toBe(0);
    const status = (JSON.parse(result.stdout) as { data: Array<Record<string, { value: string; from: string }> & { ready: boolean }> }).data[0]!;
    expect(status.ready).toBe(true);
    expect(status.tokenExpires!.value).toBe(`${iso(FIXED_NOW - 1000)} (expired)`);
    expect(status.clientId!.value).toBe(CLIENT_ID);
    expect(status.clientSecret!.value).toBe(`****${CLIENT_SECRET.slice(-4)}`);
    expect(secretsIn(result.stdout + result.stderr, FRESH, CLIENT_SECRET)).toEqual([]);
  });

  test('not configured → exit 3 with the ways to set it up, the sandbox too, as any command that needs them says', async () => {
    const result = await runCli(['auth', 'status']);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('base URL    (not set)');
    expect(result.stdout).toContain('token       (not set)');
    expect(result.stderr).toBe(
      [
        'Not ready: no base URL and no access token is set (profile "default").',
        'Set them with one of:',
        '  rentals auth login --base-url https://api.example.com --with-token < token.txt',
        '  rentals auth login --base-url https://api.example.com --client-id <id>',
        '    (asks for the client secret)',
        '  export RENTALS_BASE_URL=https://api.example.com RENTALS_TOKEN="$(cat token.txt)"',
        'Or try everything locally: rentals sandbox --seed',
        '',
      ].join('\n'),
    );
  });

  test('-o json: an unset setting is null, value and origin, as config list has it; the table keeps "(not set)"', async () => {
    const result = await runCli(['auth', 'status', '-o', 'json'], { env: { RENTALS_BASE_URL: API } });
    expect(result.code).toBe(3);
    const status = (JSON.parse(result.stdout) as { data: Array<Record<string, unknown>> }).data[0]!;
    expect(status.webURL).toEqual({ value: null, from: null });
    expect(status.token).toEqual({ value: null, from: null });
    expect(status.baseURL).toEqual({ value: API, from: 'RENTALS_BASE_URL' });
    expect(result.stdout).not.toContain('not set');
    expect((await runCli(['auth', 'status'], { env: { RENTALS_BASE_URL: API } })).stdout).toContain('token       (not set)');
  });

  test('a base URL and no token: status names only the token as missing', async () => {
    const result = await runCli(['auth', 'status'], { env: { RENTALS_BASE_URL: API } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^Not ready: no access token is set \(profile "default"\)\.\nSet it with one of:\n/);
    // The token from a file, never typed on a command line (the shell's history would keep it).
    expect(result.stderr).toContain(`  export RENTALS_TOKEN="$(cat token.txt)"\n`);
    expect(result.stderr).not.toContain('RENTALS_BASE_URL');
  });

  test('short tokens are fully masked', async () => {
    const result = await runCli(['auth', 'status'], { env: { RENTALS_BASE_URL: API, RENTALS_TOKEN: 'short' } });
    expect(result.stdout).toContain('token       ****  (from RENTALS_TOKEN)');
    expect(result.stdout).not.toContain('short');
  });

  test('logout removes the token and client credentials, keeps the rest', async () => {
    const fake = await configured({
      default: { baseUrl: API, token: FRESH, tokenExpiresAt: iso(FIXED_NOW), clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, output: 'csv' },
    });
    const result = await runCli(['auth', 'logout'], fake);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Logged out of profile "default": its token and client credentials are removed.\n');
    expect((await readConfig(fake.configDir)).profiles.default).toEqual({ baseUrl: API, output: 'csv' });
    expect((await runCli(['auth', 'status'], fake)).code).toBe(3);
    const again = await runCli(['auth', 'logout'], fake);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('Profile "default" holds no token; nothing to do.\n');
  });

  test('logout warns when RENTALS_TOKEN still provides one', async () => {
    const fake = await configured({ default: { baseUrl: API, token: OLD } }, { env: { RENTALS_TOKEN: TOKEN } });
    const result = await runCli(['auth', 'logout'], fake);
    expect(result.stderr).toContain('Note: RENTALS_TOKEN is still set in this environment.');
  });

  test('logout --json: what was done as a record, the warning still on stderr', async () => {
    const fake = await configured({ default: { baseUrl: API, token: OLD } }, { env: { RENTALS_TOKEN: TOKEN } });
    const result = await runCli(['auth', 'logout', '--json'], fake);
    expect(JSON.parse(result.stdout)).toEqual({ data: [{ profile: 'default', loggedOut: true }] });
    expect(result.stderr).toBe('Note: RENTALS_TOKEN is still set in this environment.\n');
  });
});

describe('config list/get/set/unset', () => {
  test('set, get, list and unset round-trip through the config file (0600)', async () => {
    const fake = fakeContext();
    expect((await runCli(['config', 'set', 'base-url', API], fake)).code).toBe(0);
    expect((await runCli(['config', 'set', 'output', 'csv'], fake)).code).toBe(0);
    const set = await runCli(['config', 'set', 'timeout', '2.5'], fake);
    expect(set.stderr).toBe(`Set timeout in profile "default" (${join(fake.configDir, 'config.json')}).\n`);
    expect(statSync(join(fake.configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect((await runCli(['config', 'get', 'base-url'], fake)).stdout).toBe(`${API}\n`);
    // output csv is now the profile's default format, so list prints csv.
    expect((await runCli(['config', 'list'], fake)).stdout).toBe(
      `key,value\nbase-url,${API}\nweb-url,\noutput,csv\ntimezone,\nholds,\nalternatives,\nturnaround,\nturnaround-items,\nturnaround-categories,\ntimeout,2.5\nretries,\ncompany-name,\ncompany-address,\ncompany-contact,\nlogo,\ncurrency,\nquote-valid-days,\nquote-terms,\nquote-prefix,\norder-prefix,\npaper,\ntoken,\n`,
    );
    expect((await runCli(['config', 'unset', 'output'], fake)).code).toBe(0);
    expect((await runCli(['config', 'get', 'output'], fake)).stdout).toBe('');
    expect((await runCli(['config', 'ls', '--json'], fake)).stdout).toContain('"profile": "default"');
  });

  test('--json: the list in the envelope with its profile; a write prints what it wrote instead of its sentence', async () => {
    const fake = await configured({ default: { output: 'csv' } });
    const listed = JSON.parse((await runCli(['config', 'list', '--json'], fake)).stdout) as { profile: string; data: Array<{ key: string; value: unknown }> };
    expect(listed.profile).toBe('default');
    expect(listed.data).toContainEqual({ key: 'output', value: 'csv' });
    const set = await runCli(['config', 'set', 'timeout', '20', '--json'], fake);
    expect(set.stderr).toBe('');
    const configFile = join(fake.configDir, 'config.json');
    expect(JSON.parse(set.stdout)).toEqual({ data: [{ profile: 'default', key: 'timeout', value: '20', configFile }] });
    const unset = await runCli(['config', 'unset', 'timeout', '-o', 'ndjson'], fake);
    expect(unset.stdout).toBe(`${JSON.stringify({ profile: 'default', key: 'timeout', value: null, configFile })}\n`);
    const people = await runCli(['config', 'set', 'timeout', '20'], fake);
    expect(people.stdout).toBe('');
    expect(people.stderr).toBe(`Set timeout in profile "default" (${configFile}).\n`);
  });

  test('--profile picks the profile that config changes', async () => {
    const fake = await configured({ default: { output: 'csv' } });
    const created = await runCli(['config', 'set', 'output', 'json', '--profile', 'ci'], fake);
    expect(created.code).toBe(0);
    expect(created.stderr).toBe(`Set output in profile "ci", a new profile (${join(fake.configDir, 'config.json')}).\n`);
    expect((await readConfig(fake.configDir)).profiles).toEqual({ default: { output: 'csv' }, ci: { output: 'json' } });
    expect((await runCli(['config', 'get', 'output', '--profile', 'ci'], fake)).stdout).toBe('json\n');
  });

  test('a set that makes a new profile says so, naming the profile a typo was likely meant for', async () => {
    const fake = await configured({ production: { baseUrl: API, token: TOKEN } });
    const typo = await runCli(['config', 'set', 'timeout', '20', '--profile', 'prodution'], fake);
    expect(typo.code).toBe(0);
    expect(typo.stderr).toBe(`Set timeout in profile "prodution", a new profile (did you mean production?) (${join(fake.configDir, 'config.json')}).\n`);
    const again = await runCli(['config', 'set', 'timeout', '25', '--profile', 'prodution'], fake);
    expect(again.stderr).toBe(`Set timeout in profile "prodution" (${join(fake.configDir, 'config.json')}).\n`);
  });

  test('config list masks the token', async () => {
    const fake = await configured({ default: { baseUrl: API, token: TOKEN } });
    const result = await runCli(['config', 'list'], fake);
    expect(result.stdout).toContain(`token\t****${TOKEN.slice(-4)}\n`);
    expect(secretsIn(result.stdout, TOKEN)).toEqual([]);
  });

  test.each([
    [['config', 'set', 'token', 'abc'], 'error: token is not set with config (it would land in your shell history); use rentals auth login\n'],
    [['config', 'set', 'client-secret', 'abc'], 'error: client-secret is not set with config (it would land in your shell history); use rentals auth login\n'],
    // A get or an unset of a secret: what to use instead, not a word about setting it.
    [['config', 'get', 'token'], 'error: config does not print the token; rentals auth status says whether one is stored\n'],
    [['config', 'unset', 'client-secret'], 'error: client-secret is not unset with config; rentals auth logout removes it\n'],
    [['config', 'get', 'colour'], 'error: unknown key "colour" (keys: base-url, web-url, output, timezone, holds, alternatives, turnaround, turnaround-items, turnaround-categories, timeout, retries, company-name, company-address, company-contact, logo, currency, quote-valid-days, quote-terms, quote-prefix, order-prefix, paper)\n'],
    // A typo gets the key it is closest to.
    [['config', 'set', 'outptu', 'json'], 'error: unknown key "outptu"; did you mean output? (keys: base-url, web-url, output, timezone, holds, alternatives, turnaround, turnaround-items, turnaround-categories, timeout, retries, company-name, company-address, company-contact, logo, currency, quote-valid-days, quote-terms, quote-prefix, order-prefix, paper)\n'],
    [['config', 'unset', 'base_url'], 'error: unknown key "base_url"; did you mean base-url? (keys: base-url, web-url, output, timezone, holds, alternatives, turnaround, turnaround-items, turnaround-categories, timeout, retries, company-name, company-address, company-contact, logo, currency, quote-valid-days, quote-terms, quote-prefix, order-prefix, paper)\n'],
    [['config', 'set', 'base-url', 'api.example.com'], 'error: base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "api.example.com")\n'],
    [['config', 'set', 'base-url', 'ftp://x'], 'error: base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "ftp://x")\n'],
    [['config', 'set', 'output', 'xml'], 'error: output must be one of table, json, ndjson, csv, tsv (got "xml")\n'],
    [['config', 'set', 'timeout', '0'], 'error: timeout must be a number of seconds from 0.001 to 86400 (got "0")\n'],
    [['config', 'set', 'retries', '-1'], 'error: retries must be a whole number from 0 to 10 (got "-1")\n'],
    // The rules the setting is read with later: before, these were stored and then warned about on every run.
    [['config', 'set', 'retries', '50'], 'error: retries must be a whole number from 0 to 10 (got "50")\n'],
    [['config', 'set', 'timeout', '100000'], 'error: timeout must be a number of seconds from 0.001 to 86400 (got "100000")\n'],
    [['config', 'set', 'retries', '2.5'], 'error: retries must be a whole number from 0 to 10 (got "2.5")\n'],
  ])('%j → exit 2, nothing written', async (argv, message) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
    expect((await readConfig(result.fake.configDir)).profiles).toEqual({});
  });

  test('config set base-url never moves stored credentials, nor the plain-http opt-in, to another server', async () => {
    const lan = { baseUrl: 'http://10.0.0.5:8080', token: TOKEN, insecureHttp: true };
    const fake = await configured({ lan, other: { baseUrl: API, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
    const moved = await runCli(['config', 'set', 'base-url', 'http://192.0.2.77:9', '--profile', 'lan'], fake);
    expect(moved.code).toBe(2);
    expect(moved.stderr).toBe(
      'error: base-url: profile "lan" holds credentials for http://10.0.0.5:8080, which are never sent to another server; ' +
        'log in to http://192.0.2.77:9 instead (rentals auth login --profile lan --base-url http://192.0.2.77:9 …), or log out first (rentals auth logout --profile lan)\n',
    );
    expect((await runCli(['config', 'set', 'base-url', 'https://elsewhere.test', '--profile', 'other'], fake)).code).toBe(2);
    expect((await readConfig(fake.configDir)).profiles.lan).toEqual(lan);
    // The same server (a trailing slash aside) keeps them; after a logout the profile moves, without the opt-in.
    expect((await runCli(['config', 'set', 'base-url', 'http://10.0.0.5:8080/', '--profile', 'lan'], fake)).code).toBe(0);
    expect((await readConfig(fake.configDir)).profiles.lan).toEqual({ ...lan, baseUrl: 'http://10.0.0.5:8080/' });
    expect((await runCli(['auth', 'logout', '--profile', 'lan'], fake)).code).toBe(0);
    expect((await runCli(['config', 'set', 'base-url', 'http://192.0.2.77:9', '--profile', 'lan'], fake)).code).toBe(0);
    expect((await readConfig(fake.configDir)).profiles.lan).toEqual({ baseUrl: 'http://192.0.2.77:9' });
  });

  test('config set base-url of plain http:// to another machine warns that commands will not send credentials there; stored, exit 0', async () => {
    const fake = await configured({ lan: { baseUrl: 'http://10.0.0.5:8080', insecureHttp: true } });
    const set = await runCli(['config', 'set', 'base-url', 'http://192.0.2.77:9'], fake);
    expect(set.code).toBe(0);
    expect(set.stderr).toMatch(/^warning: base-url: commands will not send credentials over plain http:\/\/ to 192\.0\.2\.77:9: .*rentals auth login --base-url http:\/\/192\.0\.2\.77:9 --insecure-http …\nSet base-url in profile "default"/);
    expect((await readConfig(fake.configDir)).profiles.default).toEqual({ baseUrl: 'http://192.0.2.77:9' });
    // No warning for loopback, https, or the server a profile opted in for.
    for (const [url, profile] of [['http://127.0.0.1:4010', 'default'], ['https://api.example.com', 'default'], ['http://10.0.0.5:8080/', 'lan']]) {
      expect((await runCli(['config', 'set', 'base-url', url!, '--profile', profile!], fake)).stderr).toMatch(/^Set base-url/);
    }
  });

  test('config unset base-url never leaves stored credentials bound to no server', async () => {
    const fake = fakeContext({ stdin: TOKEN });
    const ex = 'https://api.example.com';
    expect((await runCli(['auth', 'login', '--profile', 'ex', '--base-url', ex, '--with-token', '--skip-verify'], fake)).code).toBe(0);
    const unset = await runCli(['config', 'unset', '--profile', 'ex', 'base-url'], fake);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toBe(
      `error: base-url: profile "ex" holds credentials for ${ex}, which are never sent to another server; log out first (rentals auth logout --profile ex)\n`,
    );
    expect((await readConfig(fake.configDir)).profiles.ex).toEqual({ baseUrl: ex, token: TOKEN });
    // The same server can still be set; after a logout the base URL unsets.
    expect((await runCli(['config', 'set', '--profile', 'ex', 'base-url', ex], fake)).code).toBe(0);
    expect((await runCli(['auth', 'logout', '--profile', 'ex'], fake)).code).toBe(0);
    expect((await runCli(['config', 'unset', '--profile', 'ex', 'base-url'], fake)).code).toBe(0);
    expect((await readConfig(fake.configDir)).profiles.ex).toEqual({});
  });

  test('config unset base-url of a profile with credentials but no base URL: nothing to unset, no refusal', async () => {
    const fake = await configured({ ex: { token: TOKEN } });
    const unset = await runCli(['config', 'unset', '--profile', 'ex', 'base-url'], fake);
    expect(unset.stderr).toMatch(/^Unset base-url in profile "ex" /);
    expect(unset.code).toBe(0);
    expect((await readConfig(fake.configDir)).profiles.ex).toEqual({ token: TOKEN });
  });

  test('a config file that is not JSON is reported, not a crash', async () => {
    const fake = fakeContext();
    await writeConfig(fake.configDir, { profiles: {} });
    writeFileSync(join(fake.configDir, 'config.json'), '{ not json');
    const result = await runCli(['auth', 'status'], fake);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .*config\.json is not valid JSON \(.*\); fix or remove it\n$/);
  });
});

describe('precedence: flags > environment > profile', () => {
  const hosts = { flag: 'https://flag.test', env: 'https://env.test', profile: 'https://profile.test' };

  test('the base URL from each source, and where the request goes', async () => {
    // The token comes from the environment: the profile's token is only ever sent to the profile's base URL.
    const fake = await configured({ default: { baseUrl: hosts.profile, token: TOKEN } }, { env: { RENTALS_BASE_URL: hosts.env, RENTALS_TOKEN: TOKEN } });
    const scopes = Object.values(hosts).map((host) => nock(host).get('/v2/status').reply(200, envelope([])));
    expect((await runCli(['statuses', 'list', '--base-url', hosts.flag], fake)).code).toBe(0);
    expect(scopes.map((s) => s.isDone())).toEqual([true, false, false]);
    expect((await runCli(['statuses', 'list'], fake)).code).toBe(0);
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, false]);
    expect((await runCli(['statuses', 'list'], { home: fake.home })).code).toBe(0);
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true]);
    const status = await runCli(['auth', 'status', '--base-url', hosts.flag], fake);
    expect(status.stdout).toContain(`base URL    ${hosts.flag}  (from --base-url)`);
    expect((await runCli(['auth', 'status'], fake)).stdout).toContain(`base URL    ${hosts.env}  (from RENTALS_BASE_URL)`);
    const profileOnly = await runCli(['auth', 'status'], { home: fake.home });
    expect(profileOnly.stdout).toContain(`base URL    ${hosts.profile}  (from profile "default")`);
  });

  test('config list names the values a flag or the environment gives instead of the profile\'s', async () => {
    const fake = await configured({ default: { baseUrl: hosts.profile, token: TOKEN, output: 'csv' } }, { env: { RENTALS_BASE_URL: hosts.env, RENTALS_TOKEN: 'env-token-value-1234567' } });
    const listed = await runCli(['config', 'list', '--timeout', '12'], fake);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`base-url,${hosts.profile}\n`);
    expect(listed.stderr).toBe(
      'In force instead of the profile\'s: base-url from RENTALS_BASE_URL, timeout from --timeout, token from RENTALS_TOKEN (rentals auth status shows every setting in force).\n',
    );
    expect(secretsIn(listed.stdout + listed.stderr, TOKEN, 'env-token-value-1234567')).toEqual([]);
    expect((await runCli(['config', 'list', '-q'], fake)).stderr).toBe('');
    expect((await runCli(['config', 'list'], { home: fake.home })).stderr).toBe('');
  });

  test('config get names the value a flag or the environment gives instead of the stored one; -q silences it', async () => {
    const fake = await configured({ default: { baseUrl: hosts.profile, output: 'csv' } }, { env: { RENTALS_BASE_URL: hosts.env } });
    const got = await runCli(['config', 'get', 'base-url'], fake);
    expect(got.code).toBe(0);
    expect(got.stdout).toBe(`${hosts.profile}\n`);
    expect(got.stderr).toBe('In force instead of the profile\'s: base-url from RENTALS_BASE_URL (rentals auth status shows every setting in force).\n');
    expect((await runCli(['config', 'get', 'timeout', '--timeout', '12'], fake)).stderr).toBe(
      'In force instead of the profile\'s: timeout from --timeout (rentals auth status shows every setting in force).\n',
    );
    expect((await runCli(['config', 'get', 'base-url', '-q'], fake)).stderr).toBe('');
    // Only the setting asked for: the environment's base URL is not named for another key.
    expect((await runCli(['config', 'get', 'output'], fake)).stderr).toBe('');
  });

  test('the token: --token-file > RENTALS_TOKEN > profile', async () => {
    const file = join(tempDir(), 'token.txt');
    writeFileSync(file, `${TOKEN}\n`, { mode: 0o600 });
    const fake = await configured({ default: { baseUrl: API, token: OLD } }, { env: { RENTALS_TOKEN: 'env-token-value-1234567' } });
    const bearerOf = (t: string) => `bearer ${Buffer.from(t).toString('base64')}`;
    const scope = nock(API, { reqheaders: { authorization: bearerOf(TOKEN) } }).get('/v2/status').reply(200, envelope([]));
    expect((await runCli(['statuses', 'list', '--token-file', file], fake)).code).toBe(0);
    expect(scope.isDone()).toBe(true);
    const envScope = nock(API, { reqheaders: { authorization: bearerOf('env-token-value-1234567') } }).get('/v2/status').reply(200, envelope([]));
    expect((await runCli(['statuses', 'list'], fake)).code).toBe(0);
    expect(envScope.isDone()).toBe(true);
    const profileScope = nock(API, { reqheaders: { authorization: bearerOf(OLD) } }).get('/v2/status').reply(200, envelope([]));
    expect((await runCli(['statuses', 'list'], { home: fake.home })).code).toBe(0);
    expect(profileScope.isDone()).toBe(true);
  });

  test('--token-file - reads the token from stdin', async () => {
    const bearerOf = (t: string) => `bearer ${Buffer.from(t).toString('base64')}`;
    const scope = nock(API, { reqheaders: { authorization: bearerOf(TOKEN) } }).get('/v2/status').reply(200, envelope([]));
    const result = await runCli(['statuses', 'list', '--token-file', '-'], { env: { RENTALS_BASE_URL: API }, stdin: `${TOKEN}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('an unreadable --token-file is a usage error', async () => {
    const result = await runCli(['statuses', 'list', '--token-file', '/nonexistent/token'], { env: { RENTALS_BASE_URL: API } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --token-file /nonexistent/token: no such file\n');
    expectNothingSent();
  });

  test('--profile > RENTALS_PROFILE > the current profile of the file', async () => {
    const profiles = {
      default: { baseUrl: 'https://default.test', token: TOKEN },
      staging: { baseUrl: 'https://staging.test', token: TOKEN },
      work: { baseUrl: 'https://work.test', token: TOKEN },
    };
    const fake = await configured(profiles, { currentProfile: 'work', env: { RENTALS_PROFILE: 'staging' } });
    expect((await runCli(['auth', 'status', '--profile', 'default'], fake)).stdout).toContain('profile     default  (from --profile)\nbase URL    https://default.test');
    expect((await runCli(['auth', 'status'], fake)).stdout).toContain('profile     staging  (from RENTALS_PROFILE)\nbase URL    https://staging.test');
    expect((await runCli(['auth', 'status'], { home: fake.home })).stdout).toContain('profile     work  (from config file)\nbase URL    https://work.test');
    const scope = nock('https://staging.test').get('/v2/status').reply(200, envelope([]));
    expect((await runCli(['statuses', 'list'], fake)).code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('--timeout and --retries are checked', async () => {
    const fake = fakeContext({ env: { RENTALS_BASE_URL: API, RENTALS_TOKEN: TOKEN } });
    const timeout = await runCli(['statuses', 'list', '--timeout', 'soon'], fake);
    expect(timeout.code).toBe(2);
    expect(timeout.stderr).toBe('error: --timeout: timeout must be a number of seconds from 0.001 to 86400 (got "soon")\n');
    const retries = await runCli(['statuses', 'list', '--retries', '1.5'], fake);
    expect(retries.code).toBe(2);
    expect(retries.stderr).toBe('error: --retries: retries must be a whole number from 0 to 10 (got "1.5")\n');
    expectNothingSent();
  });
});

describe('missing settings', () => {
  test.each<[string, Record<string, string>, string]>([
    ['no base URL and no token', {}, 'no base URL and no access token is set (profile "default").'],
    ['no token', { RENTALS_BASE_URL: API }, 'no access token is set (profile "default").'],
    ['no base URL', { RENTALS_TOKEN: TOKEN }, 'no base URL is set (profile "default").'],
  ])('%s → exit 3 with how to set them, nothing sent', async (_name, env, head) => {
    const result = await runCli(['inventory', 'list'], { env });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    // The base URL the settings have is the one the commands name; the export sets what is missing.
    const base = env.RENTALS_BASE_URL ?? 'https://api.example.com';
    const exported = [env.RENTALS_BASE_URL ? '' : 'RENTALS_BASE_URL=https://api.example.com', env.RENTALS_TOKEN ? '' : 'RENTALS_TOKEN="$(cat token.txt)"'].filter(Boolean).join(' ');
    expect(result.stderr).toBe(
      [
        `error: ${head}`,
        Object.keys(env).length === 0 ? 'Set them with one of:' : 'Set it with one of:',
        `  rentals auth login --base-url ${base} --with-token < token.txt`,
        `  rentals auth login --base-url ${base} --client-id <id>`,
        '    (asks for the client secret)',
        `  export ${exported}`,
        'Or try everything locally: rentals sandbox --seed',
        '',
      ].join('\n'),
    );
    expectNothingSent();
  });

  test('the hint names a non-default profile', async () => {
    const result = await runCli(['inventory', 'list', '--profile', 'staging']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('rentals auth login --profile staging --base-url');
  });
});

describe('token renewal with stored client credentials', () => {
  const credentials: Profile = { baseUrl: API, token: OLD, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
  const bearerOf = (t: string) => `bearer ${Buffer.from(t).toString('base64')}`;

  test('a 401 gets one new token from /authorize and the request is retried transparently; the token is saved', async () => {
    const fake = await configured({ default: { ...credentials, tokenExpiresAt: iso(FIXED_NOW + 600_000) } });
    const stale = nock(API, { reqheaders: { authorization: bearerOf(OLD) } }).get('/v2/inventory').reply(401, { message: 'expired' });
    const authorize = nock(API, { reqheaders: { authorization: BASIC } }).get('/authorize').reply(200, { access_token: FRESH, expires_in: 3600 });
    const fresh = nock(API, { reqheaders: { authorization: bearerOf(FRESH) } })
      .get('/v2/inventory')
      .reply(200, envelope([{ id: 1, name: 'Tent', quantityAvailable: 1, active: 1 }]));
    const result = await runCli(['inventory', 'list'], fake);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('1\tTent\t1\ttrue\n');
    expect([stale.isDone(), authorize.isDone(), fresh.isDone()]).toEqual([true, true, true]);
    const saved = (await readConfig(fake.configDir)).profiles.default!;
    expect(saved.token).toBe(FRESH);
    expect(saved.tokenExpiresAt).toBe(iso(FIXED_NOW + 3600_000));
    expect(saved.clientSecret).toBe(CLIENT_SECRET);
    expect(statSync(join(fake.configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  test('an expired stored token is renewed before the request', async () => {
    const fake = await configured({ default: { ...credentials, tokenExpiresAt: iso(FIXED_NOW - 1) } });
    const authorize = nock(API, { reqheaders: { authorization: BASIC } }).get('/authorize').reply(200, { access_token: FRESH, expires_in: 3600 });
    const fresh = nock(API, { reqheaders: { authorization: bearerOf(FRESH) } }).get('/v2/status').reply(200, envelope([]));
    const result = await runCli(['statuses', 'list', '--verbose'], fake);
    expect(result.code).toBe(0);
    expect(authorize.isDone() && fresh.isDone()).toBe(true);
    // /authorize first, then the request: no request ever went out with the expired token.
    expect(result.stderr).toMatch(/^\* GET https:\/\/api\.test\/authorize → 200 in \d+ ms\n\* GET https:\/\/api\.test\/v2\/status → 200 in \d+ ms\n$/);
    expect((await readConfig(fake.configDir)).profiles.default!.token).toBe(FRESH);
    expectNothingSent();
  });

  test('a token about to expire (within a minute) is renewed too', async () => {
    const fake = await configured({ default: { ...credentials, tokenExpiresAt: iso(FIXED_NOW + 30_000) } });
    const authorize = nock(API).get('/authorize').reply(200, { access_token: FRESH, expires_in: 3600 });
    const fresh = nock(API, { reqheaders: { authorization: bearerOf(FRESH) } }).get('/v2/status').reply(200, envelope([]));
    expect((await runCli(['statuses', 'list'], fake)).code).toBe(0);
    expect(authorize.isDone() && fresh.isDone()).toBe(true);
  });

  test('a second 401 after renewal is reported (exit 3): one renewal only', async () => {
    const fake = await configured({ default: credentials });
    const scope = nock(API)
      .get('/v2/status')
      .reply(401, { message: 'no' })
      .get('/authorize')
      .reply(200, { access_token: FRESH, expires_in: 3600 })
      .get('/v2/status')
      .reply(401, { message: 'still no' });
    const result = await runCli(['statuses', 'list'], fake);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error: GET /v2/status: HTTP 401 Unauthorized: still no');
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('a 401 without client credentials → exit 3 and no /authorize', async () => {
    const fake = await configured({ default: { baseUrl: API, token: OLD } });
    const scope = nock(API).get('/v2/status').reply(401, { message: 'revoked' });
    const result = await runCli(['statuses', 'list'], fake);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      'error: GET /v2/status: HTTP 401 Unauthorized: revoked\nThe access token was refused; check it with `rentals auth status --check` or log in again with `rentals auth login`.\n',
    );
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('client credentials without a token: a token is fetched first', async () => {
    const fake = await configured({ default: { baseUrl: API, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
    const scope = nock(API)
      .get('/authorize')
      .reply(200, { access_token: FRESH })
      .get('/v2/status')
      .matchHeader('authorization', bearerOf(FRESH))
      .reply(200, envelope([]));
    expect((await runCli(['statuses', 'list'], fake)).code).toBe(0);
    expect(scope.isDone()).toBe(true);
    expect((await readConfig(fake.configDir)).profiles.default).toMatchObject({ token: FRESH });
  });

  test('the raw token and its base64 never show, with --debug, through renewal', async () => {
    const fake = await configured({ default: { ...credentials, tokenExpiresAt: iso(FIXED_NOW - 1) } });
    nock(API).get('/authorize').reply(200, { access_token: FRESH, expires_in: 3600 });
    nock(API).get('/v2/status').reply(200, envelope([]));
    const result = await runCli(['statuses', 'list', '--debug'], fake);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('> authorization: Basic [redacted]');
    expect(result.stderr).toContain('"access_token":"[redacted]"');
    expect(secretsIn(result.stdout + result.stderr, FRESH, OLD, CLIENT_SECRET, `${CLIENT_ID}:${CLIENT_SECRET}`)).toEqual([]);
  });
});
