// The one thin HTTP client: auth header, timeouts, retries, keep-alive and error mapping live here.
//
// Transport: node:http / node:https with a keep-alive Agent. Measured on Node 20 for a one-shot GET,
// node:http is the startup floor, undici.request costs ~6 ms more from a bundle and global fetch
// ~90 ms on its first call; and nock (our HTTP test double) intercepts node:http but not
// undici.request. A CLI started thousands of times by scripts wants the floor, and the tests want
// to mock at this boundary, so node:http it is. (undici serves as the raw HTTP client of the
// sandbox tests and the benchmark, where its pipelining control is useful.)

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  ApiError,
  AuthError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  ProtocolError,
  TimeoutError,
  UsageError,
} from '../errors.js';
import { isObject } from '../common/objects.js';
import { stripControl } from '../common/sanitize.js';
import { truncate } from '../common/text.js';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../config/settings-table.js';
import { type DataPiece, parseDataEnvelope } from './data-envelope.js';
import { proxyAuthorization, proxyFor, proxyLabel, tunnelAgent } from './proxy.js';

/** The api modules take the object check from here (it lives in src/common). */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

export interface TokenProvider {
  /** The access token to send (raw, not base64). */
  getToken(): Promise<string>;
  /** Called once after a 401: a fresh token, or undefined when none can be had. */
  refresh?(): Promise<string | undefined>;
  /** A token the user gave (RENTALS_TOKEN, --token-file): a 401 names where it came from. */
  explicit?: boolean;
  /** Where the token came from, for messages: `RENTALS_TOKEN`, `--token-file t.txt`. */
  origin?: string;
}

export interface RequestLogEntry {
  method: string;
  url: string;
  status?: number;
  ms: number;
  attempt: number;
  error?: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  responseHeaders?: IncomingHttpHeaders;
  responseBody?: string;
}

export interface ClientOptions {
  baseUrl: string;
  auth?: TokenProvider;
  /** Per attempt, in milliseconds. */
  timeoutMs?: number;
  /** Retries after the first attempt, for retryable methods and failures. */
  retries?: number;
  userAgent?: string;
  /** Called after each attempt (for --verbose / --debug). Bodies and headers are only filled with `debug`. */
  log?: (entry: RequestLogEntry) => void;
  /** A one-line note for the user (stderr), e.g. a retried DELETE counted as done. */
  notice?: (message: string) => void;
  debug?: boolean;
  /** The environment to read HTTP_PROXY / HTTPS_PROXY / NO_PROXY from (none: direct connections). */
  env?: Record<string, string | undefined>;
  /** Send credentials over plain http:// to a host that is not loopback (the profile opted in). */
  allowInsecureHttp?: boolean;
  /** Sockets per origin; the bulk runner raises it to its concurrency. */
  maxSockets?: number;
  /** Answers larger than this are refused (default MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface RequestOptions {
  body?: unknown;
  /** Extra headers (e.g. Basic auth for /authorize); replaces the bearer header when it sets authorization. */
  headers?: Record<string, string>;
  /** Override the retry rule for this call (the rule: GET, PUT, DELETE yes; POST never). */
  retry?: boolean;
  /** What a 2xx body must look like: `data` → `{ data: [...] }`, `id` → `{ id }`, `json` → any JSON, `any` → anything. */
  expect?: 'data' | 'id' | 'json' | 'any';
  /** Skip the Authorization header (for /authorize). */
  anonymous?: boolean;
}

export interface ApiResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or undefined when the body was empty or not JSON (`expect: 'any'`). */
  body: unknown;
  /** The body exactly as received (one buffer; no second copy is kept). */
  bytes: Buffer;
  /** The body decoded as UTF-8 (decoded on each access: large bodies are not held twice). */
  readonly text: string;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
