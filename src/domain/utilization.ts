// `rentals report utilization`: how hard the stock works.
//
//   utilization = unit-hours held / unit-hours owned
//   unit-hours held  = Σ over holds: quantity × hours of the event's window inside the range
//   unit-hours owned = Σ over items: units owned × hours of the range
//
// Holds are those of availability (holds.ts with the hold policy: firm and tentative count,
// cancelled events and `none` statuses hold nothing); the held unit-hours are the integral of the
// sweep's level (sweep.ts levelChanges), so every number agrees with availability. Grouped by item
// (its own stock), by month (the fleet over that month's part of the range) or by status (the
// fleet over the whole range: the rows add up to the total). Above 1 means overbooked.

import type { HoldRule } from './hold-policy.js';
import { holdsOf } from './holds.js';
import type { CalendarBooking, CalendarEvent, CalendarItem } from './records.js';
import { type ReportGrouping, monthParts } from './report-grouping.js';
import { type Hold, type LevelChange, levelChanges } from './sweep.js';
import { HOUR_MS, type Range, overlaps } from './wall-time.js';

export interface UtilizationInput {
  range: Range;
  /** The items measured (holds of other items are left out). */
  fleet: readonly CalendarItem[];
  events: readonly CalendarEvent[];
  bookings: Map<number, CalendarBooking[]>;
  ruleOf: (event: CalendarEvent) => HoldRule;
  /** The status name an event is grouped under. */
  statusOf: (event: CalendarEvent) => string;
}

export interface UtilizationRow {
  /** Item id, `YYYY-MM` or status name. */
  key: string;
  label: string;
  ownedUnitHours: number;
  heldUnitHours: number;
  /** held / owned; undefined when nothing is owned. */
  utilization: number | undefined;
}

export interface UtilizationReport {
  rows: UtilizationRow[];
  total: UtilizationRow;
}

/** The integral over `part` of the level the changes describe (until `end`), in unit-milliseconds. */
function integral(changes: readonly LevelChange[], end: number, part: Range): number {
  let sum = 0;
  changes.forEach((change, i) => {
    const from = Math.max(change.at, part.from);
    const to = Math.min(changes[i + 1]?.at ?? end, part.to);
    if (to > from) sum += change.level * (to - from);
  });
  return sum;
}

function row(key: string, label: string, ownedMs: number, heldMs: number): UtilizationRow {
  return { key, label, ownedUnitHours: ownedMs / HOUR_MS, heldUnitHours: heldMs / HOUR_MS, utilization: ownedMs > 0 ? heldMs / ownedMs : undefined };
}

export function utilization(input: UtilizationInput, by: ReportGrouping): UtilizationReport {
  const { range, fleet } = input;
  const byItem = holdsOf(input.events, input.bookings, input.ruleOf);
  const holdsOfFleet = (keep: (hold: Hold) => boolean = () => true) => fleet.map((item) => (byItem.get(item.id) ?? []).filter(keep));
  // One sweep per item over the range; months and items read their share of it.
  const levels = (lists: readonly Hold[][]) => lists.map((holds) => levelChanges(holds, range));
  const owned = (part: Range) => fleet.reduce((sum, item) => sum + item.quantity * (part.to - part.from), 0);
  const held = (steps: readonly LevelChange[][], part: Range) => steps.reduce((sum, changes) => sum + integral(changes, range.to, part), 0);
  const all = holdsOfFleet();
  const steps = levels(all);
  const total = row('total', 'total', owned(range), held(steps, range));
  let rows: UtilizationRow[];
  if (by === 'item') {
    rows = fleet.map((item, i) => row(String(item.id), item.name, item.quantity * (range.to - range.from), integral(steps[i]!, range.to, range)));
  } else if (by === 'month') {
    rows = monthParts(range).map((part) => row(part.key, part.key, owned(part), held(steps, part)));
  } else {
    const statusOf = new Map(input.events.map((e) => [e.id, input.statusOf(e)]));
    const inRange = all.flat().filter((h) => h.quantity > 0 && overlaps(h, range));
    const names = [...new Set(inRange.map((h) => statusOf.get(h.eventId)!))].sort((a, b) => a.localeCompare(b));
    rows = names.map((name) => row(name, name, owned(range), held(levels(holdsOfFleet((h) => statusOf.get(h.eventId) === name)), range)));
  }
  return { rows, total };
}
