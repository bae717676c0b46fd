// Every write through its writer, with one change model, against the real sandbox: undo judged by
// the writers as any write is (a stock raise undone refused like `inventory update`), its dry run
// judged the same way as its run, every dry run showing the same changes before → after, and a
// write that lost its race and backed out left out of the history.

import { describe, expect, test } from 'vitest';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { calendarSuite } from './calendar-fixtures.js';
import { cliFor, ok } from './harness.js';
import { data } from './server-state.js';

const fixtures = calendarSuite('Writes');
const { call, rentals, item, event, line } = fixtures;

interface Entry {
  id: string;
  command: string;
  records: Array<{ resource: string; id: number; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>;
}

async function history(run = rentals): Promise<Entry[]> {
  return (JSON.parse(ok(await run(['history', '-o', 'json'])).stdout) as { data: Entry[] }).data;
}

interface Changed {
  action: string;
  resource: string;
  id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

function changesOf(stdout: string): Changed[] {
  return (JSON.parse(stdout) as { changes: Changed[] }).changes;
}

const itemRecord = async (id: number) => (await data(call(), 'GET', `/v2/inventory/${id}`))[0]!;
const eventRecord = async (id: number) => (await data(call(), 'GET', `/v1/events/${id}`))[0]!;

describe('undo through the writers', () => {
  test('undo of a stock raise is refused once the units are booked, as inventory update is, dry run and run alike (exit 1, nothing written)', async () => {
    const tent = await item(30);
    ok(await rentals(['inventory', 'update', String(tent.id), '--quantity-available', '50']));
    const [raised] = await history();
    expect(raised!.records).toEqual([expect.objectContaining({ resource: 'inventory', id: tent.id, before: expect.objectContaining({ quantityAvailable: 30 }), after: expect.objectContaining({ quantityAvailable: 50 }) })]);
    const gala = await event('2031-03-01T08:00:00', '2031-03-02T10:00:00');
    ok(await rentals(['events', 'book', String(gala.id), '--item', `${tent.name}=43`]));

    const direct = await rentals(['inventory', 'update', String(tent.id), '--quantity-available', '30']);
    expect(direct.code).toBe(1);
    const refusal = `${JSON.stringify(tent.name)} (item ${tent.id}) cannot go down to 30: events hold more of it from now on:`;
    expect(direct.stderr).toContain(refusal);

    const dry = await rentals(['undo', raised!.id, '--dry-run']);
    expect([dry.code, dry.stderr]).toEqual([1, expect.stringContaining(refusal)]);
    const undone = await rentals(['undo', raised!.id]);
    expect([undone.code, undone.stderr]).toEqual([1, expect.stringContaining(refusal)]);
    expect(undone.stderr).not.toContain('put back');
    expect(await itemRecord(tent.id)).toMatchObject({ quantityAvailable: 50 });
  });

  test("undo's dry run is judged by the writers' rule, as its run: a looser --holds changes neither (exit 1 both)", async () => {
    const tent = await item(1);
    const wedding = await event('2031-04-01T08:00:00', '2031-04-02T10:00:00');
    await line(wedding.id, tent.id, 1);
    ok(await rentals(['events', 'cancel', String(wedding.id), '--cancel-reason', 'Rain']));
    const [cancelled] = await history();
    const rival = await event('2031-04-01T12:00:00', '2031-04-01T20:00:00');
    ok(await rentals(['events', 'book', String(rival.id), '--item', `${tent.name}=1`]));

    const dry = await rentals(['--holds', 'Confirmed=tentative', 'undo', cancelled!.id, '--dry-run']);
    const run = await rentals(['--holds', 'Confirmed=tentative', 'undo', cancelled!.id]);
    expect([dry.code, run.code]).toEqual([1, 1]);
    expect(dry.stderr).toContain('not enough units');
    expect(run.stderr).toContain('not enough units');
    expect(await eventRecord(wedding.id)).toMatchObject({ cancelReason: 'Rain' });
  });

  test('undo of a cancel puts the status and the cancel date back together', async () => {
    const party = await event('2031-05-01T08:00:00', '2031-05-02T10:00:00');
    ok(await rentals(['events', 'cancel', String(party.id), '--cancel-reason', 'Storm']));
    expect(await eventRecord(party.id)).toMatchObject({ eventStatusId: 4, cancelReason: 'Storm' });
    const [cancelled] = await history();
    const undone = ok(await rentals(['undo', cancelled!.id, '-o', 'json']));
    expect(changesOf(undone.stdout)).toEqual([
      expect.objectContaining({ action: 'update', resource: 'events', id: party.id, before: expect.objectContaining({ eventStatusId: 4, cancelReason: 'Storm' }), after: expect.objectContaining({ eventStatusId: 2, cancelDate: null, cancelReason: null }) }),
    ]);
    expect(await eventRecord(party.id)).toMatchObject({ eventStatusId: 2, cancelDate: null, cancelReason: null });
  });
});

describe('one change model: every dry run shows the record before and after', () => {
  test('events update, cancel and move; undo; prices adjust: -o json has `changes`, each with before and after', async () => {
    const lamp = await item(5, 20);
    const show = await event('2031-06-01T08:00:00', '2031-06-02T10:00:00');
    const id = String(show.id);
    const updated = changesOf(ok(await rentals(['events', 'update', id, '--event-name', 'Renamed show', '--dry-run', '-o', 'json'])).stdout);
    const cancelled = changesOf(ok(await rentals(['events', 'cancel', id, '--cancel-reason', 'Rain', '--dry-run', '-o', 'json'])).stdout);
    const moved = changesOf(ok(await rentals(['events', 'move', id, '--by', '1d', '--dry-run', '-o', 'json'])).stdout);
    for (const [changes, field, value] of [
      [updated, 'eventName', 'Renamed show'],
      [cancelled, 'cancelReason', 'Rain'],
      [moved, 'dropoffDate', '2031-06-02T08:00:00'],
    ] as const) {
      expect(changes).toEqual([expect.objectContaining({ action: 'update', resource: 'events', id: show.id, before: expect.objectContaining({ eventName: show.name, dropoffDate: '2031-06-01T08:00:00' }), after: expect.objectContaining({ [field]: value }) })]);
    }

    ok(await rentals(['prices', 'adjust', '--percent', '10', '--item', String(lamp.id)]));
    const adjust = changesOf(ok(await rentals(['prices', 'adjust', '--percent', '10', '--item', String(lamp.id), '--dry-run', '-o', 'json'])).stdout);
    expect(adjust).toEqual([expect.objectContaining({ action: 'update', resource: 'prices', before: { price: 22 }, after: { price: 24.2 } })]);

    const undo = changesOf(ok(await rentals(['undo', '--dry-run', '-o', 'json'])).stdout);
    expect(undo).toEqual([expect.objectContaining({ action: 'update', resource: 'prices', before: expect.objectContaining({ price: 22 }), after: expect.objectContaining({ price: 20 }) })]);
    expect((await data(call(), 'GET', `/v1/inventory/${lamp.id}/pricing`))[0]).toMatchObject({ price: 22 });
  });
});

describe('the history records what stands', () => {
  test('a booking that lost its race and backed out leaves no entry; the line it brought back under a new id stays known', async () => {
    const { sandbox } = fixtures;
    const chairs = await item(3);
    const party = await event('2031-07-01T08:00:00', '2031-07-02T10:00:00');
    const rival = await event('2031-07-01T12:00:00', '2031-07-01T20:00:00');
    await line(party.id, chairs.id, 1);
    const second = await line(party.id, chairs.id, 1);
    const proxy = await startFaultProxy({ target: sandbox().url });
    try {
      const run = cliFor({ url: proxy.url, token: sandbox().token });
      // The change of the party's first line is held until the rival has taken a unit: its read-back finds the item short.
      const held = proxy.gate((request) => request.method === 'PUT' && request.path.startsWith(`/v2/events/${party.id}/inventory/`), 0);
      const booking = run(['events', 'book', String(party.id), '--item', `${chairs.name}=3`]);
      await held;
      await data(call(), 'POST', `/v1/events/${rival.id}/inventory`, { eventId: rival.id, inventoryId: chairs.id, quantity: 1, price: 10 });
      proxy.open();
      const lost = await booking;
      expect(lost.code).toBe(1);
      expect(lost.stderr).toContain('another booking took the units at the same moment');
      // Put back as it was: one unit on each of two lines (the deleted one came back under a new id).
      const lines = await data(call(), 'GET', `/v1/events/${party.id}/inventory`);
      expect(lines.map((l) => l.quantity)).toEqual([1, 1]);
      expect(lines.map((l) => l.id)).not.toContain(second);
      // Nothing of the command stands: no entry of it in the history.
      expect((await history(run)).map((entry) => entry.command)).not.toContain(`rentals events book ${party.id} --item '${chairs.name}=3'`);
    } finally {
      await proxy.close();
    }
  });
});
