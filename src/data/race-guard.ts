// Two operators, one unit. The API has no transactions: two writers can each judge their write
// against a calendar without the other's and both write. So a write that adds firm holds is read
// back: once written, the holds over its window are read afresh and judged again. When the item is
// now over its stock, the writer backs out (removes what it added, restores what it changed). The
// rule can never leave both writers in: of two writes, the one that reads back last reads after
// both were sent, sees the other and backs out, whatever the first one did. So it holds for changes
// of existing lines and of events, whose ids tell nothing of which came first. New lines are judged
// only against the lines created before them (booking-writer.ts): the earlier of two stays, the
// later backs out, and both never back out for each other. To keep a winner where both did back out,
// each tries once more, planned afresh against the holds read again (never the ones read before or
// at the read-back, which may show the other write that has since backed out too), so it is refused
// if the other stayed, and its refusal names the events that hold the units then. The tries are put
// in order: of the writers that backed out together (each names the others among the holders), the
// one whose event has the lowest id tries again at once, the others after a longer pause, by when
// it has written or given up. When the second try loses too, exit 1, saying another booking took
// the units at the same moment.
// What backs out does not stand: its writes and those of the back-out are withdrawn from the run's
// history entry (config/history.ts), so undoing the entry never plans a restore of what never stood.
// The limit: a client that is not `rentals` (the web application, `rentals api`) does not read back.

import { type Shortage, describeShortages } from '../domain/holds.js';
import { LostRace, refusedByRules } from './refused.js';

export { LostRace } from './refused.js';

export const RACE_LOST = 'another booking took the units at the same moment';

export interface GuardedWrite<T> {
  /** Plans (afresh when `again`) and writes; `guarded` false when there is nothing to guard (no firm hold added). */
  attempt(again: boolean): Promise<{ written: T; guarded: boolean }>;
  /** The shortages now, from a fresh read of the holds over the window. */
  shortagesNow(written: T): Promise<Shortage[]>;
  /** Undoes `written`. */
  backOut(written: T): Promise<void>;
  /** Forgets what the run has read of the holds: the second try plans against the holds as they are then. */
  forgetHolds(): void;
  /** The event written (its id orders the second tries of writers that backed out together); absent: a random pause. */
  eventId?: number;
  /** The wait before the second try (tests: none); `first`: this writer tries again before the others. */
  pause?: (first: boolean | undefined) => Promise<void>;
  /** For messages: `event 12 "Smith wedding"`. */
  label: string;
  /** The run's history: an attempt that backs out is withdrawn from it (absent: nothing to withdraw). */
  history?: { historyMark(): number; withdrawSince(mark: number): void; takingBack?<T>(work: () => Promise<T>): Promise<T> };
}

/**
 * The pause of a writer that backed out: the first of the writers that backed out together tries
 * again within 100 ms, the others after 600 to 1,200 ms, by when the first has written and read
 * back (or given up); without an order (no event to compare), long and random enough that two
 * retries rarely meet again.
 */
function retryPause(first: boolean | undefined): Promise<void> {
  const ms = first === undefined ? 100 + Math.random() * 900 : first ? Math.random() * 100 : 600 + Math.random() * 600;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether `eventId` tries again first: no event holding the units at the read-back has a lower id (undefined: no order). */
export function triesFirst(eventId: number | undefined, short: readonly Shortage[]): boolean | undefined {
  if (eventId === undefined) return undefined;
  return short.every((s) => s.holders.every((h) => h.event.id > eventId));
}

export async function writeGuarded<T>(guard: GuardedWrite<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const again = attempt > 1;
    let result: { written: T; guarded: boolean };
    const mark = guard.history?.historyMark();
    try {
      result = await guard.attempt(again);
    } catch (error) {
      // Planned afresh after backing out: refused because the other write stayed.
      if (again && refusedByRules(error)) error.message = `${RACE_LOST}; after backing out and trying again:\n${error.message}`;
      throw error;
    }
    if (!result.guarded) return result.written;
    const short = await guard.shortagesNow(result.written);
    if (short.length === 0) return result.written;
    await (guard.history?.takingBack ? guard.history.takingBack(() => guard.backOut(result.written)) : guard.backOut(result.written));
    if (mark !== undefined) guard.history!.withdrawSince(mark);
    if (again) {
      throw new LostRace([`${RACE_LOST}: ${guard.label} was written, then found short and backed out:`, ...describeShortages(short), 'Nothing was changed. Try again, or write anyway with --allow-overbook.'].join('\n'));
    }
    await (guard.pause ?? retryPause)(triesFirst(guard.eventId, short));
    guard.forgetHolds();
  }
}
