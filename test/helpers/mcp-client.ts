// An MCP client of the SDK talking to `rentals mcp`: to its server in this process (the server reads
// the client's messages from one stream, its stdin, and writes its own to another, its stdout, as it
// does over a real process's stdio, with no process between them); or to the built binary spawned
// by the SDK's own StdioClientTransport.

import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The client's side of two pipes: it writes to the server's stdin and reads the server's stdout. */
class PipeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();

  constructor(
    private readonly toServer: PassThrough,
    private readonly fromServer: PassThrough,
  ) {}

  async start(): Promise<void> {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message !== null; message = this.buffer.readMessage()) this.onmessage?.(message);
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.toServer.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
  }
}

/** The server's stdin and stdout, and a client connected through them once the server listens. */
export function pipedClient(): { stdin: PassThrough; stdout: PassThrough; connect: () => Promise<Client> } {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  return {
    stdin,
    stdout,
    connect: async () => {
      const client = new Client({ name: 'rentals-test', version: '1' });
      await client.connect(new PipeTransport(stdin, stdout));
      return client;
    },
  };
}

/** `rentals mcp …args` (the binary `bin`) spawned with `env` as its whole environment, a client connected to it, and what it wrote on stderr so far. */
export async function spawnedClient(bin: string, args: readonly string[], env: Record<string, string>): Promise<{ client: Client; log: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', ...args], env, stderr: 'pipe' });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const client = new Client({ name: 'rentals-e2e', version: '1' });
  await client.connect(transport);
  return { client, log: () => log };
}
