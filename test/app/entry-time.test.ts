// When a history entry was written, as people read it: on the shop's clock, the zone said with a
// time shown alone.

import { expect, test } from 'vitest';
import { entryTime, entryTimeInZone, timesIn } from '../../src/app/entry-time.js';
import { wallTimeIn } from '../../src/domain/wall-time.js';

const chicago = { timeZone: () => 'America/Chicago', wallAt: (instant: number) => wallTimeIn(instant, 'America/Chicago') };

test("an entry's ISO UTC instant on the shop's clock: the day, the clock reading, the zone when said alone", () => {
  expect(entryTime('2026-11-29T14:30:54.567Z', chicago)).toBe('Sun 2026-11-29 08:30');
  expect(entryTimeInZone('2026-11-29T14:30:54.567Z', chicago)).toBe('Sun 2026-11-29 08:30 America/Chicago');
  expect(timesIn(chicago)).toBe('times in America/Chicago');
});

test('the hour a clock going back reads twice: each reading with its offset, the hours around it without', () => {
  // Chicago went back from 02:00 CDT to 01:00 CST on 2026-11-01 (07:00 UTC).
  expect(entryTime('2026-11-01T06:30:00.000Z', chicago)).toBe('Sun 2026-11-01 01:30 UTC-05:00');
  expect(entryTime('2026-11-01T07:30:00.000Z', chicago)).toBe('Sun 2026-11-01 01:30 UTC-06:00');
  expect(entryTimeInZone('2026-11-01T07:30:00.000Z', chicago)).toBe('Sun 2026-11-01 01:30 UTC-06:00 America/Chicago');
  expect(entryTime('2026-11-01T05:59:00.000Z', chicago)).toBe('Sun 2026-11-01 00:59');
  expect(entryTime('2026-11-01T08:00:00.000Z', chicago)).toBe('Sun 2026-11-01 02:00');
  // Going forward skips an hour: nothing reads twice.
  expect(entryTime('2026-03-08T08:30:00.000Z', chicago)).toBe('Sun 2026-03-08 03:30');
  // Lord Howe Island goes back by half an hour (02:00 → 01:30 on 2026-04-05, 15:00 UTC the day before).
  const lordHowe = { timeZone: () => 'Australia/Lord_Howe', wallAt: (instant: number) => wallTimeIn(instant, 'Australia/Lord_Howe') };
  expect(entryTime('2026-04-04T14:45:00.000Z', lordHowe)).toBe('Sun 2026-04-05 01:45 UTC+11:00');
  expect(entryTime('2026-04-04T15:15:00.000Z', lordHowe)).toBe('Sun 2026-04-05 01:45 UTC+10:30');
});
