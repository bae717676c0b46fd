// The one write path of events, beside the one of bookings (booking-writer.ts). A change of an
// event is planned whole (the record as read, the changes over its writable fields: a PUT replaces
// the whole record) and judged by the calendar's rule (domain/event-change.ts) when it can make the
// event hold more: its status, its window dates, its cancel date. Written changes that add firm holds
// are read back and backed out when a concurrent write took the units (race-guard.ts). A write
// whose outcome is unknown is looked up (api/unknown-outcome.ts) before the error is shown.

import { validated } from '../schemas/validated.js';
import type { ValidBody } from '../schemas/valid-body.js';
import { type Address, type ApiRecord, type ResourceApi, single } from '../api/resource-api.js';
import { BeforeCreate, settleCreate, settleDelete, settleUpdate } from '../api/unknown-outcome.js';
import { writeGrant } from '../api/write-grant.js';
import { type EventChangeJudgement, addsHolds, judgeEventChange, mayAddHolds } from '../domain/event-change.js';
import { ShortageRefused } from '../domain/booking-plan.js';
import type { HoldRule } from '../domain/hold-policy.js';
import { emptyHoldings } from '../domain/holds.js';
import type { CalendarBooking, CalendarEvent } from '../domain/records.js';
import { readEvent } from '../domain/records.js';
import { firmShortages } from '../domain/tentative-holds.js';
import { defaultVersion, resources, writableFields } from '../resources/definitions.js';
import { readRecord } from '../schemas/values.js';
import type { CalendarData } from './calendar.js';
import { writeGuarded } from './race-guard.js';

export interface EventChangeOptions {
  allowOverbook: boolean;
  /** Completes "cannot be …" in a refusal: confirmed, moved, uncancelled, changed. */
  verb: string;
}

export interface PlannedEventChange {
  before: CalendarEvent;
  /** The event as it will be. */
  after: CalendarEvent;
  /** The PUT body: the whole record with the changes. */
  body: ValidBody;
  changes: Record<string, unknown>;
  judgement: EventChangeJudgement;
  /** The event's booking lines (they hold over the new window). */
  lines: readonly CalendarBooking[];
  options: EventChangeOptions;
}

/** What a write did: the record before (undefined for a create) and after (undefined for a delete). */
export interface WrittenEvent {
  before: ApiRecord | undefined;
  after: ApiRecord | undefined;
}

export class EventWriter {
  constructor(
    private readonly calendar: CalendarData,
    private readonly api: () => ResourceApi,
    private readonly ruleOf: (event: CalendarEvent) => HoldRule,
    /** Adds the ways out to a refusal for stock (data/shortage-advisor.ts), as the booking writer does. */
    private readonly advisor?: { advise: (refusal: ShortageRefused) => Promise<ShortageRefused> },
    private readonly pause?: () => Promise<void>,
  ) {}

  private address(): Address {
    return { def: resources.events, version: defaultVersion(resources.events) };
  }

  /** The whole change judged (refused as a whole when a rule says no); nothing is sent. */
  async plan(event: CalendarEvent, changes: Record<string, unknown>, options: EventChangeOptions): Promise<PlannedEventChange> {
    const body = await validated(resources.events, { ...wholeRecord(event.record), ...changes, id: event.id }, 'update');
    const merged = { ...event.record, ...body, id: event.id };
    // A rename or a cancel cannot add holds: written without reading the calendar.
    const unjudged = (before: CalendarEvent, after: CalendarEvent): PlannedEventChange => ({ before, after, body, changes, judgement: { addsHolds: false, overbooked: [], quotesCountedOn: [] }, lines: [], options });
    if (!mayAddHolds(changes)) return unjudged(event, readEvent(merged));
    const names = await this.calendar.statusNames();
    const [before, after] = [readEvent(event.record, names), readEvent(merged, names)];
    const rules = { before, after, ruleBefore: this.ruleOf(before), ruleAfter: this.ruleOf(after) };
    if (!addsHolds(rules)) return unjudged(before, after);
    const [lines, items] = await Promise.all([this.calendar.bookings([event.id]).then((lists) => lists.get(event.id) ?? []), this.calendar.items()]);
    const others = after.window ? await this.calendar.holdings(after.window, event.id, this.ruleOf) : emptyHoldings();
    try {
      const judgement = judgeEventChange({ ...rules, lines, items, others }, options);
      return { before, after, body, changes, judgement, lines, options };
    } catch (error) {
      if (error instanceof ShortageRefused && this.advisor) throw await this.advisor.advise(error);
      throw error;
    }
  }

