// A POST the server applied but whose answer was lost (a gateway's 502, a dropped connection),
// through the built bin, a real sandbox and a fault proxy between them (issue 20.3): exit 5,
// "may have been applied", and the lookup by natural key says it was, with the new id.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { type FaultKind, type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { cliFor, freshConfigDir, jsonData } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'outcome-token-0123456789abcdef', seed: true });
});
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await sandbox?.close();
});

/** A rentals whose every POST is applied by the sandbox and then answered with `fault`. */
async function behind(fault: FaultKind): Promise<ReturnType<typeof cliFor>> {
  const proxy = await startFaultProxy({ target: sandbox.url, force: (r) => (r.method === 'POST' ? fault : undefined), forceAfterServer: true });
  proxies.push(proxy);
  return cliFor({ url: proxy.url, token: sandbox.token }, freshConfigDir());
}

describe('a POST applied, then its answer lost', () => {
  test.each<[FaultKind, RegExp]>([
    ['502', /error: POST \/v2\/inventory: HTTP 502 Bad Gateway: injected fault; the request was sent and may have been applied/],
    ['drop', /error: cannot complete POST http:\/\/127\.0\.0\.1:\d+\/v2\/inventory \(ECONNRESET\).*the request was sent and may have been applied/],
  ])('%s: exit 5, "may have been applied", and "it was applied" with the id the item got', async (fault, said) => {
    const rentals = await behind(fault);
    const name = `Lost answer ${fault}`;
    const result = await rentals(['inventory', 'add', '--name', name, '--quantity-available', '3']);
    expect(result.stderr).toMatch(said);
    const direct = cliFor(sandbox, freshConfigDir());
    const [item] = jsonData(await direct(['inventory', 'list', '--json'])).filter((record) => record.name === name);
    expect(item).toBeDefined(); // the sandbox did apply it
    expect(result.stderr).toContain(`Looked up by name ${JSON.stringify(name)}: it was applied: id ${String(item!.id)}.`);
    expect(result.code).toBe(5);
  });
});
