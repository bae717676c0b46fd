// An item's or a category's name is a reference (lookups, booking by item name, completion), so
// rentals never makes a second record of a name it could not tell apart: a create, or a rename,
// to a name another record of the resource has is refused (a dry run alike), naming that record
// and the command that changes it instead; undo and bulk import alike. A lookup of a name two
// records share (written by another tool) says so, without calling the read "invalid".

import { describe, expect, test } from 'vitest';
import { calendarSuite } from './calendar-fixtures.js';
import { cliFor, ok } from './harness.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { data } from './server-state.js';

const { call, sandbox, rentals, unique } = calendarSuite('Names');

async function idsNamed(path: string, name: string): Promise<number[]> {
  return (await data(call(), 'GET', path)).filter((record) => record.name === name).map((record) => Number(record.id));
}

async function anItem(name: string): Promise<number> {
  const [record] = await data(call(), 'POST', '/v2/inventory', { name, quantityAvailable: 1, active: 1 });
  return Number(record!.id);
}

describe('a second item or category of one name is refused', () => {
  test('inventory add of a name an item has, its dry run too: exit 1, nothing sent, the item and the command that changes it named', async () => {
    const name = unique('Scratch Thing');
    const first = await anItem(name);
    for (const dryRun of [[], ['--dry-run']]) {
      const refused = await rentals(['inventory', 'add', '--name', name, '--quantity-available', '3', ...dryRun]);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(`inventory item ${first} is already named "${name}"`);
      expect(refused.stderr).toContain('Nothing was sent.');
      // Only what differs from the item as it is: it is active already.
      expect(refused.stderr).toContain(`rentals inventory update ${first} --quantity-available 3\n`);
    }
    expect(await idsNamed('/v2/inventory', name)).toEqual([first]);
    // The name as the lookup matches it: case, spaces, dashes.
    const folded = await rentals(['inventory', 'add', '--name', `  ${name.toUpperCase().replace(' ', '  ')} `, '--quantity-available', '1']);
    expect(folded.code, folded.stderr).toBe(1);
    expect(folded.stderr).toContain(`inventory item ${first} is named "${name}", which`);
    expect(folded.stderr).toContain('cannot be told from');
    // The read stays unambiguous.
    ok(await rentals(['inventory', 'get', name]));
  });

  test('categories add of a name a category has: refused, the way out fitting the category as it is; another name is added', async () => {
    const name = unique('Misc');
    ok(await rentals(['categories', 'add', '--name', name]));
    const [first] = await idsNamed('/v2/inventorycategory', name);
    const again = await rentals(['categories', 'add', '--name', `  ${name.toLowerCase()} `]);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toContain(`inventory category ${first!} is named "${name}"`);
    // Already active, as the add would make it: nothing to change, so no update is suggested.
    expect(again.stderr).not.toContain('update');
    expect(again.stderr).toContain(`Inventory category ${first!} already has the values given: use it as it is.`);
    expect(again.stderr).toContain(`rentals categories get ${first!}`);
    ok(await rentals(['categories', 'update', String(first!), '--inactive']));
    const inactive = await rentals(['categories', 'add', '--name', name]);
    expect(inactive.code, inactive.stderr).toBe(1);
    expect(inactive.stderr).toContain(`rentals categories update ${first!} --active`);
    expect(await idsNamed('/v2/inventorycategory', name)).toEqual([first]);
    ok(await rentals(['categories', 'add', '--name', `${name} 2`]));
  });

  test('a rename to a name another item has is refused; a rename to its own name in other case, and a change of its stock, pass', async () => {
    const taken = unique('Taken');
    const other = await anItem(taken);
    const mine = await anItem(unique('Mine'));
    const renamed = await rentals(['inventory', 'update', String(mine), '--name', taken]);
    expect(renamed.code, renamed.stderr).toBe(1);
    expect(renamed.stderr).toContain(`inventory item ${other} is already named "${taken}"`);
    expect(renamed.stderr).toContain(`rentals inventory update ${other}`);
    ok(await rentals(['inventory', 'update', String(other), '--name', taken.toUpperCase()]));
    ok(await rentals(['inventory', 'update', String(other), '--quantity-available', '5']));
  });

  test('an item that shares its name already (written by another tool) can still be changed, and renamed apart', async () => {
    const name = unique('Twin');
    const first = await anItem(name);
    const second = await anItem(name);
    ok(await rentals(['inventory', 'update', String(second), '--quantity-available', '4']));
    ok(await rentals(['inventory', 'update', String(second), '--name', `${name} (old)`]));
    ok(await rentals(['inventory', 'get', name]));
    expect(await idsNamed('/v2/inventory', name)).toEqual([first]);
  });

  test('undo of an item deleted is refused when another item has its name since', async () => {
    const name = unique('Gone');
    const id = await anItem(name);
    ok(await rentals(['inventory', 'delete', String(id), '--yes']));
    const history = JSON.parse(ok(await rentals(['history', '-o', 'json'])).stdout).data as Array<{ id: string; command: string }>;
    const deleted = history.find((entry) => entry.command.includes(`inventory delete ${id} `))!;
    const again = await anItem(name);
    const undo = await rentals(['undo', deleted.id]);
    expect(undo.code, undo.stderr).toBe(1);
    expect(undo.stderr).toContain(`inventory item ${again} is already named "${name}"`);
    expect(await idsNamed('/v2/inventory', name)).toEqual([again]);
  });
});

