// The six disagreements a user saw between paths of the calendar, each against the real sandbox:
// 1. `events book` on an event with several lines of the item ends with the asked quantity;
// 2. `bookings add/update` follow the same booking rules as `events book`;
// 3. a status named Cancelled without a cancel date holds nothing, and `check` says they disagree;
// 4. an event with only start/end (as a tolerant read of a real server may give) is on the load sheet;
// 5. availability, agenda and check print `{ "data": [...] }` with structured events;
// 6. a name that matches nothing is not found (exit 4), with a did-you-mean.

import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { cliFor, ok } from './harness.js';
import { calendarSuite } from './calendar-fixtures.js';
import { data } from './server-state.js';

const { sandbox, call, rentals, unique, item, event, line } = calendarSuite('Core');

const linesOf = async (eventId: number, itemId: number) => (await data(call(), 'GET', `/v1/events/${eventId}/inventory`)).filter((b) => b.inventoryId === itemId);
const held = async (eventId: number, itemId: number) => (await linesOf(eventId, itemId)).reduce((sum, b) => sum + Number(b.quantity), 0);

describe('1. events book on an event with several lines of the item', () => {
  test('the event ends with the asked quantity on one line (the oldest kept, the others removed)', async () => {
    const lamp = await item(3);
    const party = await event('2027-03-01T08:00:00', '2027-03-02T10:00:00');
    const first = await line(party.id, lamp.id, 2);
    await line(party.id, lamp.id, 1);
    const result = ok(await rentals(['events', 'book', String(party.id), '--item', lamp.name, '--quantity', '3']));
    expect(await linesOf(party.id, lamp.id)).toEqual([expect.objectContaining({ id: first, quantity: 3 })]);
    expect(result.stderr).toContain(`Removed 1 × ${lamp.name} from "${party.name}"`);
  });

  test('all lines count together: asking more than owned is refused and nothing is written', async () => {
    const lamp = await item(3);
    const party = await event('2027-03-05T08:00:00', '2027-03-06T10:00:00');
    await line(party.id, lamp.id, 2);
    await line(party.id, lamp.id, 1);
    const refused = await rentals(['events', 'book', String(party.id), '--item', `${lamp.name}=4`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('3 owned, 0 held by other events');
    expect(refused.stderr).toContain('Nothing was written.');
    expect(await held(party.id, lamp.id)).toBe(3);
  });

  test('--dry-run shows the line writes and sends none', async () => {
    const lamp = await item(3);
    const party = await event('2027-03-08T08:00:00', '2027-03-09T10:00:00');
    await line(party.id, lamp.id, 2);
    await line(party.id, lamp.id, 1);
    const result = ok(await rentals(['events', 'book', String(party.id), '--item', `${lamp.name}=3`, '--dry-run', '-o', 'json']));
    expect(JSON.parse(result.stdout).data.map((r: { action: string }) => r.action).sort()).toEqual(['delete', 'update']);
    expect(result.stderr).toContain('nothing was sent');
    expect((await linesOf(party.id, lamp.id)).map((b) => b.quantity)).toEqual([2, 1]);
  });
});

describe('2. bookings add and update follow the booking rules', () => {
  test('bookings add of more than owned is refused (exit 1, nothing written) unless --allow-overbook', async () => {
    const stage = await item(1);
    const gig = await event('2027-04-01T08:00:00', '2027-04-02T10:00:00');
    const add = ['bookings', 'add', '--event-id', String(gig.id), '--inventory-id', String(stage.id), '--quantity', '50'];
    const refused = await rentals(add);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not enough units');
    expect(refused.stderr).toContain('Nothing was written.');
    expect(await held(gig.id, stage.id)).toBe(0);
    const forced = ok(await rentals([...add, '--allow-overbook']));
    expect(forced.stderr).toContain('warning: overbooking');
    expect(await held(gig.id, stage.id)).toBe(50);
  });

  test('bookings add prices the line from the event\'s rental block when no price is given', async () => {
    const chair = await item(10, 4.25);
    const gig = await event('2027-04-05T08:00:00', '2027-04-06T10:00:00');
    ok(await rentals(['bookings', 'add', '--event-id', String(gig.id), '--inventory-id', chair.name, '--quantity', '2']));
    expect(await linesOf(gig.id, chair.id)).toEqual([expect.objectContaining({ quantity: 2, price: 4.25 })]);
  });

  test('bookings update counts the other lines of the item on the event', async () => {
    const tent = await item(3);
    const gig = await event('2027-04-08T08:00:00', '2027-04-09T10:00:00');
    await line(gig.id, tent.id, 2);
    const second = await line(gig.id, tent.id, 1);
    const refused = await rentals(['bookings', 'update', String(second), '--event-id', String(gig.id), '--quantity', '2']);
    expect(refused.code).toBe(1);
    expect(await held(gig.id, tent.id)).toBe(3);
  });
});

describe('3. a status named Cancelled without a cancel date', () => {
  test('holds nothing, is CANCELLED in the ICS, and check reports the disagreement', async () => {
    const truss = await item(1);
    const cancelled = await event('2027-05-01T08:00:00', '2027-05-02T10:00:00', { eventStatusId: 4 });
    await line(cancelled.id, truss.id, 1);
    const other = await event('2027-05-01T12:00:00', '2027-05-01T20:00:00');
    ok(await rentals(['events', 'book', String(other.id), '--item', `${truss.name}=1`]));
    expect(await held(other.id, truss.id)).toBe(1);
    const ics = ok(await rentals(['agenda', '--from', '2027-05-01', '--to', '2027-05-02', '-o', 'ics'])).stdout;
    const vevent = ics.split('BEGIN:VEVENT').find((block) => block.includes(cancelled.name));
    expect(vevent).toContain('STATUS:CANCELLED');
    const check = await rentals(['check', '--from', '2027-05-01', '--to', '2027-05-02', '-o', 'json']);
    expect(check.code).toBe(1);
    const problem = JSON.parse(check.stdout).data.find((p: { code: string }) => p.code === 'cancel-status-mismatch');
    expect(problem).toMatchObject({ eventId: cancelled.id, events: [{ id: cancelled.id, name: cancelled.name, quantity: null }] });
  });
});

describe('4. an event with only start and end', () => {
  test('is on the load sheet over start → end, as availability holds it', async () => {
    // A real server may send no dropoff or pickup; the sandbox requires them, so a proxy blanks them.
    const proxy = await rewritingProxy(sandbox().url, (path, record) => {
      if (/\/events(\/\d+)?$/.test(path) && String(record.eventName).startsWith('Windowless')) Object.assign(record, { dropoffDate: null, teardownDate: null, pickupDate: null });
    });
    try {
      const crate = await item(5);
      const bare = await event('2027-06-01T09:00:00', '2027-06-03T17:00:00', {}, unique('Windowless show'));
      await line(bare.id, crate.id, 4);
      const viaProxy = cliFor({ url: proxy.url, token: sandbox().token });
      const sheet = JSON.parse(ok(await viaProxy(['load-sheet', '--date', '2027-06-01', '--to', '2027-06-03', '-o', 'json'])).stdout).data;
      expect(sheet[0].out.events.map((e: { id: number }) => e.id)).toEqual([bare.id]);
      expect(sheet[0].out.events[0].time).toBe('09:00');
      expect(sheet[2].in.events.map((e: { id: number }) => e.id)).toEqual([bare.id]);
      const free = JSON.parse(ok(await viaProxy(['availability', '--from', '2027-06-02', '--to', '2027-06-02', '--item', String(crate.id), '--json'])).stdout).data;
      expect(free[0]).toMatchObject({ booked: 4, free: 1 });
    } finally {
      await proxy.close();
    }
  });
});

describe('5. one JSON shape', () => {
  test('availability, agenda and check print { data: [...] } with events as { id, name, quantity }', async () => {
    const heater = await item(1);
    const a = await event('2027-07-01T08:00:00', '2027-07-02T10:00:00');
    const b = await event('2027-07-01T09:00:00', '2027-07-01T20:00:00');
    await line(a.id, heater.id, 1);
    await line(b.id, heater.id, 1);
    const range = ['--from', '2027-07-01', '--to', '2027-07-01'];
    const availability = JSON.parse(ok(await rentals(['availability', ...range, '--item', heater.name, '--json'])).stdout);
    expect(availability.data[0]).toMatchObject({ id: heater.id, owned: 1, booked: 2, tentative: 0, free: -1, freeIfQuotesConfirm: -1 });
    expect(availability.data[0].events).toEqual([
      { id: a.id, name: a.name, quantity: 1, tentative: false },
      { id: b.id, name: b.name, quantity: 1, tentative: false },
    ]);
    const agenda = JSON.parse(ok(await rentals(['agenda', ...range, '--json'])).stdout);
    expect(agenda.data.find((e: { id: number }) => e.id === a.id).items).toEqual([{ inventoryId: heater.id, name: heater.name, quantity: 1 }]);
    const check = JSON.parse((await rentals(['check', ...range, '--json'])).stdout);
    const over = check.data.find((p: { code: string; itemId: number }) => p.code === 'overbooked' && p.itemId === heater.id);
    expect(over.events).toEqual([
      { id: a.id, name: a.name, quantity: 1 },
      { id: b.id, name: b.name, quantity: 1 },
    ]);
    expect(typeof over.booked).toBe('number');
  });
});

describe('6. a name that matches nothing', () => {
  test('is not found (exit 4) like an unknown id, with a did-you-mean when a name is close', async () => {
    const gala = await event('2027-08-01T08:00:00', '2027-08-02T10:00:00', {}, unique('Lakeside Gala'));
    const missing = await rentals(['events', 'get', 'No Such Event']);
    expect(missing.code).toBe(4);
    const close = await rentals(['events', 'show', gala.name.replace('Lakeside', 'Lakside')]);
    expect(close.code).toBe(4);
    expect(close.stderr).toContain(`did you mean "${gala.name}" (id ${gala.id})?`);
    // A name that cannot be typed back (control characters) is suggested with its id: the way in.
    const hostile = await event('2027-08-03T08:00:00', '2027-08-04T10:00:00', {}, unique('Evil\u001b[31m Gala'));
    const near = await rentals(['events', 'show', hostile.name.replace('Gala', 'Gal')]);
    expect(near.code).toBe(4);
    expect(near.stderr).toContain(` (id ${hostile.id})?`);
    expect(near.stderr).not.toContain('\u001b');
    expect((await rentals(['events', 'get', '999999'])).code).toBe(4);
    // The flags that take a name outside the field flags say the same (events list --status).
    const status = await rentals(['events', 'list', '--status', 'Confirmd']);
    expect(status.code).toBe(4);
    expect(status.stderr).toContain('did you mean "Confirmed" (id 2)?');
  });
});

describe('a booking line that names no item', () => {
  test('holds nothing, and check reports it as such (never as "item 0")', async () => {
    const crate = await item(2);
    const gig = await event('2027-09-01T09:00:00', '2027-09-02T17:00:00', {}, unique('Itemless gig'));
    const orphan = await line(gig.id, crate.id, 2);
    // A real server may send a line without its inventoryId; the sandbox requires one, so a proxy blanks it.
    const proxy = await rewritingProxy(sandbox().url, (path, record) => {
      if (/\/events\/\d+\/inventory$/.test(path) && record.id === orphan) record.inventoryId = null;
    });
    try {
      const viaProxy = cliFor({ url: proxy.url, token: sandbox().token });
      const range = ['--from', '2027-09-01', '--to', '2027-09-02'];
      const free = JSON.parse(ok(await viaProxy(['availability', ...range, '--item', String(crate.id), '--json'])).stdout).data;
      expect(free[0]).toMatchObject({ booked: 0, free: 2 });
      const check = await viaProxy(['check', ...range, '-o', 'json']);
      expect(check.code).toBe(1);
      const problem = JSON.parse(check.stdout).data.find((p: { bookingId?: number }) => p.bookingId === orphan);
      expect(problem).toMatchObject({ code: 'missing-item', eventId: gig.id });
      expect(problem.message).toContain('names no item');
      expect(problem.itemId).toBeUndefined();
      // Where it is left out of a total, the command says so.
      const shown = ok(await viaProxy(['events', 'show', String(gig.id), '--json']));
      expect(shown.stderr).toContain(`warning: booking ${orphan} of event ${gig.id} names no item`);
      const revenue = ok(await viaProxy(['report', 'revenue', ...range, '--json']));
      expect(revenue.stderr).toContain(`booking ${orphan} of event ${gig.id} names no item`);
    } finally {
      await proxy.close();
    }
  });
});

/** A proxy to the sandbox that lets `rewrite` change each record of the GET answers it forwards. */
async function rewritingProxy(upstream: string, rewrite: (path: string, record: Record<string, unknown>) => void): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if (req.method === 'GET' && answer.statusCode === 200) {
          const parsed = JSON.parse(body) as { data: Array<Record<string, unknown>> };
          for (const record of parsed.data) rewrite(new URL(req.url ?? '/', 'http://proxy').pathname, record);
          body = JSON.stringify(parsed);
        }
        const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
        res.writeHead(answer.statusCode ?? 502, headers).end(body);
      });
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
