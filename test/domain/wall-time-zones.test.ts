// The wall time an instant reads on a zone's clock: what the shop's clock (the timezone setting)
// makes of a history entry's instant and of now, across a daylight-saving change.

import { expect, test } from 'vitest';
import { dayAndTime, wallTimeIn } from '../../src/domain/wall-time.js';

test.each([
  ['UTC', Date.UTC(2026, 10, 29, 14, 30, 54, 567), 'Sun 2026-11-29 14:30'],
  ['America/Chicago', Date.UTC(2026, 10, 29, 14, 30, 54, 567), 'Sun 2026-11-29 08:30'],
  ['America/Chicago', Date.UTC(2026, 10, 30, 3, 0), 'Sun 2026-11-29 21:00'],
  ['Asia/Tokyo', Date.UTC(2026, 10, 29, 14, 30), 'Sun 2026-11-29 23:30'],
  // 2026-03-08: Chicago's clocks go from 02:00 CST to 03:00 CDT (UTC-6, then UTC-5).
  ['America/Chicago', Date.UTC(2026, 2, 8, 7, 59), 'Sun 2026-03-08 01:59'],
  ['America/Chicago', Date.UTC(2026, 2, 8, 8, 0), 'Sun 2026-03-08 03:00'],
  ['Asia/Kolkata', Date.UTC(2026, 0, 1, 0, 0), 'Thu 2026-01-01 05:30'],
])('%s reads %d as %s', (zone, instant, shown) => {
  expect(dayAndTime(wallTimeIn(instant, zone))).toBe(shown);
});

test('to the second, as the system clock is read', () => {
  expect(new Date(wallTimeIn(Date.UTC(2026, 10, 29, 14, 30, 54, 567), 'America/Chicago')).toISOString()).toBe('2026-11-29T08:30:54.000Z');
});
