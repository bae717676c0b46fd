// A bookings import or apply row without a price takes the item's price for the event's rental
// block, as `bookings add` does: planned, shown in the dry run, written; an item without a price
// for the block makes the row invalid with the message `bookings add` gives.

import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { ok } from './harness.js';
import { calendarSuite } from './calendar-fixtures.js';
import { data } from './server-state.js';

const fixtures = calendarSuite('Block price');
const { call, rentals, item, event } = fixtures;
const dir = fileTempDir('import-block-price');
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const linesOf = async (id: number) => data(call(), 'GET', `/v1/events/${id}/inventory`);

const unpriced = async (): Promise<{ id: number; name: string }> => {
  const [record] = await data(call(), 'POST', '/v2/inventory', { name: `Unpriced ${Date.now()}`, quantityAvailable: 5, active: 1 });
  return { id: Number(record!.id), name: String(record!.name) };
};

describe('bookings import and apply of a row without a price', () => {
  test('the dry run shows the price of the block, the line bookings add --dry-run shows', async () => {
    const stairs = await item(3, 37.44);
    const party = await event('2029-10-01T08:00:00', '2029-10-02T10:00:00');
    const csv = file('dry.csv', `inventoryName,quantity\n${stairs.name},1\n`);
    const add = ok(await rentals(['bookings', 'add', '--event-id', String(party.id), '--inventory-id', stairs.name, '--quantity', '1', '--dry-run']));
    expect(add.stdout).toMatch(/price\t+37\.44/);
    const dry = ok(await rentals(['bookings', 'import', csv, '--event-id', String(party.id), '--dry-run']));
    expect(dry.stdout).toMatch(/price\t+37\.44/);
    expect(await linesOf(party.id)).toEqual([]);
  });

  test('the row is written with the block price, by import and by apply of its plan', async () => {
    const stairs = await item(3, 37.44);
    const party = await event('2029-10-05T08:00:00', '2029-10-06T10:00:00');
    ok(await rentals(['bookings', 'import', file('run.csv', `inventoryName,quantity\n${stairs.name},1\n`), '--event-id', String(party.id), '--yes']));
    expect(await linesOf(party.id)).toMatchObject([{ inventoryId: stairs.id, quantity: 1, price: 37.44 }]);

    const later = await event('2029-10-08T08:00:00', '2029-10-09T10:00:00');
    const plan = join(dir, 'plan.json');
    ok(await rentals(['bookings', 'import', file('plan.csv', `inventoryId,quantity\n${stairs.id},2\n`), '--event-id', String(later.id), '--plan', plan]));
    ok(await rentals(['bookings', 'apply', plan, '--yes']));
    expect(await linesOf(later.id)).toMatchObject([{ inventoryId: stairs.id, quantity: 2, price: 37.44 }]);
  });

  test('an item without a price for the block: the row is invalid with the message bookings add gives', async () => {
    const bare = await unpriced();
    const party = await event('2029-10-12T08:00:00', '2029-10-13T10:00:00');
    const add = await rentals(['bookings', 'add', '--event-id', String(party.id), '--inventory-id', String(bare.id), '--quantity', '1']);
    expect(add.code).not.toBe(0);
    const reason = add.stderr.split('\n').find((line) => line.includes('no price for the rental block'))!;
    expect(reason).toBeDefined();
    const run = await rentals(['bookings', 'import', file('bare.csv', `inventoryId,quantity\n${bare.id},1\n`), '--event-id', String(party.id), '--dry-run']);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(reason.replace(/^error: /, ''));
    expect(run.stderr).not.toContain('is required');
    expect(await linesOf(party.id)).toEqual([]);
  });
});