  /** The event as the server has it now (one GET, not the list): what `events update` changes. */
  async read(id: number): Promise<CalendarEvent> {
    return readEvent(single(await this.api().get(this.address(), id), `event ${id}`));
  }

  /** Sends the planned change; read back when it added firm holds, backed out and tried once more when a concurrent write took the units. */
  async write(planned: PlannedEventChange): Promise<WrittenEvent> {
    let current = planned;
    return writeGuarded({
      label: `the change of event ${planned.before.id}`,
      pause: this.pause,
      attempt: async (again) => {
        if (again) {
          current = await this.plan(await this.read(planned.before.id), planned.changes, planned.options);
        }
        const after = await this.put(current.before.id, current.body, current.before.record);
        const guarded = current.judgement.addsHolds && !current.options.allowOverbook && this.ruleOf(current.after) === 'firm' && current.lines.length > 0;
        return { written: { before: current.before.record, after }, guarded };
      },
      shortagesNow: async () => {
        const window = current.after.window!;
        const { held, asked } = await this.calendar.askedNow(window, current.before.id, this.ruleOf);
        return firmShortages(window, asked, held);
      },
      backOut: async (written) => {
        await this.put(current.before.id, await validated(resources.events, wholeRecord(written.before!), 'update'), written.after);
      },
    });
  }

  /** `before`: the record as read, for the history of writes. */
  private async put(id: number, body: ValidBody, before: ApiRecord | undefined): Promise<ApiRecord> {
    const api = this.api();
    const at = this.address();
    try {
      const result = await api.update(at, id, body, { grant: writeGrant, before }).catch(async (error: unknown) => {
        throw await settleUpdate(api, at, id, body, error, before);
      });
      return result.records[0] ?? body;
    } finally {
      this.calendar.catalog.forget('events');
    }
  }

  /** A new event (it holds nothing until bookings are written through the booking writer); `replaces`: the deleted one it brings back (undo). */
  async create(body: Record<string, unknown>, replaces?: number): Promise<WrittenEvent & { after: ApiRecord }> {
    const api = this.api();
    const at = this.address();
    const valid = await validated(resources.events, body, 'create');
    // The events before the POST: after a fault, only an event that is new and matches is this one.
    const before = await BeforeCreate.note(api, at);
    try {
      const result = await api.create(at, valid, { grant: writeGrant, ...(replaces === undefined ? {} : { replaces }) }).catch(async (error: unknown) => {
        throw await settleCreate(api, at, valid, before, error);
      });
      const created = result.records[0];
      if (!created) throw new Error('the service answered the new event with no record');
      return { before: undefined, after: created };
    } finally {
      this.calendar.catalog.forget('events');
    }
  }

  /** Deletes an event (it holds nothing any more: never refused). */
  async remove(id: number, before?: ApiRecord): Promise<WrittenEvent & { id: number }> {
    const api = this.api();
    const at = this.address();
    try {
      const result = await api.remove(at, id, { grant: writeGrant, before }).catch(async (error: unknown) => {
        throw await settleDelete(api, at, id, error);
      });
      return { before, after: undefined, id: result.id };
    } finally {
      this.calendar.catalog.forget('events');
    }
  }
}

/** The writable fields of a record as read, with its id: a PUT replaces the whole record (and puts it back). */
export function wholeRecord(record: ApiRecord): Record<string, unknown> {
  const current = readRecord(resources.events.fields, record);
  const body: Record<string, unknown> = { id: Number(record.id) };
  for (const field of writableFields(resources.events)) body[field.name] = current[field.name];
  return body;
}
