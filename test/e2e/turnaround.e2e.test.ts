// Turnaround against the sandbox: with RENTALS_TURNAROUND=4h a unit returned at 10:00 is held until
// 14:00, while it is cleaned and prepared. Booking at 12:00 is refused and names the window that
// fits (14:00); at 14:00 it is booked; availability, check and the timeline count it alike; the
// per-item rule wins over the length for every item; a bad length is refused naming the rule.

import { describe, expect, test } from 'vitest';
import { calendarSuite } from './calendar-fixtures.js';
import { ok } from './harness.js';
import { data } from './server-state.js';

const { call, rentals, item, event, line } = calendarSuite('Turnaround');
const FOUR_HOURS = { env: { RENTALS_TURNAROUND: '4h' } };

describe('a unit returned at 10:00 with a 4h turnaround', () => {
  test('is not bookable at 12:00 (refused, the way out at 14:00) and is at 14:00', async () => {
    const tent = await item(1);
    const morning = await event('2028-03-06T06:00:00', '2028-03-06T10:00:00');
    await line(morning.id, tent.id, 1);
    const noon = await event('2028-03-06T12:00:00', '2028-03-06T18:00:00');
    const two = await event('2028-03-06T14:00:00', '2028-03-06T18:00:00');

    // Without the setting the unit is back at 10:00: bookable at noon.
    ok(await rentals(['events', 'book', String(noon.id), '--item', `${tent.name}=1`, '--dry-run']));

    const refused = await rentals(['events', 'book', String(noon.id), '--item', `${tent.name}=1`], FOUR_HOURS);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not enough units');
    expect(refused.stderr).toContain('Nothing was written.');
    expect(refused.stderr).toContain("The event moved to 2028-03-06 14:00 → 2028-03-06 20:00, where 1 fit:\n    rentals events move");
    expect(await data(call(), 'GET', `/v1/events/${noon.id}/inventory`)).toEqual([]);

    const booked = ok(await rentals(['events', 'book', String(two.id), '--item', `${tent.name}=1`], FOUR_HOURS));
    expect(booked.stderr).toContain(`Booked 1 × ${tent.name} on`);
    expect((await data(call(), 'GET', `/v1/events/${two.id}/inventory`)).map((b) => b.inventoryId)).toEqual([tent.id]);
  });

  test('availability at 12:00 counts it booked, at 14:00 free; --find starts at 14:00', async () => {
    const chair = await item(1);
    const morning = await event('2028-03-13T06:00:00', '2028-03-13T10:00:00');
    await line(morning.id, chair.id, 1);
    const at = async (from: string, to: string) =>
      (JSON.parse(ok(await rentals(['availability', '--item', chair.name, '--from', from, '--to', to, '-o', 'json'], FOUR_HOURS)).stdout).data as Array<{ free: number }>)[0]!.free;
    expect(await at('2028-03-13 12:00', '2028-03-13 13:00')).toBe(0);
    expect(await at('2028-03-13 14:00', '2028-03-13 15:00')).toBe(1);
    const found = JSON.parse(ok(await rentals(['availability', '--find', '--item', `${chair.name}=1`, '--duration', '2h', '--from', '2028-03-13 08:00', '--to', '2028-03-14', '-o', 'json'], FOUR_HOURS)).stdout).data as Array<{ from: string }>;
    expect(found[0]!.from).toBe('2028-03-13 14:00');
  });

  test('check reports the two events back to back within it, the one in its turnaround named; the timeline marks it', async () => {
    const stage = await item(1);
    const morning = await event('2028-03-20T06:00:00', '2028-03-20T10:00:00');
    const noon = await event('2028-03-20T12:00:00', '2028-03-20T16:00:00');
    await line(morning.id, stage.id, 1);
    await line(noon.id, stage.id, 1);
    const range = ['--from', '2028-03-20', '--to', '2028-03-20'];
    expect((await rentals(['check', ...range])).code).toBe(0);
    const checked = await rentals(['check', ...range, '-o', 'json'], FOUR_HOURS);
    expect(checked.code).toBe(1);
    const problem = (JSON.parse(checked.stdout).data as Array<{ code: string; itemId: number; message: string }>).find((p) => p.itemId === stage.id)!;
    expect(problem.code).toBe('overbooked');
    expect(problem.message).toContain(`"${morning.name}": 1 (in turnaround until 2028-03-20 14:00)`);
    const timeline = ok(await rentals(['timeline', '--item', stage.name, ...range, '-o', 'table'], FOUR_HOURS)).stdout;
    expect(timeline).toMatch(/█+·+/);
    expect(timeline).toContain('· turnaround: back, being cleaned and prepared');
    const intervals = JSON.parse(ok(await rentals(['timeline', '--item', stage.name, ...range, '-o', 'json'], FOUR_HOURS)).stdout).data as Array<{ eventId: number | null; to: string }>;
    expect(intervals.find((i) => i.eventId === morning.id)?.to).toBe('2028-03-20 14:00');
  });

  test("an item's own turnaround wins over the one for every item; a name that matches nothing is warned about", async () => {
    const lamp = await item(1);
    const morning = await event('2028-03-27T06:00:00', '2028-03-27T10:00:00');
    await line(morning.id, lamp.id, 1);
    const noon = await event('2028-03-27T12:00:00', '2028-03-27T16:00:00');
    const env = { RENTALS_TURNAROUND: '4h', RENTALS_TURNAROUND_ITEMS: `${lamp.name}=1h; No such lamp=2h` };
    expect((await rentals(['events', 'book', String(noon.id), '--item', `${lamp.name}=1`, '--dry-run'], FOUR_HOURS)).code).toBe(1);
    const booked = ok(await rentals(['events', 'book', String(noon.id), '--item', `${lamp.name}=1`, '--dry-run'], { env }));
    expect(booked.stderr).toContain('warning: the turnaround settings: "No such lamp": no such item');
  });
});

describe('the settings refuse what breaks their rule, naming it', () => {
  test('config set turnaround and turnaround-items', async () => {
    const bad = await rentals(['config', 'set', 'turnaround', '4 hours']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('turnaround must be a length like 4h, 1d, 90m or 1d12h (weeks, days, hours, minutes), 0 for none, at most 30 days (got "4 hours")');
    const rules = await rentals(['config', 'set', 'turnaround-items', 'Tent']);
    expect(rules.code).toBe(2);
    expect(rules.stderr).toContain('turnaround-items must be Name=length rules separated by ";"');
    ok(await rentals(['config', 'set', 'turnaround', '1d']));
    expect(ok(await rentals(['config', 'get', 'turnaround'])).stdout.trim()).toBe('1d');
    ok(await rentals(['config', 'unset', 'turnaround']));
  });

  test('a bad value in the environment is warned about and no turnaround used', async () => {
    const result = ok(await rentals(['config', 'list'], { env: { RENTALS_TURNAROUND: 'soon' } }));
    expect(result.stderr).toMatch(/RENTALS_TURNAROUND.*must be a length like 4h/);
  });
});
