// The HTTP server: JSON replies, errors without internals, limits that keep slow or numerous
// clients from exhausting it (a short time for a request's headers; a minimum rate for its body;
// a cap on connections, and a lower one per client address, so that one client cannot starve the
// others; at the cap, the oldest connection that is idle or still sending its headers is closed
// for the new one, or else the request whose body arrives slowest, whatever its token, so that
// slow clients from many addresses cannot lock everyone out), and a graceful close (stop
// accepting, finish what is in flight, then resolve).

import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ClientGoneError, HttpError, internalError } from './errors.js';
import { OpenConnections } from './open-connections.js';
import type { Reply } from './operations.js';
import { send } from './send.js';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Connections still open this long after close() are cut. */
const CLOSE_GRACE_MS = 5_000;
/** Drops past the connection cap are logged at most this often. */
const DROP_LOG_INTERVAL_MS = 10_000;

export interface ServerLimits {
  /**
   * Connections open at once. At the cap a new connection takes the place of the oldest one that
   * is idle or has not sent a whole request head yet; only when every one is busy is it closed.
   */
  maxConnections: number;
  /**
   * Connections open at once from one client address, well below maxConnections: one client
   * (slow uploads, a connection flood) cannot take every connection and starve the others.
   */
  maxConnectionsPerClient: number;
  /** Time for a request's headers to arrive (then 408 and the connection is closed). */
  headersTimeoutMs: number;
  /** Time for a whole request, headers and body, to arrive (then 408 and the connection is closed). */
  requestTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed (a client that stops reading). */
  idleTimeoutMs: number;
  /**
   * A request body must arrive at this many bytes a second on average, counted from the end of its
   * head once `bodyGraceMs` have passed (then 408 and the connection is closed): a client that
   * trickles a body holds a connection no longer than one that trickles its head.
   */
  minBodyBytesPerSecond: number;
  bodyGraceMs: number;
}

const DEFAULT_LIMITS: ServerLimits = {
  maxConnections: 512,
  // Twice the CLI's largest --concurrency (64): a bulk run never meets it.
  maxConnectionsPerClient: 128,
  // Short: a client that has not sent its request head in this time is closed (408), whatever its address.
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  // A 1 MiB body (the largest taken) at this rate still arrives well within the request time.
  minBodyBytesPerSecond: 1024,
  bodyGraceMs: 5_000,
};

export function serve(
  handle: (req: IncomingMessage) => Promise<Reply>,
  host: string,
  port: number,
  log: (message: string) => void,
  limits: Partial<ServerLimits> = {},
): Promise<RunningServer> {
  const { maxConnections, maxConnectionsPerClient, headersTimeoutMs, requestTimeoutMs, idleTimeoutMs, minBodyBytesPerSecond, bodyGraceMs } = { ...DEFAULT_LIMITS, ...limits };
  let closing = false;
  const options = {
    keepAliveTimeout: 5_000,
    headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
    requestTimeout: requestTimeoutMs,
    // Node checks the two timeouts above only this often (30 s by default).
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeoutMs / 4))),
  };
  const server = createServer(options, (req, res) => {
    void replyTo(req).then(async (reply) => {
      // Nobody to answer, or already answered (a body too slow was refused with 408).
      if (!reply || res.destroyed || res.headersSent) return;
      // A keep-alive connection that turns idle after close() began is closed at once.
      res.on('finish', () => closing && setImmediate(() => server.closeIdleConnections()));
      const extra: Record<string, string> = closing ? { connection: 'close' } : {};
      await send(res, reply, extra).catch((error: unknown) => {
        log(`${req.method} ${req.url}: writing the answer: ${details(error)}`);
        res.destroy();
      });
    });
  });

  server.timeout = idleTimeoutMs;
  const open = new OpenConnections({ graceMs: bodyGraceMs });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    open.busy(req.socket, req, res);
    res.once('close', () => open.idle(req.socket));
  });
  // Checked as often as Node checks the head's time: a body below the minimum rate is answered 408 and closed.
  const bodyCheck = setInterval(() => {
    for (const { res, socket } of open.slowerThan(minBodyBytesPerSecond, Date.now())) refuseSlowBody(res, socket, minBodyBytesPerSecond);
  }, options.connectionsCheckingInterval);
  bodyCheck.unref();
  server.once('close', () => clearInterval(bodyCheck));
  let lastShedLogged = -Infinity;
  let lastDropLogged = -Infinity;
  /** Room for one more connection: true when there was some, or one was closed for it (open-connections.ts says which). */
  const room = (): boolean => {
    if (open.size < maxConnections) return true;
    if (open.makeRoom(Date.now())) {
      if (Date.now() - lastShedLogged >= DROP_LOG_INTERVAL_MS) {
        lastShedLogged = Date.now();
        log(`${maxConnections} connections are open, the most allowed: the oldest idle ones, or else the slowest requests in progress, are closed for new ones`);
      }
      return true;
    }
    if (Date.now() - lastDropLogged >= DROP_LOG_INTERVAL_MS) {
      lastDropLogged = Date.now();
      log(`${maxConnections} connections are open and busy, the most allowed: new connections are closed until some end`);
    }
    return false;
  };

  const perClient = new Map<string, number>();
  let lastClientCapLogged = -Infinity;
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = perClient.get(address) ?? 0;
    if (count >= maxConnectionsPerClient) {
      socket.destroy();
      if (Date.now() - lastClientCapLogged >= DROP_LOG_INTERVAL_MS) {
        lastClientCapLogged = Date.now();
        log(`${address} has ${maxConnectionsPerClient} connections open, the most one client may: its new connections are closed until some end`);
      }
      return;
    }
    if (!room()) {
      socket.destroy();
      return;
    }
    open.add(socket);
    perClient.set(address, count + 1);
    socket.once('close', () => {
      open.remove(socket);
      const left = (perClient.get(address) ?? 1) - 1;
      if (left > 0) perClient.set(address, left);
      else perClient.delete(address);
    });
  });

  /** The reply, or nothing when the client has gone away. */
  async function replyTo(req: IncomingMessage): Promise<Reply | undefined> {
    try {
      return await handle(req);
    } catch (error) {
      if (error instanceof ClientGoneError) return undefined;
      const known = error instanceof HttpError ? error : internalError();
      if (!(error instanceof HttpError)) {
        log(`${req.method} ${req.url}: ${details(error)}`);
      }
      return { status: known.status, body: known.body(), headers: known.headers };
    }
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => {
          closing = true;
          return closeGracefully(server);
        },
      });
    });
  });
}

/** 408 for a body that arrives too slowly, then the connection is closed (the request's handler finds its client gone). */
function refuseSlowBody(res: ServerResponse, socket: Socket, rate: number): void {
  if (res.headersSent || res.destroyed) {
    socket.destroy();
    return;
  }
  const error = new HttpError(408, 'request_timeout', `the request body did not arrive at ${rate} bytes a second or faster; the connection is closed`);
  const text = JSON.stringify(error.body());
  res.once('finish', () => socket.destroy());
  res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), connection: 'close' }).end(text);
}

/** For the sandbox's log only, never for a client. */
function details(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function closeGracefully(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    cut.unref();
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
