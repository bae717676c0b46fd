// Credentials are bound to the base URL they were stored with. A profile logged
// in by client credentials for server A never sends its token or client secret to a server B
// named by RENTALS_BASE_URL or --base-url; the tests assert on what B (a real server) received.

import { describe, expect, test } from 'vitest';
import { type Received, basicOf, bearerOf, recordingServer } from '../helpers/recording-server.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';
import { type Profile, readConfig, writeConfig } from '../../src/config/store.js';

const CLIENT_ID = 'my-app';
const CLIENT_SECRET = 'client-secret-of-server-a-5e6f7a8b';
const TOKEN_A = 'token-issued-by-server-a-0123456789';
const WRONG = 'wrong-token-from-the-environment';

/** Server A: issues TOKEN_A for the client credentials, accepts it. */
async function serverA() {
  return recordingServer((req) => {
    if (req.path === '/authorize') {
      return req.authorization === basicOf(CLIENT_ID, CLIENT_SECRET)
        ? { status: 200, body: { access_token: TOKEN_A, expires_in: 3600 } }
        : { status: 401, body: { message: 'bad client' } };
    }
    return req.authorization === bearerOf(TOKEN_A) ? { status: 200, body: { data: [] } } : { status: 401, body: { message: 'no' } };
  });
}

/** Server B: refuses everything, remembers everything. */
async function serverB() {
  return recordingServer(() => ({ status: 401, body: { message: 'who are you' } }));
}

/** A home whose default profile is logged in to A by client credentials. */
async function loggedInToA(a: { url: string }) {
  const fake = fakeContext({ stdin: CLIENT_SECRET });
  const login = await runCli(['auth', 'login', '--base-url', a.url, '--client-id', CLIENT_ID, '--with-secret'], fake);
  expect(login.code).toBe(0);
  expect((await readConfig(fake.configDir)).profiles.default).toMatchObject({ baseUrl: a.url, clientSecret: CLIENT_SECRET, token: TOKEN_A });
  return fake.home;
}

function leaked(received: Received[]): Received[] {
  return received.filter(
    (r) => r.path.startsWith('/authorize') || r.authorization === basicOf(CLIENT_ID, CLIENT_SECRET) || r.authorization === bearerOf(TOKEN_A),
  );
}

describe("a profile's credentials are never sent to another base URL", () => {
  test('RENTALS_BASE_URL=<B> RENTALS_TOKEN=wrong events list --debug: B gets only the wrong token; exit 3 naming RENTALS_TOKEN', async () => {
    const [a, b] = [await serverA(), await serverB()];
    const home = await loggedInToA(a);
    const before = a.received.length;
    const result = await runCli(['events', 'list', '--debug'], { home, env: { RENTALS_BASE_URL: b.url, RENTALS_TOKEN: WRONG } });
    expect(result.code).toBe(3);
    expect(b.received).toEqual([{ method: 'GET', path: '/v1/events', authorization: bearerOf(WRONG) }]);
    expect(leaked(b.received)).toEqual([]);
    expect(a.received.length).toBe(before);
    expect(result.stderr).toContain('The access token from RENTALS_TOKEN was refused. A token given explicitly is used as given, never renewed');
    expect(result.stderr).not.toContain(CLIENT_SECRET);
    expect(result.stdout).toBe('');
  });

  test.each([
    ['RENTALS_BASE_URL', (url: string) => ({ args: [], env: { RENTALS_BASE_URL: url } })],
    ['--base-url', (url: string) => ({ args: ['--base-url', url], env: {} })],
  ])('B from %s and no token of its own: nothing is sent, exit 3 says why', async (origin, how) => {
    const [a, b] = [await serverA(), await serverB()];
    const home = await loggedInToA(a);
    const { args, env } = how(b.url);
    const result = await runCli(['events', 'list', ...args], { home, env });
    expect(result.code).toBe(3);
    expect(b.received).toEqual([]);
    expect(result.stderr).toBe(
      [
        `error: the token and client secret of profile "default" belong to ${a.url}; they are not sent to ${b.url} (from ${origin}).`,
        'Credentials are bound to the base URL they were stored with. For this server, either:',
        '  export RENTALS_TOKEN="$(cat token.txt)"   (a token for it, from a file; or --token-file <file>)',
        `  rentals auth login --profile <name> --base-url ${b.url} …`,
        '',
      ].join('\n'),
    );
  });

  test('auth status shows that the credentials are not used for B', async () => {
    const [a, b] = [await serverA(), await serverB()];
    const home = await loggedInToA(a);
    const result = await runCli(['auth', 'status'], { home, env: { RENTALS_BASE_URL: b.url } });
    expect(result.code).toBe(3);
    expect(result.stdout).toContain(`not used       the token and client secret of profile "default" belong to ${a.url}; they are not sent to ${b.url} (from RENTALS_BASE_URL)`);
    expect(b.received).toEqual([]);
  });

  test('a profile with a token alone: "the token … belongs …; it is not sent", in the status and in its warning', async () => {
    const [a, b] = [await serverA(), await serverB()];
    const fake = fakeContext({ stdin: TOKEN_A });
    expect((await runCli(['auth', 'login', '--base-url', a.url, '--with-token'], fake)).code).toBe(0);
    const result = await runCli(['auth', 'status'], { home: fake.home, env: { RENTALS_BASE_URL: b.url } });
    expect(result.code).toBe(3);
    expect(result.stdout).toContain(`not used    the token of profile "default" belongs to ${a.url}; it is not sent to ${b.url} (from RENTALS_BASE_URL)  (from profile "default")\n`);
    expect(result.stderr).toBe(`Not ready: the token of profile "default" belongs to ${a.url}; it is not sent to ${b.url} (from RENTALS_BASE_URL). Run \`rentals auth login --help\`.\n`);
    expect(b.received).toEqual([]);
  });

  test.each<[string, Profile, string]>([
    ['a client secret alone', { clientSecret: CLIENT_SECRET }, 'the client secret of profile "default" belongs to A; it is not sent'],
    ['client credentials without a token', { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }, 'the client secret of profile "default" belongs to A; it is not sent'],
    ['a token and a client secret without its id', { token: TOKEN_A, clientSecret: CLIENT_SECRET }, 'the token and client secret of profile "default" belong to A; they are not sent'],
  ])('a profile with %s: the words name what is stored', async (_, stored, words) => {
    const [a, b] = [await serverA(), await serverB()];
    const fake = fakeContext();
    await writeConfig(fake.configDir, { profiles: { default: { baseUrl: a.url, ...stored } } });
    const result = await runCli(['auth', 'status'], { home: fake.home, env: { RENTALS_BASE_URL: b.url } });
    expect(result.stdout).toContain(`${words.replace('A', a.url)} to ${b.url} (from RENTALS_BASE_URL)`);
    expect(b.received).toEqual([]);
  });

  test('the same base URL from the environment (trailing slash aside) does use them', async () => {
    const a = await serverA();
    const home = await loggedInToA(a);
    const result = await runCli(['events', 'list'], { home, env: { RENTALS_BASE_URL: `${a.url}/` } });
    expect(result.code).toBe(0);
    expect(a.received.at(-1)).toEqual({ method: 'GET', path: '/v1/events', authorization: bearerOf(TOKEN_A) });
  });
});
