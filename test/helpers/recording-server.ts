// A small API stand-in on 127.0.0.1 that records every request it receives (method, path and
// authorization header), for tests that assert on what a server was sent. Closed after each test.
// In a test file that also uses nock, import ../helpers/api.js before this module: nock must
// patch node:http before anything imports it.

import { type IncomingMessage, type ServerResponse, createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface Received {
  method: string;
  path: string;
  authorization?: string;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordingServer {
  url: string;
  port: number;
  received: Received[];
}

export const TLS_CERT_PATH = new URL('../fixtures/tls/cert.pem', import.meta.url).pathname;
const TLS_KEY_PATH = new URL('../fixtures/tls/key.pem', import.meta.url).pathname;

/** Answers each request with `answer(request)`; `tls` serves https with the self-signed test certificate. */
export async function recordingServer(answer: (req: Received) => Answer, options: { tls?: boolean } = {}): Promise<RecordingServer> {
  const received: Received[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    req.on('end', () => {
      const entry: Received = { method: req.method ?? '?', path: req.url ?? '?' };
      if (req.headers.authorization !== undefined) entry.authorization = req.headers.authorization;
      received.push(entry);
      const { status, body, headers } = answer(entry);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    });
  };
  const server = options.tls
    ? createHttpsServer({ cert: readFileSync(TLS_CERT_PATH), key: readFileSync(TLS_KEY_PATH) }, handler)
    : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`, port, received };
}

export const basicOf = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
export const bearerOf = (token: string): string => `bearer ${Buffer.from(token).toString('base64')}`;
