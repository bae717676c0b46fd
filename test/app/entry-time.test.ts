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
