// What a person sees when things go wrong: one clear `error:` line (never a stack trace) and
// the documented exit code, for every kind of failure the server or the network can produce.

import nock from 'nock';
import { beforeEach, describe, expect, test } from 'vitest';
import { api, envelope, expectNothingSent, socketError, namesListed, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';

useNock();
// A bare number given for a record with names reads its list: some record could be named so.
beforeEach(() => namesListed());

const STACK = /\n\s+at /;
const proxyPage =
  '<html><head><title>504 Gateway Time-out</title></head><body><center><h1>504 Gateway Time-out</h1></center><hr><center>nginx/1.25.3</center></body></html>';

describe('error bodies → message and exit code', () => {
  test.each<[string, number, string | Record<string, unknown>, number, string]>([
    [
      'JSON error with fields',
      400,
      { error: { message: 'Invalid item', fields: [{ field: 'quantityAvailable', message: 'must be >= 0' }] } },
      1,
      'error: GET /v2/inventory: HTTP 400 Bad Request: Invalid item (quantityAvailable: must be >= 0)\n',
    ],
    ['JSON error_description', 400, { error: 'invalid_request', error_description: 'Bad id' }, 1, 'error: GET /v2/inventory: HTTP 400 Bad Request: invalid_request\n'],
    ['HTML from a proxy', 500, proxyPage, 1, 'error: GET /v2/inventory: HTTP 500 Internal Server Error: "504 Gateway Time-out 504 Gateway Time-out nginx/1.25.3"\n'],
    ['empty body', 500, '', 1, 'error: GET /v2/inventory: HTTP 500 Internal Server Error: no body\n'],
    ['401', 401, { message: 'Token expired' }, 3, 'error: GET /v2/inventory: HTTP 401 Unauthorized: Token expired\nThe access token from RENTALS_TOKEN was refused. A token given explicitly is used as given, never renewed: check it with `rentals auth status --check`.\n'],
    ['403', 403, '', 3, 'error: GET /v2/inventory: HTTP 403 Forbidden: no body\nThe token is not allowed to do this.\n'],
    ['404', 404, { message: 'Not found' }, 4, 'error: GET /v2/inventory: HTTP 404 Not Found: Not found\n'],
    ['plain-text 418', 418, "I'm a teapot", 1, 'error: GET /v2/inventory: HTTP 418: "I\'m a teapot"\n'],
  ])('%s (HTTP %i) → exit %i', async (_name, status, body, code, message) => {
    // A 500 on a GET is retried (a read is idempotent): once here, with --retries 1.
    const retried = status === 500;
    const scope = api().get('/v2/inventory').times(retried ? 2 : 1).reply(status, body);
    const result = await runCli(['inventory', 'list', ...(retried ? ['--retries', '1'] : [])], withApi());
    expect(result.stderr).toBe(message);
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(scope.isDone()).toBe(true);
  });

  test('HTML from a proxy on a retryable status is retried, then shown as a snippet', async () => {
    const scope = api().get('/v2/inventory').times(2).reply(502, proxyPage.replaceAll('504 Gateway Time-out', '502 Bad Gateway'));
    const result = await runCli(['inventory', 'list', '--retries', '1'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: GET /v2/inventory: HTTP 502 Bad Gateway: "502 Bad Gateway 502 Bad Gateway nginx/1.25.3"\n');
    expect(result.stderr).not.toMatch(/[<>]/);
    expect(scope.isDone()).toBe(true);
  });
});

describe('2xx answers that break the response conventions → exit 1, no stack trace', () => {
  test.each<[string, string | Record<string, unknown>, string]>([
    ['malformed JSON', '{"data": [{"id": 1,', 'error: the server\'s answer to GET /v2/inventory (HTTP 200) is not JSON: "{\\"data\\": [{\\"id\\": 1,"\n'],
    ['an HTML page', '<html><body>Welcome</body></html>', 'error: the server\'s answer to GET /v2/inventory (HTTP 200) is not JSON: "Welcome"\n'],
    ['an empty body', '', "error: the server's answer to GET /v2/inventory (HTTP 200) is not JSON: (empty body)\n"],
    ['no data', { items: [] }, 'error: the server\'s answer to GET /v2/inventory (HTTP 200) has no "data" array: "{\\"items\\":[]}"\n'],
    ['data not an array', { data: { id: 1 } }, 'error: the server\'s answer to GET /v2/inventory (HTTP 200) has no "data" array: "{\\"data\\":{\\"id\\":1}}"\n'],
    ['data of non-objects', { data: [null] }, 'error: the server\'s answer to GET /v2/inventory (HTTP 200) has a "data" entry that is not an object\n'],
  ])('%s', async (_name, body, message) => {
    const scope = api().get('/v2/inventory').reply(200, body);
    const result = await runCli(['inventory', 'list'], withApi({ tty: true }));
    expect(result.stderr).toBe(message);
    expect(result.stderr).not.toMatch(STACK);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(scope.isDone()).toBe(true);
  });

  test('update: an empty data array on the read is an error and nothing is PUT', async () => {
    const scope = api().get('/v2/inventory/3').reply(200, envelope([])).put('/v2/inventory/3').reply(200, envelope([]));
    const update = await runCli(['inventory', 'update', '3', '--name', 'x'], withApi());
    expect(update.code).toBe(1);
    expect(update.stderr).toBe('error: the server answered with an empty "data" array for inventory item 3\n');
    expect(scope.pendingMocks()).toEqual(['PUT https://api.test:443/v2/inventory/3']);
    nock.cleanAll();
  });

  test('--debug adds the stack trace for bug reports', async () => {
    const scope = api().get('/v2/inventory').reply(200, 'nope');
    const result = await runCli(['inventory', 'list', '--debug'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(STACK);
    expect(scope.isDone()).toBe(true);
  });
});

describe('network failures and timeouts → exit 5', () => {
  test('a timeout', async () => {
    const scope = api().get('/v2/inventory').delay(2000).reply(200, envelope([]));
    const result = await runCli(['inventory', 'list', '--timeout', '0.05', '--retries', '0'], withApi());
    expect(result.code).toBe(5);
    expect(result.stderr).toBe('error: GET https://api.test/v2/inventory timed out after 50 ms (raise it with --timeout)\n');
    expect(scope.isDone()).toBe(true);
  });

  test('a timeout from RENTALS_TIMEOUT', async () => {
    const scope = api().get('/v2/status').delay(2000).reply(200, envelope([]));
    const result = await runCli(['statuses', 'list', '--retries', '0'], withApi({ env: { RENTALS_TIMEOUT: '0.04' } }));
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('timed out after 40 ms');
    expect(scope.isDone()).toBe(true);
  });

  test('a reset connection on POST: reported, not retried', async () => {
    // What exists is read before the POST (api/unknown-outcome.ts); a reset before sending needs no lookup after it.
    const scope = api().get('/v2/inventorycategory').reply(200, envelope([])).post('/v2/inventorycategory').replyWithError(socketError('ECONNRESET'));
    const result = await runCli(['categories', 'add', '--name', 'Tents'], withApi());
    expect(result.code).toBe(5);
    expect(result.stderr).toBe('error: cannot complete POST https://api.test/v2/inventorycategory (ECONNRESET): the connection was reset by the server\n');
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('a refused connection', async () => {
    const scope = api().get('/v2/inventory').replyWithError(socketError('ECONNREFUSED'));
    const result = await runCli(['inventory', 'list', '--retries', '0'], withApi());
    expect(result.code).toBe(5);
    expect(result.stderr).toBe('error: cannot complete GET https://api.test/v2/inventory (ECONNREFUSED): is the server running, and is the base URL right?\n');
    expect(result.stderr).not.toMatch(STACK);
    expect(scope.isDone()).toBe(true);
  });

  test('a base URL that is not a URL → exit 2 (bad input) before any request', async () => {
    const result = await runCli(['inventory', 'list'], withApi({ env: { RENTALS_BASE_URL: 'api.example.com' } }));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: RENTALS_BASE_URL: base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "api.example.com")\n');
    expectNothingSent();
  });
});

describe('usage errors from commander → exit 2', () => {
  test.each([
    [['inventory', 'frobnicate']],
    [['inventory', 'get']],
    [['inventory', 'list', '--colour']],
    [['nonsense']],
  ])('%j', async (argv) => {
    const result = await runCli(argv, withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: /);
    expect(result.stderr).toContain('(run with --help for usage)');
    expectNothingSent();
  });
});
