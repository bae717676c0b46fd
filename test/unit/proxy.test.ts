// Which proxy a request goes through (HTTP_PROXY / HTTPS_PROXY / NO_PROXY, lowercase first), and
// credentials never sent in clear to a proxy that is not loopback.

import { describe, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { bypassed, proxyFor } from '../../src/api/proxy.js';
import { UsageError } from '../../src/errors.js';
import { expectNothingSent, useNock } from '../helpers/api.js';

useNock();

const at = (url: string) => new URL(url);

describe('proxyFor', () => {
  test('https uses HTTPS_PROXY, else HTTP_PROXY; http uses HTTP_PROXY only; lowercase first', () => {
    expect(proxyFor(at('https://a.example'), { HTTPS_PROXY: 'http://p1:1', HTTP_PROXY: 'http://p2:2' })?.host).toBe('p1:1');
    expect(proxyFor(at('https://a.example'), { HTTP_PROXY: 'http://p2:2' })?.host).toBe('p2:2');
    expect(proxyFor(at('http://a.example'), { HTTPS_PROXY: 'http://p1:1' })).toBeUndefined();
    expect(proxyFor(at('http://a.example'), { http_proxy: 'http://low:1', HTTP_PROXY: 'http://up:2' })?.host).toBe('low:1');
    expect(proxyFor(at('https://a.example'), { HTTPS_PROXY: 'p3:3128' })?.href).toBe('http://p3:3128/');
    expect(proxyFor(at('https://a.example'), {})).toBeUndefined();
  });

  test('an https:// or malformed proxy is a usage error naming the variable', () => {
    expect(() => proxyFor(at('https://a.example'), { HTTPS_PROXY: 'https://p:1' })).toThrow('HTTPS_PROXY: only http:// proxies are supported (got https://)');
    expect(() => proxyFor(at('http://a.example'), { HTTP_PROXY: 'http://[bad' })).toThrow(UsageError);
  });

  test.each([
    ['a.example', 'https://a.example', true],
    ['.example', 'https://a.example', true],
    ['*.example', 'https://b.a.example', true],
    ['example', 'https://example', true],
    ['xample', 'https://example', false],
    ['a.example:443', 'https://a.example', true],
    ['a.example:8443', 'https://a.example', false],
    ['a.example:80', 'http://a.example', true],
    ['127.0.0.1', 'http://127.0.0.1:8080', true],
    ['[::1]', 'http://[::1]:8080', true],
    ['*', 'https://anything.example', true],
    ['', 'https://a.example', false],
    ['other.example, a.example', 'https://a.example', true],
  ])('NO_PROXY=%j for %s → bypassed %s', (entry, url, expected) => {
    expect(bypassed(at(url), entry)).toBe(expected);
  });
});

describe('credentials through a proxy', () => {
  test('http:// to localhost through a proxy that is not loopback is refused: the token would cross the network in clear', async () => {
    const client = new ApiClient({ baseUrl: 'http://localhost:8080', auth: { getToken: async () => 't' }, env: { HTTP_PROXY: 'http://proxy.example:3128' } });
    await expect(client.request('GET', '/v1/events')).rejects.toThrow('refusing to send credentials over plain http:// to localhost:8080 through the proxy http://proxy.example:3128');
    expectNothingSent();
  });
});
