// HTTP_PROXY / HTTPS_PROXY / NO_PROXY (and lowercase) are honoured, against a
// local proxy that counts its connections; TLS through the tunnel and without it is verified.
// The TLS cases spawn bin/rentals.js: the certificate they trust (NODE_EXTRA_CA_CERTS) and the
// NODE_TLS_REJECT_UNAUTHORIZED they ignore are read by the node process itself.

import { describe, expect, test } from 'vitest';
import { countingProxy } from '../helpers/proxy.js';
import { TLS_CERT_PATH, bearerOf, recordingServer } from '../helpers/recording-server.js';
import { freshConfigDir, runBin, runRentals } from './harness.js';
import { rmSync } from 'node:fs';
import { onTestFinished } from 'vitest';

const TOKEN = 'proxy-test-token-0123456789';
const ok = () => ({ status: 200, body: { data: [] } });

function env(extra: Record<string, string>): Record<string, string> {
  const dir = freshConfigDir();
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return { RENTALS_TOKEN: TOKEN, RENTALS_CONFIG_DIR: dir, HOME: dir, RENTALS_RETRIES: '0', ...extra };
}

describe('proxies from the environment', () => {
  test('HTTPS_PROXY: https:// through a CONNECT tunnel (the host name resolves at the proxy), TLS verified inside', async () => {
    const server = await recordingServer(ok, { tls: true });
    const proxy = await countingProxy(server.port);
    const result = await runBin(['events', 'list'], {
      env: env({ HTTPS_PROXY: proxy.url, RENTALS_BASE_URL: 'https://api.test', NODE_EXTRA_CA_CERTS: TLS_CERT_PATH }),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(proxy.asked).toEqual(['CONNECT api.test:443']);
    expect(proxy.connections()).toBe(1);
    expect(server.received).toEqual([{ method: 'GET', path: '/v1/events', authorization: bearerOf(TOKEN) }]);
  });

  test('lowercase https_proxy wins over HTTPS_PROXY', async () => {
    const server = await recordingServer(ok, { tls: true });
    const proxy = await countingProxy(server.port);
    const result = await runBin(['events', 'list'], {
      env: env({ https_proxy: proxy.url, HTTPS_PROXY: 'http://127.0.0.1:9', RENTALS_BASE_URL: 'https://api.test', NODE_EXTRA_CA_CERTS: TLS_CERT_PATH }),
    });
    expect(result.code).toBe(0);
    expect(proxy.connections()).toBe(1);
  });

  test('HTTP_PROXY: http:// in absolute form through the proxy', async () => {
    const server = await recordingServer(ok);
    const proxy = await countingProxy(server.port);
    const base = `http://localhost:${server.port}`;
    const result = await runRentals(['events', 'list'], { env: env({ http_proxy: proxy.url, RENTALS_BASE_URL: base }) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(proxy.asked).toEqual([`GET ${base}/v1/events`]);
    expect(server.received).toEqual([{ method: 'GET', path: '/v1/events', authorization: bearerOf(TOKEN) }]);
  });

  test('HTTP_PROXY with a base URL holding user:pass@: refused before anything is sent, so neither the proxy nor the server sees it', async () => {
    const server = await recordingServer(ok);
    const proxy = await countingProxy(server.port);
    const result = await runRentals(['events', 'list'], { env: env({ http_proxy: proxy.url, RENTALS_BASE_URL: `http://user:secret@localhost:${server.port}` }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`(got "http://***@localhost:${server.port}")`);
    expect(result.stderr).not.toContain('secret');
    expect(proxy.asked).toEqual([]);
    expect(server.received).toEqual([]);
  });

  test.each(['localhost', '.localhost', `localhost:PORT`, '*'])('NO_PROXY=%s: a direct connection, the proxy sees nothing', async (entry) => {
    const server = await recordingServer(ok, { tls: true });
    const proxy = await countingProxy(server.port);
    const result = await runBin(['events', 'list'], {
      env: env({
        HTTPS_PROXY: proxy.url,
        NO_PROXY: `example.org, ${entry.replace('PORT', String(server.port))}`,
        RENTALS_BASE_URL: `https://localhost:${server.port}`,
        NODE_EXTRA_CA_CERTS: TLS_CERT_PATH,
      }),
    });
    expect(result.code).toBe(0);
    expect(proxy.connections()).toBe(0);
    expect(server.received).toHaveLength(1);
  });

  test('a NO_PROXY entry for another host or port does not bypass', async () => {
    const server = await recordingServer(ok, { tls: true });
    const proxy = await countingProxy(server.port);
    const result = await runBin(['events', 'list'], {
      env: env({ HTTPS_PROXY: proxy.url, no_proxy: 'localhost:1,example.org', RENTALS_BASE_URL: `https://localhost:${server.port}`, NODE_EXTRA_CA_CERTS: TLS_CERT_PATH }),
    });
    expect(result.code).toBe(0);
    expect(proxy.asked).toEqual([`CONNECT localhost:${server.port}`]);
  });

  test('a proxy that is down: exit 5, the message names the proxy', async () => {
    const result = await runRentals(['events', 'list'], { env: env({ HTTPS_PROXY: 'http://127.0.0.1:9', RENTALS_BASE_URL: 'https://api.test' }) });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('error: cannot complete GET https://api.test/v1/events (through the proxy http://127.0.0.1:9) (ECONNREFUSED)');
  });
});

describe('TLS is always verified', () => {
  test('a self-signed certificate is refused even with NODE_TLS_REJECT_UNAUTHORIZED=0; nothing reaches the server', async () => {
    const server = await recordingServer(ok, { tls: true });
    const result = await runBin(['events', 'list'], { env: env({ RENTALS_BASE_URL: server.url, NODE_TLS_REJECT_UNAUTHORIZED: '0' }) });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain("the server's TLS certificate could not be verified");
    expect(server.received).toEqual([]);
  });

  test('through a proxy too', async () => {
    const server = await recordingServer(ok, { tls: true });
    const proxy = await countingProxy(server.port);
    const result = await runBin(['events', 'list'], { env: env({ HTTPS_PROXY: proxy.url, RENTALS_BASE_URL: 'https://api.test', NODE_TLS_REJECT_UNAUTHORIZED: '0' }) });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain("the server's TLS certificate could not be verified");
    expect(server.received).toEqual([]);
  });
});
