// A fault-injecting HTTP proxy for tests, on 127.0.0.1 only: it forwards to a target (a sandbox)
// and, for a seeded random share of requests, answers 500/502/503 or 429 with Retry-After, drops
// the connection, or cuts the answer's body short. 5xx and dropped connections happen before the
// request reaches the server or after it was applied (the outcome a client cannot know). It can
// also hold requests at a gate, so that a test acts (sends SIGINT) at a known point of a run.

import { Agent, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** '404', '403' and '401' only when forced: a server without an endpoint, one that forbids it, one that refuses the token. */
export type FaultKind = '500' | '502' | '503' | '429' | 'drop' | 'truncate' | '404' | '403' | '401';
const ALL_FAULTS: readonly FaultKind[] = ['500', '502', '503', '429', 'drop', 'truncate'];

export interface ProxiedRequest {
  method: string;
  path: string;
}

export interface FaultProxyOptions {
  /** Where requests go: `http://127.0.0.1:<port>`. */
  target: string;
  /** The share of requests that fault, 0 to 1 (default 0). */
  rate?: number;
  /** The random sequence (default 1): the same seed, the same faults for the same request order. */
  seed?: number;
  /** The faults to choose from, evenly (default all). */
  kinds?: readonly FaultKind[];
  /** Retry-After of a 429, in seconds (default 1). */
  retryAfterSeconds?: number;
  /** A fault for this request whatever the rate (e.g. every GET of one listing fails); with `afterServer`, whether it comes after the server acted. */
  force?: (request: ProxiedRequest) => FaultKind | { kind: FaultKind; afterServer: boolean } | undefined;
  /** Whether a forced 5xx or drop comes after the server acted (true) or before (false); random when not given. */
  forceAfterServer?: boolean;
}

interface FaultCounts {
  requests: number;
  /** Faults by kind, and by whether the server had acted (`500 after`). */
  faults: Record<string, number>;
  byMethod: Record<string, number>;
}

export interface FaultProxy {
  url: string;
  counts: FaultCounts;
  /**
   * From now on, requests that match are held (not forwarded) once `count` of them have been
   * forwarded; resolves when `heldAtOnce` (default 1) are held. `open()` lets them all through.
   * (A client that sends N at a time has had the answers of every one forwarded once N are held.)
   */
  gate(match: (request: ProxiedRequest) => boolean, count: number, heldAtOnce?: number): Promise<void>;
  open(): void;
  close(): Promise<void>;
}

/** mulberry32: a small seeded generator, enough for test faults. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te', 'trailer']);

function forwardHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost') throw new Error('the fault proxy forwards to 127.0.0.1 only');
  const next = random(options.seed ?? 1);
  const rate = options.rate ?? 0;
  const kinds = options.kinds ?? ALL_FAULTS;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const counts: FaultCounts = { requests: 0, faults: {}, byMethod: {} };
  const count = (name: string): void => {
    counts.faults[name] = (counts.faults[name] ?? 0) + 1;
  };
  let gate: { match: (r: ProxiedRequest) => boolean; left: number; held: Array<() => void>; heldAtOnce: number; reached: () => void } | undefined;

  const forward = (req: IncomingMessage, body: Buffer): Promise<Upstream> =>
    new Promise((resolve, reject) => {
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: forwardHeaders(req.headers), agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const answer = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const seen: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/' };
    counts.requests++;
    counts.byMethod[seen.method] = (counts.byMethod[seen.method] ?? 0) + 1;
    if (gate?.match(seen)) {
      if (gate.left > 0) gate.left--;
      else {
        const held = gate;
        await new Promise<void>((resolve) => {
          held.held.push(resolve);
          if (held.held.length === held.heldAtOnce) held.reached();
        });
      }
    }
    // Two draws per request whatever happens, so that a seed gives the same faults to the same order.
    const roll = next();
    const pick = next();
    const asked = options.force?.(seen);
    const forced = typeof asked === 'object' ? asked.kind : asked;
    const fault = forced ?? (roll < rate ? kinds[Math.floor(pick * kinds.length)] : undefined);
    const forcedAfter = typeof asked === 'object' ? asked.afterServer : forced ? options.forceAfterServer : undefined;
    const afterServer = forcedAfter ?? pick * kinds.length - Math.floor(pick * kinds.length) >= 0.5;
    if (!fault) {
      const upstream = await forward(req, body);
      res.writeHead(upstream.status, forwardHeaders(upstream.headers));
      res.end(upstream.body);
      return;
    }
    if (fault === '429') {
      count('429');
      answer(res, 429, '{"error":{"status":429,"code":"rate_limited","message":"slow down"}}', { 'retry-after': String(options.retryAfterSeconds ?? 1) });
      return;
    }
    if (fault === 'truncate') {
      count('truncate');
      const upstream = await forward(req, body);
      const headers = forwardHeaders(upstream.headers);
      headers['content-length'] = String(upstream.body.length);
      res.writeHead(upstream.status, headers);
      res.write(upstream.body.subarray(0, Math.floor(upstream.body.length / 2)), () => res.socket?.destroy());
      return;
    }
    count(`${fault} ${afterServer ? 'after' : 'before'}`);
    if (afterServer) await forward(req, body);
    if (fault === 'drop') {
      req.socket.destroy();
      return;
    }
    answer(res, Number(fault), `{"error":{"status":${fault},"code":"injected","message":"injected fault"}}`);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch(() => {
        if (!res.headersSent) answer(res, 502, '{"error":{"status":502,"code":"proxy","message":"the target did not answer"}}');
        else res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const open = (): void => {
    const held = gate?.held ?? [];
    gate = undefined;
    for (const release of held) release();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    gate(match, after, heldAtOnce = 1) {
      return new Promise<void>((reached) => {
        gate = { match, left: after, held: [], heldAtOnce, reached };
      });
    },
    open,
    async close() {
      open();
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
