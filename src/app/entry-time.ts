// When a history entry was written, as people read it: on the shop's clock (the timezone setting,
// else this system's zone, as every relative date and range counts), `Sun 2026-11-29 08:30`.
// Scripts read the entry's instant as it is kept (ISO UTC, `2026-11-29T14:30:54.567Z`).

import { dayAndTime } from '../domain/wall-time.js';
import type { Factory } from './factory.js';

/** The shop's clock: its zone, and the wall time an instant reads on it. */
export type ShopClock = Pick<Factory, 'timeZone' | 'wallAt'>;

/** `Sun 2026-11-29 08:30`: among others whose zone is said once. */
export function entryTime(at: string, clock: ShopClock): string {
  return dayAndTime(clock.wallAt(Date.parse(at)));
}

/** `Sun 2026-11-29 08:30 America/Chicago`: a time said alone, with its zone. */
export function entryTimeInZone(at: string, clock: ShopClock): string {
  return `${entryTime(at, clock)} ${clock.timeZone()}`;
}

/** `times in America/Chicago`: said once under times shown without their zone. */
export function timesIn(clock: ShopClock): string {
  return `times in ${clock.timeZone()}`;
}
