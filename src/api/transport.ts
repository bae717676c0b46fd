// The transport: node:http / node:https with a keep-alive Agent (a tunnel through an HTTP proxy for
// https://), one request sent and its answer read whole (or, for a 2xx list being streamed, left
// for the caller), bounded by a timeout per attempt and a size cap; and where credentials may go.
//
// Measured on Node 20 for a one-shot GET, node:http is the startup floor, undici.request costs ~6 ms
// more from a bundle and global fetch ~90 ms on its first call; and nock (our HTTP test double)
// intercepts node:http but not undici.request. A CLI started thousands of times by scripts wants the
// floor, and the tests want to mock at this boundary, so node:http it is (docs/contributing.md, "Choices of dependencies").

import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { NetworkError, ProtocolError, TimeoutError, UsageError } from '../errors.js';
import type { RequestLogEntry } from './http-types.js';
import { networkError } from './error-mapping.js';
import { mayHaveBeenApplied } from './outcomes.js';
import { proxyAuthorization, proxyFor, proxyLabel, tunnelAgent } from './proxy.js';
import type { RequestTarget } from './request-target.js';

/**
 * Larger answers are refused rather than buffered. 500 MiB holds ~400,000 events and stays below
 * V8's longest string (2^29 - 24 characters), so any answer can still be decoded whole.
 */
export const MAX_RESPONSE_BYTES = 500 * 1024 * 1024;

/** Connections per client when the caller sizes none (a bulk run sizes it to its concurrency). */
const DEFAULT_SOCKETS = 16;

type HttpModule = typeof import('node:http');
type Agent = import('node:http').Agent;

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  /** A 2xx body left unread for the caller (streamData). */
  stream?: IncomingMessage;
}

export interface TransportOptions {
  baseUrl: URL;
  /** The proxy every request goes through (from the environment), if any. */
  proxy: URL | undefined;
  /** Per attempt, in milliseconds. */
  timeoutMs: number;
  maxSockets?: number;
  maxResponseBytes?: number;
  log?: (entry: RequestLogEntry) => void;
  debug?: boolean;
}

export class Transport {
  /** The module and the one pool of connections, once made; `making` while the first request waits for them. */
  private ready?: { http: HttpModule; agent: Agent };
  private making?: Promise<{ http: HttpModule; agent: Agent }>;
  /**
   * Where a request to the base URL's host goes when no proxy is in the way and the base has no
   * userinfo: its parts, found once, so that a request gives node:http its path alone.
   */
  private readonly direct: { host: string; port: string; hostHeader: string } | undefined;

  constructor(private readonly options: TransportOptions) {
    const base = options.baseUrl;
    const plainBase = !base.username && !base.password;
    const proxied = options.proxy !== undefined && base.protocol === 'http:';
    this.direct = plainBase && !proxied ? { host: base.hostname.replace(/^\[|\]$/g, ''), port: base.port, hostHeader: base.host } : undefined;
  }

  /**
   * Closes the keep-alive sockets so the process can exit at once: a request still in flight (a read
   * whose answer nobody waits for any more) fails, and one not yet sent fails without being sent.
   */
  close(): void {
    for (const sending of this.waiting.splice(0)) {
      sending.settled = true;
      sending.reject(new NetworkError(`${sending.method} ${displayUrl(sending.target.url)} was not sent: the run has ended`, 'ECONNABORTED', false));
    }
    this.ready?.agent.destroy();
  }

  /** Made once: requests that start together while it is made wait for the same pool (maxSockets holds from the first). */
  private transport(url: URL): Promise<{ http: HttpModule; agent: Agent }> {
    this.making ??= this.makeTransport(url).then(
      (made) => (this.ready = made),
      (error: unknown) => {
        this.making = undefined; // the next request tries again
        throw error;
      },
    );
    return this.making;
  }

  private async makeTransport(url: URL): Promise<{ http: HttpModule; agent: Agent }> {
    const https = url.protocol === 'https:';
    const pool = { keepAlive: true, maxSockets: this.options.maxSockets ?? DEFAULT_SOCKETS };
    const http = (https ? await import('node:https') : await import('node:http')) as HttpModule;
    // TLS is always verified: an explicit rejectUnauthorized outranks NODE_TLS_REJECT_UNAUTHORIZED=0.
    if (https && this.options.proxy) return { http, agent: await tunnelAgent(this.options.proxy, pool) };
    const agentOptions: import('node:https').AgentOptions = https ? { ...pool, rejectUnauthorized: true } : pool;
    return { http, agent: new http.Agent(agentOptions) };
  }

