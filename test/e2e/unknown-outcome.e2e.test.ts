// A POST the server applied but whose answer was lost (a gateway's 502, a dropped connection),
// through the built bin, a real sandbox and a fault proxy between them: exit 5,
// "may have been applied", and the lookup says it was: a record new since the POST holds every value sent.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { type FaultKind, type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { cliFor, freshConfigDir, jsonData, ok } from './harness.js';

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
    expect(result.stderr).toContain(`Looked up: it was applied: inventory item ${String(item!.id)} is new and holds every value sent.`);
    expect(result.code).toBe(5);
  });
});

describe('a booking line applied, then its answer lost', () => {
  test('events book looks the line up: "it was applied", exit 5, and the lines written before are named', async () => {
    const direct = cliFor(sandbox, freshConfigDir());
    const [item] = jsonData(await direct(['inventory', 'add', '--name', 'Lost-answer lamp', '--quantity-available', '9', '--json']));
    const [other] = jsonData(await direct(['inventory', 'add', '--name', 'Lost-answer cable', '--quantity-available', '9', '--json']));
    const [event] = jsonData(
      await direct(['events', 'add', '--event-name', 'Lost answer gig', '--event-status-id', 'Confirmed', '--rental-block-id', '1', '--start-date', '2031-03-01 09:00', '--end-date', '2031-03-01 18:00', '--json']),
    );
    for (const priced of [item!, other!]) ok(await direct(['prices', 'add', '--inventory-id', String(priced.id), '--rental-block-id', '1', '--price', '5']));
    const rentals = await behind('502');
    const result = await rentals(['events', 'book', String(event!.id), '--item', `${String(item!.id)}=2`, '--item', `${String(other!.id)}=1`]);
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/Looked up: it was applied: booking \d+ is new and holds every value sent\./);
    expect(result.stderr).toMatch(/Event \d+: written before it stopped: nothing; the failed one: create 2 × item \d+; not sent: create 1 × item \d+\./);
    const lines = jsonData(await direct(['bookings', 'list', '--event-id', String(event!.id), '--json']));
    expect(lines.map((line) => [line.inventoryId, line.quantity])).toEqual([[item!.id, 2]]);
  });
});

describe('a clone whose copy was made, then its answer lost', () => {
  test('events clone --with-bookings: exit 5, the copy found, its lines said not copied, and the command that copies them, which finishes the copy', async () => {
    const direct = cliFor(sandbox, freshConfigDir());
    const made = async (args: string[]) => jsonData(ok(await direct([...args, '--json'])))[0]!;
    const [tent, chairs] = [await made(['inventory', 'add', '--name', 'Clone tent', '--quantity-available', '9']), await made(['inventory', 'add', '--name', 'Clone chairs', '--quantity-available', '90'])];
    for (const priced of [tent, chairs]) ok(await direct(['prices', 'add', '--inventory-id', String(priced.id), '--rental-block-id', '1', '--price', '5']));
    const source = await made(['events', 'add', '--event-name', 'Clone source', '--event-status-id', 'Confirmed', '--rental-block-id', '1', '--start-date', '2031-05-01 09:00', '--end-date', '2031-05-01 18:00']);
    ok(await direct(['events', 'book', String(source.id), '--item', `${String(tent.id)}=2`, '--item', `${String(chairs.id)}=40`]));
    // Only the event's POST is answered 502, after the sandbox made it.
    const proxy = await startFaultProxy({ target: sandbox.url, force: (r) => (r.method === 'POST' && /^\/v\d\/events$/.test(r.path) ? '502' : undefined), forceAfterServer: true });
    proxies.push(proxy);
    const rentals = cliFor({ url: proxy.url, token: sandbox.token }, freshConfigDir());
    const result = await rentals(['events', 'clone', String(source.id), '--start-date', '2031-06-01', '--name', 'Clone copy', '--with-bookings', '--retries', '0']);
    expect(result.code, result.stderr).toBe(5);
    const [copy] = jsonData(await direct(['events', 'list', '--json'])).filter((e) => e.eventName === 'Clone copy');
    expect(result.stderr).toContain(`Looked up: it was applied: event ${String(copy!.id)} is new and holds every value sent.`);
    expect(result.stderr).toContain('Its bookings were not copied (none was sent): 2 × "Clone tent", 40 × "Clone chairs".');
    const finish = `rentals events book ${String(copy!.id)} --item ${String(tent.id)}=2 --item ${String(chairs.id)}=40`;
    expect(result.stderr).toContain(`Copy them onto the copy (event ${String(copy!.id)}) with:\n  ${finish}`);
    expect(jsonData(await direct(['bookings', 'list', '--event-id', String(copy!.id), '--json']))).toEqual([]);
    ok(await direct(finish.split(' ').slice(1)));
    const lines = jsonData(await direct(['bookings', 'list', '--event-id', String(copy!.id), '--json']));
    expect(lines.map((line) => [line.inventoryId, line.quantity])).toEqual([
      [tent.id, 2],
      [chairs.id, 40],
    ]);
  });
});
