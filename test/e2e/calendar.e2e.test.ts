// The calendar commands as a user runs them (in-process, see harness.ts) against a sandbox,
// asserting on the server's state and on the output. Each test builds its own items and events in
// an empty sandbox; the seeded one serves `check` and the agenda's request count.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, FIXED_NOW, openSandbox } from '../sandbox/helpers.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { type RunResult, cliFor } from './harness.js';
import { data } from './server-state.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;
let sandbox: Sandbox;
let call: Caller;
let rentals: ReturnType<typeof cliFor>;
let seeded: Sandbox;
let seededRentals: ReturnType<typeof cliFor>;
let requests: string[] = [];

beforeAll(async () => {
  sandbox = await openSandbox();
  call = sandbox.call;
  rentals = cliFor(sandbox);
  seeded = await openSandbox({ seed: true, onRequest: (method, path) => requests.push(`${method} ${path}`) });
  seededRentals = cliFor(seeded);
});
afterAll(async () => {
  await sandbox?.close();
  await seeded?.close();
});

function ok(result: RunResult): RunResult {
  expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

let serial = 0;
const unique = (name: string) => `${name} ${++serial}`;

async function item(quantityAvailable: number, prices: Record<number, number> = { 1: 10 }, active = 1): Promise<{ id: number; name: string }> {
  const name = unique('Item');
  const [record] = await data(call, 'POST', '/v2/inventory', { name, quantityAvailable, active: 1 });
  const id = Number(record!.id);
  for (const [block, price] of Object.entries(prices)) {
    await data(call, 'POST', `/v1/inventory/${id}/pricing`, { inventoryId: id, rentalBlockId: Number(block), price });
  }
  if (!active) await data(call, 'PUT', `/v2/inventory/${id}`, { id, name, quantityAvailable, active: 0 });
  return { id, name };
}

interface EventDates {
  dropoff: string;
  start?: string;
  end?: string;
  pickup: string;
}

async function event(dates: EventDates, extra: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const eventName = unique('Event');
  const [record] = await data(call, 'POST', '/v1/events', {
    eventStatusId: 2,
    rentalBlockId: 1,
    eventName,
    dropoffDate: dates.dropoff,
    startDate: dates.start ?? dates.dropoff,
    endDate: dates.end ?? dates.pickup,
    teardownDate: dates.end ?? dates.pickup,
    pickupDate: dates.pickup,
    ...extra,
  });
  return { id: Number(record!.id), name: eventName };
}

async function book(eventId: number, inventoryId: number, quantity: number, price = 10): Promise<void> {
  await data(call, 'POST', `/v1/events/${eventId}/inventory`, { eventId, inventoryId, quantity, price });
}

const bookingsOf = async (eventId: number) => data(call, 'GET', `/v1/events/${eventId}/inventory`);

describe('events book', () => {
  test('windows that only touch do not overlap: the units go from one event to the next', async () => {
    const tent = await item(2);
    const first = await event({ dropoff: '2026-06-01T08:00:00', pickup: '2026-06-02T10:00:00' });
    await book(first.id, tent.id, 2);
    const next = await event({ dropoff: '2026-06-02T10:00:00', pickup: '2026-06-03T10:00:00' });
    ok(await rentals(['events', 'book', String(next.id), '--item', tent.name, '--quantity', '2']));
    expect((await bookingsOf(next.id)).map((b) => b.quantity)).toEqual([2]);
  });

  test('an overbooking is refused with exit 1 naming the events, and goes through with --allow-overbook', async () => {
    const tent = await item(3);
    const holder = await event({ dropoff: '2026-06-05T08:00:00', pickup: '2026-06-07T10:00:00' });
    await book(holder.id, tent.id, 2);
    const other = await event({ dropoff: '2026-06-06T08:00:00', pickup: '2026-06-06T20:00:00' });
    const refused = await rentals(['events', 'book', String(other.id), '--item', `${tent.name}=2`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${tent.name}: 3 owned, 2 held by other events at 2026-06-06 08:00, 2 asked (short by 1)`);
    expect(refused.stderr).toContain(`event ${holder.id} "${holder.name}": 2`);
    expect(refused.stderr).toContain('Nothing was written. Ways out:');
    expect(refused.stderr).toMatch(new RegExp(`  Write anyway, overbooked:\\n    rentals events book ${other.id} --item '${tent.name}=2' --allow-overbook\\n$`));
    expect(await bookingsOf(other.id)).toEqual([]);

    const forced = ok(await rentals(['events', 'book', String(other.id), '--item', `${tent.name}=2`, '--allow-overbook']));
    expect(forced.stderr).toContain('warning: overbooking');
    expect((await bookingsOf(other.id)).map((b) => [b.inventoryId, b.quantity])).toEqual([[tent.id, 2]]);
  });

  test('a cancelled event holds nothing', async () => {
    const tent = await item(1);
    const cancelled = await event({ dropoff: '2026-06-10T08:00:00', pickup: '2026-06-12T10:00:00' }, { cancelDate: '2026-05-01T00:00:00', cancelReason: 'rain' });
    await book(cancelled.id, tent.id, 1);
    const other = await event({ dropoff: '2026-06-11T08:00:00', pickup: '2026-06-11T20:00:00' });
    ok(await rentals(['events', 'book', String(other.id), '--item', tent.name, '--quantity', '1']));
    expect((await bookingsOf(other.id)).map((b) => b.quantity)).toEqual([1]);
  });

  test('the event is never counted against itself: booking an item it has changes that line, and says so', async () => {
    const tent = await item(2);
    const own = await event({ dropoff: '2026-06-15T08:00:00', pickup: '2026-06-16T10:00:00' });
    await book(own.id, tent.id, 2, 10);
    const result = ok(await rentals(['events', 'book', String(own.id), '--item', `${tent.name}=1`]));
    expect(result.stderr).toContain(`Changed ${tent.name} on "${own.name}": Quantity 2 → 1 (its price kept)`);
    const lines = await bookingsOf(own.id);
    expect(lines.map((b) => b.quantity)).toEqual([1]);
  });

  test('booking what the event already has, at its price, writes nothing and says so', async () => {
    const tent = await item(2);
    const own = await event({ dropoff: '2026-06-18T08:00:00', pickup: '2026-06-19T10:00:00' });
    await book(own.id, tent.id, 2, 10);
    const result = ok(await rentals(['events', 'book', String(own.id), '--item', `${tent.name}=2`, '--verbose']));
    expect(result.stderr).toMatch(/already has 2 × .* at 10.00; nothing changed/);
    expect(result.stderr).not.toMatch(/^\* PUT/m);
    expect(result.stderr).toMatch(/^\* GET/m);
    expect((await bookingsOf(own.id)).map((b) => [b.quantity, b.price])).toEqual([[2, 10]]);
  });

  test('several items are checked together: one short item refuses them all and nothing is written', async () => {
    const plenty = await item(100);
    const scarce = await item(1);
    const holder = await event({ dropoff: '2026-06-20T08:00:00', pickup: '2026-06-21T10:00:00' });
    await book(holder.id, scarce.id, 1);
    const target = await event({ dropoff: '2026-06-20T12:00:00', pickup: '2026-06-20T18:00:00' });
    const refused = await rentals(['events', 'book', String(target.id), '--item', `${plenty.name}=10`, '--item', `${scarce.name}=1`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(scarce.name);
    expect(refused.stderr).not.toContain(`${plenty.name}:`);
    expect(await bookingsOf(target.id)).toEqual([]);
    const both = ok(await rentals(['events', 'book', String(target.id), '--item', `${plenty.name}=10`, '--item', `${scarce.name}=1`, '--allow-overbook', '-o', 'json']));
    expect(JSON.parse(both.stdout).data).toHaveLength(2);
  });

  test("the price comes from the item's price for the event's rental block; none → an error naming both", async () => {
    const chair = await item(50, { 1: 2.25, 2: 3.4 });
    const weekend = await event({ dropoff: '2026-07-03T08:00:00', pickup: '2026-07-06T10:00:00' }, { rentalBlockId: 2 });
    ok(await rentals(['events', 'book', String(weekend.id), '--item', chair.name, '--quantity', '10']));
    expect((await bookingsOf(weekend.id)).map((b) => b.price)).toEqual([3.4]);

    const weekly = await event({ dropoff: '2026-07-03T08:00:00', pickup: '2026-07-06T10:00:00' }, { rentalBlockId: 3 });
    const missing = await rentals(['events', 'book', String(weekly.id), '--item', chair.name, '--quantity', '1']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`"${chair.name}": no price for the rental block "Weekly"`);
    // The command to paste names the item and the block by their ids (a name may not survive a
    // paste, or may read as a reference), on a line of its own, whole however narrow the terminal.
    expect(missing.stderr).toContain(`add the price:\n  rentals prices add --inventory-id ${chair.id} --rental-block-id 3 --price <p>`);
    expect(await bookingsOf(weekly.id)).toEqual([]);
    ok(await rentals(['events', 'book', String(weekly.id), '--item', chair.name, '--quantity', '1', '--price', '7.5']));
    expect((await bookingsOf(weekly.id)).map((b) => b.price)).toEqual([7.5]);
  });

  test('an inactive item is refused; unbook removes a line', async () => {
    const retired = await item(10, { 1: 1 }, 0);
    const party = await event({ dropoff: '2026-07-10T08:00:00', pickup: '2026-07-11T10:00:00' });
    const refused = await rentals(['events', 'book', String(party.id), '--item', retired.name, '--quantity', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('inactive');
    expect(await bookingsOf(party.id)).toEqual([]);

    const table = await item(10);
    await book(party.id, table.id, 4);
    ok(await rentals(['events', 'unbook', party.name, '--item', table.name]));
    expect(await bookingsOf(party.id)).toEqual([]);
    expect((await rentals(['events', 'unbook', String(party.id), '--item', table.name])).code).toBe(4); // not booked there: not found
    // The same item named twice (id and name) is removed once, not a 404 on the second try.
    await book(party.id, table.id, 2);
    const twice = ok(await rentals(['events', 'unbook', String(party.id), '--item', String(table.id), '--item', table.name]));
    expect(twice.stderr.match(/^Removed /gm)).toHaveLength(1);
    expect(await bookingsOf(party.id)).toEqual([]);
  });

  test("unbook and book match an item among the event's lines first: a name only one line has is taken, the lines suggested first", async () => {
    const named = async (name: string) => {
      const [record] = await data(call, 'POST', '/v2/inventory', { name, quantityAvailable: 50, active: 1 });
      const id = Number(record!.id);
      await data(call, 'POST', `/v1/inventory/${id}/pricing`, { inventoryId: id, rentalBlockId: 1, price: 3 });
      return id;
    };
    const word = unique('Stool').replace(' ', '');
    for (const kind of ['Gold', 'Kids', 'Silver']) await named(`${kind} Bar ${word}`);
    const white = await named(`White Bar ${word}`);
    // Two items of one name (the API allows it; migrated data has them): only one is on the event.
    const sofa = unique('Lounge Sofa');
    const [, sofaOnEvent] = [await named(sofa), await named(sofa)];
    const party = await event({ dropoff: '2026-07-20T08:00:00', pickup: '2026-07-21T10:00:00' });
    await book(party.id, white, 4);
    await book(party.id, sofaOnEvent!, 1);

    const near = await rentals(['events', 'unbook', String(party.id), '--item', word]);
    expect(near.code).toBe(4);
    expect(near.stderr).toContain(`did you mean "White Bar ${word}" (id ${white}), booked on event ${party.id}`);
    const far = await rentals(['events', 'unbook', String(party.id), '--item', 'Trampoline']);
    expect(far.code).toBe(4);
    expect(far.stderr).toContain(`booked on event ${party.id} ${JSON.stringify(party.name)}: "White Bar ${word}" (id ${white}), ${JSON.stringify(sofa)} (id ${sofaOnEvent})`);
    const booking = await rentals(['events', 'book', String(party.id), '--item', `${word}=2`]);
    expect(booking.code).toBe(4);
    expect(booking.stderr).toContain(`did you mean "White Bar ${word}" (id ${white}), booked on event ${party.id}, or "Gold Bar ${word}"`);

    ok(await rentals(['events', 'book', String(party.id), '--item', `${sofa.toLowerCase()}=3`]));
    expect((await bookingsOf(party.id)).map((b) => [b.inventoryId, b.quantity]).sort()).toEqual([[white, 4], [sofaOnEvent, 3]].sort());
    ok(await rentals(['events', 'unbook', String(party.id), '--item', sofa]));
    expect((await bookingsOf(party.id)).map((b) => b.inventoryId)).toEqual([white]);
  });

  test('a format the answer cannot take (-o ics) is refused before anything is written', async () => {
    const chairs = await item(10);
    const party = await event({ dropoff: '2026-07-12T08:00:00', pickup: '2026-07-13T10:00:00' });
    const refused = await rentals(['events', 'book', String(party.id), '--item', chairs.name, '--quantity', '1', '-o', 'ics']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('ics');
    expect(await bookingsOf(party.id)).toEqual([]);
  });
});

describe('events show', () => {
  test('line totals and the event total in exact decimals, every amount field, deposit apart', async () => {
    const a = await item(100, { 1: 0.1 });
    const b = await item(100, { 1: 19.99 });
    const gala = await event(
      { dropoff: '2026-08-01T08:00:00', pickup: '2026-08-02T10:00:00' },
      { amountDeposit: 500, amountDelivery: 75.5, amountLabor: 120, amountMisc: 0.2, amountSalesTax: 33.33, amountDiscount: 10.01 },
    );
    await book(gala.id, a.id, 3, 0.1);
    await book(gala.id, b.id, 3, 19.99);
    const shown = JSON.parse(ok(await rentals(['events', 'show', String(gala.id), '--json'])).stdout).data[0];
    expect(shown.bookings.map((l: { lineTotal: number; itemName: string }) => [l.itemName, l.lineTotal])).toEqual([
      [a.name, 0.3],
      [b.name, 59.97],
    ]);
    // 0.3 + 59.97 + 75.5 + 120 + 0.2 + 33.33 − 10.01 = 279.29
    expect(shown.totals).toEqual({ items: 60.27, delivery: 75.5, labor: 120, misc: 0.2, salesTax: 33.33, discount: 10.01, total: 279.29, deposit: 500, unpricedBookings: 0 });
    const table = ok(await rentals(['events', 'show', gala.name, '-o', 'table'])).stdout;
    expect(table).toMatch(/= total\s+279\.29/);
    expect(table).toMatch(/deposit \(apart\)\s+500\.00/);
  });

  test('null amounts count as 0 and show as missing', async () => {
    const a = await item(10, { 1: 12 });
    const bare = await event({ dropoff: '2026-08-05T08:00:00', pickup: '2026-08-05T20:00:00' });
    await book(bare.id, a.id, 2, 12);
    const shown = JSON.parse(ok(await rentals(['events', 'show', String(bare.id), '-o', 'json'])).stdout).data[0];
    expect(shown.totals).toEqual({ items: 24, delivery: null, labor: null, misc: null, salesTax: null, discount: null, total: 24, deposit: null, unpricedBookings: 0 });
  });

  test('a cancelled event shows its cancel date as its other datetimes are shown, without the API\'s T', async () => {
    const off = await event({ dropoff: '2026-08-07T08:00:00', pickup: '2026-08-07T20:00:00' }, { cancelDate: '2026-07-20T09:36:00', cancelReason: 'Rain' });
    const table = ok(await rentals(['events', 'show', String(off.id), '-o', 'table'])).stdout;
    expect(table).toMatch(/dropoff\s+2026-08-07 08:00\n/);
    expect(table).toMatch(/cancelled\s+2026-07-20 09:36: Rain\n/);
    expect(table).not.toContain('2026-07-20T09:36');
  });

  test("who to call and what to know: the customer's contact, the venue contact, the customer's address apart from the venue, special requirements, internal notes; each line of a value under its label", async () => {
    const counter = await event(
      { dropoff: '2026-08-09T08:00:00', pickup: '2026-08-10T10:00:00' },
      {
        customerName: 'Acme Corp',
        customerContacts: 'Priya Shah (630) 555-0163\r\npriya@acme.example',
        customerAddress1: '900 Commerce Dr',
        customerAddress2: 'Suite 200',
        customerCity: 'Oak Brook',
        customerState: 'IL',
        customerPostalCode: '60523',
        eventAddress1: 'Lakeside Pavilion',
        eventCity: 'Naperville',
        eventContacts: 'Sam Ortega, site lead (630) 555-0110\n\nGate code 4412',
        eventSpecialRequirements: 'Tent up by noon the day before.\nNo stakes on the lawn.',
        internalNotes: 'Pays late: deposit first.',
      },
    );
    const table = ok(await rentals(['events', 'show', String(counter.id), '-o', 'table'])).stdout;
    const lines = table.slice(0, table.indexOf('\n\n')).split('\n');
    // The rows the sheet always had, in their order, then what the counter needs, each line of a value under the value column.
    expect(lines.map((line) => /^\S+(?: \S+)*/.exec(line)?.[0] ?? '')).toEqual(
      ['id', 'event', 'status', 'block', 'customer', 'venue', 'dropoff', 'start', 'end', 'teardown', 'pickup', 'customer contact', '', 'customer address', 'venue contact', '', 'special requirements', '', 'internal notes'],
    );
    const under = ' '.repeat('special requirements'.length + 2);
    expect(lines.slice(11)).toEqual([
      'customer contact      Priya Shah (630) 555-0163',
      `${under}priya@acme.example`,
      'customer address      900 Commerce Dr, Suite 200, Oak Brook, IL, 60523',
      'venue contact         Sam Ortega, site lead (630) 555-0110',
      `${under}Gate code 4412`,
      'special requirements  Tent up by noon the day before.',
      `${under}No stakes on the lawn.`,
      'internal notes        Pays late: deposit first.',
    ]);
    // tsv and csv: the same rows, the ones scripts read first and where they were; a value on one row, its line breaks escaped.
    const tsv = ok(await rentals(['events', 'show', String(counter.id), '-o', 'tsv'])).stdout.trimEnd().split('\n');
    expect(tsv.slice(0, 6)).toEqual([`id\t${counter.id}`, `event\t${counter.name}`, 'status\tConfirmed', 'block\tDaily', 'customer\tAcme Corp', 'venue\tLakeside Pavilion, Naperville']);
    expect(tsv.slice(11)).toEqual([
      'customer contact\tPriya Shah (630) 555-0163\\r\\npriya@acme.example',
      'customer address\t900 Commerce Dr, Suite 200, Oak Brook, IL, 60523',
      'venue contact\tSam Ortega, site lead (630) 555-0110\\n\\nGate code 4412',
      'special requirements\tTent up by noon the day before.\\nNo stakes on the lawn.',
      'internal notes\tPays late: deposit first.',
    ]);
    // json: the record as the service sent it, in the shape it always had.
    const shown = JSON.parse(ok(await rentals(['events', 'show', String(counter.id), '-o', 'json'])).stdout).data[0];
    expect(Object.keys(shown)).toEqual(['event', 'bookings', 'totals', 'formula']);
    expect(shown.event).toMatchObject({ customerContacts: 'Priya Shah (630) 555-0163\r\npriya@acme.example', internalNotes: 'Pays late: deposit first.', eventContacts: 'Sam Ortega, site lead (630) 555-0110\n\nGate code 4412' });
  });

  test("what is not set is left out, and the customer's address when it is the venue's", async () => {
    const home = { eventAddress1: '2840 Elm St', eventCity: 'Evanston', eventState: 'IL', eventPostalCode: '60201' };
    const party = await event(
      { dropoff: '2026-08-11T08:00:00', pickup: '2026-08-12T10:00:00' },
      { ...home, customerName: 'Luis Garcia', customerAddress1: '2840 elm st ', customerCity: 'Evanston', customerState: 'IL', customerPostalCode: '60201', customerContacts: '  ', internalNotes: '' },
    );
    const table = ok(await rentals(['events', 'show', String(party.id), '-o', 'table'])).stdout;
    expect(table).toContain('venue     2840 Elm St, Evanston, IL, 60201\n');
    for (const label of ['customer contact', 'customer address', 'venue contact', 'special requirements', 'internal notes']) expect(table).not.toContain(label);
    const tsv = ok(await rentals(['events', 'show', String(party.id)])).stdout.trimEnd().split('\n');
    expect(tsv.map((row) => row.split('\t')[0])).toEqual(['id', 'event', 'status', 'block', 'customer', 'venue', 'dropoff', 'start', 'end', 'teardown', 'pickup']);
  });

  test("a value is shown without the blank space around it, piped as at the table and on the customer's page", async () => {
    const padded = await event({ dropoff: '2026-08-13T08:00:00', pickup: '2026-08-14T10:00:00' }, { eventContacts: '\r\n  Sam Ortega (630) 555-0110\r\n', internalNotes: '\nPays late.  \n\n' });
    const tsv = ok(await rentals(['events', 'show', String(padded.id), '-o', 'tsv'])).stdout.trimEnd().split('\n');
    expect(tsv.slice(11)).toEqual(['venue contact\tSam Ortega (630) 555-0110', 'internal notes\tPays late.']);
  });

  test('`events get` keeps its aliases but `show` is the new verb', async () => {
    const bare = await event({ dropoff: '2026-08-06T08:00:00', pickup: '2026-08-06T20:00:00' });
    const viaView = JSON.parse(ok(await rentals(['events', 'view', String(bare.id), '--json'])).stdout);
    expect(viaView.data[0].eventName).toBe(bare.name);
  });
});

describe('events cancel, uncancel, clone', () => {
  test('a --reason over the limit is refused before the event is looked up', async () => {
    const result = await rentals(['events', 'cancel', 'Anything', '--reason', 'x'.repeat(4001), '--verbose']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --reason: must be at most 4000 characters (has 4001)\n');
  });

  test('uncancel of an event whose status is Cancelled gives it a holding status: Confirmed, or --status', async () => {
    const gala = await event({ dropoff: '2026-09-05T08:00:00', pickup: '2026-09-06T10:00:00' }, { eventStatusId: 4, cancelDate: '2026-08-01T00:00:00', cancelReason: 'rain' });
    const result = ok(await rentals(['events', 'uncancel', String(gala.id)]));
    expect(result.stderr).toContain('is active again');
    expect((await data(call, 'GET', `/v1/events/${gala.id}`))[0]).toMatchObject({ cancelDate: null, eventStatusId: 2 });
    const quote = await event({ dropoff: '2026-09-07T08:00:00', pickup: '2026-09-08T10:00:00' }, { eventStatusId: 4 });
    ok(await rentals(['events', 'uncancel', String(quote.id), '--status', 'Quoted']));
    expect((await data(call, 'GET', `/v1/events/${quote.id}`))[0]).toMatchObject({ eventStatusId: 1 });
    const refused = await rentals(['events', 'uncancel', String(quote.id), '--status', 'Cancelled']);
    expect(refused.code).toBe(2);
  });

  test('cancel then uncancel round-trips the event', async () => {
    const party = await event({ dropoff: '2026-09-01T08:00:00', pickup: '2026-09-02T10:00:00' });
    const before = (await data(call, 'GET', `/v1/events/${party.id}`))[0]!;
    ok(await rentals(['events', 'cancel', String(party.id), '--reason', 'Customer postponed', '--date', '2026-08-15 09:30']));
    const cancelled = (await data(call, 'GET', `/v1/events/${party.id}`))[0]!;
    expect(cancelled).toMatchObject({ cancelDate: '2026-08-15T09:30:00', cancelReason: 'Customer postponed' });
    const missing = await rentals(['events', 'cancel', String(party.id)]);
    expect(missing.code).toBe(2);
    ok(await rentals(['events', 'uncancel', String(party.id)]));
    const after = (await data(call, 'GET', `/v1/events/${party.id}`))[0]!;
    expect(after).toEqual(before);
  });

  test('clone shifts every datetime alike; across a daylight-saving change the clock times stay', async () => {
    const tent = await item(5, { 1: 100 });
    // 2026-03-08 is the US change to summer time: the window spans it, and so does the copy's (2026-11-01).
    const source = await event(
      { dropoff: '2026-03-06T09:00:00', start: '2026-03-07T16:00:00', end: '2026-03-08T23:00:00', pickup: '2026-03-09T10:00:00' },
      { teardownDate: '2026-03-09T01:00:00', amountDelivery: 40 },
    );
    await book(source.id, tent.id, 2, 90);
    const result = ok(
      await rentals(['events', 'clone', String(source.id), '--start-date', '2026-10-31', '--with-bookings', '--name', 'Copy', '-o', 'json'], {
        env: { TZ: 'America/Chicago' },
      }),
    );
    const copy = JSON.parse(result.stdout).data[0];
    expect(copy).toMatchObject({
      eventName: 'Copy',
      dropoffDate: '2026-10-30T09:00:00',
      startDate: '2026-10-31T16:00:00',
      endDate: '2026-11-01T23:00:00',
      teardownDate: '2026-11-02T01:00:00',
      pickupDate: '2026-11-02T10:00:00',
      amountDelivery: 40,
      cancelDate: null,
    });
    // Bookings copied at today's price for the block (100), not the old line's 90.
    expect((await bookingsOf(copy.id)).map((b) => [b.inventoryId, b.quantity, b.price])).toEqual([[tent.id, 2, 100]]);
  });

  test('clone with a time moves the start there and the other dates by the same offset', async () => {
    const source = await event({ dropoff: '2026-04-01T08:00:00', start: '2026-04-01T12:00:00', end: '2026-04-01T18:00:00', pickup: '2026-04-02T09:00:00' });
    const copy = JSON.parse(ok(await rentals(['events', 'clone', String(source.id), '--start-date', '2026-04-10 14:30', '--json'])).stdout).data[0];
    expect(copy).toMatchObject({ dropoffDate: '2026-04-10T10:30:00', startDate: '2026-04-10T14:30:00', pickupDate: '2026-04-11T11:30:00', eventName: source.name });
  });

  test('clone refused for want of units names the copy, creates nothing, and says how to go on', async () => {
    const lamp = await item(2);
    const source = await event({ dropoff: '2026-05-01T08:00:00', pickup: '2026-05-02T10:00:00' });
    const rival = await event({ dropoff: '2026-05-08T08:00:00', pickup: '2026-05-09T10:00:00' });
    await book(source.id, lamp.id, 2);
    await book(rival.id, lamp.id, 1);
    const before = (await data(call, 'GET', '/v1/events')).length;
    const result = await rentals(['events', 'clone', String(source.id), '--start-date', '2026-05-08', '--with-bookings', '--name', 'Spring copy']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not enough units for the copy "Spring copy"');
    expect(result.stderr).toContain(`Nothing was written. Ways out:\n  Write anyway, overbooked:\n    rentals events clone ${source.id} --start-date 2026-05-08 --with-bookings --name 'Spring copy' --allow-overbook\n`);
    expect(result.stderr).not.toContain('event -1');
    expect((await data(call, 'GET', '/v1/events')).length).toBe(before);
    // A dry run is refused alike, with the same ways out: the commands that write, none half previewed.
    const dry = await rentals(['events', 'clone', String(source.id), '--start-date', '2026-05-08', '--with-bookings', '--dry-run', '--name', 'Spring copy']);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toBe(result.stderr);
  });
});

describe('availability', () => {
  test('an event of one day given as days holds its units that whole day: a second booking of them is refused', async () => {
    const lamp = await item(2);
    const add = (name: string) => rentals(['events', 'add', '--event-name', unique(name), '--event-status-id', '2', '--rental-block-id', '1', '--start-date', '2026-11-17', '--end-date', '2026-11-17', '-o', 'json']);
    const gala = JSON.parse(ok(await add('Gala')).stdout).data[0];
    expect(gala).toMatchObject({ startDate: '2026-11-17T00:00:00', endDate: '2026-11-18T00:00:00', pickupDate: '2026-11-18T00:00:00' });
    ok(await rentals(['events', 'book', String(gala.id), '--item', `${lamp.name}=2`]));
    const rows = JSON.parse(ok(await rentals(['availability', '--from', '2026-11-17', '--to', '2026-11-17', '--item', lamp.name, '-o', 'json'])).stdout).data;
    expect(rows).toEqual([expect.objectContaining({ id: lamp.id, owned: 2, booked: 2, free: 0 })]);
    const other = JSON.parse(ok(await add('Other')).stdout).data[0];
    const refused = await rentals(['events', 'book', String(other.id), '--item', `${lamp.name}=1`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not enough units');

    // An update knows the dates the event has: an end the day before its start is refused, not made an event of no length.
    const early = await rentals(['events', 'update', String(gala.id), '--end-date', '2026-11-16']);
    expect(early.code).toBe(2);
    expect(early.stderr).toContain("--end-date 2026-11-16 (the whole day) ends as the event's start 2026-11-17 00:00 begins: an event ends after it starts");
    const longer = JSON.parse(ok(await rentals(['events', 'update', String(gala.id), '--end-date', '2026-11-18', '--teardown-date', '2026-11-18', '--pickup-date', '2026-11-18', '-o', 'json'])).stdout).data[0];
    expect(longer).toMatchObject({ startDate: '2026-11-17T00:00:00', endDate: '2026-11-19T00:00:00', pickupDate: '2026-11-19T00:00:00' });
  });

  test('booked is the peak of overlapping bookings, not the sum over the range', async () => {
    const lamp = await item(5);
    const a = await event({ dropoff: '2026-10-01T08:00:00', pickup: '2026-10-03T10:00:00' });
    const b = await event({ dropoff: '2026-10-02T08:00:00', pickup: '2026-10-04T10:00:00' });
    const c = await event({ dropoff: '2026-10-05T08:00:00', pickup: '2026-10-06T10:00:00' });
    await book(a.id, lamp.id, 2);
    await book(b.id, lamp.id, 2);
    await book(c.id, lamp.id, 2);
    const rows = JSON.parse(ok(await rentals(['availability', '--from', '2026-10-01', '--to', '2026-10-07', '--item', lamp.name, '-o', 'json'])).stdout).data;
    expect(rows).toEqual([expect.objectContaining({ id: lamp.id, owned: 5, booked: 4, free: 1, peakAt: '2026-10-02 08:00' })]);
    expect(rows[0].events).toEqual([
      { id: a.id, name: a.name, quantity: 2, tentative: false },
      { id: b.id, name: b.name, quantity: 2, tentative: false },
    ]);
    const tsv = ok(await rentals(['availability', '--from', '2026-10-01', '--to', '2026-10-07', '--item', lamp.name])).stdout;
    expect(tsv).toContain(`2 × ${a.name} (${a.id}); 2 × ${b.name} (${b.id})`);

    const grid = JSON.parse(ok(await rentals(['availability', '--from', '2026-10-01', '--to', '2026-10-06', '--item', String(lamp.id), '--daily', '-o', 'json'])).stdout);
    expect(grid.data).toEqual([
      { id: lamp.id, name: lamp.name, owned: 5, free: { '2026-10-01': 3, '2026-10-02': 1, '2026-10-03': 1, '2026-10-04': 3, '2026-10-05': 3, '2026-10-06': 3 } },
    ]);
    const csv = ok(await rentals(['availability', '--from', '2026-10-01', '--to', '2026-10-02', '--item', String(lamp.id), '--daily', '-o', 'csv'])).stdout;
    expect(csv).toBe(`item,2026-10-01,2026-10-02\n${lamp.name},3,1\n`);
    const twice = ok(await rentals(['availability', '--from', '2026-10-01', '--to', '2026-10-02', '--item', String(lamp.id), '--item', lamp.name.toUpperCase(), '--daily', '-o', 'csv'])).stdout;
    expect(twice).toBe(csv);
  });

  test('bad dates are usage errors (exit 2) before any request', async () => {
    const result = await rentals(['availability', '--from', '2026-02-30']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--from: "2026-02-30" is not a date of the calendar');
    expect((await rentals(['agenda', '--from', '2026-05-02', '--to', '2026-05-01'])).code).toBe(2);
  });
});

describe('agenda, load-sheet, events list (seeded sandbox)', () => {
  // The seed's dates are relative to FIXED_NOW's day (2025-06-01).
  const day = (n: number) => new Date(FIXED_NOW + n * 86_400_000).toISOString().slice(0, 10);

  test('agenda -o ics parses back (ical.js) with the same events, zoned times and stable UIDs', async () => {
    const args = ['agenda', '--from', day(0), '--to', day(45), '-o', 'ics', '--timezone', 'Europe/Berlin'];
    const first = ok(await seededRentals(args)).stdout;
    const json = JSON.parse(ok(await seededRentals(['agenda', '--from', day(0), '--to', day(45), '-o', 'json'])).stdout).data as Array<Record<string, unknown>>;
    const vevents = new ICAL.Component(ICAL.parse(first)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(vevents.map((e) => e.uid)).toEqual(json.map((e) => `event-${String(e.id)}@127.0.0.1`));
    for (const [i, e] of vevents.entries()) {
      expect(e.summary).toBe(json[i]!.eventName);
      expect(e.startDate.toString()).toBe(String(json[i]!.startDate));
      expect(e.endDate.toString()).toBe(String(json[i]!.endDate));
      expect(e.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Berlin');
      expect(e.description).toContain('Window (dropoff → pickup)');
    }
    const gala = vevents.find((e) => e.summary === 'Oak Park Charity Gala')!;
    expect(gala.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    const wedding = vevents.find((e) => e.summary === 'Harper–Nguyen Wedding')!;
    expect(wedding.description).toContain('150 × Gold Chiavari Chair');
    const again = ok(await seededRentals(args)).stdout;
    expect(again.match(/^UID:.*$/gm)).toEqual(first.match(/^UID:.*$/gm));
  });

  test('agenda reads each list once and the bookings of the events in range only', async () => {
    requests = [];
    const result = ok(await seededRentals(['agenda', '--from', day(10), '--to', day(17), '-o', 'csv']));
    const rows = result.stdout.trim().split('\n').slice(1);
    expect(result.stdout.split('\n')[0]).toBe('date,id,event,dropoff,start,end,pickup,customer,status,items,total,continuing');
    const eventsShown = new Set(rows.map((r) => r.split(',')[1]));
    expect(requests.filter((r) => r === 'GET /v1/events')).toHaveLength(1);
    expect(requests.filter((r) => r === 'GET /v2/inventory')).toHaveLength(1);
    expect(requests.filter((r) => r.endsWith('/inventory') && r.includes('/events/'))).toHaveLength(eventsShown.size);
    expect(requests).toHaveLength(3 + eventsShown.size);
  });

  test('agenda -o html: the page on the paper asked (--paper, else the paper setting); --out picks it by the extension; a bad --paper is refused before any request', async () => {
    const args = ['agenda', '--from', day(11), '--to', day(13)];
    const letter = ok(await seededRentals([...args, '-o', 'html', '--paper', 'Letter'])).stdout;
    expect(letter.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(letter).toContain('@page{size:Letter landscape');
    expect(letter).toContain('Harper–Nguyen Wedding');
    expect(ok(await seededRentals([...args, '-o', 'html'], { env: { RENTALS_PAPER: 'Letter' } })).stdout).toContain('@page{size:Letter landscape');
    const file = join(fileTempDir('rentals-agenda-page-'), 'agenda.html');
    ok(await seededRentals([...args, '--out', file]));
    expect(readFileSync(file, 'utf8')).toMatch(/^<!DOCTYPE html>[\s\S]*Harper–Nguyen Wedding/);
    requests = [];
    const bad = await seededRentals([...args, '-o', 'html', '--paper', 'A5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--paper: must be A4 or Letter');
    expect(requests).toEqual([]);
  });

  test('load-sheet: dropoffs go out, pickups come in, with item totals', async () => {
    const sheet = JSON.parse(ok(await seededRentals(['load-sheet', '--date', day(11), '-o', 'json'])).stdout);
    const [only] = sheet.data;
    expect(only.date).toBe(day(11));
    expect(only.out.events.map((e: { eventName: string }) => e.eventName)).toContain('Harper–Nguyen Wedding');
    const wedding = only.out.events.find((e: { eventName: string }) => e.eventName === 'Harper–Nguyen Wedding');
    expect(wedding).toMatchObject({ time: '09:00', customerName: 'Olivia Harper' });
    expect(wedding.address).toContain('Willow Creek Farm');
    const chairs = only.out.items.find((i: { name: string }) => i.name === 'Gold Chiavari Chair');
    expect(chairs.quantity).toBeGreaterThanOrEqual(150);
    // A time given with --date stands for its whole day.
    const timed = JSON.parse(ok(await seededRentals(['load-sheet', '--date', `${day(11)} 12:00`, '-o', 'json'])).stdout);
    expect(timed).toEqual(sheet);
    const backwards = await seededRentals(['load-sheet', '--date', day(11), '--to', day(10)]);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('--to must not be before --date');
  });

  test('events list filters on the client: window, search, status, cancelled, sort, limit', async () => {
    const list = async (...args: string[]) => JSON.parse(ok(await seededRentals(['events', 'list', ...args, '--json'])).stdout).data as Array<Record<string, unknown>>;
    const cancelled = await list('--cancelled');
    expect(cancelled.map((e) => e.eventName)).toEqual(['Oak Park Charity Gala']);
    expect((await list('--search', 'WEDDING')).map((e) => e.eventName).sort()).toEqual(['Harper–Nguyen Wedding', 'Jensen–Alvarez Wedding']);
    const quoted = await list('--status', 'quoted', '--active-only');
    expect(quoted.length).toBeGreaterThan(3);
    expect(quoted.every((e) => e.eventStatusId === 1)).toBe(true);
    const latest = await list('--sort', 'startDate:desc', '--limit', '2');
    expect(latest.map((e) => e.eventName)).toEqual(['Fall Harvest Market', 'Lakeview High Prom']);
    const windowed = await list('--from', day(12), '--to', day(12));
    expect(windowed.map((e) => e.eventName)).toContain('Harper–Nguyen Wedding');
    expect(windowed.every((e) => String(e.pickupDate) > day(12))).toBe(true);
    expect((await seededRentals(['events', 'list', '--sort', 'nosuch'])).code).toBe(2);
    expect((await list('--sort', 'startDate:DESC', '--limit', '2')).map((e) => e.eventName)).toEqual(['Fall Harvest Market', 'Lakeview High Prom']);
    expect((await list('--status', '2')).every((e) => e.eventStatusId === 2)).toBe(true);
    const unknownStatus = await seededRentals(['events', 'list', '--status', '99']);
    expect(unknownStatus.code).toBe(2);
    expect(unknownStatus.stderr).toContain('--status: there is no event status with id 99');
  });

  test('events list --search ignores case, accents, dashes and quotes in the name and the customer, as name lookup does', async () => {
    const party = await event({ dropoff: '2026-09-01T08:00:00', pickup: '2026-09-02T10:00:00' }, { eventName: 'Ñúñez & O’Hara – Anniversary', customerName: 'Zoë Müller-Brandt' });
    const names = async (text: string) => (JSON.parse(ok(await rentals(['events', 'list', '--search', text, '--json'])).stdout).data as Array<Record<string, unknown>>).map((e) => e.id);
    expect(await names('nunez')).toEqual([party.id]);
    expect(await names("o'hara - anniv")).toEqual([party.id]);
    expect(await names('zoe muller‐brandt')).toEqual([party.id]);
    expect((JSON.parse(ok(await seededRentals(['events', 'list', '--search', 'jensen-alvarez', '--json'])).stdout).data as Array<Record<string, unknown>>).map((e) => e.eventName)).toEqual(['Jensen–Alvarez Wedding']);
  });
});

describe('check', () => {
  /** On the seeded calendar's own clock (its dates count from it). */
  const seededCheck = (args: string[]) => seededRentals(['check', ...args], { now: () => FIXED_NOW });

  test('the seeded calendar has its one overbooking and one inactive item; -o json codes', async () => {
    const result = await seededCheck(['-o', 'json']);
    expect(result.code).toBe(1);
    const problems = JSON.parse(result.stdout).data as Array<Record<string, unknown>>;
    expect(problems.map((p) => p.code)).toEqual(['overbooked', 'inactive-item']);
    expect(problems[0]).toMatchObject({ booked: 2, owned: 1 });
    expect(String(problems[0]!.message)).toContain('40x60 Pole Tent');
  });

  test('an inactive item booked: ways out to make it active again or take it off the event, in -o json, piped and at a table', async () => {
    const json = await seededCheck(['-o', 'json']);
    const inactive = (JSON.parse(json.stdout).data as Array<Record<string, unknown>>).find((p) => p.code === 'inactive-item')!;
    const [eventId, itemId] = [inactive.eventId, inactive.itemId];
    const commands = [`rentals inventory update ${itemId} --active`, `rentals events unbook ${eventId} --item ${itemId}`];
    expect(inactive.commands).toEqual([
      { kind: 'reactivate', what: 'Make "Kids Folding Chair" active again', command: commands[0] },
      { kind: 'unbook', what: `Take "Kids Folding Chair" off event ${eventId}`, command: commands[1] },
    ]);
    const piped = (await seededCheck([])).stdout.split('\n').find((line) => line.startsWith('inactive-item'));
    expect(piped).toContain(`the item is inactive; ways out: \`${commands[0]}\`, \`${commands[1]}\``);
    const table = (await seededCheck(['-o', 'table'])).stdout;
    for (const command of commands) expect(table).toContain(`    ${command}\n`);
  });

  /**
   * On a calendar of its own with one item priced for block 1: `post` adds a record, `eventOf`
   * an event of one day (its lines of the item given as quantities), `cli` runs rentals on it.
   */
  async function onOwnCalendar(item: { name: string; price: number }, body: (own: { cli: ReturnType<typeof cliFor>; call: Caller; itemId: number; post: (path: string, record: Record<string, unknown>) => Promise<number>; eventOf: (name: string, status: number, day: string, lines: number[]) => Promise<number> }) => Promise<void>) {
    const own = await openSandbox();
    try {
      const post = async (path: string, record: Record<string, unknown>) => Number((await data(own.call, 'POST', path, record))[0]!.id);
      const itemId = await post('/v2/inventory', { name: item.name, quantityAvailable: 10, active: 1 });
      await post(`/v1/inventory/${itemId}/pricing`, { inventoryId: itemId, rentalBlockId: 1, price: item.price });
      const eventOf = async (name: string, status: number, day: string, lines: number[]) => {
        const id = await post('/v1/events', { eventStatusId: status, rentalBlockId: 1, eventName: name, dropoffDate: `${day}T08:00:00`, startDate: `${day}T09:00:00`, endDate: `${day}T18:00:00`, teardownDate: `${day}T19:00:00`, pickupDate: `${day}T20:00:00` });
        for (const quantity of lines) await post(`/v1/events/${id}/inventory`, { eventId: id, inventoryId: itemId, quantity, price: item.price });
        return id;
      };
      await body({ cli: cliFor(own), call: own.call, itemId, post, eventOf });
    } finally {
      await own.close();
    }
  }

  test('after a price-list change: the prices agreed on firm and completed events are no problem, a quote\'s is a note (exit 0)', async () => {
    await onOwnCalendar({ name: 'Tent', price: 100 }, async ({ cli, itemId: tent, eventOf }) => {
      await eventOf('Done party', 3, '2026-05-01', [1]);
      await eventOf('Firm party', 2, '2026-05-02', [1]);
      const quote = await eventOf('Quoted party', 1, '2026-05-03', [1]);
      ok(await cli(['prices', 'adjust', '--percent', '10', '--yes']));
      const json = await cli(['check', '-o', 'json']);
      expect(json.code).toBe(0);
      const body = JSON.parse(json.stdout) as { data: unknown[]; notes: Array<Record<string, unknown>> };
      expect(body.data).toEqual([]);
      expect(body.notes).toEqual([expect.objectContaining({ code: 'quote-price-changed', eventId: quote, itemId: tent, price: 100, listed: 110 })]);
      const people = await cli(['check']);
      expect(people.code).toBe(0);
      expect(people.stderr).toContain('No problems found (3 events checked).');
      expect(people.stderr).toMatch(/^note: event \d+ "Quoted party" quotes "Tent" at 100\.00; its price for the event's rental block is now 110\.00: the quote could be refreshed/m);
    });
  });

  test('each finding on a calendar of its own, and exit 0 when clean', async () => {
    const own = await openSandbox();
    const cli = cliFor(own);
    try {
      const post = async (path: string, body: Record<string, unknown>) => Number((await data(own.call, 'POST', path, body))[0]!.id);
      const tent = await post('/v2/inventory', { name: 'Tent', quantityAvailable: 1, active: 1 });
      const old = await post('/v2/inventory', { name: 'Old chair', quantityAvailable: 10, active: 1 });
      await post(`/v1/inventory/${tent}/pricing`, { inventoryId: tent, rentalBlockId: 1, price: 100 });
      await post(`/v1/inventory/${old}/pricing`, { inventoryId: old, rentalBlockId: 1, price: 2 });
      const eventBody = (name: string, dropoff: string, pickup: string, extra: Record<string, unknown> = {}) => ({
        eventStatusId: 2, rentalBlockId: 1, eventName: name, dropoffDate: dropoff, startDate: dropoff, endDate: pickup, teardownDate: pickup, pickupDate: pickup, ...extra,
      });
      const clean = await post('/v1/events', eventBody('Clean', '2026-05-01T08:00:00', '2026-05-02T08:00:00'));
      await post(`/v1/events/${clean}/inventory`, { eventId: clean, inventoryId: tent, quantity: 1, price: 100 });
      ok(await cli(['check']));
      expect(JSON.parse(ok(await cli(['check', '-o', 'json'])).stdout)).toEqual({ data: [], notes: [] });

      const a = await post('/v1/events', eventBody('A', '2036-06-01T08:00:00', '2036-06-03T08:00:00'));
      const b = await post('/v1/events', eventBody('B', '2036-06-02T08:00:00', '2036-06-04T08:00:00', { startDate: '2036-06-05T08:00:00' }));
      const weekly = await post('/v1/events', eventBody('Weekly', '2036-07-01T08:00:00', '2036-07-02T08:00:00', { rentalBlockId: 3 }));
      await post(`/v1/events/${a}/inventory`, { eventId: a, inventoryId: tent, quantity: 1, price: 100 });
      await post(`/v1/events/${b}/inventory`, { eventId: b, inventoryId: tent, quantity: 1, price: 90 });
      await post(`/v1/events/${a}/inventory`, { eventId: a, inventoryId: old, quantity: 5, price: 2 });
      await post(`/v1/events/${weekly}/inventory`, { eventId: weekly, inventoryId: old, quantity: 1, price: 2 });
      await data(own.call, 'PUT', `/v2/inventory/${old}`, { id: old, name: 'Old chair', quantityAvailable: 10, active: 0 });

      const result = await cli(['check', '--from', '2036-06-01', '--to', '2036-07-31', '-o', 'json']);
      expect(result.code).toBe(1);
      const problems = JSON.parse(result.stdout).data as Array<Record<string, unknown>>;
      // B agreed 90.00 where the list says 100.00: the price agreed, no problem.
      expect(problems.map((p) => p.code).sort()).toEqual(['dates-out-of-order', 'inactive-item', 'inactive-item', 'no-price-for-block', 'overbooked'].sort());
      expect(problems.find((p) => p.code === 'overbooked')).toMatchObject({ itemId: tent, eventIds: [a, b], at: '2036-06-02 08:00', booked: 2, owned: 1 });
      expect(problems.find((p) => p.code === 'dates-out-of-order')).toMatchObject({ eventId: b, fields: ['startDate', 'endDate'] });
      expect(String(problems.find((p) => p.code === 'dates-out-of-order')!.message)).toContain('startDate 2036-06-05 08:00 is after endDate 2036-06-04 08:00');
      // Outside the range the problems of June are not reported.
      const later = await cli(['check', '--from', '2036-07-01', '--to', '2036-07-31', '-o', 'json']);
      expect((JSON.parse(later.stdout).data as Array<{ code: string }>).map((p) => p.code).sort()).toEqual(['inactive-item', 'no-price-for-block']);
    } finally {
      await own.close();
    }
  });

  test('an item retired since: not reported for an event that is over; ways out once per event and item, the name quoted', async () => {
    await onOwnCalendar({ name: 'Old chair', price: 2 }, async ({ cli, call: own, itemId: old, eventOf }) => {
      await eventOf('Done party', 3, '2020-05-01', [2]);
      const coming = await eventOf('Coming party', 2, '2036-05-02', [2, 3]);
      await data(own, 'PUT', `/v2/inventory/${old}`, { id: old, name: 'Old chair', quantityAvailable: 10, active: 0 });
      const problems = JSON.parse((await cli(['check', '-o', 'json'])).stdout).data as Array<{ code: string; eventId: number; commands?: Array<{ what: string; command: string }> }>;
      expect(problems.map((p) => [p.code, p.eventId])).toEqual([['inactive-item', coming], ['inactive-item', coming]]);
      expect(problems[0]!.commands).toEqual([
        { kind: 'reactivate', what: 'Make "Old chair" active again', command: `rentals inventory update ${old} --active` },
        { kind: 'unbook', what: `Take "Old chair" off event ${coming}`, command: `rentals events unbook ${coming} --item ${old}` },
      ]);
      expect(problems[1]!.commands).toBeUndefined();
      const table = (await cli(['check', '-o', 'table'])).stdout;
      expect(table.split(`rentals events unbook ${coming} --item ${old}`).length).toBe(2);
    });
  });
});
