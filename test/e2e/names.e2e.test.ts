// Positional ids take names where the resource has them, with the id flags' rules and words.

import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { cliFor, freshConfigDir, jsonData } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let dir: string;
let rentals: ReturnType<typeof cliFor>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'names-token-0123456789', seed: true, webUrl: 'https://app.example.test' });
  dir = freshConfigDir();
  rentals = cliFor(sandbox, dir);
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('names wherever ids go', () => {
  it('get, update, delete and open take a name as the id flags do', async () => {
    const events = jsonData(await rentals(['events', 'list', '--json']));
    const event = events[0]!;
    const byName = await rentals(['events', 'get', String(event.eventName), '--json']);
    expect(byName.code, byName.stderr).toBe(0);
    expect(jsonData(byName)[0]!.id).toBe(event.id);
    const open = await rentals(['events', 'open', String(event.eventName)]);
    expect(open.stdout.trim()).toBe(`https://app.example.test/event/edit/${event.id}`);

    const added = jsonData(await rentals(['inventory', 'add', '--name', 'Named Lantern', '--quantity-available', '3', '--json']))[0]!;
    const updated = await rentals(['inventory', 'update', 'named lantern', '--quantity-available', '7', '--json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(jsonData(updated)[0]).toMatchObject({ id: added.id, quantityAvailable: 7 });
    const removed = await rentals(['inventory', 'delete', 'Named Lantern', '--yes', '--json']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ data: [{ id: added.id }], changes: [{ action: 'delete', id: added.id, name: 'Named Lantern' }] });
  });

  it('an unknown name is not found (exit 4, as an unknown id), in the words of the id flags', async () => {
    const positional = await rentals(['events', 'get', 'No Such Party']);
    const flag = await rentals(['bookings', 'list', '--event-id', 'No Such Party']);
    const byId = await rentals(['events', 'get', '999999']);
    expect(positional.code).toBe(4);
    expect(flag.code).toBe(4);
    expect(byId.code).toBe(4);
    const reason = (text: string) => /no event is named "No Such Party"[^\n]*/.exec(text)?.[0];
    expect(reason(positional.stderr)).toBeDefined();
    expect(reason(positional.stderr)).toBe(reason(flag.stderr));
  });

  it('the calendar verbs refuse an unknown name (exit 4) or a bad id (exit 2) as the id flags do, nothing written', async () => {
    const flag = await rentals(['bookings', 'list', '--event-id', 'No Such Party']);
    const reason = (text: string) => /no event is named "No Such Party" \(see [^)]*\)/.exec(text)?.[0];
    expect(reason(flag.stderr)).toBeDefined();
    for (const args of [
      ['events', 'show', 'No Such Party'],
      ['events', 'book', 'No Such Party', '--item', '1=1'],
      ['events', 'cancel', 'No Such Party', '--reason', 'rain'],
      ['events', 'clone', 'No Such Party', '--start-date', '2030-01-01'],
    ]) {
      const result = await rentals(args);
      expect(result.code, args.join(' ')).toBe(4);
      expect(reason(result.stderr), args.join(' ')).toBe(reason(flag.stderr));
    }
    const zero = await rentals(['events', 'show', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/event: must be an integer id from 1 to 2147483647 \(got "0"\)/);
    const item = await rentals(['availability', '--from', '2030-01-01', '--to', '2030-01-02', '--item', 'Trampoline']);
    expect(item.code).toBe(4);
    expect(item.stderr).toMatch(/--item: no inventory item is named "Trampoline"/);
    const empty = await rentals(['events', 'book', '1', '--item', '=2']);
    expect(empty.code).toBe(2);
    const bookings = jsonData(await rentals(['bookings', 'list', '--event-id', '1', '--json']));
    const missing = await rentals(['events', 'show', '999999']);
    expect(missing.code).toBe(4);
    expect(jsonData(await rentals(['bookings', 'list', '--event-id', '1', '--json']))).toEqual(bookings);
  });

  it('checks the values before looking a name up: a bad value sends nothing', async () => {
    const result = await rentals(['inventory', 'update', 'Named Lantern', '--quantity-available', '-1', '--verbose']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('quantityAvailable');
    expect(result.stderr).not.toMatch(/^\* GET/m);
  });

  it('a resource without names still wants an integer', async () => {
    const result = await rentals(['prices', 'get', 'cheap', '--inventory-id', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/id.*must be an integer id/);
  });
});
