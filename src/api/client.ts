// The one thin HTTP client: the auth header (renewed once after a 401), the attempts of a request
// and what they are told. Each concern has its module: the transport (transport.ts: node:http, the
// proxy, timeouts, size cap), when to try again (retry-policy.ts), what a failure means
// (error-mapping.ts), what a lost answer to a write may have done (outcomes.ts), and what an
// answer's body must be (responses.ts).

import type { IncomingMessage } from 'node:http';
import type { ApiResponse, HttpMethod, RequestLogEntry, RequestOptions, TokenProvider } from './http-types.js';
import { NetworkError, ProtocolError, TimeoutError } from '../errors.js';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../config/settings-table.js';
import type { DataPiece } from './data-envelope.js';
import { networkError, snippet } from './error-mapping.js';
import { Attempts } from './outcomes.js';
import { proxyFor } from './proxy.js';
import { interpret, respond } from './responses.js';
import { backoffMs, retriedByDefault, retryAfterMs, retryableStatus, waitsFor } from './retry-policy.js';
import { RequestTarget } from './request-target.js';
import { MAX_RESPONSE_BYTES, Transport, displayUrl, formatBytes, lowerKeys, parseBaseUrl, redactHeaders, refuseInsecureHttp } from './transport.js';

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
  /** Called when the server has answered a request (after its last attempt, retries done), with the status. */
  answered?: (method: HttpMethod, status: number) => void;
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

export function bearer(token: string): string {
  return `bearer ${Buffer.from(token, 'utf8').toString('base64')}`;
}

export class ApiClient {
  readonly baseUrl: URL;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly userAgent: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly transport: Transport;
  /** The proxy every request goes through (from the environment), if any. */
  readonly proxy: URL | undefined;

  /** The base URL's path without its trailing slashes: what every request path goes under. */
  private readonly basePath: string;
  /** The base URL's origin, found once (URL.origin builds a new string each time). */
  private readonly origin: string;
  /** Whether credentials may go to this base URL (checked once: the base and proxy never change). */
  private transportChecked = false;
  /** The last token and its Authorization header (base64 once, not per request). */
  private authorization?: { token: string; header: string };

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    this.basePath = this.baseUrl.pathname.replace(/\/+$/, '');
    this.origin = this.baseUrl.origin;
    this.proxy = options.env ? proxyFor(this.baseUrl, options.env) : undefined;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
    this.userAgent = options.userAgent ?? `rentals/${typeof __RENTALS_VERSION__ === 'string' ? __RENTALS_VERSION__ : 'dev'}`;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
    this.transport = new Transport({
      baseUrl: this.baseUrl,
      proxy: this.proxy,
      timeoutMs: this.timeoutMs,
      maxSockets: options.maxSockets,
      maxResponseBytes: options.maxResponseBytes,
      log: options.log,
      debug: options.debug,
    });
  }

  /** The absolute URL of an API path such as `/v1/events`. */
  url(path: string): URL {
    return this.target(path).url;
  }

  /** Where a request for an API path goes: its path as sent, its URL made only when needed. */
  private target(path: string): RequestTarget {
    return RequestTarget.under(this.baseUrl, this.basePath, path, this.origin);
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
    const target = this.target(path);
    const retryable = options.retry ?? retriedByDefault(method);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    let refreshed = false;
    const attempts = new Attempts();
    const closings = this.closings;
    for (let attempt = 1; ; attempt++) {
      const made = this.headers(payload, options);
      const headers = made instanceof Promise ? await made : made;
      let response: Awaited<ReturnType<Transport['send']>>;
      try {
        response = await this.transport.send(method, target, headers, payload, attempt, stream);
      } catch (error) {
        if (retryable && error instanceof NetworkError && attempt <= this.retries && closings === this.closings) {
          attempts.failedAfterSending(error);
          await this.sleep(this.backoff(attempt));
          if (closings !== this.closings) throw attempts.lastError(method, error);
          continue;
        }
        throw attempts.lastError(method, error);
      }
      const { status } = response;
      const deleted = attempts.deletedEarlier(method, status, target.pathname);
      if (deleted !== undefined) {
        this.options.notice?.(deleted);
        this.options.answered?.(method, status);
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
      if (retryable && retryableStatus(method, status) && attempt <= this.retries && waitsFor(wait) && closings === this.closings) {
        attempts.answered(status);
        await this.sleep(wait ?? this.backoff(attempt));
        continue;
      }
      this.options.answered?.(method, status);
      return interpret(method, target.pathname, response, options.expect ?? 'json', wait, options.anonymous ? undefined : this.options.auth);
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

  /** Closes the keep-alive sockets so the process can exit at once; a request started before is not tried again. */
  close(): void {
    this.closings++;
    this.transport.close();
  }

  /** How many times close() was called: a request started before the last close is not tried again. */
  private closings = 0;

  /** Exponential backoff with jitter: a random wait in [ceiling/2, ceiling], ceiling = min(cap, base·2^(attempt-1)). */
  backoff(attempt: number): number {
    return backoffMs(attempt, this.random);
  }

  /**
   * A request's headers: at once when the token is at hand (a bulk run's every request), else once
   * the token provider has one (a renewal due, a first read).
   */
  private headers(payload: string | undefined, options: RequestOptions, sending = true): Record<string, string> | Promise<Record<string, string>> {
    const carriesSecret = (!options.anonymous && this.options.auth !== undefined) || options.headers?.authorization !== undefined;
    if (sending && carriesSecret && !this.options.allowInsecureHttp && !this.transportChecked) {
      refuseInsecureHttp(this.baseUrl, this.proxy);
      this.transportChecked = true;
    }
    const auth = options.anonymous ? undefined : this.options.auth;
    if (!auth) return this.headersWith(payload, options, undefined);
    const token = auth.current?.();
    if (token !== undefined) return this.headersWith(payload, options, token);
    return auth.getToken().then((token) => this.headersWith(payload, options, token));
  }

  private headersWith(payload: string | undefined, options: RequestOptions, token: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.userAgent,
    };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (token !== undefined) headers.authorization = this.bearerOf(token);
    return options.headers === undefined ? headers : { ...headers, ...lowerKeys(options.headers) };
  }

  private bearerOf(token: string): string {
    if (this.authorization?.token !== token) this.authorization = { token, header: bearer(token) };
    return this.authorization.header;
  }
}
