// One price per item and rental block, end to end against the sandbox: every way rentals creates
// or moves a price refuses a second one for a pair (a dry run alike), naming the item, the block and
// the price it has, with the command that changes that price; bulk import still updates the pair's
// price. A pair that has two prices already (written straight to the server, as another tool
// would) is said to have two, by booking and by `check`, with the command that removes one.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { calendarSuite } from './calendar-fixtures.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { cliFor, ok } from './harness.js';
import { data } from './server-state.js';

const { call, sandbox, rentals, item, event, line } = calendarSuite('Pairs');

/** The item's prices on the server: `[id, rentalBlockId, price]`, by id. */
async function pricesOf(itemId: number): Promise<Array<[number, number, number]>> {
  const records = await data(call(), 'GET', `/v1/inventory/${itemId}/pricing`);
  return records.map((r): [number, number, number] => [Number(r.id), Number(r.rentalBlockId), Number(r.price)]).sort((a, b) => a[0] - b[0]);
}

/** A second price for the item's block 1, straight to the server (as another tool would); its id. */
async function secondPrice(itemId: number, price: number): Promise<number> {
  const [record] = await data(call(), 'POST', `/v1/inventory/${itemId}/pricing`, { inventoryId: itemId, rentalBlockId: 1, price });
  return Number(record!.id);
}

