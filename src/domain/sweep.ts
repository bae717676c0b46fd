// How many units are held at once: a sweep over the start and end points of the holds, so the
// peak is the true maximum of overlapping bookings at one moment, never the sum over a range.
// Windows are half-open [from, to): a hold that ends when another starts does not overlap it.

import type { HoldKind } from './hold-policy.js';
import type { WallTime } from './wall-time.js';

export interface Hold {
  from: WallTime;
  to: WallTime;
  quantity: number;
  eventId: number;
  /** How the event holds (hold-policy.ts); absent means firm. */
  kind?: HoldKind;
  /** The last part of [from, to) that is the item's turnaround after the pickup (turnaround.ts), in ms; absent: none. */
  turnaround?: number;
}

export interface Peak {
  /** The most units held at one moment (0 when nothing is held). */
  quantity: number;
  /** The first moment the peak is reached; undefined when nothing is held. */
  at: WallTime | undefined;
  /** The holds in force at that moment. */
  holders: Hold[];
}

export interface Overbooking {
  /** The stretch of time during which more is held than owned. */
  from: WallTime;
  to: WallTime;
  peak: Peak;
  /** Every hold in force at some moment of the stretch. */
  holders: Hold[];
}

interface Point {
  time: WallTime;
  delta: number;
}

/** The holds cut to [from, to); those outside or holding nothing are dropped. */
function clip(holds: readonly Hold[], range?: { from: WallTime; to: WallTime }): Hold[] {
  const out: Hold[] = [];
  for (const hold of holds) {
    const from = range ? Math.max(hold.from, range.from) : hold.from;
    const to = range ? Math.min(hold.to, range.to) : hold.to;
    if (from < to && hold.quantity > 0) out.push({ ...hold, from, to });
  }
  return out;
}

function points(holds: readonly Hold[]): Point[] {
  const list: Point[] = [];
  for (const h of holds) list.push({ time: h.from, delta: h.quantity }, { time: h.to, delta: -h.quantity });
  // At the same moment, ends come before starts: touching windows never count together.
  return list.sort((a, b) => a.time - b.time || a.delta - b.delta);
}

function inForce(holds: readonly Hold[], at: WallTime): Hold[] {
  return holds.filter((h) => h.from <= at && at < h.to);
}

export interface LevelChange {
  /** From this moment until the next change (or the range's end), `level` units are held. */
  at: WallTime;
  level: number;
}

/**
 * The units held over the range as a step function: one entry at the range's start, then one at
 * each moment the level changes (all the changes of one moment applied together, so touching
 * holds never show a momentary double).
 */
export function levelChanges(holds: readonly Hold[], range: { from: WallTime; to: WallTime }): LevelChange[] {
  const changes: LevelChange[] = [{ at: range.from, level: 0 }];
  let level = 0;
  const list = points(clip(holds, range));
  for (let i = 0; i < list.length; i++) {
    const { time, delta } = list[i]!;
    level += delta;
    if (list[i + 1]?.time === time) continue;
    if (time >= range.to) break;
    const last = changes[changes.length - 1]!;
    if (last.at === time) last.level = level;
    else if (last.level !== level) changes.push({ at: time, level });
  }
  return changes;
}

/** The peak of the holds within the range (all of time without one). */
export function peak(holds: readonly Hold[], range?: { from: WallTime; to: WallTime }): Peak {
  const clipped = clip(holds, range);
  let level = 0;
  let best = 0;
  let at: WallTime | undefined;
  for (const point of points(clipped)) {
    level += point.delta;
    if (level > best) {
      best = level;
      at = point.time;
    }
  }
  return { quantity: best, at, holders: at === undefined ? [] : inForce(clipped, at) };
}

/** Each stretch of time in the range during which the holds exceed `owned`. */
export function overbookings(holds: readonly Hold[], owned: number, range?: { from: WallTime; to: WallTime }): Overbooking[] {
  const clipped = clip(holds, range);
  const found: Overbooking[] = [];
  let level = 0;
  let start: WallTime | undefined;
  let peakLevel = 0;
  let peakAt: WallTime = 0;
  for (const point of points(clipped)) {
    level += point.delta;
    if (level > owned) {
      if (start === undefined) {
        start = point.time;
        peakLevel = 0;
      }
      if (level > peakLevel) {
        peakLevel = level;
        peakAt = point.time;
      }
    } else if (start !== undefined) {
      if (point.time > start) {
        const stretch = { from: start, to: point.time };
        found.push({
          ...stretch,
          peak: { quantity: peakLevel, at: peakAt, holders: inForce(clipped, peakAt) },
          holders: clipped.filter((h) => h.from < stretch.to && stretch.from < h.to),
        });
      }
      start = undefined;
    }
  }
  return found;
}

/**
 * The peak of each step of `range` (days, for `availability --daily`) in one sweep: the holds'
 * start and end points, sorted once, walked with the steps. A step's peak is the level at its
 * start or the highest level reached inside it.
 */
export function dailyPeaks(holds: readonly Hold[], range: { from: WallTime; to: WallTime }, step: number): number[] {
  const count = Math.max(0, Math.ceil((range.to - range.from) / step));
  const peaks = new Array<number>(count).fill(0);
  const list = points(clip(holds, range));
  let level = 0;
  let index = 0;
  for (let i = 0; i < count; i++) {
    const start = range.from + i * step;
    const end = Math.min(start + step, range.to);
    while (index < list.length && list[index]!.time <= start) level += list[index++]!.delta;
    let best = level;
    while (index < list.length && list[index]!.time < end) {
      level += list[index]!.delta;
      // Points at the same moment are applied together (ends before starts) before the level counts.
      if (index + 1 >= list.length || list[index + 1]!.time !== list[index]!.time) best = Math.max(best, level);
      index++;
    }
    peaks[i] = best;
  }
  return peaks;
}