/** A 500 is retried only where a repeat cannot change anything: reads. */
const RETRYABLE_READ_STATUS = new Set([500]);
const READ_METHODS = new Set<string>(['GET', 'HEAD']);
const RETRYABLE_METHODS = new Set<string>(['GET', 'HEAD', 'PUT', 'DELETE']);
const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 8_000;
const RETRY_AFTER_CAP_MS = 60_000;
/** Lists at least this large are parsed record by record from the bytes (see data-envelope.ts). */
const RECORD_BY_RECORD_BYTES = 4 * 1024 * 1024;
/**
 * Larger answers are refused rather than buffered. 500 MiB holds ~400,000 events and stays below
 * V8's longest string (2^29 - 24 characters), so any answer can still be decoded whole.
 */
export const MAX_RESPONSE_BYTES = 500 * 1024 * 1024;

type HttpModule = typeof import('node:http');
type Agent = import('node:http').Agent;

export function bearer(token: string): string {
  return `bearer ${Buffer.from(token, 'utf8').toString('base64')}`;
}

function ignoreLogEntry(): void {}

/** Path characters that a URL parse and the pathname setter leave alike (no %, #, \\, spaces or non-ASCII). */
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;

/** A URL for messages and logs: never the userinfo (`user:pass@`) a base URL may carry. */
function displayUrl(url: URL): string {
  if (!url.username && !url.password) return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const name = k.toLowerCase();
    if (name === 'authorization' || name === 'proxy-authorization') out[k] = `${v.split(' ')[0]} [redacted]`;
    else out[k] = SECRET_HEADERS.has(name) ? '[redacted]' : v;
  }
  return out;
}

export class ApiClient {
  readonly baseUrl: URL;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly userAgent: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private agent?: Agent;
  private http?: HttpModule;
  /** The proxy every request goes through (from the environment), if any. */
  readonly proxy: URL | undefined;