  /** Where the request goes: the target itself, or for http:// through a proxy, the proxy with the absolute URL as path. */
  private requestOptions(target: RequestTarget, method: string, headers: Record<string, string>, payload: string | undefined, agent: Agent): import('node:http').RequestOptions {
    const { direct } = this;
    // No more than node:http needs (the protocol is the agent's; `host`, which it sets anyway, rather
    // than `hostname` beside it): the Agent copies these into a new dictionary for every request.
    if (direct) return { host: direct.host, port: direct.port, path: target.path, method, headers: headerLines(headers, direct.hostHeader, method, payload), agent };
    const url = target.url;
    if (!this.options.proxy || url.protocol !== 'http:') return { method, headers, agent };
    return {
      protocol: 'http:',
      host: this.options.proxy.hostname.replace(/^\[|\]$/g, ''),
      port: this.options.proxy.port || 80,
      // The absolute form without userinfo (RFC 9110 §4.2.4: a sender must not send it): a proxy logs request lines.
      path: displayUrl(url),
      method,
      headers: { ...headers, host: url.host, ...proxyAuthorization(this.options.proxy) },
      agent,
    };
  }

  /** Requests sent whose answers are not yet read (or handed over, for a stream). */
  private inFlight = 0;
  /**
   * Requests started and not yet sent, in the order started: those started while others were in
   * flight (sent together at the end of this turn of the event loop), and those for which every
   * connection of the pool is taken (sent, in order, as answers free them).
   */
  private readonly waiting: Sending[] = [];
  private sendQueued = false;
  private readonly sendWaiting = (): void => {
    this.sendQueued = false;
    const limit = this.options.maxSockets ?? DEFAULT_SOCKETS;
    while (this.waiting.length > 0 && this.inFlight < limit) this.dispatch(this.waiting.shift()!);
  };

  /**
   * A request started while others are in flight (a bulk run's next rows, as answers come in) waits
   * for the end of this turn of the event loop, and goes out with the others started in it. Sent one
   * at a time as each answer is handled, every request woke the server for itself; sent together,
   * one wake-up serves many, for the client too (measured on 10,000 price updates: ~10% less CPU).
   * A request with none in flight and none waiting (every single-request command) is sent at once;
   * with some waiting it goes behind them, so requests go out in the order they were started.
   *
   * No more are sent than the pool has connections (maxSockets): the others wait here, in order,
   * and their timeouts start when they are sent. Left to node:http's Agent, each waited in its own
   * queue, with its own async resource, its timer already running (a bulk import's listings and
   * writes together: ~4,900 of 12,500 requests; measured on 10,000 price updates: ~3.5% less CPU).
   */
  private whenSent(sending: Sending): void {
    if (this.inFlight === 0 && this.waiting.length === 0) return this.dispatch(sending);
    this.waiting.push(sending);
    this.queueSending();
  }

  private queueSending(): void {
    if (this.sendQueued) return;
    this.sendQueued = true;
    setImmediate(this.sendWaiting);
  }

  // Not async once the pool is made: the exchange's own promise (a bulk run makes tens of thousands).
  send(method: string, target: RequestTarget, headers: Record<string, string>, payload: string | undefined, attempt: number, stream = false): Promise<RawResponse> {
    const ready = this.ready;
    if (!ready) return this.transport(target.url).then(() => this.send(method, target, headers, payload, attempt, stream));
    return new Promise<RawResponse>((resolve, reject) => {
      this.whenSent(new Sending(this, ready, method, target, headers, payload, attempt, stream, resolve, reject));
    });
  }

