// What the calendar's handlers get instead of the whole session: the run's calendar data (reads),
// the writers (the one write path of bookings, event updates through the validator), the clock on
// the local wall, and a channel for notices on stderr. Built once per run from the session.

import { validated } from '../../../schemas/validated.js';
import { type HoldPolicy, type HoldRule, holdRuleFor } from '../../../domain/hold-policy.js';
import type { CalendarEvent } from '../../../domain/records.js';
import type { ResourceApi } from '../../../api/resource-api.js';
import { BookingWriter } from '../../../data/booking-writer.js';
import { CalendarData } from '../../../data/calendar.js';
import { ShortageAdvisor } from '../../../data/shortage-advisor.js';
import { type ResolvedRange, describeRange } from '../../../domain/dates.js';
import { type WallTime, wallTimeOf } from '../../../domain/wall-time.js';
import { defaultVersion, resources, writableFields } from '../../../resources/definitions.js';
import { readRecord } from '../../../schemas/values.js';
import type { Session } from '../../session.js';
import type { Notices } from '../../../output/notices.js';

export type { Notices } from '../../../output/notices.js';

/** Event writes (cancel, uncancel, clone): every body through the one validator. */
export class EventWriter {
  constructor(
    private readonly api: () => ResourceApi,
    private readonly forget: () => void,
  ) {}

  private address() {
    return { def: resources.events, version: defaultVersion(resources.events) };
  }

  /** The event as read, with `changes` over its writable fields (a PUT replaces the whole record). */
  async change(record: Record<string, unknown>, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
    const current = readRecord(resources.events.fields, record);
    const id = Number(record.id);
    const body: Record<string, unknown> = { id };
    for (const field of writableFields(resources.events)) body[field.name] = current[field.name];
    const result = await this.api().update(this.address(), id, await validated(resources.events, { ...body, ...changes, id }, 'update'), record);
    this.forget();
    return result.records[0] ?? body;
  }

  async create(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const result = await this.api().create(this.address(), await validated(resources.events, body, 'create'));
    this.forget();
    const created = result.records[0];
    if (!created) throw new Error('the service answered the new event with no record');
    return created;
  }
}

export interface CalendarDeps {
  calendar: CalendarData;
  /** Which statuses hold stock, firmly or as quotes (the holds setting). */
  holds: HoldPolicy;
  ruleOf: (event: CalendarEvent) => HoldRule;
  bookings: BookingWriter;
  events: EventWriter;
  /** The ways out of a shortage: substitutes, nearer windows, the events holding the units. */
  advisor: ShortageAdvisor;
  /** Local wall-clock time now, to the minute. */
  now: () => WallTime;
  /** Wall time of the real clock (ICS stamps). */
  instant: () => number;
  notices: Notices;
  /** `Range: …` on stderr, at a terminal only (scripts get data only). */
  showRange: (range: ResolvedRange) => void;
  /** The API host (stable ICS UIDs). */
  apiHost: () => string;
  /** The calendar's time zone (the `timezone` setting), for ICS. */
  timeZone: () => string;
}

const built = new WeakMap<Session, CalendarDeps>();

export function calendarDeps(session: Session): CalendarDeps {
  const known = built.get(session);
  if (known) return known;
  const notices = session.notices();
  // A line that names no item holds nothing and is in no total: say so wherever it is read.
  const calendar = new CalendarData(session.catalog(), (line) =>
    notices.warn(`warning: booking ${line.id} of event ${line.eventId} names no item (no readable inventoryId): it holds nothing and is left out of totals (rentals check)`),
  );
  const api = () => session.api();
  const holds = session.settings.holds.value!;
  const ruleOf = holdRuleFor(holds);
  const now = () => {
    const wall = wallTimeOf(session.ctx.now());
    return wall - (wall % 60_000);
  };
  const advisor = new ShortageAdvisor(calendar, { ruleOf, alternatives: () => session.settings.alternatives.value ?? [], now, warn: (message) => notices.warn(message) });
  const deps: CalendarDeps = {
    calendar,
    holds,
    ruleOf,
    advisor,
    bookings: new BookingWriter(calendar, api, ruleOf, advisor),
    events: new EventWriter(api, () => session.catalog().forget('events')),
    now,
    instant: () => session.ctx.now(),
    notices,
    showRange: (range) => {
      if (session.ctx.term.stderrIsTTY) notices.info(`Range: ${describeRange(range)}`);
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
