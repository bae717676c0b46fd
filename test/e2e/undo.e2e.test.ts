// The history of the tool's writes and `rentals undo`, against the real sandbox: each write is an
// entry with its records before and after, and undo puts them back through the same rules.

import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { jsonData, ok } from './harness.js';
import { calendarSuite } from './calendar-fixtures.js';
import { data } from './server-state.js';

const fixtures = calendarSuite('Undo');
const { call, rentals, item, event, line } = fixtures;

interface Entry {
  id: string;
  at: string;
  command: string;
  undoes?: string;
  records: Array<{ resource: string; id: number; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>;
}

async function history(args: string[] = []): Promise<Entry[]> {
  return jsonData(ok(await rentals(['history', ...args, '-o', 'json']))) as unknown as Entry[];
}

const lines = async (eventId: number) => (await data(call(), 'GET', `/v1/events/${eventId}/inventory`)).map((l) => [l.inventoryId, l.quantity]);
const eventRecord = async (eventId: number) => (await data(call(), 'GET', `/v1/events/${eventId}`))[0]!;

/** An item of `owned` units booked `quantity` on a new event, then unbooked through rentals: the item, the event, the unbook's entry. */
async function unbookedLine(owned: number, quantity: number, dropoff: string, pickup: string) {
  const stock = await item(owned);
  const fair = await event(dropoff, pickup);
  await line(fair.id, stock.id, quantity);
  ok(await rentals(['events', 'unbook', String(fair.id), '--item', String(stock.id)]));
  const [entry] = await history();
  return { owned: stock, fair, entry };
}

describe('history and undo', () => {
  test('book, then undo: the lines are gone; history -o json has the entry with before and after; undo of the undo books again', async () => {
    const chairs = await item(50);
    const party = await event('2029-05-01T08:00:00', '2029-05-02T10:00:00');
    ok(await rentals(['events', 'book', String(party.id), '--item', `${chairs.name}=6`]));
    expect(await lines(party.id)).toEqual([[chairs.id, 6]]);

    const [booked] = await history();
    expect(booked!.command).toBe(`rentals events book ${party.id} --item '${chairs.name}=6'`);
    expect(booked!.records).toEqual([{ resource: 'bookings', id: expect.any(Number), before: null, after: expect.objectContaining({ eventId: party.id, inventoryId: chairs.id, quantity: 6 }) }]);

    const dry = ok(await rentals(['undo', '--dry-run', '-o', 'json']));
    // Piped too, the sentences people read name the event, not only its id.
    expect(dry.stderr).toContain(`Would remove 6 × ${chairs.name} from "${party.name}"`);
    expect(dry.stderr).toContain(`Dry run: 1 record of entry ${booked!.id} (${booked!.command}) would be put back; nothing was sent.`);
    expect(await lines(party.id)).toEqual([[chairs.id, 6]]);

    const undone = ok(await rentals(['undo', '-o', 'json']));
    expect(undone.stderr).toContain(`Undid entry ${booked!.id}`);
    // The run shows the changes its dry run showed, named alike.
    const changes = (result: { stdout: string }) => (JSON.parse(result.stdout) as { changes: unknown[] }).changes;
    expect(changes(dry)).toEqual([expect.objectContaining({ resource: 'bookings', name: chairs.name, after: null })]);
    expect(changes(undone)).toEqual(changes(dry));
    expect(undone.stderr).toContain(`Removed 6 × ${chairs.name} from "${party.name}"`);
    expect(await lines(party.id)).toEqual([]);

    const [undo] = await history();
    expect(undo).toMatchObject({ command: 'rentals undo -o json', undoes: booked!.id, records: [{ resource: 'bookings', before: expect.objectContaining({ quantity: 6 }), after: null }] });
    ok(await rentals(['undo', undo!.id]));
    expect(await lines(party.id)).toEqual([[chairs.id, 6]]);
  });

  test('events update of the dates, then undo: the dates are back', async () => {
    const show = await event('2029-06-01T08:00:00', '2029-06-02T10:00:00');
    ok(await rentals(['events', 'update', String(show.id), '--dropoff-date', '2029-06-03T08:00:00', '--start-date', '2029-06-03T08:00:00', '--end-date', '2029-06-04T10:00:00', '--teardown-date', '2029-06-04T10:00:00', '--pickup-date', '2029-06-04T10:00:00']));
    expect(await eventRecord(show.id)).toMatchObject({ dropoffDate: '2029-06-03T08:00:00' });
    const [moved] = await history(['--event', String(show.id)]);
    expect(moved!.records[0]).toMatchObject({ resource: 'events', id: show.id, before: { dropoffDate: '2029-06-01T08:00:00' }, after: { dropoffDate: '2029-06-03T08:00:00' } });

    ok(await rentals(['undo', moved!.id]));
    expect(await eventRecord(show.id)).toMatchObject({ dropoffDate: '2029-06-01T08:00:00', pickupDate: '2029-06-02T10:00:00' });
  });

  test('events cancel, then undo: uncancelled; refused when another event took the units meanwhile', async () => {
    const tent = await item(1);
    const wedding = await event('2029-07-01T08:00:00', '2029-07-02T10:00:00');
    await line(wedding.id, tent.id, 1);
    ok(await rentals(['events', 'cancel', String(wedding.id), '--cancel-reason', 'Rain']));
    const [cancelled] = await history();
    expect(cancelled!.records[0]).toMatchObject({ resource: 'events', before: { cancelReason: null }, after: { cancelReason: 'Rain' } });

    ok(await rentals(['undo', cancelled!.id]));
    expect(await eventRecord(wedding.id)).toMatchObject({ cancelDate: null, cancelReason: null });

    // Cancelled again; another event takes the one tent; the undo of that cancel cannot fit.
    ok(await rentals(['events', 'cancel', String(wedding.id), '--cancel-reason', 'Rain again']));
    const [again] = await history();
    const rival = await event('2029-07-01T12:00:00', '2029-07-01T20:00:00');
    ok(await rentals(['events', 'book', String(rival.id), '--item', `${tent.name}=1`]));
    const dry = await rentals(['undo', again!.id, '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain('not enough units');
    const refused = await rentals(['undo', again!.id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not enough units');
    expect(refused.stderr).toContain(rival.name);
    expect(await eventRecord(wedding.id)).toMatchObject({ cancelReason: 'Rain again' });
  });

  test('an entry whose record was changed since is refused as stale, the difference shown, nothing changed', async () => {
    const lights = await item(20);
    const gala = await event('2029-08-01T08:00:00', '2029-08-02T10:00:00');
    ok(await rentals(['events', 'book', String(gala.id), '--item', `${lights.name}=4`, '--item', `${(await item(5)).name}=1`]));
    const [booked] = await history();
    // Someone else changes one of the lines afterwards.
    const [lightsLine] = (await data(call(), 'GET', `/v1/events/${gala.id}/inventory`)).filter((l) => l.inventoryId === lights.id);
    await data(call(), 'PUT', `/v1/events/${gala.id}/inventory/${String(lightsLine!.id)}`, { ...lightsLine, quantity: 7 });
    const before = await lines(gala.id);

    const stale = await rentals(['undo', booked!.id]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(`entry ${booked!.id} cannot be undone`);
    expect(stale.stderr).toContain(`booking ${String(lightsLine!.id)}: Quantity is 7 now; the entry left 4`);
    expect(stale.stderr).toContain('Nothing was undone.');
    expect(await lines(gala.id)).toEqual(before);
    expect((await history())[0]!.id).toBe(booked!.id);
  });

  test('a stale refusal says each field by its title and each reference by its name, as the history does', async () => {
    const gala = await event('2029-09-01T08:00:00', '2029-09-02T10:00:00');
    ok(await rentals(['events', 'update', String(gala.id), '--event-name', `${gala.name} renamed`]));
    const [renamed] = await history();
    // Someone else cancels it afterwards, with a new start.
    const now = await eventRecord(gala.id);
    await data(call(), 'PUT', `/v1/events/${gala.id}`, { ...now, eventStatusId: 4, cancelDate: '2029-08-01T00:00:00', startDate: '2029-09-01T09:00:00' });
    const stale = await rentals(['undo', renamed!.id]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(`event ${gala.id}: `);
    expect(stale.stderr).toContain('Status is Cancelled now; the entry left Confirmed');
    expect(stale.stderr).toContain('Start is 2029-09-01 09:00 now; the entry left 2029-09-01 08:00');
    expect(stale.stderr).not.toMatch(/eventStatusId|startDate/);
  });

  test('a deleted record comes back as a new record, the undo says its id, and its bookings come back on it', async () => {
    const { owned: crate, fair, entry: unbooked } = await unbookedLine(3, 2, '2029-04-01T08:00:00', '2029-04-02T10:00:00');
    ok(await rentals(['events', 'delete', String(fair.id), '--yes']));

    const undone = ok(await rentals(['undo']));
    const match = new RegExp(`event ${fair.id} was deleted: it comes back as event (\\d+)\\.`).exec(undone.stderr);
    expect(match).not.toBeNull();
    const newId = Number(match![1]);
    expect(await eventRecord(newId)).toMatchObject({ eventName: fair.name, dropoffDate: '2029-04-01T08:00:00' });

    // Brought back once: the same entry again is refused, naming the undo that stands.
    const [undoEntry, deleted] = await history();
    const twice = await rentals(['undo', deleted!.id]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain(`entry ${deleted!.id} was undone already, by entry ${undoEntry!.id}`);

    // The earlier unbook's line comes back on the event as it is now.
    ok(await rentals(['undo', unbooked!.id]));
    expect(await lines(newId)).toEqual([[crate.id, 2]]);
  });

  test('`rentals -q undo` (a global flag before undo) refused for stock: every way out names the entry, the move then the undo too', async () => {
    const { owned: tent, fair, entry: unbooked } = await unbookedLine(1, 1, '2029-10-01T08:00:00', '2029-10-02T10:00:00');
    const other = await event('2029-10-01T12:00:00', '2029-10-01T20:00:00');
    await line(other.id, tent.id, 1);

    const refused = await rentals(['-q', 'undo']);
    expect(refused.code).toBe(1);
    const id = unbooked!.id;
    expect(refused.stderr).toMatch(new RegExp(`\\n    rentals events move ${fair.id} --to '[^']+' && rentals -q undo ${id}\\n`));
    expect(refused.stderr).toContain(`\n    rentals -q undo ${id} --allow-overbook`);
    expect(refused.stderr).not.toMatch(new RegExp(`rentals -q undo(?! ${id})`));
  });

  test('a line brought back by an undo is not brought back twice by undoing the same entry again', async () => {
    const cups = await item(30);
    const tea = await event('2029-11-01T08:00:00', '2029-11-02T10:00:00');
    await line(tea.id, cups.id, 12);
    ok(await rentals(['events', 'unbook', String(tea.id), '--item', cups.name]));
    const [unbooked] = await history();
    ok(await rentals(['undo', unbooked!.id]));
    expect(await lines(tea.id)).toEqual([[cups.id, 12]]);
    const again = await rentals(['undo', unbooked!.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('was undone already');
    expect(await lines(tea.id)).toEqual([[cups.id, 12]]);
  });

  test('a bulk run is an entry too: undo puts its prices back', async () => {
    const tent = await item(4, 100);
    ok(await rentals(['prices', 'adjust', '--percent', '10', '--inventory-id', String(tent.id)]));
    const [adjusted] = await history(['--item', String(tent.id)]);
    expect(adjusted!.records).toEqual([expect.objectContaining({ resource: 'prices', before: expect.objectContaining({ price: 100 }), after: expect.objectContaining({ price: 110 }) })]);
    ok(await rentals(['undo', adjusted!.id]));
    expect((await data(call(), 'GET', `/v1/inventory/${tent.id}/pricing`))[0]).toMatchObject({ price: 100 });
  });

  test('history filters by --item and --since, and its file is private', async () => {
    const lamp = await item(9);
    const party = await event('2029-09-01T08:00:00', '2029-09-02T10:00:00');
    ok(await rentals(['events', 'book', String(party.id), '--item', `${lamp.name}=2`]));
    const forLamp = await history(['--item', lamp.name, '--since', 'today']);
    expect(forLamp).toHaveLength(1);
    expect(await history(['--since', '+1d'])).toEqual([]);
    const table = ok(await rentals(['history', '--item', String(lamp.id)]));
    expect(table.stdout).toContain('created');
  });

  test('csv, tsv and ndjson give each row its entry, then the record, then when the entry was made and by which command (as -o json names them; the columns scripts read by position stay where they were), selectable with --fields', async () => {
    const lamp = await item(7);
    const party = await event('2029-09-05T08:00:00', '2029-09-06T10:00:00');
    ok(await rentals(['events', 'book', String(party.id), '--item', `${lamp.name}=2`]));
    const [entry] = await history(['--item', lamp.name]);
    const csv = ok(await rentals(['history', '--item', lamp.name, '-o', 'csv'])).stdout.split('\n');
    expect(csv[0]).toBe('entry,resource,id,change,at,command');
    expect(csv[1]!.startsWith(`${entry!.id},bookings,`), csv[1]).toBe(true);
    expect(csv[1]!.endsWith(`,${entry!.at},${entry!.command}`), csv[1]).toBe(true);
    const picked = ok(await rentals(['history', '--item', lamp.name, '-o', 'tsv', '--fields', 'at,command'])).stdout;
    expect(picked).toBe(`${entry!.at}\t${entry!.command}\n`);
    const line = JSON.parse(ok(await rentals(['history', '--item', lamp.name, '-o', 'ndjson'])).stdout.split('\n')[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ entry: entry!.id, at: entry!.at, command: entry!.command, resource: 'bookings' });
    const table = ok(await rentals(['history', '--item', lamp.name, '-o', 'table'])).stdout;
    expect(table.split('\n').filter((l) => l.includes(entry!.command))).toHaveLength(1);
  });
});

test('the history file is 0600 in a 0700 directory', async () => {
  const { sandbox } = fixtures;
  const configDir = (await import('./harness.js')).freshConfigDir();
  const cli = (await import('./harness.js')).cliFor(sandbox(), configDir);
  const lamp = await item(2);
  const party = await event('2029-10-01T08:00:00', '2029-10-02T10:00:00');
  ok(await cli(['events', 'book', String(party.id), '--item', `${lamp.name}=1`]));
  expect(statSync(join(configDir, 'history')).mode & 0o777).toBe(0o700);
  expect(statSync(join(configDir, 'history', 'history.ndjson')).mode & 0o777).toBe(0o600);
});

test('an entry whose writes were put back in the same run (a lost race backed out) leaves nothing to undo: undo refuses (exit 1) and sends nothing', async () => {
  const { sandbox } = fixtures;
  const harness = await import('./harness.js');
  const configDir = harness.freshConfigDir();
  const cli = harness.cliFor(sandbox(), configDir);
  const lamp = await item(5);
  const party = await event('2029-11-01T08:00:00', '2029-11-02T10:00:00');
  ok(await cli(['events', 'book', String(party.id), '--item', `${lamp.name}=1`]));
  const file = join(configDir, 'history', 'history.ndjson');
  const [head, written] = readFileSync(file, 'utf8').trim().split('\n').map((text) => JSON.parse(text) as Record<string, unknown>);
  const booked = written!.after as Record<string, unknown>;
  // As the booking writer records a line raised and then restored after losing a race.
  const raced = [
    { ...head, id: 'raced01', command: `rentals events book ${party.id} --item ${lamp.id}=3` },
    { kind: 'record', entry: 'raced01', resource: 'bookings', parentId: party.id, id: booked.id, before: booked, after: { ...booked, quantity: 3 } },
    { kind: 'record', entry: 'raced01', resource: 'bookings', parentId: party.id, id: booked.id, before: { ...booked, quantity: 3 }, after: booked },
  ];
  appendFileSync(file, raced.map((line) => `${JSON.stringify(line)}\n`).join(''));
  const undone = await cli(['undo', 'raced01']);
  expect(undone.code).toBe(1);
  expect(undone.stderr).toContain('nothing to undo: what entry raced01');
  expect(undone.stderr).not.toContain('Undid');
  expect(await lines(party.id)).toEqual([[lamp.id, 1]]);
  const newest = readFileSync(file, 'utf8').trim().split('\n').map((text) => JSON.parse(text) as { kind: string; undoes?: string });
  expect(newest.filter((line) => line.undoes === 'raced01')).toEqual([]);
});
