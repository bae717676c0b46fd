// Every change to what an event holds obeys the one rule: the nine observations of a
// user and an operator, each against the real sandbox. Statuses of the sandbox: 1 Quoted (a quote:
// tentative), 2 Confirmed (firm), 3 Completed, 4 Cancelled.

import { afterAll, describe, expect, test } from 'vitest';
import { type FaultKind, type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { cliFor, freshConfigDir, ok } from './harness.js';
import { calendarSuite } from './calendar-fixtures.js';
import { data } from './server-state.js';

const QUOTED = 1;
const CONFIRMED = 2;
const CANCELLED = 4;
const fixtures = calendarSuite('Rules');
const { call, rentals, item, line, unique } = fixtures;
const event = (dropoff: string, pickup: string, extra: Record<string, unknown> = {}) => fixtures.event(dropoff, pickup, extra, unique('Show'));
const eventNow = async (id: number) => (await data(call(), 'GET', `/v1/events/${id}`))[0]!;
const linesOf = async (id: number) => data(call(), 'GET', `/v1/events/${id}/inventory`);

/** `check` over a range: the codes it reports (exit 0 when none). */
async function checkCodes(from: string, to: string): Promise<string[]> {
  const result = await rentals(['check', '--from', from, '--to', to, '--json']);
  return (JSON.parse(result.stdout) as { data: Array<{ code: string }> }).data.map((p) => p.code);
}

const proxies: FaultProxy[] = [];
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

/** A rentals behind a proxy that answers `fault` for the requests `match` picks. */
async function behind(match: (request: { method: string; path: string }) => boolean, fault: FaultKind, afterServer: boolean) {
  const proxy = await startFaultProxy({ target: fixtures.sandbox().url, force: (r) => (match(r) ? fault : undefined), forceAfterServer: afterServer });
  proxies.push(proxy);
  return cliFor({ url: proxy.url, token: fixtures.sandbox().token }, freshConfigDir());
}

describe('1. events update --event-status-id Confirmed is judged like events confirm', () => {
  test('a quote that no longer fits is refused (exit 1, the shortage named), and confirmed with --allow-overbook', async () => {
    const tent = await item(8);
    const firm = await event('2029-01-10T08:00:00', '2029-01-12T10:00:00');
    await line(firm.id, tent.id, 8);
    const quote = await event('2029-01-11T08:00:00', '2029-01-11T20:00:00', { eventStatusId: QUOTED });
    await line(quote.id, tent.id, 2);
    const refused = await rentals(['events', 'update', String(quote.id), '--event-status-id', 'Confirmed']);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(`${tent.name}: 8 owned, 8 held by other events`);
    expect(refused.stderr).toContain(firm.name);
    expect(refused.stderr).toContain('Nothing was changed');
    expect(await eventNow(quote.id)).toMatchObject({ eventStatusId: QUOTED });
    const dry = ok(await rentals(['events', 'update', String(quote.id), '--status', 'Confirmed', '--allow-overbook', '--dry-run']));
    expect(dry.stderr).toContain('warning: overbooking');
    expect(await eventNow(quote.id)).toMatchObject({ eventStatusId: QUOTED });
    ok(await rentals(['events', 'update', String(quote.id), '--status', 'Confirmed', '--allow-overbook']));
    expect(await eventNow(quote.id)).toMatchObject({ eventStatusId: CONFIRMED });
  });

  test('a change that adds no hold (a rename) is never judged', async () => {
    const tent = await item(1);
    const a = await event('2029-01-20T08:00:00', '2029-01-21T10:00:00');
    const b = await event('2029-01-20T08:00:00', '2029-01-21T10:00:00');
    await line(a.id, tent.id, 1);
    await line(b.id, tent.id, 1); // overbooked already, written past the tool
    ok(await rentals(['events', 'update', String(b.id), '--event-name', unique('Renamed')]));
  });
});

describe('2. moving an event onto held stock', () => {
  test('events update of the window dates is refused; events move too; check stays clean', async () => {
    const stage = await item(2);
    const held = await event('2029-02-10T08:00:00', '2029-02-11T10:00:00');
    await line(held.id, stage.id, 2);
    const mover = await event('2029-02-01T08:00:00', '2029-02-02T10:00:00');
    await line(mover.id, stage.id, 1);
    const refused = await rentals([
      'events', 'update', String(mover.id),
      '--dropoff-date', '2029-02-10T08:00:00', '--start-date', '2029-02-10T08:00:00', '--end-date', '2029-02-11T10:00:00',
      '--teardown-date', '2029-02-11T10:00:00', '--pickup-date', '2029-02-11T10:00:00',
    ]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('cannot be changed');
    expect(refused.stderr).toContain(held.name);
    const moved = await rentals(['events', 'move', String(mover.id), '--by', '9d']);
    expect(moved.code, moved.stderr).toBe(1);
    expect(moved.stderr).toContain('cannot be moved');
    expect(await eventNow(mover.id)).toMatchObject({ dropoffDate: '2029-02-01T08:00:00' });
    expect(await checkCodes('2029-02-01', '2029-02-12')).toEqual([]);
  });

  test('events move shifts all five datetimes alike (--by, --to, --dry-run)', async () => {
    const gig = await event('2029-03-01T08:00:00', '2029-03-02T10:00:00');
    const dry = ok(await rentals(['events', 'move', String(gig.id), '--by', '2d', '--dry-run']));
    expect(dry.stderr).toMatch(/Dry run: would move .*; nothing was sent\./);
    expect(await eventNow(gig.id)).toMatchObject({ dropoffDate: '2029-03-01T08:00:00' });
    ok(await rentals(['events', 'move', String(gig.id), '--by', '2d']));
    expect(await eventNow(gig.id)).toMatchObject({ dropoffDate: '2029-03-03T08:00:00', startDate: '2029-03-03T08:00:00', endDate: '2029-03-04T10:00:00', teardownDate: '2029-03-04T10:00:00', pickupDate: '2029-03-04T10:00:00' });
    ok(await rentals(['events', 'move', String(gig.id), '--to', '2029-03-10']));
    expect(await eventNow(gig.id)).toMatchObject({ dropoffDate: '2029-03-10T08:00:00', pickupDate: '2029-03-11T10:00:00' });
    ok(await rentals(['events', 'move', String(gig.id), '--by', '-1w']));
    expect(await eventNow(gig.id)).toMatchObject({ dropoffDate: '2029-03-03T08:00:00' });
    expect((await rentals(['events', 'move', String(gig.id)])).code).toBe(2);
  });
});

/** An event cancelled on 2029-01-01 holding the one unit of an item, that unit since booked by another event on `day`. */
async function takenWhileCancelled(day: string) {
  const only = await item(1);
  const cancelled = await event(`${day}T08:00:00`, `${nextDay(day)}T10:00:00`, { eventStatusId: CANCELLED, cancelDate: '2029-01-01T00:00:00', cancelReason: 'rain' });
  await line(cancelled.id, only.id, 1);
  const taker = await event(`${day}T12:00:00`, `${day}T20:00:00`);
  ok(await rentals(['events', 'book', String(taker.id), '--item', `${only.name}=1`]));
  return { cancelled, taker };
}
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('3. uncancel after another event took the units', () => {
  test('is refused like a confirm; --allow-overbook lets it through with a warning', async () => {
    const { cancelled, taker } = await takenWhileCancelled('2029-04-01');
    const refused = await rentals(['events', 'uncancel', String(cancelled.id)]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('cannot be uncancelled');
    expect(refused.stderr).toContain(taker.name);
    expect(await eventNow(cancelled.id)).toMatchObject({ cancelDate: '2029-01-01T00:00:00' });
    expect(await checkCodes('2029-04-01', '2029-04-02')).toEqual([]);
    const allowed = ok(await rentals(['events', 'uncancel', String(cancelled.id), '--allow-overbook']));
    expect(allowed.stderr).toContain('warning: overbooking');
  });
});

describe('4. cancel means cancelled everywhere', () => {
  test('events cancel sets the Cancelled status too; check finds no cancel-status-mismatch; uncancel gives Confirmed back', async () => {
    const party = await event('2029-05-01T08:00:00', '2029-05-02T10:00:00');
    ok(await rentals(['events', 'cancel', String(party.id), '--reason', 'postponed']));
    expect(await eventNow(party.id)).toMatchObject({ eventStatusId: CANCELLED, cancelReason: 'postponed' });
    expect(await checkCodes('2029-05-01', '2029-05-02')).toEqual([]);
    ok(await rentals(['events', 'uncancel', String(party.id)]));
    expect(await eventNow(party.id)).toMatchObject({ eventStatusId: CONFIRMED, cancelDate: null });
    expect(await checkCodes('2029-05-01', '2029-05-02')).toEqual([]);
  });
});

describe('4b. check stays clean after any command of the tool', () => {
  test('events update --cancel-date sets the Cancelled status; clearing it gives Confirmed; a clone of a cancelled event holds', async () => {
    const fair = await event('2029-05-10T08:00:00', '2029-05-11T10:00:00');
    ok(await rentals(['events', 'update', String(fair.id), '--cancel-date', '2029-04-01', '--cancel-reason', 'rain']));
    expect(await eventNow(fair.id)).toMatchObject({ eventStatusId: CANCELLED });
    expect(await checkCodes('2029-05-10', '2029-05-11')).toEqual([]);
    const copy = JSON.parse(ok(await rentals(['events', 'clone', String(fair.id), '--start-date', '2029-05-20', '--json'])).stdout).data[0];
    expect(copy).toMatchObject({ eventStatusId: CONFIRMED, cancelDate: null });
    ok(await rentals(['events', 'update', String(fair.id), '--file', '-'], { input: '{"cancelDate": null, "cancelReason": null}' }));
    expect(await eventNow(fair.id)).toMatchObject({ eventStatusId: CONFIRMED, cancelDate: null });
    expect(await checkCodes('2029-05-10', '2029-05-21')).toEqual([]);
  });
});

describe('4c. events update of the status is cancelled everywhere, both ways', () => {
  test('--status Cancelled sets the cancel date (now); --status Confirmed clears it; check stays clean', async () => {
    const fete = await event('2029-05-25T08:00:00', '2029-05-26T10:00:00');
    ok(await rentals(['events', 'update', String(fete.id), '--status', 'Cancelled']));
    const cancelled = await eventNow(fete.id);
    expect(cancelled).toMatchObject({ eventStatusId: CANCELLED });
    expect(cancelled.cancelDate).toEqual(expect.any(String));
    expect(await checkCodes('2029-05-25', '2029-05-26')).toEqual([]);
    ok(await rentals(['events', 'update', String(fete.id), '--event-status-id', 'Confirmed']));
    expect(await eventNow(fete.id)).toMatchObject({ eventStatusId: CONFIRMED, cancelDate: null });
    expect(await checkCodes('2029-05-25', '2029-05-26')).toEqual([]);
  });

  test('a holding status on a cancelled event is judged like an uncancel: refused when it no longer fits, --allow-overbook lets it through', async () => {
    const { cancelled: dropped, taker } = await takenWhileCancelled('2029-05-28');
    const refused = await rentals(['events', 'update', String(dropped.id), '--status', 'Confirmed']);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(taker.name);
    expect(refused.stderr).toContain('Nothing was changed');
    expect(await eventNow(dropped.id)).toMatchObject({ eventStatusId: CANCELLED, cancelDate: '2029-01-01T00:00:00' });
    expect(await checkCodes('2029-05-28', '2029-05-29')).toEqual([]);
    const allowed = ok(await rentals(['events', 'update', String(dropped.id), '--status', 'Confirmed', '--allow-overbook']));
    expect(allowed.stderr).toContain('warning: overbooking');
    expect(await eventNow(dropped.id)).toMatchObject({ eventStatusId: CONFIRMED, cancelDate: null });
  });
});

describe('6. a server without the status endpoint', () => {
  test.each<FaultKind>(['404', '403'])('GET /v2/status answers %s: bookings add and events book go on with the documented ids, said once', async (fault) => {
    const lamp = await item(5);
    const show = await event('2029-06-01T08:00:00', '2029-06-02T10:00:00');
    const statusless = await behind((r) => r.method === 'GET' && r.path.startsWith('/v2/status'), fault, false);
    const booked = ok(await statusless(['events', 'book', String(show.id), '--item', `${lamp.name}=2`]));
    expect(booked.stderr.match(/using the documented statuses/g)).toHaveLength(1);
    ok(await statusless(['bookings', 'add', '--event-id', String(show.id), '--inventory-id', String(lamp.id), '--quantity', '1']));
    const refused = await statusless(['events', 'book', String(show.id), '--item', `${lamp.name}=9`]);
    expect(refused.code).toBe(1);
    expect((await linesOf(show.id)).map((l) => l.quantity).sort()).toEqual([1, 2]);
  });
});

describe('7. lowering an item below what future events hold', () => {
  test('inventory update --quantity-available is refused naming the events; --allow-overbook writes it with a warning', async () => {
    const chairs = await item(5);
    const gala = await event('2029-07-01T08:00:00', '2029-07-02T10:00:00');
    await line(gala.id, chairs.id, 3);
    const refused = await rentals(['inventory', 'update', String(chairs.id), '--quantity-available', '2']);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(gala.name);
    expect(refused.stderr).toContain('Nothing was changed');
    expect((await data(call(), 'GET', `/v2/inventory/${chairs.id}`))[0]).toMatchObject({ quantityAvailable: 5 });
    ok(await rentals(['inventory', 'update', String(chairs.id), '--quantity-available', '3']));
    ok(await rentals(['inventory', 'update', String(chairs.id), '--quantity-available', '2', '--allow-overbook']));
    expect((await data(call(), 'GET', `/v2/inventory/${chairs.id}`))[0]).toMatchObject({ quantityAvailable: 2 });
  });

  test('inventory import of a row that lowers the stock is refused whole', async () => {
    const tables = await item(4);
    const dinner = await event('2029-07-10T08:00:00', '2029-07-11T10:00:00');
    await line(dinner.id, tables.id, 4);
    const csv = `id,name,quantityAvailable,active\n${tables.id},${tables.name},1,1\n`;
    const refused = await rentals(['inventory', 'import', '-', '--format', 'csv'], { input: csv });
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(dinner.name);
    expect((await data(call(), 'GET', `/v2/inventory/${tables.id}`))[0]).toMatchObject({ quantityAvailable: 4 });
  });
});

describe('7b. a bulk dry run or plan is judged exactly like the real run', () => {
  const dir = fileTempDir('rentals-rules-');
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** The same file through --dry-run, --plan and --yes: each refused alike (exit 1, named), nothing written. */
  async function refusedAlike(args: string[], named: string, unchanged: () => Promise<unknown>): Promise<void> {
    const before = await unchanged();
    const planFile = join(dir, `${named.replace(/\W+/g, '-')}.plan.json`);
    for (const mode of [['--dry-run'], ['--dry-run', '-o', 'json'], ['--plan', planFile], ['--yes']]) {
      const run = await rentals([...args, ...mode]);
      expect(run.code, `${mode.join(' ')}: ${run.stderr}`).toBe(1);
      expect(run.stderr, mode.join(' ')).toContain(named);
      expect(await unchanged()).toEqual(before);
    }
    const allowed = ok(await rentals([...args, '--dry-run', '--allow-overbook']));
    expect(allowed.stderr).toContain('warning: overbooking');
    expect(await unchanged()).toEqual(before);
  }

  test('bookings import --dry-run of more than is free is refused like the real run', async () => {
    const lights = await item(2);
    const holder = await event('2029-07-20T08:00:00', '2029-07-21T10:00:00');
    await line(holder.id, lights.id, 2);
    const target = await event('2029-07-20T08:00:00', '2029-07-21T10:00:00');
    const csv = file('bk.csv', `inventoryId,quantity,price\n${lights.id},2,10\n`);
    await refusedAlike(['bookings', 'import', '--event-id', String(target.id), csv], holder.name, () => linesOf(target.id));
  });

  test('inventory import --dry-run lowering the stock below future holds is refused like the real run', async () => {
    const tables = await item(4);
    const dinner = await event('2029-07-25T08:00:00', '2029-07-26T10:00:00');
    await line(dinner.id, tables.id, 4);
    const csv = file('inv.csv', `id,name,quantityAvailable,active\n${tables.id},${tables.name},1,1\n`);
    await refusedAlike(['inventory', 'import', csv], dinner.name, async () => (await data(call(), 'GET', `/v2/inventory/${tables.id}`))[0]);
  });
});

describe('8. --holds on the command line only makes writes stricter', () => {
  test('--holds Confirmed=tentative does not let a firm booking past the stock', async () => {
    const dome = await item(1);
    const first = await event('2029-08-01T08:00:00', '2029-08-02T10:00:00');
    await line(first.id, dome.id, 1);
    const second = await event('2029-08-01T12:00:00', '2029-08-01T20:00:00');
    const refused = await rentals(['--holds', 'Confirmed=tentative', 'events', 'book', String(second.id), '--item', `${dome.name}=1`]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(await linesOf(second.id)).toEqual([]);
    // Stricter is allowed: a quote that holds firmly for this run blocks.
    const quote = await event('2029-08-05T08:00:00', '2029-08-06T10:00:00', { eventStatusId: QUOTED });
    await line(quote.id, dome.id, 1);
    const third = await event('2029-08-05T12:00:00', '2029-08-05T20:00:00');
    expect((await rentals(['--holds', 'Quoted=firm', 'events', 'book', String(third.id), '--item', `${dome.name}=1`])).code).toBe(1);
  });
});

describe('9. an event write whose answer is lost is looked up', () => {
  test('events confirm behind a 502 after the server applied it: "Looked up: it was applied"', async () => {
    const quote = await event('2029-09-01T08:00:00', '2029-09-02T10:00:00', { eventStatusId: QUOTED });
    const lossy = await behind((r) => r.method === 'PUT' && r.path.startsWith('/v1/events/'), '502', true);
    const result = await lossy(['events', 'confirm', String(quote.id), '--retries', '0']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toContain('Looked up: it was applied');
    expect(await eventNow(quote.id)).toMatchObject({ eventStatusId: CONFIRMED });
  });
});
