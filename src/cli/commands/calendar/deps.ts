// What the calendar's handlers get instead of the whole session: the run's calendar data (reads),
// the writers (data/: events, bookings, stock — every change judged by the calendar's rule), the
// clock on the local wall, and a channel for notices on stderr. Built once per run from the session.

import type { CalendarWrites } from '../../../app/ports.js';
import { type HoldPolicy, type HoldRule, holdRuleFor, writeRuleFor } from '../../../domain/hold-policy.js';
import type { CalendarEvent } from '../../../domain/records.js';
import { CalendarData, type CalendarReading } from '../../../data/calendar.js';
import { ShortageAdvisor } from '../../../data/shortage-advisor.js';
import { buildWriters } from '../../../data/writers.js';
import { type ResolvedRange, describeRange } from '../../../domain/dates.js';
import { type WallTime, wallTimeOf } from '../../../domain/wall-time.js';
import type { Session } from '../../session.js';
import type { Notices } from '../../../output/notices.js';

export type { Notices } from '../../../output/notices.js';

export interface CalendarDeps extends CalendarWrites {
  /** Which statuses hold stock, firmly or as quotes (the holds setting). */
  holds: HoldPolicy;
  /** How an event holds, for reads (the holds setting of this run); the writers judge by the stricter of it and the shop's. */
  ruleOf: (event: CalendarEvent) => HoldRule;
  /** The ways out of a shortage: substitutes, nearer windows, the events holding the units. */
  advisor: ShortageAdvisor;
  /** Local wall-clock time now, to the minute. */
  now: () => WallTime;
  /** Wall time of the real clock (ICS stamps). */
  instant: () => number;
  notices: Notices;
  /** `Range: …` on stderr, always (stdout keeps data only; -q silences it). */
  showRange: (range: ResolvedRange) => void;
  /** The API host (stable ICS UIDs). */
  apiHost: () => string;
  /** The calendar's time zone (the `timezone` setting), for ICS. */
  timeZone: () => string;
}

const built = new WeakMap<Session, CalendarDeps>();

/** calendarDeps for a read-only command over one range: the calendar read lean (see CalendarReading). */
export function rangeReadDeps(session: Session): CalendarDeps {
  return calendarDeps(session, { lean: true });
}

export function calendarDeps(session: Session, reading: CalendarReading = {}): CalendarDeps {
  const known = built.get(session);
  if (known) return known;
  const notices = session.notices();
  // A line that names no item holds nothing and is in no total: say so wherever it is read.
  const calendar = new CalendarData(
    session.catalog(),
    (line) => notices.warn(`warning: booking ${line.id} of event ${line.eventId} names no item (no readable inventoryId): it holds nothing and is left out of totals (rentals check)`),
    reading,
  );
  const api = () => session.api();
  const holds = session.settings.holds.value!;
  const ruleOf = holdRuleFor(holds);
  const writeRule = writeRuleFor(session.settings.shopHolds, holds);
  const now = () => {
    const wall = wallTimeOf(session.ctx.now());
    return wall - (wall % 60_000);
  };
  const advisor = new ShortageAdvisor(calendar, { ruleOf: writeRule, alternatives: () => session.settings.alternatives.value ?? [], now, warn: (message) => notices.warn(message) });
  const writers = buildWriters({ calendar, api, ruleOf: writeRule, now, advisor });
  const deps: CalendarDeps = {
    calendar,
    holds,
    ruleOf,
    advisor,
    writers,
    bookings: writers.bookings,
    events: writers.events,
    stock: writers.stock,
    now,
    instant: () => session.ctx.now(),
    notices,
    showRange: (range) => {
      notices.info(`Range: ${describeRange(range)}`);
    },
    timeZone: () => session.timeZone(),
    apiHost: () => {
      try {
        return new URL(session.requireBaseUrl()).hostname || 'rentals';
      } catch {
        return 'rentals';
      }
    },
  };
  built.set(session, deps);
  return deps;
}
