// The HTTP server: JSON replies, errors without internals, and a graceful close (stop accepting,
// finish what is in flight, then resolve).

import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, internalError } from './errors.js';
import type { Reply } from './operations.js';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Connections still open this long after close() are cut. */
const CLOSE_GRACE_MS = 5_000;

export function serve(
  handle: (req: IncomingMessage) => Promise<Reply>,
  host: string,
  port: number,
  log: (message: string) => void,
): Promise<RunningServer> {
  let closing = false;
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    void replyTo(req).then((reply) => {
      const text = JSON.stringify(reply.body);
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(text)),
        ...reply.headers,
      };
      if (closing) headers.connection = 'close';
      if (res.destroyed) return;
      // A keep-alive connection that turns idle after close() began is closed at once.
      res.on('finish', () => closing && setImmediate(() => server.closeIdleConnections()));
      res.writeHead(reply.status, headers).end(text);
    });
  });

  async function replyTo(req: IncomingMessage): Promise<Reply> {
    try {
      return await handle(req);
    } catch (error) {
      const known = error instanceof HttpError ? error : internalError();
      if (!(error instanceof HttpError)) {
        log(`${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
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
