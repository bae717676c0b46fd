// When a history entry was written, as people read it: on the shop's clock (the timezone setting,
// else this system's zone, as every relative date and range counts), `Sun 2026-11-29 08:30`.
// Scripts read the entry's instant as it is kept (ISO UTC, `2026-11-29T14:30:54.567Z`).

import { clockTime, dayAndTime } from '../domain/wall-time.js';
import type { Factory } from './factory.js';

/** The shop's clock: its zone, and the wall time an instant reads on it. */
export type ShopClock = Pick<Factory, 'timeZone' | 'wallAt'>;

/**
 * `Sun 2026-11-29 08:30`: among others whose zone is said once. In the hour a clock going back
 * reads twice, the reading says which one it is by its offset: `Sun 2026-11-01 01:30 UTC-05:00`.
 */
export function entryTime(at: string, clock: ShopClock): string {
  const instant = Date.parse(at);
  const wall = clock.wallAt(instant);
  return readTwice(instant, wall, clock) ? `${dayAndTime(wall)} ${utcOffset(wall - instant)}` : dayAndTime(wall);
}

/** The sizes of the steps clocks go back by (Lord Howe Island's is half an hour). */
const STEPS_BACK_MS = [30, 60, 120].map((minutes) => minutes * 60_000);

const WIDEST_STEP_MS = STEPS_BACK_MS.at(-1)!;

/** Whether the clock shows this reading at another instant too (just before or after it went back). */
function readTwice(instant: number, wall: number, clock: ShopClock): boolean {
  // The same offset from UTC on both sides of the widest step: no change of the clock near this instant.
  const offsetAt = (at: number) => clock.wallAt(at) - at;
  if (offsetAt(instant - WIDEST_STEP_MS) === offsetAt(instant + WIDEST_STEP_MS)) return false;
  return STEPS_BACK_MS.some((step) => clock.wallAt(instant - step) === wall || clock.wallAt(instant + step) === wall);
}

/** `UTC-05:00`, `UTC+10:30`. */
function utcOffset(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  return `UTC${minutes < 0 ? '-' : '+'}${clockTime(Math.abs(minutes) * 60_000)}`;
}

/** `Sun 2026-11-29 08:30 America/Chicago`: a time said alone, with its zone. */
export function entryTimeInZone(at: string, clock: ShopClock): string {
  return `${entryTime(at, clock)} ${clock.timeZone()}`;
}

/** `times in America/Chicago`: said once under times shown without their zone. */
export function timesIn(clock: ShopClock): string {
  return `times in ${clock.timeZone()}`;
}
