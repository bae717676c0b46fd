// `availability --find`: when are all the asked units free together? Each item's level comes from
// the sweep (sweep.ts levelChanges), so a level can only drop, and a window only open, at the
// range's start or at the end of a hold: the answer is exact to the millisecond, not to a grid.
//
// A window is a maximal stretch of the range in which every asked item has its asked units free at
// every moment (owned − held ≥ asked), kept when it is at least `duration` long. It is reported
// with its earliest start (`from`), how long it stays free (`to`, cut at the range's end) and its
// latest start (`to − duration`). `limit` counts these stretches, earliest first. An item with a
// turnaround (turnaround.ts) must stay free that much longer: its units are held after the pickup
// too (its holds already last past theirs: holds.ts).

import { type Hold, levelChanges } from './sweep.js';
import { isFirm } from './tentative-holds.js';
import type { Range, WallTime } from './wall-time.js';

export interface WindowAsk {
  itemId: number;
  owned: number;
  quantity: number;
  /** The item's holds; tentative ones count only with `includeTentative`. */
  holds: readonly Hold[];
  /** How long its units stay held after the window (ms): the stretch must be free that much longer. */
  turnaround?: number;
}

export interface FreeWindow {
  from: WallTime;
  /** Free until (exclusive); the range's end when `reachesRangeEnd`. */
  to: WallTime;
  latestStart: WallTime;
  /** True when the stretch is still free at the range's end (it may go on beyond it). */
  reachesRangeEnd: boolean;
}

export interface FindOptions {
  /** Milliseconds, > 0. */
  duration: number;
  range: Range;
  limit: number;
  includeTentative?: boolean;
}

export function freeWindows(asks: readonly WindowAsk[], options: FindOptions): FreeWindow[] {
  const { duration, range, limit } = options;
  if (!(duration > 0)) throw new Error('the duration must be greater than 0');
  if (asks.some((a) => a.quantity > a.owned) || limit <= 0) return [];
  const steps = asks.map((a) => levelChanges(options.includeTentative ? a.holds : a.holds.filter(isFirm), range));
  const capacity = asks.map((a) => a.owned - a.quantity);
  const times = [...new Set(steps.flatMap((s) => s.map((c) => c.at)))].sort((a, b) => a - b);
  const next = steps.map(() => 0);
  const level = steps.map(() => 0);
  const found: FreeWindow[] = [];
  let start: WallTime | undefined;
  // Free through the window and the longest turnaround after it (a stretch that reaches the range's end may go on beyond it).
  const after = Math.max(0, ...asks.map((a) => a.turnaround ?? 0));
  const close = (end: WallTime, reachesRangeEnd: boolean) => {
    const needed = duration + (reachesRangeEnd ? 0 : after);
    if (start !== undefined && end - start >= needed) found.push({ from: start, to: end, latestStart: end - needed, reachesRangeEnd });
    start = undefined;
  };
  for (const time of times) {
    steps.forEach((changes, i) => {
      if (changes[next[i]!]?.at === time) level[i] = changes[next[i]!++]!.level;
    });
    const free = level.every((held, i) => held <= capacity[i]!);
    if (free && start === undefined) start = time;
    else if (!free) close(time, false);
    if (found.length >= limit) return found;
  }
  close(range.to, true);
  return found.slice(0, limit);
}