  /** One request sent now, in flight from here to its answer (or its failure, a throw of node:http too). */
  private dispatch(sending: Sending): void {
    this.inFlight++;
    sending.timer = setTimeout(timedOut, this.options.timeoutMs, sending);
    // Date.now, not performance.now: the first call of the latter loads perf_hooks (~0.5 ms of every
    // start), and the log shows whole milliseconds anyway.
    sending.started = Date.now();
    const { http, agent } = sending.made;
    try {
      const options = this.requestOptions(sending.target, sending.method, sending.headers, sending.payload, agent);
      const req = options.path !== undefined ? http.request(options) : http.request(sending.target.url, options);
      sending.req = req;
      (req as Carrying<ClientRequest>)[SENDING] = sending;
      req.on('finish', onFinish);
      req.on('error', onRequestError);
      req.on('response', onResponse);
      req.end(sending.payload);
    } catch (error) {
      if (sending.settled) return;
      sending.settle();
      sending.req?.destroy();
      sending.reject(error);
    }
  }

  /** A request's answer or failure is in: no longer in flight. */
  ended(): void {
    this.inFlight--;
    // Sent at the end of this turn, once node:http has its connection back.
    if (this.waiting.length > 0) this.queueSending();
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  get proxy(): URL | undefined {
    return this.options.proxy;
  }

  get debug(): boolean {
    return this.options.debug === true;
  }

  get log(): ((entry: RequestLogEntry) => void) | undefined {
    return this.options.log;
  }

  get maxResponseBytes(): number {
    return this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  }
}

/**
 * Headers as node:http's flat list (name, value, …), with the Host header it would add, where it
 * would add it (last; the URL's host is node:http's `host[:port]`, the port only when not the
 * default). Given a list, node:http writes each line as given (still checking each name and value)
 * without first filing them by lower-cased name: ~5% less CPU per request in a loop of PUTs.
 * It also writes them when the request is made, before `end()` could give it a length: a POST,
 * PUT or PATCH without a body would then go out chunked, so it is given `Content-Length: 0`
 * here, as node:http gives it from a record of headers.
 */
function headerLines(headers: Record<string, string>, host: string, method: string, payload: string | undefined): string[] {
  const lines: string[] = [];
  for (const name in headers) lines.push(name, headers[name]!);
  if (payload === undefined && headers['content-length'] === undefined && !BODILESS.has(method)) lines.push('content-length', '0');
  if (headers.host === undefined) lines.push('Host', host);
  return lines;
}

/** Methods node:http sends without a length or chunked encoding when they carry no body. */
const BODILESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

type Made = { http: HttpModule; agent: Agent };
const SENDING = Symbol('rentals: the request being sent');
type Carrying<T> = T & { [SENDING]: Sending };

/** One request from its start to its answer: what it sends, how it ends, and what happened so far. */
class Sending {
  /** The attempt's timeout, from its send to its answer. */
  timer: NodeJS.Timeout | undefined;
  req: ClientRequest | undefined;
  started = 0;
  /** The request was written whole (a failure after that may have been applied). */
  sent = false;
  settled = false;
  body: BodyBuffer | undefined;

  constructor(
    readonly transport: Transport,
    readonly made: Made,
    readonly method: string,
    readonly target: RequestTarget,
    readonly headers: Record<string, string>,
    readonly payload: string | undefined,
    readonly attempt: number,
    readonly stream: boolean,
    readonly resolve: (answer: RawResponse) => void,
    readonly reject: (error: unknown) => void,
  ) {}

  /** Ends the attempt (once): no longer in flight, its timer cleared. */
  settle(): void {
    this.settled = true;
    this.transport.ended();
    clearTimeout(this.timer);
  }

  fail(error: Error): void {
    if (this.settled) return;
    this.settle();
    this.log({ error: error.message });
    this.reject(error);
  }

  timedOut(): void {
    const error = new TimeoutError(
      `${this.method} ${displayUrl(this.target.url)} timed out after ${this.transport.timeoutMs} ms (raise it with --timeout)${mayHaveBeenApplied(this.method, this.sent)}`,
      'ETIMEDOUT',
      this.sent,
    );
    this.fail(error);
    this.req?.destroy(error);
  }

  refuse(): void {
    this.settle();
    this.req!.destroy();
    this.reject(new ProtocolError(`the answer to ${this.method} ${this.target.pathname} is larger than ${formatBytes(this.transport.maxResponseBytes)}; refused`));
  }

