// Lengths of time typed by people (`--duration 2d`): weeks, days, hours and minutes, alone or
// together (`1d12h`), on the wall clock (a day is 24 hours, wall-time.ts).

import { DomainRuleError } from './errors.js';
import { DAY_MS, HOUR_MS } from './wall-time.js';

const UNIT_MS: Record<string, number> = { w: 7 * DAY_MS, d: DAY_MS, h: HOUR_MS, m: HOUR_MS / 60 };
const DURATION = /^(?:\d{1,5}[wdhm]\s*)+$/;
const MAX_MS = 366 * DAY_MS;
const RULE = 'must be a length like 2d, 36h, 90m, 1w or 1d12h (weeks, days, hours, minutes), more than 0 and at most 366 days';
const SIGNED_RULE = 'must be a length like 2d, -36h, 90m, 1w or -1d12h (weeks, days, hours, minutes; - for earlier), more than 0 and at most 366 days';

/** `2d`, `36h`, `1d12h`, `90m`, `1w` → milliseconds; a DomainRuleError naming `flag` otherwise. */
export function parseDuration(text: string, flag: string): number {
  const ms = lengthOf(text.trim());
  if (ms === undefined) throw new DomainRuleError(`${flag}: ${JSON.stringify(text)} ${RULE}`);
  return ms;
}

/** As parseDuration, with a sign: `-1w` is a week earlier, `+2d` or `2d` two days later. */
export function parseSignedDuration(text: string, flag: string): number {
  const signed = /^([+-]?)\s*(.*)$/.exec(text.trim())!;
  const ms = lengthOf(signed[2]!);
  if (ms === undefined) throw new DomainRuleError(`${flag}: ${JSON.stringify(text)} ${SIGNED_RULE}`);
  return signed[1] === '-' ? -ms : ms;
}

function lengthOf(text: string): number | undefined {
  const compact = text.toLowerCase();
  let ms = 0;
  if (DURATION.test(compact)) for (const [, n, unit] of compact.matchAll(/(\d+)([wdhm])/g)) ms += Number(n) * UNIT_MS[unit!]!;
  return ms <= 0 || ms > MAX_MS ? undefined : ms;
}

/** 2d, 1d12h, 90m → `2d`, `1d 12h`, `1h 30m`: the largest units first, zero parts left out. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.round(ms / UNIT_MS.m!);
  for (const [unit, size] of [['d', 1440], ['h', 60], ['m', 1]] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.join(' ') || '0m';
}
