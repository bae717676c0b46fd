// The HTTP client at its boundary (nock intercepts node:http): headers, retries and backoff,
// Retry-After, timeouts, and the mapping of every kind of answer to a typed error.

import { readFileSync } from 'node:fs';
import nock from 'nock';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RequestTarget } from '../../src/api/request-target.js';
import { ApiClient, type ClientOptions, bearer } from '../../src/api/client.js';
import { snippet } from '../../src/api/error-mapping.js';
import { retryAfterMs } from '../../src/api/retry-policy.js';
import { ApiError, AuthError, NetworkError, NotFoundError, OutcomeUnknownError, ProtocolError, TimeoutError } from '../../src/errors.js';
import { exitCodeFor } from '../../src/cli/exit-codes.js';
import { API, TOKEN, TOKEN_B64, envelope, expectNothingSent, socketError, useNock } from '../helpers/api.js';

useNock();

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

interface Harness {
  client: ApiClient;
  waits: number[];
}

/** A client whose sleeps are recorded (not slept) and whose jitter is fixed. */
function harness(options: Partial<ClientOptions> = {}): Harness {
  const waits: number[] = [];
  const client = new ApiClient({
    baseUrl: API,
    auth: { getToken: async () => TOKEN },
    retries: 3,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { client, waits };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the request to fail');
}

const ok = envelope([{ id: 1, name: 'Tent' }]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('headers', () => {
  test("an answer's headers (read only when asked for) are those it came with, names lower-cased", async () => {
    nock(API).get('/v2/inventory').reply(200, ok, { 'X-Request-Id': 'r-1', 'Retry-After': '3' });
    const response = await harness().client.get('/v2/inventory');
    expect(response.headers['x-request-id']).toBe('r-1');
    expect(response.headers['retry-after']).toBe('3');
    expect(response.body).toEqual(ok);
  });

  test('bearer + base64 of the token, JSON content type and accept, rentals/<version> user agent', async () => {
    vi.stubGlobal('__RENTALS_VERSION__', pkg.version);
    const scope = nock(API, {
      reqheaders: {
        authorization: `bearer ${TOKEN_B64}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': `rentals/${pkg.version}`,
      },
    })
      .post('/v2/inventory', { name: 'Tent', quantityAvailable: 4, active: 1 })
      .reply(200, ok);
    const { client } = harness();
    const response = await client.request('POST', '/v2/inventory', {
      body: { name: 'Tent', quantityAvailable: 4, active: 1 },
      expect: 'data',
    });
    expect(response.body).toEqual(ok);
    expect(scope.isDone()).toBe(true);
  });

  test('the token is base64-encoded as UTF-8, never sent raw', () => {
    expect(bearer('abc')).toBe('bearer YWJj');
    expect(bearer('jöns:1')).toBe(`bearer ${Buffer.from('jöns:1', 'utf8').toString('base64')}`);
    expect(bearer(TOKEN)).not.toContain(TOKEN);
  });

  test('a base URL with a path prefix keeps it; query strings pass through', async () => {
    const scope = nock(API).get('/api/v1/events').query({ page: '2' }).reply(200, ok);
    const { client } = harness({ baseUrl: `${API}/api/` });
    await client.get('/v1/events?page=2');
    expect(scope.isDone()).toBe(true);
  });

  test('a request URL is the base URL with the path set, whatever the path holds', () => {
    const bases = [API, `${API}/api/`, `${API}//api//`, 'http://user:pw@127.0.0.1:8080/x', 'https://[::1]:8443/'];
    const paths = ['/v1/events', 'v2/inventory/7', '/v1/events?page=2&x=a b', '/a b/ü', '/a%2Fb', '/x#frag', '/q?a=%20#h', '/p\\q', '/v1/a/../b', '/./v1/x/.', '/v1/x?', '/v1/x?a=1?b=2', '/v1/.hidden/..x', "/v1/x?name='a'"];
    for (const base of bases) {
      const client = new ApiClient({ baseUrl: base });
      for (const path of paths) {
        // The parts set one by one on the base (what the client did before it built the string once).
        const expected = new URL(base);
        // The query is everything after the first `?`, later `?`s included (a query may hold them).
        const mark = path.indexOf('?');
        const [pathname, search] = mark < 0 ? [path, undefined] : [path.slice(0, mark), path.slice(mark + 1)];
        expected.pathname = `${expected.pathname.replace(/\/+$/, '')}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
        expected.search = search ? `?${search}` : '';
        expect(client.url(path).href, `${base} + ${path}`).toBe(expected.href);
        // What is sent is that URL's path, whether or not the URL itself was made.
        const target = RequestTarget.under(new URL(base), new URL(base).pathname.replace(/\/+$/, ''), path);
        expect([target.path, target.pathname, target.url.href], `${base} + ${path}`).toEqual([`${expected.pathname}${expected.search}`, expected.pathname, expected.href]);
      }
    }
  });

  test('a query keeps every `?` after the first: nothing of it is dropped', () => {
    const client = new ApiClient({ baseUrl: API });
    expect(client.url('/v1/x?a=1?b=2').search).toBe('?a=1?b=2');
    expect(RequestTarget.under(new URL(API), '', '/v1/x?a=1?b=2').path).toBe('/v1/x?a=1?b=2');
  });

  test('a renewed token is the one sent next (the header is not kept past a change of token)', async () => {
    let token = 'first';
    const scope = nock(API)
      .get('/v2/inventory')
      .matchHeader('authorization', bearer('first'))
      .reply(200, ok)
      .get('/v2/inventory')
      .matchHeader('authorization', bearer('second'))
      .reply(200, ok);
    const { client } = harness({ auth: { getToken: async () => token } });
    await client.get('/v2/inventory');
    token = 'second';
    await client.get('/v2/inventory');
    expect(scope.isDone()).toBe(true);
  });

  test('/authorize-style calls: anonymous, with their own Authorization', async () => {
    const scope = nock(API, { badheaders: ['cookie'], reqheaders: { authorization: 'Basic eDp5' } })
      .get('/authorize')
      .reply(200, { access_token: 'new' });
    const { client } = harness();
    const response = await client.request('GET', '/authorize', { anonymous: true, headers: { Authorization: 'Basic eDp5' } });
    expect(response.body).toEqual({ access_token: 'new' });
    expect(scope.isDone()).toBe(true);
  });
});

describe('retries', () => {
  test.each([429, 502, 503, 504])('GET is retried after %i, then succeeds', async (status) => {
    const scope = nock(API).get('/v2/inventory').reply(status, 'busy').get('/v2/inventory').reply(200, ok);
    const { client, waits } = harness();
    const response = await client.get('/v2/inventory');
    expect(response.body).toEqual(ok);
    expect(waits).toHaveLength(1);
    expect(scope.isDone()).toBe(true);
  });

  test.each(['PUT', 'DELETE'] as const)('%s is retried after 503', async (method) => {
    const scope = nock(API)
      .intercept('/v2/inventory/3', method)
      .reply(503)
      .intercept('/v2/inventory/3', method)
      .reply(200, { id: 3 });
    const { client, waits } = harness();
    const response = await client.request(method, '/v2/inventory/3', { body: method === 'PUT' ? { id: 3 } : undefined });
    expect(response.body).toEqual({ id: 3 });
    expect(waits).toHaveLength(1);
    expect(scope.isDone()).toBe(true);
  });

  test.each([429, 502, 503, 504])('POST is never retried, not even after %i', async (status) => {
    const scope = nock(API).post('/v2/inventory').reply(status, { message: 'try later' });
    const { client, waits } = harness();
    const error = await failure(client.request('POST', '/v2/inventory', { body: { name: 'x' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(error.message).toContain('try later');
    expect(waits).toEqual([]);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('POST is not retried after a connection reset either', async () => {
    const scope = nock(API).post('/v2/inventory').replyWithError(socketError('ECONNRESET', 'socket hang up'));
    const { client, waits } = harness();
    const error = await failure(client.request('POST', '/v2/inventory', { body: { name: 'x' } }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('cannot complete POST https://api.test/v2/inventory (ECONNRESET): the connection was reset by the server');
    expect(exitCodeFor(error)).toBe(5);
    expect(waits).toEqual([]);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('GET is retried after a 500 (a read is idempotent); PUT and DELETE are not', async () => {
    const scope = nock(API)
      .get('/v2/inventory')
      .reply(500, { message: 'boom' })
      .get('/v2/inventory')
      .reply(200, ok)
      .put('/v2/inventory/3')
      .reply(500, { message: 'boom' })
      .delete('/v2/inventory/3')
      .reply(500, { message: 'boom' });
    const { client, waits } = harness();
    expect((await client.get('/v2/inventory')).body).toEqual(ok);
    expect(waits).toHaveLength(1);
    expect(await failure(client.request('PUT', '/v2/inventory/3', { body: { id: 3 } }))).toBeInstanceOf(ApiError);
    expect(await failure(client.request('DELETE', '/v2/inventory/3'))).toBeInstanceOf(ApiError);
    expect(waits).toHaveLength(1);
    expect(scope.isDone()).toBe(true);
  });

  test.each([400, 404, 409])('GET is not retried after %i', async (status) => {
    const scope = nock(API).get('/v2/inventory').reply(status, { message: 'nope' });
    const { client, waits } = harness();
    const error = await failure(client.get('/v2/inventory'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(waits).toEqual([]);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('GET is retried after ECONNRESET', async () => {
    const scope = nock(API)
      .get('/v2/inventory')
      .replyWithError(socketError('ECONNRESET', 'socket hang up'))
      .get('/v2/inventory')
      .reply(200, ok);
    const { client, waits } = harness();
    expect((await client.get('/v2/inventory')).body).toEqual(ok);
    expect(waits).toHaveLength(1);
    expect(scope.isDone()).toBe(true);
  });

  test('the cap: --retries 2 means three attempts, then the last error', async () => {
    const scope = nock(API).get('/v2/inventory').times(3).reply(503, { message: 'overloaded' });
    const { client, waits } = harness({ retries: 2 });
    const error = await failure(client.get('/v2/inventory'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('GET /v2/inventory: HTTP 503 Service Unavailable: overloaded');
    expect(waits).toHaveLength(2);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('--retries 0: one attempt only', async () => {
    const scope = nock(API).get('/v2/inventory').replyWithError(socketError('ECONNRESET'));
    const { client, waits } = harness({ retries: 0 });
    expect(await failure(client.get('/v2/inventory'))).toBeInstanceOf(NetworkError);
    expect(waits).toEqual([]);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('Retry-After in seconds is honoured', async () => {
    const scope = nock(API)
      .get('/v2/inventory')
      .reply(429, '', { 'Retry-After': '7' })
      .get('/v2/inventory')
      .reply(200, ok);
    const { client, waits } = harness();
    await client.get('/v2/inventory');
    expect(waits).toEqual([7000]);
    expect(scope.isDone()).toBe(true);
  });

  test('a client given no sleep of its own waits out Retry-After on a timer before it sends again (as the bin does)', async () => {
    // The timer's wait is noted and cut short: every other timer (the request's timeout, nock's) runs as it would.
    const realSetTimeout = globalThis.setTimeout;
    const waited: number[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms !== 2_000) return realSetTimeout(fn, ms);
      waited.push(ms);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout);
    try {
      const scope = nock(API)
        .get('/v2/inventory')
        .reply(429, '', { 'Retry-After': '2' })
        .get('/v2/inventory')
        .reply(200, ok);
      const client = new ApiClient({ baseUrl: API, auth: { getToken: async () => TOKEN }, retries: 1 });
      expect((await client.get('/v2/inventory')).status).toBe(200);
      expect(waited).toEqual([2_000]);
      expect(scope.isDone()).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  test('Retry-After as an HTTP date is honoured', async () => {
    const at = new Date(Date.now() + 20_000).toUTCString();
    const scope = nock(API)
      .get('/v2/inventory')
      .reply(503, '', { 'Retry-After': at })
      .get('/v2/inventory')
      .reply(200, ok);
    const { client, waits } = harness();
    await client.get('/v2/inventory');
    expect(waits).toHaveLength(1);
    // An HTTP date has whole seconds: the wait is the time left until it, not a backoff.
    expect(waits[0]).toBeGreaterThan(15_000);
    expect(waits[0]).toBeLessThanOrEqual(20_000);
    expect(scope.isDone()).toBe(true);
  });

  test('a Retry-After beyond a minute is not waited for: the error is reported', async () => {
    const scope = nock(API).get('/v2/inventory').reply(503, { message: 'maintenance' }, { 'Retry-After': '3600' });
    const { client, waits } = harness();
    const error = await failure(client.get('/v2/inventory'));
    expect(error.message).toContain('maintenance');
    expect(waits).toEqual([]);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('retryAfterMs parses seconds and dates, ignores junk', () => {
    const now = Date.UTC(2026, 4, 1, 12, 0, 0);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(['3'], now)).toBe(3000);
    expect(retryAfterMs('Fri, 01 May 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 01 May 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  test('backoff grows exponentially, with jitter between half and all of the ceiling, capped at 8 s', () => {
    const low = harness({ random: () => 0 }).client;
    const high = harness({ random: () => 0.999999 }).client;
    const ceilings = [200, 400, 800, 1600, 3200, 6400, 8000, 8000];
    ceilings.forEach((ceiling, i) => {
      expect(low.backoff(i + 1)).toBe(ceiling / 2);
      expect(high.backoff(i + 1)).toBe(ceiling);
    });
  });

  test('the waits between attempts follow that backoff', async () => {
    const scope = nock(API).get('/v2/inventory').times(3).reply(502).get('/v2/inventory').reply(200, ok);
    const { client, waits } = harness({ random: () => 0 });
    await client.get('/v2/inventory');
    expect(waits).toEqual([100, 200, 400]);
    expect(scope.isDone()).toBe(true);
  });
});

describe('timeouts', () => {
  test('a server that does not answer in time is a TimeoutError (exit 5)', async () => {
    const scope = nock(API).get('/v2/inventory').delay(2000).reply(200, ok);
    const { client } = harness({ timeoutMs: 30, retries: 0 });
    const error = await failure(client.get('/v2/inventory'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe('GET https://api.test/v2/inventory timed out after 30 ms (raise it with --timeout)');
    expect(exitCodeFor(error)).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('a GET that times out is retried, up to the cap', async () => {
    const scope = nock(API).get('/v2/inventory').times(2).delay(2000).reply(200, ok);
    const { client, waits } = harness({ timeoutMs: 30, retries: 1 });
    expect(await failure(client.get('/v2/inventory'))).toBeInstanceOf(TimeoutError);
    expect(waits).toHaveLength(1);
    expect(scope.isDone()).toBe(true);
  });

  test('a POST that times out is not retried (it may have been created)', async () => {
    const scope = nock(API).post('/v2/inventory').delay(2000).reply(200, ok);
    const { client, waits } = harness({ timeoutMs: 30, retries: 3 });
    const error = await failure(client.request('POST', '/v2/inventory', { body: {} }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(waits).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });
});

describe('error bodies and broken answers', () => {
  const html = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style></head>
    <body><h1>Bad Gateway</h1><p>The proxy server received an invalid response from an upstream server.</p>${'<p>padding</p>'.repeat(40)}</body></html>`;

  test.each([
    {
      name: 'a JSON error with a message and field details',
      status: 400,
      body: { error: { message: 'Validation failed', fields: [{ field: 'name', message: 'is required' }] } },
      type: ApiError,
      code: 1,
      message: 'POST /v2/inventory: HTTP 400 Bad Request: Validation failed (name: is required)',
    },
    {
      name: 'a JSON error as { message }',
      status: 409,
      body: { message: 'Item is booked' },
      type: ApiError,
      code: 1,
      message: 'POST /v2/inventory: HTTP 409 Conflict: Item is booked',
    },
    {
      name: 'a JSON error as { errors: [...] }',
      status: 422,
      body: { errors: [{ message: 'price too high' }, { message: 'name taken' }] },
      type: ApiError,
      code: 1,
      message: 'POST /v2/inventory: HTTP 422 Unprocessable Entity: price too high; name taken',
    },
    {
      name: 'an empty 500 (the POST may have been applied before the server failed)',
      status: 500,
      body: '',
      type: OutcomeUnknownError,
      code: 5,
      message: 'POST /v2/inventory: HTTP 500 Internal Server Error: no body; the request was sent and may have been applied: check (e.g. with list) before repeating it',
    },
    {
      name: 'a 404',
      status: 404,
      body: { message: 'No such item' },
      type: NotFoundError,
      code: 4,
      message: 'POST /v2/inventory: HTTP 404 Not Found: No such item',
    },
    {
      name: 'a 403',
      status: 403,
      body: { message: 'Forbidden for this token' },
      type: AuthError,
      code: 3,
      message: 'POST /v2/inventory: HTTP 403 Forbidden: Forbidden for this token\nThe token is not allowed to do this.',
    },
  ])('$name → $type.name, exit $code', async ({ status, body, type, code, message }) => {
    const scope = nock(API).post('/v2/inventory').reply(status, body);
    const { client } = harness();
    const error = await failure(client.request('POST', '/v2/inventory', { body: {}, expect: 'data' }));
    expect(error).toBeInstanceOf(type);
    expect(error.message).toBe(message);
    expect(exitCodeFor(error)).toBe(code);
    expect(scope.isDone()).toBe(true);
  });

  test('an HTML page from a proxy: the status and a short snippet without tags', async () => {
    const scope = nock(API).post('/v2/inventory').reply(502, html, { 'Content-Type': 'text/html' });
    const { client } = harness();
    const error = await failure(client.request('POST', '/v2/inventory', { body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/^POST \/v2\/inventory: HTTP 502 Bad Gateway: "502 Bad Gateway Bad Gateway The proxy server/);
    expect(error.message).not.toMatch(/[<>]|color:red/);
    expect(error.message.length).toBeLessThan(350);
    expect(error.message).toMatch(/; the request was sent and may have been applied: check \(e\.g\. with list\) before repeating it$/);
    expect(exitCodeFor(error)).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('401 is an AuthError (exit 3) that says how to fix it', async () => {
    const scope = nock(API).get('/v2/inventory').reply(401, { message: 'token expired' });
    const { client } = harness();
    const error = await failure(client.get('/v2/inventory'));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toContain('HTTP 401 Unauthorized: token expired');
    expect(error.message).toContain('rentals auth login');
    expect(exitCodeFor(error)).toBe(3);
    expect(scope.isDone()).toBe(true);
  });

  test.each([
    ['malformed JSON', '{"data": [', /is not JSON: "\{\\"data\\": \["/],
    ['an empty body', '', /is not JSON: \(empty body\)/],
    ['no data', { items: [] }, /has no "data" array/],
    ['data that is not an array', { data: { id: 1 } }, /has no "data" array/],
    ['data entries that are not objects', { data: [1, 2] }, /has a "data" entry that is not an object/],
  ])('a 2xx with %s is a ProtocolError (exit 1)', async (_name, body, message) => {
    const scope = nock(API).get('/v2/inventory').reply(200, body);
    const { client } = harness();
    const error = await failure(client.get('/v2/inventory'));
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error.message).toMatch(/^the server's answer to GET \/v2\/inventory \(HTTP 200\)/);
    expect(error.message).toMatch(message);
    expect(exitCodeFor(error)).toBe(1);
    expect(scope.isDone()).toBe(true);
  });

  test('connection refused and DNS failures are NetworkErrors with a hint (exit 5)', async () => {
    const scope = nock(API).get('/v2/status').replyWithError(socketError('ECONNREFUSED'));
    const { client } = harness({ retries: 0 });
    const error = await failure(client.get('/v2/status'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('cannot complete GET https://api.test/v2/status (ECONNREFUSED): is the server running, and is the base URL right?');
    expect(exitCodeFor(error)).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('snippet folds whitespace, strips scripts and tags, and caps the length', () => {
    expect(snippet('<p>a\n\n  b</p><script>alert(1)</script>')).toBe('"a b"');
    expect(snippet('   ')).toBe('(empty body)');
    expect(snippet('x'.repeat(500)).length).toBeLessThanOrEqual(162);
  });

  test('a base URL that is not http(s) is refused before any request', () => {
    expect(() => new ApiClient({ baseUrl: 'ftp://api.test' })).toThrow(/must start with http:\/\/ or https:\/\//);
    expect(() => new ApiClient({ baseUrl: 'api.test' })).toThrow(/is not a URL/);
    expectNothingSent();
  });
});
