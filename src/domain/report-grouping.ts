// The reports (utilization, revenue), how they group their rows, and the calendar months of a range.

import { type Range, type WallTime, dayKey } from './wall-time.js';

/** The reports `rentals report <kind>` prints. */
export const REPORT_KINDS = ['utilization', 'revenue'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_GROUPINGS = ['item', 'month', 'status'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** `2026-06`. */
export function monthKey(time: WallTime): string {
  return dayKey(time).slice(0, 7);
}

/** The range cut at month boundaries: each month's part of it, in order. */
export function monthParts(range: Range): Array<Range & { key: string }> {
  const parts: Array<Range & { key: string }> = [];
  let from = range.from;
  while (from < range.to) {
    const d = new Date(from);
    const nextMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const to = Math.min(nextMonth, range.to);
    parts.push({ key: monthKey(from), from, to });
    from = to;
  }
  return parts;
}
