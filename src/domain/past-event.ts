// An event whose every date is already behind the shop's clock is often a year typed wrong
// (2025-12-19 for 2026-12-19). It is no error — a past event entered for the records is
// legitimate — so a write that leaves an event so is said as a warning, never refused. An event
// that was wholly in the past before the change (an old one moved within the past, cancelled) is
// not: nothing new was typed about its year.

import { DAY_MS, HOUR_MS, type Range, type WallTime, shortWallTime } from './wall-time.js';

/** How long ago `then` was at `now`: `362 days`, `5 hours`, `1 minute`. */
function howLongAgo(then: WallTime, now: WallTime): string {
  const span = now - then;
  const [count, unit] = span >= DAY_MS ? [Math.floor(span / DAY_MS), 'day'] : span >= HOUR_MS ? [Math.floor(span / HOUR_MS), 'hour'] : [Math.max(1, Math.floor(span / 60_000)), 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * The warning for an event left wholly in the past by a write, or undefined. `before`: its window
 * before the write, null for a new event (undefined: it had no dates); `after`: its window as
 * written (its end is its pickup, or its end when it has none); `label`: how it is named.
 */
export function pastEventWarning(label: string, before: Range | undefined | null, after: Range | undefined, now: WallTime): string | undefined {
  if (!after || after.to >= now) return undefined;
  if (before && before.to < now) return undefined;
  const ends = before === null ? 'ends' : 'now ends';
  return `warning: ${label} ${ends} ${shortWallTime(after.to)}, ${howLongAgo(after.to, now)} ago; nothing stops that, but check the year`;
}
