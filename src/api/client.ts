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
  ProtocolError,
  TimeoutError,
  UsageError,
} from '../errors.js';
import { isObject } from '../common/objects.js';
import { stripControl } from '../common/sanitize.js';
import { truncate } from '../common/text.js';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../config/settings-table.js';

/** The api modules take the object check from here (it lives in src/common). */
export { isObject };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

export interface TokenProvider {
  /** The access token to send (raw, not base64). */
  getToken(): Promise<string>;
  /** Called once after a 401: a fresh token, or undefined when none can be had. */
  refresh?(): Promise<string | undefined>;
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
  debug?: boolean;
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
  text: string;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const RETRYABLE_METHODS = new Set<string>(['GET', 'HEAD', 'PUT', 'DELETE']);
const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 8_000;
const RETRY_AFTER_CAP_MS = 60_000;
/** Larger answers are refused rather than buffered: no list of this API comes near it. */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

type HttpModule = typeof import('node:http');
type Agent = import('node:http').Agent;

export function bearer(token: string): string {
  return `bearer ${Buffer.from(token, 'utf8').toString('base64')}`;
}

/** A URL for messages and logs: never the userinfo (`user:pass@`) a base URL may carry. */
export function displayUrl(url: URL): string {
  if (!url.username && !url.password) return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
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

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
    this.userAgent = options.userAgent ?? `rentals/${typeof __RENTALS_VERSION__ === 'string' ? __RENTALS_VERSION__ : 'dev'}`;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
  }

