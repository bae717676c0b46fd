// Bearer tokens on every request, /authorize with Basic client credentials, token expiry.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, TOKEN, openSandbox } from './helpers.js';

let clock = Date.UTC(2025, 5, 1);
let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let call: Caller;

beforeAll(async () => {
  sandbox = await openSandbox({ clientId: 'demo-client', clientSecret: 's3cret', tokenTtlSeconds: 60, now: () => clock });
  call = sandbox.call;
});
afterAll(() => sandbox.close());

const b64 = (text: string) => Buffer.from(text).toString('base64');
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('bearer', () => {
  it('accepts the fixed token, scheme word in any case', async () => {
    for (const scheme of ['bearer', 'Bearer', 'BEARER']) {
      const response = await call('GET', '/v1/rentalblocks', {
        headers: { authorization: `${scheme} ${Buffer.from(TOKEN).toString('base64')}` },
      });
      expect(response.status).toBe(200);
    }
  });

  it.each([
    ['no header', null, undefined, /^missing Authorization header/],
    ['a wrong token', 'nope', undefined, /^the access token is not valid$/],
    ['another scheme', null, `Token ${TOKEN}`, /must use the bearer scheme/],
    ['a token that is not base64-encoded', null, `bearer ${TOKEN}`, /must be base64-encoded/],
    ['junk around the base64', null, `bearer !!${b64(TOKEN)}!!`, /must be base64-encoded/],
    ['junk after the padding', null, `bearer ${b64(TOKEN)}xx`, /must be base64-encoded/],
    ['junk inside the base64', null, `bearer ${b64(TOKEN).slice(0, 4)}.${b64(TOKEN).slice(4)}`, /must be base64-encoded/],
    ['base64 without its padding', null, `bearer ${b64(TOKEN).replace(/=+$/, '')}`, /must be base64-encoded/],
  ])('401 for %s', async (_case, token, header, message) => {
    const response = await call('GET', '/v1/inventory', { token, headers: header ? { authorization: header } : {} });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="rentals sandbox"');
    expect(response.json.error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(response.json.error.message).toMatch(message);
  });

  it('is checked before the body and ids are looked at', async () => {
    expect((await call('POST', '/v1/inventory', { token: null, rawBody: 'not json' })).status).toBe(401);
    expect((await call('GET', '/v1/inventory/abc', { token: null })).status).toBe(401);
  });

  it('the fixed token never expires', async () => {
    clock += 365 * 24 * 3600 * 1000;
    expect((await call('GET', '/v2/status')).status).toBe(200);
  });
});

describe('/authorize', () => {
  it('issues a bearer token for the client credentials, which expires after the TTL', async () => {
    const grant = await call('GET', '/authorize', { headers: { authorization: basic('demo-client', 's3cret') } });
    expect(grant.status).toBe(200);
    expect(grant.json).toEqual({
      access_token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      token_type: 'bearer',
      expires_in: 60,
      refresh_token: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const token = grant.json.access_token;
    expect((await call('GET', '/v1/events', { token })).status).toBe(200);
    clock += 59_000;
    expect((await call('GET', '/v1/events', { token })).status).toBe(200);
    clock += 1_000;
    const expired = await call('GET', '/v1/events', { token });
    expect(expired.status).toBe(401);
    expect(expired.json.error.message).toMatch(/has expired/);
  });

  it.each([
    ['a wrong secret', basic('demo-client', 'wrong')],
    ['a wrong client id', basic('other', 's3cret')],
    ['no colon', `Basic ${Buffer.from('demo-client').toString('base64')}`],
    ['a bearer header', `bearer ${Buffer.from(TOKEN).toString('base64')}`],
    ['junk around the base64', `Basic ~${b64('demo-client:s3cret')}~`],
  ])('401 for %s', async (_case, header) => {
    const response = await call('GET', '/authorize', { headers: { authorization: header } });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="rentals sandbox"');
    expect(response.json.error.code).toBe('unauthorized');
  });

  it('401 without credentials', async () => {
    expect((await call('GET', '/authorize', { token: null })).status).toBe(401);
  });
});