describe('a second price for an item and rental block is refused', () => {
  test('the help of prices add and prices set says an item has one price per rental block; check lists duplicate-price', async () => {
    expect(ok(await rentals(['prices', 'add', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('An item has one price per rental block: a second is refused');
    expect(ok(await rentals(['prices', 'set', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('An item has one price per rental block');
    expect(ok(await rentals(['check', '--help'])).stdout).toContain('duplicate-price');
  });

  test('prices add, its dry run too: exit 1, nothing sent, the item, block and existing price named, and the command that changes it', async () => {
    const tent = await item(4, 450);
    const before = await pricesOf(tent.id);
    const existing = before[0]![0];
    for (const dryRun of [[], ['--dry-run']]) {
      const refused = await rentals(['prices', 'add', '--inventory-id', tent.name, '--rental-block-id', 'Daily', '--price', '10', ...dryRun]);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(`"${tent.name}" already has a price for the rental block "Daily": price ${existing} (450.00)`);
      expect(refused.stderr).toContain(`rentals prices set --inventory-id ${tent.id} --rental-block-id 1 --price 10.00`);
      expect(refused.stderr).toContain(`rentals prices update ${existing} --inventory-id ${tent.id} --price 10.00`);
    }
    expect(await pricesOf(tent.id)).toEqual(before);
    // The way out does what it says.
    ok(await rentals(['prices', 'set', '--inventory-id', String(tent.id), '--rental-block-id', '1', '--price', '10.00']));
    expect(await pricesOf(tent.id)).toEqual([[existing, 1, 10]]);
    // A block the item has no price for is added as before.
    ok(await rentals(['prices', 'add', '--inventory-id', tent.name, '--rental-block-id', 'Weekend', '--price', '15']));
    expect((await pricesOf(tent.id)).map(([, block, price]) => [block, price])).toEqual([[1, 10], [2, 15]]);
  });

  test('prices update that would move a price onto a pair that has one is refused; one that changes the amount passes', async () => {
    const tent = await item(4, 450);
    const [[daily]] = (await pricesOf(tent.id)) as [[number, number, number]];
    const [weekend] = await data(call(), 'POST', `/v1/inventory/${tent.id}/pricing`, { inventoryId: tent.id, rentalBlockId: 2, price: 675 });
    const moved = await rentals(['prices', 'update', String(weekend!.id), '--inventory-id', String(tent.id), '--rental-block-id', '1', '--price', '500']);
    expect(moved.code, moved.stderr).toBe(1);
    expect(moved.stderr).toContain(`already has a price for the rental block "Daily": price ${daily} (450.00)`);
    expect(await pricesOf(tent.id)).toEqual([[daily, 1, 450], [Number(weekend!.id), 2, 675]]);
    ok(await rentals(['prices', 'update', String(daily), '--inventory-id', String(tent.id), '--rental-block-id', '1', '--price', '460']));
    expect(await pricesOf(tent.id)).toEqual([[daily, 1, 460], [Number(weekend!.id), 2, 675]]);
  });

  test('prices import still changes the price a pair has (no second one), and adds a price to a pair that has none', async () => {
    const tent = await item(4, 450);
    const [[daily]] = (await pricesOf(tent.id)) as [[number, number, number]];
    const csv = `inventoryId,rentalBlockId,price\n${tent.id},1,455\n${tent.id},3,1300\n`;
    ok(await rentals(['prices', 'import', '-', '--format', 'csv', '--yes'], { input: csv }));
    const after = await pricesOf(tent.id);
    expect(after[0]).toEqual([daily, 1, 455]);
    expect(after.map(([, block, price]) => [block, price])).toEqual([[1, 455], [3, 1300]]);
  });

  test('prices apply of a plan that adds a price: a pair that got a price since is stale, never priced twice', async () => {
    const tent = await item(4, 450);
    const dir = fileTempDir('price-pairs-');
    const csv = join(dir, 'weekly.csv');
    const plan = join(dir, 'weekly.plan.json');
    writeFileSync(csv, `inventoryId,rentalBlockId,price\n${tent.id},3,1300\n`);
    ok(await rentals(['prices', 'import', csv, '--plan', plan]));
    const [other] = await data(call(), 'POST', `/v1/inventory/${tent.id}/pricing`, { inventoryId: tent.id, rentalBlockId: 3, price: 1250 });
    const applied = await rentals(['prices', 'apply', plan, '--yes']);
    expect(applied.code, applied.stderr).not.toBe(0);
    expect(applied.stderr).toContain('stale');
    expect((await pricesOf(tent.id)).filter(([, block]) => block === 3)).toEqual([[Number(other!.id), 3, 1250]]);
  });

  test('undo of a price deleted is refused when the pair has a price again', async () => {
    const tent = await item(4, 450);
    const [[daily]] = (await pricesOf(tent.id)) as [[number, number, number]];
    ok(await rentals(['prices', 'delete', String(daily), '--inventory-id', String(tent.id), '--yes']));
    const history = JSON.parse(ok(await rentals(['history', '-o', 'json'])).stdout).data as Array<{ id: string; command: string }>;
    const deleted = history.find((entry) => entry.command.includes(`prices delete ${daily} `))!;
    ok(await rentals(['prices', 'add', '--inventory-id', String(tent.id), '--rental-block-id', '1', '--price', '470']));
    const undo = await rentals(['undo', deleted.id]);
    expect(undo.code, undo.stderr).toBe(1);
    expect(undo.stderr).toContain(`already has a price for the rental block "Daily"`);
    expect((await pricesOf(tent.id)).map(([, block, price]) => [block, price])).toEqual([[1, 470]]);
  });
});

describe('two prices for one pair written at the same moment', () => {
  test('prices add reads back: the price written after another one for the pair is taken back (exit 1), and is not in the history', async () => {
    const tent = await item(4, 450);
    const proxy = await startFaultProxy({ target: sandbox().url });
    try {
      const viaProxy = cliFor({ url: proxy.url, token: sandbox().token });
      // The add is held just before its POST, while another client adds the pair's price.
      const held = proxy.gate((request) => request.method === 'POST' && request.path === `/v1/inventory/${tent.id}/pricing`, 0);
      const adding = viaProxy(['prices', 'add', '--inventory-id', String(tent.id), '--rental-block-id', 'Weekend', '--price', '15']);
      await held;
      const [other] = await data(call(), 'POST', `/v1/inventory/${tent.id}/pricing`, { inventoryId: tent.id, rentalBlockId: 2, price: 20 });
      proxy.open();
      const lost = await adding;
      expect(lost.code, lost.stderr).toBe(1);
      expect(lost.stderr).toContain(`another write added a price for "${tent.name}" and the rental block "Weekend" at the same moment: price ${String(other!.id)} (20.00)`);
      expect((await pricesOf(tent.id)).map(([id, block, price]) => [id === Number(other!.id) ? 'other' : id, block, price]).filter(([, block]) => block === 2)).toEqual([['other', 2, 20]]);
      const history = JSON.parse(ok(await viaProxy(['history', '-o', 'json'])).stdout).data as unknown[];
      expect(history).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

describe('the read-back after a price added, when it cannot be done', () => {
  test('the read fails: the price stands (exit 0), with a warning that the pair could not be checked', async () => {
    const tent = await item(4, 450);
    let reads = 0;
    const listing = `/v1/inventory/${tent.id}/pricing`;
    // The first read of the item's prices judges the add; the second, after the POST, is the read-back.
    const proxy = await startFaultProxy({ target: sandbox().url, force: (request) => (request.method === 'GET' && request.path.startsWith(listing) && ++reads === 2 ? '403' : undefined) });
    try {
      const added = await cliFor({ url: proxy.url, token: sandbox().token })(['prices', 'add', '--inventory-id', String(tent.id), '--rental-block-id', 'Weekend', '--price', '15', '-o', 'json']);
      expect(added.code, added.stderr).toBe(0);
      expect(added.stderr).toMatch(/^warning: price \d+ was written, but whether another price of item \d+ for rental block 2 was added at the same moment could not be read/m);
      expect((await pricesOf(tent.id)).filter(([, block]) => block === 2).map(([, , price]) => price)).toEqual([15]);
    } finally {
      await proxy.close();
    }
  });

  test('the later price cannot be taken back: exit 1 naming both and the command that removes it', async () => {
    const tent = await item(4, 450);
    const proxy = await startFaultProxy({ target: sandbox().url, force: (request) => (request.method === 'DELETE' ? '403' : undefined), forceAfterServer: false });
    try {
      const held = proxy.gate((request) => request.method === 'POST' && request.path === `/v1/inventory/${tent.id}/pricing`, 0);
      const adding = cliFor({ url: proxy.url, token: sandbox().token })(['prices', 'add', '--inventory-id', String(tent.id), '--rental-block-id', 'Weekend', '--price', '15']);
      await held;
      const [other] = await data(call(), 'POST', `/v1/inventory/${tent.id}/pricing`, { inventoryId: tent.id, rentalBlockId: 2, price: 20 });
      proxy.open();
      const lost = await adding;
      expect(lost.code, lost.stderr).toBe(1);
      const later = (await pricesOf(tent.id)).find(([id, block]) => block === 2 && id !== Number(other!.id))![0];
      expect(lost.stderr).toContain(`price ${String(other!.id)} (20.00). Price ${later}, written after it, could not be taken back`);
      expect(lost.stderr).toContain(`rentals prices delete ${later} --inventory-id ${tent.id} --yes`);
    } finally {
      await proxy.close();
    }
  });
});

describe('a pair that already has two prices (written by another tool)', () => {
  test('booking says the item has two prices for the block, naming both, and how to remove one', async () => {
    const tent = await item(4, 450);
    const [[first]] = (await pricesOf(tent.id)) as [[number, number, number]];
    const second = await secondPrice(tent.id, 10);
    const party = await event('2026-09-04T08:00:00', '2026-09-06T10:00:00');
    const refused = await rentals(['events', 'book', String(party.id), '--item', `${tent.name}=1`]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).not.toContain('no price');
    expect(refused.stderr).toContain(`"${tent.name}": 2 prices for the rental block "Daily": price ${first} (450.00) and price ${second} (10.00)`);
    expect(refused.stderr).toContain(`rentals prices delete ${second} --inventory-id ${tent.id}`);
    expect(refused.stderr).toContain(`rentals prices delete ${first} --inventory-id ${tent.id}`);
    expect(await data(call(), 'GET', `/v1/events/${party.id}/inventory`)).toEqual([]);
  });

  test('prices set says the pair has two prices, naming both, and how to remove one; nothing sent', async () => {
    const tent = await item(4, 450);
    const [[first]] = (await pricesOf(tent.id)) as [[number, number, number]];
    const second = await secondPrice(tent.id, 10);
    const refused = await rentals(['prices', 'set', '--inventory-id', tent.name, '--rental-block-id', 'Daily', '--price', '20']);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(`"${tent.name}" has 2 prices for the rental block "Daily": price ${first} (450.00) and price ${second} (10.00)`);
    expect(refused.stderr).toContain(`rentals prices delete ${second} --inventory-id ${tent.id}  # keeps price ${first} (450.00)`);
    expect(await pricesOf(tent.id)).toEqual([[first, 1, 450], [second, 1, 10]]);
  });

  test('check reports the pair as duplicate-price with both ids; no-price-for-block names the block', async () => {
    const tent = await item(4, 450);
    const [[first]] = (await pricesOf(tent.id)) as [[number, number, number]];
    const second = await secondPrice(tent.id, 10);
    const party = await event('2026-10-04T08:00:00', '2026-10-06T10:00:00');
    await line(party.id, tent.id, 1, 450);
    const chair = await item(10, 2);
    const weekly = await event('2026-10-04T08:00:00', '2026-10-06T10:00:00', { rentalBlockId: 3 });
    await line(weekly.id, chair.id, 1, 2);

    const checked = await rentals(['check', '--from', '2026-10-01', '--to', '2026-10-10', '-o', 'json']);
    expect(checked.code, checked.stderr).toBe(1);
    const problems = JSON.parse(checked.stdout).data as Array<Record<string, unknown>>;
    const duplicate = problems.find((p) => p.code === 'duplicate-price');
    expect(duplicate).toMatchObject({ itemId: tent.id, rentalBlockId: 1, priceIds: [first, second], eventIds: [party.id] });
    expect(duplicate!.message).toContain(`has 2 prices for the rental block "Daily"`);
    expect(problems.filter((p) => p.code === 'no-price-for-block').map((p) => p.itemId)).toEqual([chair.id]);
    const missing = problems.find((p) => p.code === 'no-price-for-block')!;
    expect(missing.message).toContain(`the item has no price for the event's rental block "Weekly"`);
  });
});
