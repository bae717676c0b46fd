// A way out of every shortage, against the real sandbox: a refused booking names the substitute
// with room and the nearest window that fits, `check -o json` carries the same, and `--substitute`
// books the split.

import { describe, expect, test } from 'vitest';
import { jsonData, ok } from './harness.js';
import { calendarSuite } from './calendar-fixtures.js';
import { data } from './server-state.js';

const fixtures = calendarSuite('Ways');
const { call, rentals, item, event, line } = fixtures;

/** A shortage: `tent` (2 owned) fully held by `holder` over 2029-03-10 → 12; `wanted` overlaps it. */
async function shortage() {
  const tent = await item(2);
  const marquee = await item(5);
  const holder = await event('2029-03-10T08:00:00', '2029-03-12T10:00:00');
  await line(holder.id, tent.id, 2);
  const wanted = await event('2029-03-11T08:00:00', '2029-03-13T08:00:00');
  return { tent, marquee, holder, wanted, env: { RENTALS_ALTERNATIVES: `${tent.name}=${marquee.name}` } };
}

describe('ways out of a shortage', () => {
  test('a refused booking names the free substitute and the nearest window that fits, in text and in -o json', async () => {
    const { tent, marquee, holder, wanted, env } = await shortage();
    const refused = await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=2`], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`substitute: ${JSON.stringify(marquee.name)} (item ${marquee.id}, 5 free)`);
    // The holder gives the units back at 2029-03-12 10:00: the nearest 2-day window starts then.
    expect(refused.stderr).toContain('nearest windows where 2 fit: 2029-03-12 10:00 → 2029-03-14 10:00');
    expect(refused.stderr).toContain('Nothing was written');

    const json = await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=2`, '-o', 'json'], { env });
    expect(json.code).toBe(1);
    const { refused: body } = JSON.parse(json.stdout);
    expect(body.shortages[0]).toMatchObject({
      itemId: tent.id,
      asked: 2,
      free: 0,
      short: 2,
      substitutes: [{ itemId: marquee.id, free: 5, coversAll: true }],
      holders: [{ eventId: holder.id, quantity: 2, tentative: false }],
    });
    expect(body.shortages[0].windows[0]).toEqual({ from: '2029-03-12T10:00:00', to: '2029-03-14T10:00:00' });
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toEqual([]);

    // Whichever command is refused: bookings add says the same, as data.
    const added = await rentals(['bookings', 'add', '--event-id', String(wanted.id), '--item', tent.name, '--quantity', '2', '-o', 'json'], { env });
    expect(added.code).toBe(1);
    expect(JSON.parse(added.stdout).refused.shortages[0].substitutes).toEqual([{ itemId: marquee.id, name: marquee.name, free: 5, coversAll: true }]);
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toEqual([]);
  });

  test('a refused change of an event (update --status, confirm, move) names the same ways out, in text and in -o json', async () => {
    const { tent, marquee, holder, env } = await shortage();
    const quote = await event('2029-03-11T08:00:00', '2029-03-13T08:00:00', { eventStatusId: 1 });
    await line(quote.id, tent.id, 2);
    for (const args of [['events', 'update', String(quote.id), '--status', 'Confirmed'], ['events', 'confirm', String(quote.id)]]) {
      const refused = await rentals(args, { env });
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr).toContain('cannot be');
      expect(refused.stderr).toContain(`substitute: ${JSON.stringify(marquee.name)} (item ${marquee.id}, 5 free)`);
      expect(refused.stderr).toContain('nearest windows where 2 fit: 2029-03-12 10:00 → 2029-03-14 10:00');
      expect(refused.stderr).toContain('Nothing was changed');
    }

    const json = await rentals(['events', 'update', String(quote.id), '--status', 'Confirmed', '-o', 'json'], { env });
    expect(json.code).toBe(1);
    const { data: rows, refused: body } = JSON.parse(json.stdout);
    expect(rows).toEqual([]);
    expect(body.event).toMatchObject({ id: quote.id, from: '2029-03-11T08:00:00', to: '2029-03-13T08:00:00' });
    expect(body.shortages[0]).toMatchObject({
      itemId: tent.id,
      asked: 2,
      substitutes: [{ itemId: marquee.id, free: 5, coversAll: true }],
      holders: [{ eventId: holder.id, quantity: 2, tentative: false }],
    });
    expect(body.shortages[0].windows[0]).toEqual({ from: '2029-03-12T10:00:00', to: '2029-03-14T10:00:00' });
    expect((await data(call(), 'GET', `/v1/events/${quote.id}`))[0]).toMatchObject({ eventStatusId: 1 });

    // A firm event moved into the shortage: the window asked is the new one.
    const firm = await event('2029-03-20T08:00:00', '2029-03-22T08:00:00');
    await line(firm.id, tent.id, 2);
    const moved = await rentals(['events', 'move', String(firm.id), '--to', '2029-03-11', '-o', 'json'], { env });
    expect(moved.code, moved.stderr).toBe(1);
    expect(moved.stderr).toContain('cannot be moved');
    expect(JSON.parse(moved.stdout).refused.shortages[0].substitutes).toEqual([{ itemId: marquee.id, name: marquee.name, free: 5, coversAll: true }]);
  });

  test('a name of the setting that matches no item is said, and the rest still answers', async () => {
    const { tent, wanted } = await shortage();
    const refused = await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=1`], { env: { RENTALS_ALTERNATIVES: `${tent.name}=No Such Thing` } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the alternatives setting: "No Such Thing": no such item');
    expect(refused.stderr).toContain('nearest windows where 1 fit');
  });

  test('check -o json carries the same ways out for an overbooking', async () => {
    const { tent, marquee, holder, wanted, env } = await shortage();
    await line(wanted.id, tent.id, 1);
    const check = await rentals(['check', '--from', '2029-03-10', '--to', '2029-03-13', '-o', 'json'], { env });
    expect(check.code).toBe(1);
    const overbooked = jsonData(check).find((p) => p.code === 'overbooked' && p.itemId === tent.id)!;
    expect(overbooked.waysOut).toMatchObject({
      eventId: wanted.id,
      itemId: tent.id,
      asked: 1,
      substitutes: [{ itemId: marquee.id, free: 5 }],
      holders: [{ eventId: holder.id, quantity: 2 }],
    });
    expect((overbooked.waysOut as { windows: unknown[] }).windows[0]).toEqual({ from: '2029-03-12T10:00:00', to: '2029-03-14T10:00:00' });
    const text = await rentals(['check', '--from', '2029-03-10', '--to', '2029-03-13'], { env });
    expect(text.stdout).toContain(`way out for event ${wanted.id}: 1 × ${JSON.stringify(marquee.name)} instead (5 free)`);
  });

  test('--substitute books what is free of the item and the rest on the substitute, after showing it with --dry-run', async () => {
    const { tent, marquee, holder, wanted, env } = await shortage();
    // One tent comes free: the holder keeps 1 of its 2.
    const [held] = await data(call(), 'GET', `/v1/events/${holder.id}/inventory`);
    await data(call(), 'PUT', `/v1/events/${holder.id}/inventory/${String(held!.id)}`, { ...held, quantity: 1 });

    const dry = ok(await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=3`, '--substitute', '--dry-run'], { env }));
    expect(dry.stderr).toContain(`Substitute: 1 × ${JSON.stringify(tent.name)} and 2 × ${JSON.stringify(marquee.name)} for the 3 asked.`);
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toEqual([]);

    ok(await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=3`, '--substitute'], { env }));
    const lines = await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`);
    expect(lines.map((l) => [l.inventoryId, l.quantity]).sort()).toEqual([[tent.id, 1], [marquee.id, 2]].sort());

    // One command, one entry: undo takes the whole split back.
    ok(await rentals(['undo'], { env }));
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toEqual([]);
  });
});
