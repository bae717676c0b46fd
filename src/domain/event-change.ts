// The rule of bookings, applied to a change of the event itself. A change of status, of window
// dates or of the cancel date can make an event hold more than it did: a quote confirmed, an event
// uncancelled, a window moved or widened. Such a change is judged as a booking is: every line of
// the event (all lines of an item together) against the firm holds of the other events over the
// new window, under the new status; a shortage refuses the whole change unless allowed.
// A change that adds no hold (a rename, a narrower window, a cancel) is never refused.

import { shellLine } from '../common/shell-words.js';
import { type RefusalParts, ShortageRefused, targetOf, windowText } from './booking-plan.js';
import { EVENT_DATE_FIELDS } from './event-model.js';
import { kebabCase } from '../resources/definitions.js';
import type { HoldRule } from './hold-policy.js';
import type { Holdings, Shortage } from './holds.js';
import { type CalendarEvent, type CalendarItem, type HeldLine, totalsByItem } from './records.js';
import { type QuotesCountingOn, askedItems, checkBooking } from './tentative-holds.js';
import { type Range, shortWallTime } from './wall-time.js';
import { type WindowRetry, moveCommand } from './way-out-commands.js';

/**
 * A change of an event refused for stock: exit 1, and nothing was changed. A refusal for stock as a
 * booking's is (its shortages, the event and the new window), so the same ways out are added to it
 * and it prints the same way (`-o json` too); only its words differ.
 */
export class EventChangeRefused extends ShortageRefused {
  constructor(
    /** Completes "cannot be …": confirmed, moved, uncancelled, changed. */
    readonly verb: string,
    parts: Omit<RefusalParts, 'head' | 'nothing'>,
  ) {
    super({ ...parts, head: `${parts.target.label} cannot be ${verb}: not enough units against the firm holds (window ${windowText(parts.target.window)}):`, nothing: 'Nothing was changed.' });
  }

  override with(more: Partial<RefusalParts>): EventChangeRefused {
    return new EventChangeRefused(this.verb, { ...this.parts, ...more });
  }
}

export interface EventChangeWorld {
  before: CalendarEvent;
  after: CalendarEvent;
  ruleBefore: HoldRule;
  ruleAfter: HoldRule;
  /** The event's booking lines (they move with it): as it holds them now, or as a write that changes them too will leave them. */
  lines: readonly HeldLine[];
  items: Map<number, CalendarItem>;
  /** What the other events hold over the new window. */
  others: Holdings;
}

export interface EventChangeJudgement {
  /** The change makes the event hold what it did not (so it was checked). */
  addsHolds: boolean;
  /** Shortages let through (--allow-overbook, or the event is a quote after the change). */
  overbooked: Shortage[];
  quotesCountedOn: QuotesCountingOn[];
}

/**
 * Whether changes of these fields can make an event hold more: its status, a window date, or its
 * cancel date cleared. Other changes (a rename, a cancel date set) are written without a judgement.
 */
export function mayAddHolds(changes: Record<string, unknown>): boolean {
  if ('eventStatusId' in changes) return true;
  if (EVENT_DATE_FIELDS.some((field) => field in changes)) return true;
  return 'cancelDate' in changes && (changes.cancelDate === null || changes.cancelDate === '');
}

function within(inner: Range, outer: Range): boolean {
  return inner.from >= outer.from && inner.to <= outer.to;
}

/** Whether the event after the change holds, firmly or as a quote, something it did not hold before. */
export function addsHolds(world: Pick<EventChangeWorld, 'before' | 'after' | 'ruleBefore' | 'ruleAfter'>): boolean {
  const { before, after, ruleBefore, ruleAfter } = world;
  if (ruleAfter === 'none' || after.cancelled || !after.window) return false;
  if (ruleBefore === 'none' || before.cancelled || !before.window) return true;
  if (ruleAfter === 'firm' && ruleBefore !== 'firm') return true;
  return !within(after.window, before.window);
}

/**
 * Judges the change; throws EventChangeRefused (naming the shortage and the events holding the
 * units) when a firm event would hold more than is owned and `allowOverbook` is not given.
 * `verb` completes "cannot be …" (confirmed, moved, uncancelled, changed).
 */
export function judgeEventChange(world: EventChangeWorld, options: { allowOverbook: boolean; verb: string }): EventChangeJudgement {
  if (!addsHolds(world)) return { addsHolds: false, overbooked: [], quotesCountedOn: [] };
  const window = world.after.window!;
  const check = checkBooking(window, askedItems(world.lines, world.items), world.others);
  if (check.shortages.length > 0 && !options.allowOverbook && world.ruleAfter === 'firm') {
    const moved = world.before.window === undefined || world.before.window.from !== window.from || world.before.window.to !== window.to;
    const current = totalsByItem(world.lines);
    const asks = check.shortages.map((s) => ({ itemId: s.itemId, name: s.itemName, quantity: current.get(s.itemId) ?? s.asked }));
    throw new EventChangeRefused(options.verb, {
      target: { ...targetOf(world.after), window },
      ...(moved && world.before.window ? { windowBefore: world.before.window } : {}),
      shortages: check.shortages,
      waysOut: [],
      asks,
      current,
      substitutable: !moved,
      changesEvent: true,
      ...(moved ? { window: movedWindowRetry(world) } : {}),
    });
  }
  return { addsHolds: true, overbooked: check.shortages, quotesCountedOn: check.quotesCountingOn };
}

/**
 * A change that moves the event, done over another window: a shift that keeps the window's length
 * and changes nothing else is `events move`; one that changes its length, the dates set anew
 * (`events update` with the asked dates shifted alike). A change that also changes the status or
 * the cancel date has no such command (done again, it would move the event back).
 */
function movedWindowRetry(world: Pick<EventChangeWorld, 'before' | 'after'>): WindowRetry | undefined {
  const { before, after } = world;
  if (before.statusId !== after.statusId || before.cancelled !== after.cancelled || !after.window || after.id === undefined) return undefined;
  const asked = after.window;
  const sameLength = before.window !== undefined && before.window.to - before.window.from === asked.to - asked.from;
  return (window) => {
    if (sameLength) return moveCommand(after.id, window);
    const shift = window.from - asked.from;
    const dates = EVENT_DATE_FIELDS.flatMap((field) => {
      const time = after.dates[field];
      return time === undefined ? [] : [`--${kebabCase(field)}`, shortWallTime(time + shift)];
    });
    return shellLine(['rentals', 'events', 'update', String(after.id), ...dates]);
  };
}