  /** The base URL's path without its trailing slashes: what every request path goes under. */
  private readonly basePath: string;
  /** No userinfo in the base URL: a request URL is its origin and path. */
  private readonly plainBase: boolean;
  /** Whether credentials may go to this base URL (checked once: the base and proxy never change). */
  private transportChecked = false;
  /** The last token and its Authorization header (base64 once, not per request). */
  private authorization?: { token: string; header: string };

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    this.basePath = this.baseUrl.pathname.replace(/\/+$/, '');
    this.plainBase = !this.baseUrl.username && !this.baseUrl.password;
    this.proxy = options.env ? proxyFor(this.baseUrl, options.env) : undefined;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
    this.userAgent = options.userAgent ?? `rentals/${typeof __RENTALS_VERSION__ === 'string' ? __RENTALS_VERSION__ : 'dev'}`;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
  }

  /** The absolute URL of an API path such as `/v1/events`. */
  url(path: string): URL {
    const [pathname, search] = path.split('?', 2) as [string, string | undefined];
    const full = `${this.basePath}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
    // One parse of the whole string (a bulk run makes tens of thousands): the same URL as setting
    // the parts, for a base without userinfo and a path of plain characters.
    if (this.plainBase && PLAIN_PATH.test(full) && (search === undefined || PLAIN_PATH.test(search))) {
      return new URL(search ? `${this.baseUrl.origin}${full}?${search}` : `${this.baseUrl.origin}${full}`);
    }
    const url = new URL(this.baseUrl.href);
    url.pathname = full;
    url.search = search ? `?${search}` : '';
    return url;
  }

  // Not async: the exchange's own promise, without another one around it (a bulk run makes tens of thousands).
  request(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    return this.exchange(method, path, options, false);
  }

  /**
   * GET a `{ data: [...] }` list as the pieces of its body, parsed as the bytes arrive and read
   * only as fast as the caller takes them (back-pressure). Statuses, retries and the size cap are
   * those of `request`; once the body flows, a failure is not retried (what was taken so far may
   * be printed already), and the timeout is per wait for the next chunk, not for the whole body.
   */
  async *streamData(path: string): AsyncGenerator<DataPiece> {
    const response = await this.exchange('GET', path, { expect: 'data' }, true);
    const where = `GET ${this.url(path).pathname}`;
    const limit = this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    const { readDataPieces } = await import('./data-stream.js');
    yield* readDataPieces(response.stream!, {
      where: `${where} (HTTP ${response.status})`,
      timeoutMs: this.timeoutMs,
      limit,
      tooLarge: () => new ProtocolError(`the answer to ${where} is larger than ${formatBytes(limit)}; refused`),
      failure: (error) => networkError('GET', this.url(path), error, true, this.proxy),
      excerpt: (text) => snippet(text),
      timeout: () => new TimeoutError(`${where} timed out after ${this.timeoutMs} ms waiting for more of the list (raise it with --timeout)`, 'ETIMEDOUT', true),
    });
  }

  private async exchange(method: HttpMethod, path: string, options: RequestOptions, stream: boolean): Promise<ApiResponse & { stream?: IncomingMessage }> {
    const url = this.url(path);
    const retryable = options.retry ?? RETRYABLE_METHODS.has(method);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    let refreshed = false;
    /** Why an earlier attempt may have been applied although it did not succeed (for DELETE's 404). */
    let mayHaveApplied: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const headers = await this.headers(payload, options);
      let response: RawResponse;
      try {
        response = await this.send(method, url, headers, payload, attempt, stream);
      } catch (error) {
        if (retryable && error instanceof NetworkError && attempt <= this.retries) {
          if (error.requestSent) mayHaveApplied = error.code ?? 'a network error';
          await this.sleep(this.backoff(attempt));
          continue;
        }
        // The last attempt never reached the server, but an earlier one did: the outcome is still unknown.
        if (error instanceof NetworkError && !error.requestSent && mayHaveApplied !== undefined && !READ_METHODS.has(method)) {
          throw new NetworkError(`${error.message}; an earlier attempt failed (${mayHaveApplied}) after it was sent${MAY_HAVE_BEEN_APPLIED}`, error.code, true);
        }
        throw error;
      }
      const { status } = response;
      if (status === 404 && method === 'DELETE' && mayHaveApplied !== undefined) {
        this.options.notice?.(
          `note: DELETE ${url.pathname}: an earlier attempt failed (${mayHaveApplied}) after it was sent, and the retry found it gone (404): counted as deleted`,
        );
        return respond(status, response.headers, Buffer.alloc(0), undefined);
      }
      if (status === 401 && !options.anonymous && !refreshed && this.options.auth?.refresh) {
        refreshed = true;
        const fresh = await this.options.auth.refresh();
        if (fresh !== undefined) {
          attempt--; // a token refresh is not a retry
          continue;
        }
      }
      const wait = retryAfterMs(response.headers['retry-after']);
      const retryableStatus = RETRYABLE_STATUS.has(status) || (READ_METHODS.has(method) && RETRYABLE_READ_STATUS.has(status));
      if (retryable && retryableStatus && attempt <= this.retries) {
        if (wait === undefined || wait <= RETRY_AFTER_CAP_MS) {
          // A gateway's 502/504 says nothing of whether the server behind it applied the request.
          if (status === 502 || status === 504) mayHaveApplied = `HTTP ${status}`;
          await this.sleep(wait ?? this.backoff(attempt));
          continue;
        }
      }
      return interpret(method, url, response, options.expect ?? 'json', wait, options.anonymous ? undefined : this.options.auth);
    }
  }

  get(path: string, options?: RequestOptions): Promise<ApiResponse> {
    return this.request('GET', path, { expect: 'data', ...options });
  }

  /** What a request would look like (for --dry-run): its URL and headers, secrets redacted. */
  async describe(_method: HttpMethod, path: string, body?: unknown): Promise<{ url: string; headers: Record<string, string> }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = await this.headers(payload, { anonymous: !this.options.auth }, false);
    if (!headers.authorization) headers.authorization = bearer('token');
    return { url: displayUrl(this.url(path)), headers: redactHeaders(headers) };
  }

  /** Closes idle keep-alive sockets so the process can exit at once. */
  close(): void {
    this.agent?.destroy();
  }

  /** Exponential backoff with jitter: a random wait in [ceiling/2, ceiling], ceiling = min(cap, base·2^(attempt-1)). */
  backoff(attempt: number): number {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  private async headers(payload: string | undefined, options: RequestOptions, sending = true): Promise<Record<string, string>> {
    const carriesSecret = (!options.anonymous && this.options.auth !== undefined) || options.headers?.authorization !== undefined;
    if (sending && carriesSecret && !this.options.allowInsecureHttp && !this.transportChecked) {
      refuseInsecureHttp(this.baseUrl, this.proxy);
      this.transportChecked = true;
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.userAgent,
    };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (!options.anonymous && this.options.auth) headers.authorization = this.bearerOf(await this.options.auth.getToken());
    return options.headers === undefined ? headers : { ...headers, ...lowerKeys(options.headers) };
  }

  private bearerOf(token: string): string {
    if (this.authorization?.token !== token) this.authorization = { token, header: bearer(token) };
    return this.authorization.header;
  }

  private async transport(url: URL): Promise<{ http: HttpModule; agent: Agent }> {
    if (!this.http) {
      const https = url.protocol === 'https:';
      const pool = { keepAlive: true, maxSockets: this.options.maxSockets ?? 16 };
      this.http = (https ? await import('node:https') : await import('node:http')) as HttpModule;
      // TLS is always verified: an explicit rejectUnauthorized outranks NODE_TLS_REJECT_UNAUTHORIZED=0.
      if (https && this.proxy) this.agent = await tunnelAgent(this.proxy, pool);
      else {
        const agentOptions: import('node:https').AgentOptions = https ? { ...pool, rejectUnauthorized: true } : pool;
        this.agent = new this.http.Agent(agentOptions);
      }
    }
    return { http: this.http, agent: this.agent! };
  }

  /** Where the request goes: the target itself, or for http:// through a proxy, the proxy with the absolute URL as path. */
  private requestOptions(url: URL, method: string, headers: Record<string, string>, agent: Agent): import('node:http').RequestOptions {
    if (!this.proxy || url.protocol !== 'http:') {
      // The URL's parts given directly, as node would take them from it (no auth: plainBase).
      if (!this.plainBase || url.host !== this.baseUrl.host) return { method, headers, agent };
      return { protocol: url.protocol, hostname: url.hostname.replace(/^\[|\]$/g, ''), port: url.port, path: `${url.pathname}${url.search}`, method, headers, agent };
    }
    return {
      protocol: 'http:',
      host: this.proxy.hostname.replace(/^\[|\]$/g, ''),
      port: this.proxy.port || 80,
      path: url.href,
      method,
      headers: { ...headers, host: url.host, ...proxyAuthorization(this.proxy) },
      agent,
    };
  }

  private async send(
    method: string,
    url: URL,
    headers: Record<string, string>,
    payload: string | undefined,
    attempt: number,
    stream = false,
  ): Promise<RawResponse> {
    const { http, agent } = this.http ? { http: this.http, agent: this.agent! } : await this.transport(url);
    // Date.now, not performance.now: the first call of the latter loads perf_hooks (~0.5 ms of every
    // start), and the log shows whole milliseconds anyway.
    const started = Date.now();
    const sink = this.options.log;
    const log = !sink
      ? ignoreLogEntry
      : (entry: Partial<RequestLogEntry>): void => {
          const debug = this.options.debug === true;
          sink({
            method,
            url: displayUrl(url),
            ms: Date.now() - started,
            attempt,
            ...(debug ? { requestHeaders: redactHeaders(headers), requestBody: payload } : {}),
            ...entry,
            ...(debug ? {} : { responseHeaders: undefined, responseBody: undefined }),
          });
        };
    return new Promise<RawResponse>((resolve, reject) => {
      let sent = false;
      let settled = false;
      const fail = (error: NetworkError): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        log({ error: error.message });
        reject(error);
      };
      const target = this.requestOptions(url, method, headers, agent);
      const req = target.path !== undefined ? http.request(target) : http.request(url, target);
      const timer = setTimeout(() => {
        const error = new TimeoutError(
          `${method} ${displayUrl(url)} timed out after ${this.timeoutMs} ms (raise it with --timeout)${mayHaveBeenApplied(method, sent)}`,
          'ETIMEDOUT',
          sent,
        );
        fail(error);
        req.destroy(error);
      }, this.timeoutMs);
      req.on('finish', () => {
        sent = true;
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof NetworkError) return fail(error);
        fail(networkError(method, url, error, sent, this.proxy));
      });
      req.on('response', (res: IncomingMessage) => {
        const limit = this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
        const refuse = (): void => {
          settled = true;
          clearTimeout(timer);
          req.destroy();
          reject(new ProtocolError(`the answer to ${method} ${url.pathname} is larger than ${formatBytes(limit)}; refused`));
        };
        const declared = Number(res.headers['content-length']);
        if (declared > limit) return refuse();
        const status = res.statusCode ?? 0;
        if (stream && status >= 200 && status < 300) {
          // The body is the caller's to read (data-stream.ts), at its own pace.
          settled = true;
          clearTimeout(timer);
          res.on('error', () => undefined); // read by the caller's iterator, which reports it
          log({ status, responseHeaders: res.headers });
          return resolve({ status, headers: res.headers, bytes: Buffer.alloc(0), stream: res });
        }
        const body = new BodyBuffer(Number.isSafeInteger(declared) && declared > 0 ? declared : undefined);
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          if (body.size + chunk.length > limit) return refuse();
          body.push(chunk);
        });
        res.on('error', (error: NodeJS.ErrnoException) => fail(networkError(method, url, error, true, this.proxy)));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const bytes = body.take();
          log({ status: res.statusCode, responseHeaders: res.headers, responseBody: this.options.debug ? bytes.toString('utf8') : undefined });
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes });
        });
      });
      req.end(payload);
    });
  }
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  /** A 2xx body left unread for the caller (streamData). */
  stream?: IncomingMessage;
}

/**
 * A body collected into one buffer: preallocated when Content-Length is known (each chunk copied
 * in and dropped), else chunks joined once at the end. Either way one copy survives, never several.
 */
class BodyBuffer {
  size = 0;
  private chunks: Buffer[] = [];
  private target: Buffer | undefined;

  constructor(private readonly declared: number | undefined) {}

  push(chunk: Buffer): void {
    if (this.declared !== undefined && this.size + chunk.length <= this.declared) {
      this.target ??= Buffer.allocUnsafe(this.declared);
      chunk.copy(this.target, this.size);
    } else {
      if (this.target) {
        this.chunks.push(this.target.subarray(0, this.size));
        this.target = undefined;
      }
      this.chunks.push(chunk);
    }
    this.size += chunk.length;
  }

  take(): Buffer {
    if (this.target) return this.target.subarray(0, this.size);
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
  }
}

/** A class, not a literal with a getter: one shape for every answer (a bulk run makes tens of thousands). */
class Answer implements ApiResponse {
  constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    readonly bytes: Buffer,
    readonly body: unknown,
  ) {}

  get text(): string {
    return this.bytes.toString('utf8');
  }
}

function respond(status: number, headers: IncomingHttpHeaders, bytes: Buffer, body: unknown): ApiResponse {
  return new Answer(status, headers, bytes, body);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves the machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Fails (exit 2) when credentials would cross the network in clear to this base URL. */
export function assertSafeTransport(baseUrl: string, env?: Record<string, string | undefined>): void {
  const url = parseBaseUrl(baseUrl);
  refuseInsecureHttp(url, env ? proxyFor(url, env) : undefined);
}

/**
 * Credentials never cross the network in clear unless the profile opted in. Through a proxy, an
 * http:// request travels in clear to the proxy too, so both must be loopback.
 */
function refuseInsecureHttp(url: URL, proxy?: URL): void {
  if (url.protocol !== 'http:' || (isLoopback(url.hostname) && (!proxy || isLoopback(proxy.hostname)))) return;
  throw new UsageError(
    `refusing to send credentials over plain http:// to ${url.host}${proxy ? ` through the proxy ${proxyLabel(proxy)}` : ''}: anyone on the network could read them. ` +
      'Use an https:// base URL, or, for a server you trust on a network you trust, opt in for the profile: ' +
      `rentals auth login --base-url ${displayUrl(url).replace(/\/$/, '')} --insecure-http …`,
  );
}

function parseBaseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`the base URL ${JSON.stringify(value)} is not a URL (expected e.g. https://api.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`the base URL must start with http:// or https:// (got ${url.protocol})`);
  }
  return url;
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS_CERT|ERR_SSL)/;

function networkError(method: string, url: URL, error: NodeJS.ErrnoException, sent: boolean, proxy?: URL): NetworkError {
  const code = error.code ?? 'ERROR';
  const hints: Record<string, string> = {
    ECONNREFUSED: 'is the server running, and is the base URL right?',
    ENOTFOUND: 'the host name does not resolve; check the base URL',
    EAI_AGAIN: 'the host name could not be resolved right now',
    ECONNRESET: 'the connection was reset by the server',
    EPIPE: 'the connection was closed by the server',
  };
  let hint = hints[code] ? `: ${hints[code]}` : '';
  if (TLS_CODES.test(code)) hint = `: the server's TLS certificate could not be verified (${stripControl(error.message)}); rentals always verifies it`;
  if (code === 'EPROXY') hint = `: ${stripControl(error.message)}`;
  const via = proxy ? ` (through the proxy ${proxyLabel(proxy)})` : '';
  return new NetworkError(`cannot complete ${method} ${url.origin}${url.pathname}${via} (${code})${hint}${mayHaveBeenApplied(method, sent)}`, code, sent);
}

