// Hostile or broken input from servers, files and settings: never a crash, a leak or a terminal
// taken over; always a clear message and the documented exit code.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { beforeEach, describe, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { StoredCredentials } from '../../src/api/credentials.js';
import { resolveSettings } from '../../src/config/settings.js';
import { ProtocolError } from '../../src/errors.js';
import { API, TOKEN, api, envelope, expectNothingSent, sampleRecord, namesListed, useNock, withApi } from '../helpers/api.js';
import { FIXED_NOW, fakeContext, runCli, tempDir } from '../helpers/fake-context.js';
import { resources } from '../../src/resources/definitions.js';

useNock();
// A bare number given for a record with names reads its list: some record could be named so.
beforeEach(() => namesListed());

const ESC = '\u001b';

describe('server text is shown without terminal control sequences', () => {
  test.each([false, true])('list output (TTY %s) shows escape sequences in values visibly, never raw', async (tty) => {
    const evil = `evil${ESC}]0;pwned\u0007${ESC}[2Jname\u0007`;
    api().get('/v2/inventory').reply(200, envelope([sampleRecord(resources.inventory, 1, { name: evil })]));
    const result = await runCli(['inventory', 'list'], withApi({ stdoutIsTTY: tty, env: { NO_COLOR: '1' } }));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('evil\\x1b]0;pwned\\x07\\x1b[2Jname\\x07');
    expect(result.stdout).not.toContain(ESC);
    expect(result.stdout).not.toContain('\u0007');
  });

  test('completion never offers a name holding a control character', async () => {
    api().get('/v2/inventory').reply(200, envelope([sampleRecord(resources.inventory, 1, { name: 'Tent' }), sampleRecord(resources.inventory, 2, { name: `Evil${ESC}[2J\nrm` })]));
    const result = await runCli(['__complete', '--shell', 'bash', '--', 'inventory', 'get', ''], withApi());
    expect(result.stdout).toContain('Tent');
    expect(result.stdout).not.toContain('Evil');
  });

  test('an error message from the server is stripped too', async () => {
    api().get('/v2/inventory').reply(500, { message: `db ${ESC}[31mdown${ESC}[0m` });
    const result = await runCli(['inventory', 'list', '--retries', '0'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: GET /v2/inventory: HTTP 500 Internal Server Error: db down\n');
  });

  test('--json keeps the body exactly as sent (JSON escapes it)', async () => {
    api().get('/v2/inventory').reply(200, envelope([sampleRecord(resources.inventory, 1, { name: `a${ESC}[2Jb` })]));
    const result = await runCli(['inventory', 'list', '--json'], withApi());
    expect(JSON.parse(result.stdout).data[0].name).toBe(`a${ESC}[2Jb`);
    expect(result.stdout).not.toContain(ESC);
  });
});

describe('answers that are too large or redirect', () => {
  test('a body over the limit is refused with a clear error, not buffered', async () => {
    nock(API).get('/v2/status').reply(200, JSON.stringify({ data: [{ id: 1, statusType: 'x'.repeat(5000) }] }));
    const client = new ApiClient({ baseUrl: API, auth: { getToken: async () => TOKEN }, maxResponseBytes: 1024 });
    await expect(client.get('/v2/status')).rejects.toThrow(ProtocolError);
    await expect(
      (async () => {
        nock(API).get('/v2/status').reply(200, 'y'.repeat(4096));
        await client.get('/v2/status');
      })(),
    ).rejects.toThrow(/larger than 1024 bytes; refused/);
    client.close();
  });

  test('a redirect is not followed and says where it pointed', async () => {
    api().get('/v2/inventory').reply(302, '', { Location: 'https://elsewhere.test/login' });
    const result = await runCli(['inventory', 'list'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/HTTP 302 redirect to https:\/\/elsewhere\.test\/login; redirects are not followed/);
  });

  test('a 429 asking for a long wait says so instead of waiting', async () => {
    api().get('/v2/inventory').reply(429, '', { 'Retry-After': '3600' });
    const result = await runCli(['inventory', 'list'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The server asked to retry after 3600 s\./);
  });
});

describe('links from the server', () => {
  test('events open refuses a non-http(s) web link and opens nothing', async () => {
    const event = sampleRecord(resources.events, 5);
    event.Links = [{ rel: 'web', method: 'GET', href: 'file:///etc/passwd' }];
    api().get('/v1/events/5').reply(200, envelope([event]));
    const fake = fakeContext(withApi());
    const result = await runCli(['events', 'open', '5', '--browser'], fake);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/not an http\(s\) URL/);
    expect(fake.opened).toEqual([]);
  });
});

describe('files and settings', () => {
  test('a --file that is not JSON is reported by position, never by its content', async () => {
    const dir = tempDir();
    const file = join(dir, 'token.txt');
    writeFileSync(file, 'supersecret-token-value\n');
    const result = await runCli(['inventory', 'add', '--file', file], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not valid JSON: Unexpected character/);
    expect(result.stderr).not.toContain('supersecret');
    expectNothingSent();
  });

  test.each(['__proto__', '../etc', '-x'])('profile name %j is refused (exit 2)', async (name) => {
    const result = await runCli(['config', 'list', `--profile=${name}`], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/a profile name is letters, digits/);
  });

  test('a profile named like an Object.prototype member is an ordinary profile', async () => {
    const fake = fakeContext(withApi());
    expect((await runCli(['config', 'set', 'output', 'json', '--profile', 'constructor'], fake)).code).toBe(0);
    const config = JSON.parse(readFileSync(join(fake.configDir, 'config.json'), 'utf8'));
    expect(config.profiles.constructor).toEqual({ output: 'json' });
    const get = await runCli(['config', 'get', 'output', '--profile', 'constructor'], fake);
    expect(get.stdout).toBe('json\n');
  });

  test('config keys are own keys only', async () => {
    const result = await runCli(['config', 'set', 'constructor', '5'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown key "constructor"/);
  });

  test('a bad timeout in the environment warns and uses the default; it never blocks config', async () => {
    const fake = fakeContext(withApi({ env: { RENTALS_TIMEOUT: 'abc', RENTALS_OUTPUT: 'yaml' } }));
    const result = await runCli(['config', 'set', 'timeout', '20'], fake);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: RENTALS_TIMEOUT: timeout must be a number of seconds from 0\.001 to 86400 \(got "abc"\); using the default/);
    expect(result.stderr).toMatch(/warning: RENTALS_OUTPUT: output must be one of table, json, ndjson, csv, tsv \(got "yaml"\); using the default/);
    const config = JSON.parse(readFileSync(join(fake.configDir, 'config.json'), 'utf8'));
    expect(config.profiles.default.timeout).toBe('20');
  });

  test('a --timeout beyond a day is a usage error (setTimeout would overflow)', async () => {
    const result = await runCli(['inventory', 'list', '--timeout', '3000000'], withApi());
    expect(result.code).toBe(2);
    expectNothingSent();
  });
});

describe('token renewal', () => {
  test('concurrent requests that need a new token share one /authorize call', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { default: { baseUrl: API, clientId: 'app', clientSecret: 'shh', token: 'old', tokenExpiresAt: new Date(FIXED_NOW - 1000).toISOString() } } }),
    );
    const authorize = nock(API).get('/authorize').once().reply(200, { access_token: 'fresh-token', expires_in: 3600 });
    const settings = await resolveSettings({}, { RENTALS_CONFIG_DIR: dir }, dir);
    const credentials = new StoredCredentials(settings, () => FIXED_NOW);
    const client = new ApiClient({ baseUrl: API, auth: credentials });
    credentials.attach(client);
    const tokens = await Promise.all([credentials.getToken(), credentials.getToken(), credentials.getToken()]);
    expect(tokens).toEqual(['fresh-token', 'fresh-token', 'fresh-token']);
    expect(authorize.isDone()).toBe(true);
    client.close();
  });
});

describe('--file bodies', () => {
  test('an unknown field is refused before any request, even on update (which reads first)', async () => {
    const dir = tempDir();
    const file = join(dir, 'typo.json');
    writeFileSync(file, JSON.stringify({ nmae: 'Tent' }));
    const result = await runCli(['inventory', 'update', '2', '--file', file, '--verbose'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/nmae: is not a field of this resource/);
    expect(result.stderr).not.toMatch(/\* GET/);
    expectNothingSent();
  });

  test('a record copied from `get --json` can be added: its id and Links are dropped', async () => {
    const dir = tempDir();
    const file = join(dir, 'copy.json');
    writeFileSync(file, JSON.stringify(envelope([sampleRecord(resources.inventory, 9, { name: 'Copied tent', quantityAvailable: 3, active: 1 })])));
    const scope = api()
      .post('/v2/inventory', { name: 'Copied tent', quantityAvailable: 3, active: 1 })
      .reply(201, envelope([sampleRecord(resources.inventory, 10, { name: 'Copied tent', quantityAvailable: 3, active: 1 })]));
    const result = await runCli(['inventory', 'add', '--file', file, '--json'], withApi());
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).data[0].id).toBe(10);
    expect(scope.isDone()).toBe(true);
  });
});
