// An in-process run reads its stdin as a process does: bytes, not strings. `rentals mcp` reads
// its protocol through the MCP SDK, which buffers bytes; a piped conversation is answered and the
// server stops at the end of its input, as `printf … | rentals mcp` does.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { cliFor } from './harness.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let rentals: ReturnType<typeof cliFor>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'e2e-stdin-bytes-0123456789', seed: true });
  rentals = cliFor(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
});

test('a conversation piped into rentals mcp in-process is answered, and the server stops at its end', async () => {
  const requests = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sh', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'ping' },
  ];
  const result = await rentals(['mcp', '--read-only'], { input: `${requests.map((r) => JSON.stringify(r)).join('\n')}\n`, timeoutMs: 10_000 });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { id: number }).id)).toEqual([1, 2]);
});
