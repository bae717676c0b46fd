// The warehouse's pick list, as data: per day, what goes out (each event's dropoff) and what comes
// back (its pickup), and per item the units to load or receive. A quote may never go out, so the
// units a warehouse loads from are those of confirmed events; a quote's are counted apart
// (`onQuotes`), never added in. Every form of `rentals load-sheet` (the table's totals, -o json,
// the printed page) reads these totals: computed once, here.

import { DAY_MS, type Range, type WallTime, startOfDay } from './wall-time.js';

export type Direction = 'out' | 'in';

export interface PickLine {
  inventoryId: number;
  itemName: string;
  quantity: number;
}

export interface PickMovement {
  direction: Direction;
  /** The dropoff (out) or pickup (in). */
  time: WallTime;
  eventId: number;
  eventName: string;
  /** The event is a quote (it holds tentatively): marked, its units may never go out. */
  quote: boolean;
  customer?: string | undefined;
  venue?: string | undefined;
  lines: readonly PickLine[];
}

/** An item's units in one direction of a day: `quantity` on confirmed events, `onQuotes` on quotes besides. */
export interface PickTotal {
  inventoryId: number;
  name: string;
  quantity: number;
  onQuotes: number;
}

export interface PickSection {
  /** By time, then event id. */
  movements: readonly PickMovement[];
  /** By item name. */
  totals: readonly PickTotal[];
}

export interface PickDay {
  /** The day's first moment. */
  day: WallTime;
  out: PickSection;
  in: PickSection;
}

/** Every day of `range` (whole days), each with its movements in each direction and their totals. */
export function pickDays(range: Range, movements: readonly PickMovement[]): PickDay[] {
  const days: PickDay[] = [];
  for (let day = startOfDay(range.from); day < range.to; day += DAY_MS) {
    const today = movements.filter((m) => startOfDay(m.time) === day).sort((a, b) => a.time - b.time || a.eventId - b.eventId);
    days.push({ day, out: section(today.filter((m) => m.direction === 'out')), in: section(today.filter((m) => m.direction === 'in')) });
  }
  return days;
}

function section(movements: readonly PickMovement[]): PickSection {
  return { movements, totals: pickTotals(movements) };
}

/** Per item: the units on confirmed events, and apart the units on quotes; by name. */
export function pickTotals(movements: readonly PickMovement[]): PickTotal[] {
  const totals = new Map<number, PickTotal>();
  for (const movement of movements) {
    for (const line of movement.lines) {
      let total = totals.get(line.inventoryId);
      if (!total) totals.set(line.inventoryId, (total = { inventoryId: line.inventoryId, name: line.itemName, quantity: 0, onQuotes: 0 }));
      if (movement.quote) total.onQuotes += line.quantity;
      else total.quantity += line.quantity;
    }
  }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether any of the totals has units on quotes (the printed list then shows their column). */
export function anyOnQuotes(totals: readonly PickTotal[]): boolean {
  return totals.some((total) => total.onQuotes > 0);
}