  answered(res: IncomingMessage): void {
    const declared = Number(res.headers['content-length']);
    if (declared > this.transport.maxResponseBytes) return this.refuse();
    const status = res.statusCode ?? 0;
    if (this.stream && status >= 200 && status < 300) {
      // The body is the caller's to read (data-stream.ts), at its own pace.
      this.settle();
      res.on('error', () => undefined); // read by the caller's iterator, which reports it
      this.log({ status, responseHeaders: res.headers });
      return this.resolve({ status, headers: res.headers, bytes: Buffer.alloc(0), stream: res });
    }
    this.body = new BodyBuffer(Number.isSafeInteger(declared) && declared > 0 ? declared : undefined);
    (res as Carrying<IncomingMessage>)[SENDING] = this;
    res.on('data', onData);
    res.on('error', onResponseError);
    res.on('end', onEnd);
  }

  /** After every attempt, for --verbose / --debug (nothing made when no log is asked for). */
  log(entry: Partial<RequestLogEntry>): void {
    const sink = this.transport.log;
    if (!sink) return;
    const debug = this.transport.debug;
    sink({
      method: this.method,
      url: displayUrl(this.target.url),
      ms: Date.now() - this.started,
      attempt: this.attempt,
      ...(debug ? { requestHeaders: redactHeaders(this.headers), requestBody: this.payload } : {}),
      ...entry,
      ...(debug ? {} : { responseHeaders: undefined, responseBody: undefined }),
    });
  }
}

function timedOut(sending: Sending): void {
  sending.timedOut();
}

// The listeners of every request and answer: one function each, the request in hand (`this`)
// carrying its Sending, rather than closures made per request.
function onFinish(this: Carrying<ClientRequest>): void {
  this[SENDING].sent = true;
}

function onRequestError(this: Carrying<ClientRequest>, error: NodeJS.ErrnoException): void {
  const sending = this[SENDING];
  if (error instanceof NetworkError) return sending.fail(error);
  sending.fail(networkError(sending.method, sending.target.url, error, sending.sent, sending.transport.proxy));
}

function onResponse(this: Carrying<ClientRequest>, res: IncomingMessage): void {
  this[SENDING].answered(res);
}

function onData(this: Carrying<IncomingMessage>, chunk: Buffer): void {
  const sending = this[SENDING];
  if (sending.settled) return;
  const body = sending.body!;
  if (body.size + chunk.length > sending.transport.maxResponseBytes) return sending.refuse();
  body.push(chunk);
}

function onResponseError(this: Carrying<IncomingMessage>, error: NodeJS.ErrnoException): void {
  const sending = this[SENDING];
  sending.fail(networkError(sending.method, sending.target.url, error, true, sending.transport.proxy));
}

function onEnd(this: Carrying<IncomingMessage>): void {
  const sending = this[SENDING];
  if (sending.settled) return;
  sending.settle();
  const bytes = sending.body!.take();
  sending.body = undefined;
  const status = this.statusCode ?? 0;
  sending.log({ status: this.statusCode, responseHeaders: this.headers, responseBody: sending.transport.debug ? bytes.toString('utf8') : undefined });
  sending.resolve({ status, headers: this.headers, bytes });
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

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}

/** A URL for messages, logs and a proxy's request line: never the userinfo (`user:pass@`) a base URL may carry. */
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
export function refuseInsecureHttp(url: URL, proxy?: URL): void {
  const reason = insecureHttpReason(url, proxy);
  if (reason !== undefined) throw new UsageError(`refusing to send credentials ${reason}`);
}

/** Why credentials may not go to this base URL (`over plain http:// to … : … opt in …`); undefined when they may. */
export function insecureHttpReason(url: URL, proxy?: URL): string | undefined {
  if (url.protocol !== 'http:' || (isLoopback(url.hostname) && (!proxy || isLoopback(proxy.hostname)))) return undefined;
  return (
    `over plain http:// to ${url.host}${proxy ? ` through the proxy ${proxyLabel(proxy)}` : ''}: anyone on the network could read them. ` +
    'Use an https:// base URL, or, for a server you trust on a network you trust, opt in for the profile: ' +
    `rentals auth login --base-url ${displayUrl(url).replace(/\/$/, '')} --insecure-http …`
  );
}

export function parseBaseUrl(value: string): URL {
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

export function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
