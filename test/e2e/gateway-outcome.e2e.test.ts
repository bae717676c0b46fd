// An unknown outcome is settled by evidence, never by a name. For every write verb —
// add, update and delete of each writable resource, and the calendar's booking writes — two
// gateways (small proxies on 127.0.0.1 between rentals and a sandbox) answer 502: one after the
// sandbox applied the write, one without forwarding it. Exit 5 either way; "it was applied" only
// where it was, and otherwise "may have been applied" with the exact command to check — also
// when a record with the very values sent existed before (event names and booking lines may repeat).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceList } from '../../src/resources/definitions.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { cliFor, freshConfigDir, jsonData, ok, type Runner } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Mode = 'applies' | 'does not apply';
const MODES: Mode[] = ['applies', 'does not apply'];

let sandbox: Sandbox;
let direct: Runner;
const behind = new Map<Mode, Runner>();
const proxies: FaultProxy[] = [];
let serial = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'gateway-token-0123456789abcdef', seed: true, log: () => undefined });
  direct = cliFor(sandbox, freshConfigDir());
  for (const mode of MODES) {
    const proxy = await startFaultProxy({ target: sandbox.url, force: (r) => (r.method === 'GET' ? undefined : '502'), forceAfterServer: mode === 'applies' });
    proxies.push(proxy);
    behind.set(mode, cliFor({ url: proxy.url, token: sandbox.token }, freshConfigDir()));
  }
});

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await sandbox?.close();
});

async function made(args: string[]): Promise<Record<string, unknown>> {
  return jsonData(ok(await direct([...args, '--json'])))[0]!;
}

const item = async (name = `Gateway item ${++serial}`) => made(['inventory', 'add', '--name', name, '--quantity-available', '50']);
const event = async (name = `Gateway party ${++serial}`) =>
  made(['events', 'add', '--event-name', name, '--event-status-id', '2', '--rental-block-id', '1', '--start-date', '2031-04-01 09:00', '--end-date', '2031-04-01 18:00']);
const price = async (inventoryId: unknown) => made(['prices', 'add', '--inventory-id', String(inventoryId), '--rental-block-id', '1', '--price', '5']);
const line = async (eventId: unknown, inventoryId: unknown) => made(['bookings', 'add', '--event-id', String(eventId), '--inventory-id', String(inventoryId), '--quantity', '1', '--price', '5']);

/** A write verb: the command (made fresh for each gateway), and what a twin made before it looks like. */
interface WriteCase {
  resource: string;
  verb: 'add' | 'update' | 'delete' | 'book';
  /** The arguments, after making what they need; a `twin` first makes a record with the very values sent. */
  args: () => Promise<string[]>;
}

const CASES: WriteCase[] = [
  // No twin of an item or a category: a name another record has is refused before anything is sent.
  { resource: 'inventory', verb: 'add', args: async () => (await item(), ['inventory', 'add', '--name', `Gateway tent ${++serial}`, '--quantity-available', '50']) },
  { resource: 'inventory', verb: 'update', args: async () => ['inventory', 'update', String((await item()).id), '--quantity-available', '9'] },
  { resource: 'inventory', verb: 'delete', args: async () => ['inventory', 'delete', String((await item()).id), '--yes'] },
  { resource: 'categories', verb: 'add', args: async () => ['categories', 'add', '--name', `Gateway shelf ${++serial}`] },
  { resource: 'categories', verb: 'update', args: async () => ['categories', 'update', String((await made(['categories', 'add', '--name', `Shelf ${++serial}`])).id), '--name', `Renamed ${serial}`] },
  { resource: 'categories', verb: 'delete', args: async () => ['categories', 'delete', String((await made(['categories', 'add', '--name', `Shelf ${++serial}`])).id), '--yes'] },
  { resource: 'prices', verb: 'add', args: async () => ['prices', 'add', '--inventory-id', String((await item()).id), '--rental-block-id', '1', '--price', '5'] },
  {
    resource: 'prices',
    verb: 'update',
    args: async () => {
      const owner = await item();
      return ['prices', 'update', String((await price(owner.id)).id), '--inventory-id', String(owner.id), '--price', '7'];
    },
  },
  {
    resource: 'prices',
    verb: 'delete',
    args: async () => {
      const owner = await item();
      return ['prices', 'delete', String((await price(owner.id)).id), '--inventory-id', String(owner.id), '--yes'];
    },
  },
  {
    resource: 'events',
    verb: 'add',
    args: async () => (await event('Twin party'), ['events', 'add', '--event-name', 'Twin party', '--event-status-id', '2', '--rental-block-id', '1', '--start-date', '2031-04-01 09:00', '--end-date', '2031-04-01 18:00']),
  },
  { resource: 'events', verb: 'update', args: async () => ['events', 'update', String((await event()).id), '--event-name', `Moved ${serial}`] },
  { resource: 'events', verb: 'delete', args: async () => ['events', 'delete', String((await event()).id), '--yes'] },
  {
    resource: 'bookings',
    verb: 'add',
    args: async () => {
      const [party, thing] = [await event(), await item()];
      await line(party.id, thing.id); // a line of the item already there: another one is allowed
      return ['bookings', 'add', '--event-id', String(party.id), '--inventory-id', String(thing.id), '--quantity', '1', '--price', '5'];
    },
  },
  {
    resource: 'bookings',
    verb: 'update',
    args: async () => {
      const [party, thing] = [await event(), await item()];
      return ['bookings', 'update', String((await line(party.id, thing.id)).id), '--event-id', String(party.id), '--quantity', '2'];
    },
  },
  {
    resource: 'bookings',
    verb: 'delete',
    args: async () => {
      const [party, thing] = [await event(), await item()];
      return ['bookings', 'delete', String((await line(party.id, thing.id)).id), '--event-id', String(party.id), '--yes'];
    },
  },
  {
    resource: 'events',
    verb: 'book',
    args: async () => {
      const [party, thing] = [await event(), await item()];
      await price(thing.id); // booking needs the item's price for the event's block
      return ['events', 'book', String(party.id), '--item', `${String(thing.id)}=2`];
    },
  },
];

describe('every write verb behind a gateway that answers 502', () => {
  test('the cases cover add, update and delete of every writable resource', () => {
    const writable = resourceList.flatMap((def) => def.verbs.filter((verb) => verb === 'add' || verb === 'update' || verb === 'delete').map((verb) => `${def.command} ${verb}`));
    expect(CASES.map((c) => `${c.resource} ${c.verb}`)).toEqual(expect.arrayContaining(writable));
  });

  test.each(CASES.flatMap((c) => MODES.map((mode) => [`${c.resource} ${c.verb}`, mode, c] as const)))('%s, a gateway that %s', async (_name, mode, c) => {
    const args = await c.args();
    const result = await behind.get(mode)!([...args, '--retries', '0']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toContain('may have been applied');
    if (mode === 'applies') {
      expect(result.stderr).toMatch(/Looked up: it was applied: /);
    } else {
      expect(result.stderr).not.toContain('it was applied');
      expect(result.stderr).toMatch(/check with `rentals [a-z-]+ (list|get \d+)( --[a-z-]+ \d+)?`/);
    }
  });
});
