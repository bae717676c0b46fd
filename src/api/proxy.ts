// HTTP_PROXY / HTTPS_PROXY / NO_PROXY (lowercase first, as undici's EnvHttpProxyAgent and curl
// read them). With no proxy variable set nothing here loads and the transport is unchanged.
//
// Through a proxy, an http:// target is asked for in absolute form (`GET http://host/path`) and
// an https:// target through a CONNECT tunnel, with TLS to the target inside it (verified: the
// proxy sees only the host name). Only http:// proxies are supported.

import type { Agent, ClientRequest, RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import { UsageError } from '../errors.js';

type Env = Record<string, string | undefined>;

/** The proxy for `target`, or undefined for a direct connection. */
export function proxyFor(target: URL, env: Env): URL | undefined {
  const httpProxy = env.http_proxy || env.HTTP_PROXY;
  const chosen = target.protocol === 'https:' ? env.https_proxy || env.HTTPS_PROXY || httpProxy : httpProxy;
  if (!chosen || bypassed(target, env.no_proxy ?? env.NO_PROXY ?? '')) return undefined;
  return parseProxyUrl(chosen, target.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY');
}

/** NO_PROXY: `*`, or host names (a leading `.` or `*.` for a domain and its subdomains), optionally with `:port`. */
export function bypassed(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const match = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(entry);
    if (!match) continue;
    const name = (match[1] ?? match[2] ?? '').replace(/^\*?\./, '');
    if (match[3] !== undefined && match[3] !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

function parseProxyUrl(value: string, variable: string): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw new UsageError(`${variable} is not a URL (got ${JSON.stringify(value)}); expected e.g. http://proxy.example:3128`);
  }
  if (url.protocol !== 'http:') throw new UsageError(`${variable}: only http:// proxies are supported (got ${url.protocol}//)`);
  return url;
}

/** `Proxy-Authorization` from the proxy URL's user and password, when it has them. */
export function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username && !proxy.password) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}

/** The proxy as shown in messages: no user or password. */
export function proxyLabel(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

type HttpModule = typeof import('node:http');
type CreateConnection = (options: RequestOptions & { servername?: string }, done: (error: Error | null, socket?: Socket) => void) => void;

/** An https Agent (keep-alive, pooled) whose sockets are TLS inside a CONNECT tunnel through `proxy`. */
export async function tunnelAgent(proxy: URL, options: { keepAlive: boolean; maxSockets: number }): Promise<Agent> {
  const [https, http, tls] = await Promise.all([import('node:https'), import('node:http') as Promise<HttpModule>, import('node:tls')]);
  const agent = new https.Agent({ ...options, rejectUnauthorized: true });
  const createConnection: CreateConnection = (target, done) => {
    const host = String(target.host ?? target.hostname ?? 'localhost');
    const authority = `${host.includes(':') ? `[${host}]` : host}:${target.port ?? 443}`;
    const connect: ClientRequest = http.request({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: proxy.port || 80,
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...proxyAuthorization(proxy) },
      agent: false,
    });
    connect.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        return done(Object.assign(new Error(`the proxy ${proxyLabel(proxy)} answered CONNECT with HTTP ${res.statusCode}`), { code: 'EPROXY' }));
      }
      const secure = tls.connect({
        socket,
        servername: target.servername || (/^[\d.]+$|:/.test(host) ? undefined : host),
        rejectUnauthorized: true,
        ALPNProtocols: ['http/1.1'],
      });
      done(null, secure);
    });
    connect.once('error', (error) => done(error));
    connect.end();
  };
  (agent as unknown as { createConnection: CreateConnection }).createConnection = createConnection;
  return agent;
}
