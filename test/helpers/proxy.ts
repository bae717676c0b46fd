// A small forward proxy on 127.0.0.1 for the proxy tests: absolute-form requests (http:// targets)
// and CONNECT tunnels (https:// targets), every target sent to one upstream port on 127.0.0.1
// whatever host was asked for. Counts the connections it accepts and records what was asked.

import { createServer, request } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { onTestFinished } from 'vitest';

export interface CountingProxy {
  url: string;
  /** `CONNECT host:port` or `GET http://host/path`, in order. */
  asked: string[];
  connections: () => number;
}

export async function countingProxy(upstreamPort: number): Promise<CountingProxy> {
  const asked: string[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '/');
    const upstream = request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: `${target.pathname}${target.search}`, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    asked.push(`CONNECT ${req.url}`);
    const upstream = connect(upstreamPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, connections: () => connections };
}