/** What an error of a write that reached the server adds: its outcome is unknown. */
const MAY_HAVE_BEEN_APPLIED = '; the request was sent and may have been applied: check (e.g. with list) before repeating it';

/** For a write that reached the server (POST; PUT or DELETE once its retries are spent): its outcome is unknown. */
function mayHaveBeenApplied(method: string, sent: boolean): string {
  return sent && !READ_METHODS.has(method) ? MAY_HAVE_BEEN_APPLIED : '';
}

/** Retry-After: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function interpret(
  method: string,
  url: URL,
  response: RawResponse,
  expect: NonNullable<RequestOptions['expect']>,
  retryAfter: number | undefined,
  auth: TokenProvider | undefined,
): ApiResponse & { stream?: IncomingMessage } {
  const { status, headers, bytes } = response;
  if (response.stream) return Object.assign(respond(status, headers, bytes, undefined), { stream: response.stream });
  const where = `${method} ${url.pathname}`;
  if (expect === 'data' && status >= 200 && status < 300 && bytes.length >= RECORD_BY_RECORD_BYTES) {
    const parsed = parseDataEnvelope(bytes);
    if (parsed) return respond(status, headers, bytes, parsed.envelope);
  }
  // Decoded once here; the string is not kept (ApiResponse.text decodes again on demand).
  const text = bytes.toString('utf8');
  const parsed = parseJson(text);
  if (status >= 300 && status < 400) {
    const location = typeof headers.location === 'string' ? ` to ${stripControl(headers.location)}` : '';
    throw new ApiError(`${where}: HTTP ${status} redirect${location}; redirects are not followed: check the base URL`, status);
  }
  if (status < 200 || status >= 300) {
    let error = errorForStatus(where, status, text, parsed, auth);
    if (status >= 500 && !READ_METHODS.has(method) && error instanceof ApiError) {
      error = new OutcomeUnknownError(`${error.message}${MAY_HAVE_BEEN_APPLIED}`, status, error.body);
    }
    if (retryAfter !== undefined && RETRYABLE_STATUS.has(status)) {
      error.message += `
The server asked to retry after ${Math.ceil(retryAfter / 1000)} s.`;
    }
    throw error;
  }
  if (expect === 'any') return respond(status, headers, bytes, parsed.ok ? parsed.value : undefined);
  if (text.trim() === '' && expect === 'id') return respond(status, headers, bytes, undefined);
  if (!parsed.ok) {
    throw new ProtocolError(`the server's answer to ${where} (HTTP ${status}) is not JSON: ${snippet(text)}`);
  }
  const body = parsed.value;
  if (expect === 'data') {
    const data = isObject(body) ? body.data : undefined;
    if (!Array.isArray(data)) {
      throw new ProtocolError(`the server's answer to ${where} (HTTP ${status}) has no "data" array: ${snippet(text)}`);
    }
    if (!data.every(isObject)) {
      throw new ProtocolError(`the server's answer to ${where} (HTTP ${status}) has a "data" entry that is not an object`);
    }
  }
  return respond(status, headers, bytes, body);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The message of a JSON error body, in the shapes servers commonly use; with field details. */
function errorMessageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (!isObject(body)) return undefined;
  const error = body.error;
  const inner = isObject(error) ? error : body;
  let message: string | undefined;
  if (typeof inner.message === 'string') message = inner.message;
  else if (typeof error === 'string') message = error;
  else if (typeof body.error_description === 'string') message = body.error_description;
  else if (typeof body.title === 'string') message = body.title;
  else if (Array.isArray(body.errors) && isObject(body.errors[0]) && typeof body.errors[0].message === 'string') {
    message = body.errors.map((e) => (isObject(e) ? String(e.message) : String(e))).join('; ');
  }
  const fields = Array.isArray(inner.fields) ? inner.fields.filter(isObject) : [];
  if (fields.length > 0) {
    const details = fields.map((f) => `${String(f.field)}: ${String(f.message)}`).join('; ');
    message = message ? `${message} (${details})` : details;
  }
  return message;
}

export function errorForStatus(
  where: string,
  status: number,
  text: string,
  parsed: { ok: boolean; value?: unknown },
  auth: TokenProvider | undefined,
): Error {
  const label = `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}`;
  const fromJsonRaw = parsed.ok ? errorMessageFromBody(parsed.value) : undefined;
  const fromJson = fromJsonRaw === undefined ? undefined : stripControl(fromJsonRaw);
  const detail = fromJson ?? (text.trim() ? snippet(text) : 'no body');
  const message = `${where}: ${label}: ${detail}`;
  const body = parsed.ok ? parsed.value : text;
  if (status === 401) {
    const hint = auth?.explicit
      ? `The access token from ${auth.origin ?? 'the environment'} was refused. A token given explicitly is used as given, never renewed: check it with \`rentals auth status --check\`.`
      : 'The access token was refused; check it with `rentals auth status --check` or log in again with `rentals auth login`.';
    return new AuthError(`${message}\n${hint}`, status);
  }
  if (status === 403) return new AuthError(`${message}\nThe token is not allowed to do this.`, status);
  if (status === 404) return new NotFoundError(message, status, body);
  return new ApiError(message, status, body);
}

/** A short, single-line excerpt of a body: tags stripped, whitespace folded. */
export function snippet(text: string, max = 160): string {
  const folded = stripControl(text)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (folded === '') return '(empty body)';
  return JSON.stringify(truncate(folded, max));
}