  /** The absolute URL of an API path such as `/v1/events`. */
  url(path: string): URL {
    const base = this.baseUrl.pathname.replace(/\/+$/, '');
    const url = new URL(this.baseUrl.href);
    const [pathname, search] = path.split('?', 2) as [string, string | undefined];
    url.pathname = `${base}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
    url.search = search ? `?${search}` : '';
    return url;
  }

  async request(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const url = this.url(path);
    const retryable = options.retry ?? RETRYABLE_METHODS.has(method);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const headers = await this.headers(payload, options);
      let response: RawResponse;
      try {
        response = await this.send(method, url, headers, payload, attempt);
      } catch (error) {
        if (retryable && error instanceof NetworkError && attempt <= this.retries) {
          await this.sleep(this.backoff(attempt));
          continue;
        }
        throw error;
      }
      const { status } = response;
      if (status === 401 && !options.anonymous && !refreshed && this.options.auth?.refresh) {
        refreshed = true;
        const fresh = await this.options.auth.refresh();
        if (fresh !== undefined) {
          attempt--; // a token refresh is not a retry
          continue;
        }
      }
      const wait = retryAfterMs(response.headers['retry-after']);
      if (retryable && RETRYABLE_STATUS.has(status) && attempt <= this.retries) {
        if (wait === undefined || wait <= RETRY_AFTER_CAP_MS) {
          await this.sleep(wait ?? this.backoff(attempt));
          continue;
        }
      }
      return interpret(method, url, response, options.expect ?? 'json', wait);
    }
  }

  async get(path: string, options?: RequestOptions): Promise<ApiResponse> {
    return this.request('GET', path, { expect: 'data', ...options });
  }

  /** What a request would look like (for --dry-run): its URL and headers, secrets redacted. */
  async describe(method: HttpMethod, path: string, body?: unknown): Promise<{ url: string; headers: Record<string, string> }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = await this.headers(payload, { anonymous: !this.options.auth });
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

  private async headers(payload: string | undefined, options: RequestOptions): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.userAgent,
    };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (!options.anonymous && this.options.auth) headers.authorization = bearer(await this.options.auth.getToken());
    return { ...headers, ...lowerKeys(options.headers ?? {}) };
  }

  private async transport(url: URL): Promise<{ http: HttpModule; agent: Agent }> {
    if (!this.http) {
      this.http = (url.protocol === 'https:' ? await import('node:https') : await import('node:http')) as HttpModule;
      this.agent = new this.http.Agent({ keepAlive: true, maxSockets: this.options.maxSockets ?? 16 });
    }
    return { http: this.http, agent: this.agent! };
  }

  private async send(
    method: string,
    url: URL,
    headers: Record<string, string>,
    payload: string | undefined,
    attempt: number,
  ): Promise<RawResponse> {
    const { http, agent } = await this.transport(url);
    const started = performance.now();
    const log = (entry: Partial<RequestLogEntry>): void => {
      if (!this.options.log) return;
      const debug = this.options.debug === true;
      this.options.log({
        method,
        url: displayUrl(url),
        ms: Math.round(performance.now() - started),
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
      const req = http.request(url, { method, headers, agent });
      const timer = setTimeout(() => {
        const unsure = sent && !RETRYABLE_METHODS.has(method)
          ? '; the request was sent and may have been applied: check (e.g. with list) before repeating it'
          : '';
        const error = new TimeoutError(
          `${method} ${displayUrl(url)} timed out after ${this.timeoutMs} ms (raise it with --timeout)${unsure}`,
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
        fail(networkError(method, url, error, sent));
      });
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          const limit = this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
          if (size > limit) {
            const error = new ProtocolError(`the answer to ${method} ${url.pathname} is larger than ${formatBytes(limit)}; refused`);
            settled = true;
            clearTimeout(timer);
            chunks.length = 0;
            req.destroy();
            reject(error);
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', (error: NodeJS.ErrnoException) => fail(networkError(method, url, error, true)));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          log({ status: res.statusCode, responseHeaders: res.headers, responseBody: text });
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        });
      });
      req.end(payload);
    });
  }
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
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

function networkError(method: string, url: URL, error: NodeJS.ErrnoException, sent: boolean): NetworkError {
  const code = error.code ?? 'ERROR';
  const hints: Record<string, string> = {
    ECONNREFUSED: 'is the server running, and is the base URL right?',
    ENOTFOUND: 'the host name does not resolve; check the base URL',
    EAI_AGAIN: 'the host name could not be resolved right now',
    ECONNRESET: 'the connection was reset by the server',
    EPIPE: 'the connection was closed by the server',
  };
  const hint = hints[code] ? `: ${hints[code]}` : '';
  return new NetworkError(`cannot complete ${method} ${url.origin}${url.pathname} (${code})${hint}`, code, sent);
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
): ApiResponse {
  const { status, headers, text } = response;
  const where = `${method} ${url.pathname}`;
  const parsed = parseJson(text);
  if (status >= 300 && status < 400) {
    const location = typeof headers.location === 'string' ? ` to ${stripControl(headers.location)}` : '';
    throw new ApiError(`${where}: HTTP ${status} redirect${location}; redirects are not followed: check the base URL`, status);
  }
  if (status < 200 || status >= 300) {
    const error = errorForStatus(where, status, text, parsed);
    if (retryAfter !== undefined && RETRYABLE_STATUS.has(status)) {
      error.message += `
The server asked to retry after ${Math.ceil(retryAfter / 1000)} s.`;
    }
    throw error;
  }
  if (expect === 'any') return { status, headers, body: parsed.ok ? parsed.value : undefined, text };
  if (text.trim() === '' && expect === 'id') return { status, headers, body: undefined, text };
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
  return { status, headers, body, text };
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
export function errorMessageFromBody(body: unknown): string | undefined {
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

function errorForStatus(where: string, status: number, text: string, parsed: { ok: boolean; value?: unknown }): Error {
  const label = `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}`;
  const fromJsonRaw = parsed.ok ? errorMessageFromBody(parsed.value) : undefined;
  const fromJson = fromJsonRaw === undefined ? undefined : stripControl(fromJsonRaw);
  const detail = fromJson ?? (text.trim() ? snippet(text) : 'no body');
  const message = `${where}: ${label}: ${detail}`;
  const body = parsed.ok ? parsed.value : text;
  if (status === 401) {
    return new AuthError(`${message}\nThe access token was refused; check it with \`rentals auth status\` or log in again with \`rentals auth login\`.`, status);
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