describe('bulk inventory import cannot make a second record of a name', () => {
  test('a new name an item has but for case, and two rows of one new name: refused with their lines; nothing written', async () => {
    const name = unique('Imported');
    const existing = await anItem(name);
    const fresh = unique('Brand new');
    const csv = `name,quantityAvailable\n${name.toLowerCase()},2\n${fresh},1\n${fresh.toUpperCase()},3\n`;
    const refused = await rentals(['inventory', 'import', '-', '--format', 'csv', '--yes'], { input: csv });
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(`(stdin):2:1 name: "${name.toLowerCase()}" cannot be told from "${name}", the name of inventory item ${existing}`);
    expect(refused.stderr).toContain(`(stdin):4:1 name: "${fresh.toUpperCase()}" cannot be told from "${fresh}", the new inventory item of line 3`);
    expect(await idsNamed('/v2/inventory', fresh)).toEqual([]);
    expect(await idsNamed('/v2/inventory', name.toLowerCase())).toEqual([]);
  });
});

describe('two items of one name added at the same moment', () => {
  test('inventory add reads back: the item added after another one of its name is taken back (exit 1), and is not in the history', async () => {
    const name = unique('Racer');
    const proxy = await startFaultProxy({ target: sandbox().url });
    try {
      const viaProxy = cliFor({ url: proxy.url, token: sandbox().token });
      const held = proxy.gate((request) => request.method === 'POST' && request.path === '/v2/inventory', 0);
      const adding = viaProxy(['inventory', 'add', '--name', name, '--quantity-available', '1']);
      await held;
      const other = await anItem(name);
      proxy.open();
      const lost = await adding;
      expect(lost.code, lost.stderr).toBe(1);
      expect(lost.stderr).toContain(`another write added inventory item ${other} named "${name}" at the same moment`);
      expect(await idsNamed('/v2/inventory', name)).toEqual([other]);
      expect(JSON.parse(ok(await viaProxy(['history', '-o', 'json'])).stdout).data).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

describe('a lookup of a name two records share', () => {
  test('says how many share it and their ids, exit 2, not that the read is invalid', async () => {
    const name = unique('Shared');
    const first = await anItem(name);
    const second = await anItem(name);
    const got = await rentals(['inventory', 'get', name]);
    expect(got.code).toBe(2);
    expect(got.stderr).toBe(`error: 2 inventory items are named "${name}": ids ${first}, ${second} (give the id instead)\n`);
    const party = unique('Shared party');
    const ids: number[] = [];
    for (const year of [2028, 2027]) {
      const window = { dropoffDate: `${year}-01-01T08:00:00`, startDate: `${year}-01-01T08:00:00`, endDate: `${year}-01-02T08:00:00`, teardownDate: `${year}-01-02T08:00:00`, pickupDate: `${year}-01-02T08:00:00` };
      const [record] = await data(call(), 'POST', '/v1/events', { eventStatusId: 2, rentalBlockId: 1, eventName: party, ...window });
      ids.push(Number(record!.id));
    }
    const listed = await rentals(['bookings', 'list', '--event-id', party]);
    expect(listed.code).toBe(2);
    expect(listed.stderr).not.toContain('invalid');
    // Event names repeat across years: each id says when its event starts, so the right one can be picked.
    expect(listed.stderr).toBe(`error: eventId: 2 events are named "${party}": ids ${ids[0]} (starts 2028-01-01 08:00), ${ids[1]} (starts 2027-01-01 08:00) (give the id instead)\nNothing was sent.\n`);
    const folded = await rentals(['bookings', 'list', '--event-id', party.toUpperCase().replace('SHARED ', 'SHARED  ')]);
    expect(folded.stderr).toContain(`"${party}" (id ${ids[0]}, starts 2028-01-01 08:00), "${party}" (id ${ids[1]}, starts 2027-01-01 08:00)`);
  });
});
