// The writer of events, beside the one of bookings (booking-writer.ts). Its rules:
// - Cancelled means cancelled everywhere: a change that sets the cancel date also sets the
//   service's Cancelled status (when it has one), one that clears it from an event whose status
//   cancels it gives Confirmed, unless the change names a status itself; a change of status alone
//   that cancels sets the cancel date (now), and one that holds on an event with a cancel date
//   clears it (an uncancel, judged as one); so `check` finds no cancel-status-mismatch after any write.
// - A change is planned whole (the record as read, the changes over its writable fields: a PUT
//   replaces the whole record) and judged by the calendar's rule (domain/event-change.ts) when it
//   can make the event hold more: its status, its window dates, its cancel date. Written changes
//   that add firm holds are read back and backed out when a concurrent write took the units
//   (race-guard.ts). A write whose outcome is unknown is looked up (api/unknown-outcome.ts).
// - Every plan of an event, a create's as an update's, says when it leaves the event wholly and
//   long in the past, or starting years ahead, and it was not so before (domain/past-event.ts: a
//   year typed wrong), unless it puts back a state the event had (an undo). Said, never refused.

import type { ValidBody } from '../schemas/valid-body.js';
import { type Address, type ApiRecord, type ResourceApi } from '../api/resource-api.js';
import { type EventChangeJudgement, addsHolds, judgeEventChange, mayAddHolds } from '../domain/event-change.js';
import { ShortageRefused, overbookingWarning, targetOf } from '../domain/booking-plan.js';
import { isCancelledStatus } from '../domain/event-model.js';
import { type EventWrite, farEventWarning, pastEventWarning, startOf } from '../domain/past-event.js';
import type { HoldRule } from '../domain/hold-policy.js';
import { emptyHoldings } from '../domain/holds.js';
import { type CalendarEvent, type HeldLine, eventLabel, readEvent } from '../domain/records.js';
import { describeQuotesCountingOn, firmShortages } from '../domain/tentative-holds.js';
import { type WallTime, formatWallTime } from '../domain/wall-time.js';
import { throughTheDay } from '../domain/dates.js';
import { defaultVersion, resources, writableFields } from '../resources/definitions.js';
import { readRecord } from '../schemas/values.js';
import type { CalendarData } from './calendar.js';
import { type PlannedWrite, type RecordWrites, type WriteChoices, checkBodyId, readForWrite, recordChange } from './planned-write.js';
import { writeGuarded } from './race-guard.js';
import { RecordRequests, checkedBody } from './record-writer.js';
import { judgeReferences } from './referrers.js';

/** The status an uncancelled event gets when its own status cancels it and none is named. */
const HOLDING_STATUS = 'Confirmed';

export interface EventChangeOptions {
  allowOverbook: boolean;
  /** The lines the event will hold when the change stands (an undo that puts them back too); default: those it holds now. */
  lines?: readonly HeldLine[];
  /** Completes "cannot be …" in a refusal: confirmed, moved, uncancelled, changed. */
  verb: string;
  allowDateOrder?: boolean;
  /** The values are a state the event had (an undo): no warning that it is in the past. */
  putsBack?: boolean;
}

export interface PlannedEventChange {
  before: CalendarEvent;
  /** The event as it will be. */
  after: CalendarEvent;
  /** The PUT body: the whole record with the changes. */
  body: ValidBody;
  /** The changes as judged: what was asked, with the status or cancel date that keeps them in step. */
  changes: Record<string, unknown>;
  judgement: EventChangeJudgement;
  /** The event's booking lines (they hold over the new window). */
  lines: readonly HeldLine[];
  options: EventChangeOptions;
}

/** What a write did: the record before (undefined for a create) and after (undefined for a delete). */
export interface WrittenEvent {
  before: ApiRecord | undefined;
  after: ApiRecord | undefined;
}

export class EventWriter implements RecordWrites {
  readonly resource = 'events';
  private readonly requests: RecordRequests;

  constructor(
    private readonly calendar: CalendarData,
    private readonly api: () => ResourceApi,
    private readonly ruleOf: (event: CalendarEvent) => HoldRule,
    /** The clock on the local wall: the cancel date of a status that cancels. */
    private readonly now: () => WallTime,
    /** Adds the ways out to a refusal for stock (data/shortage-advisor.ts), as the booking writer does. */
    private readonly advisor?: { advise: (refusal: ShortageRefused) => Promise<ShortageRefused> },
    private readonly pause?: () => Promise<void>,
  ) {
    this.requests = new RecordRequests(api, calendar.catalog);
  }

  address(): Address {
    return { def: resources.events, version: defaultVersion(resources.events) };
  }

  /** The service's Cancelled status (either spelling), when it has one. */
  private async cancelledStatusId(): Promise<number | undefined> {
    const statuses = await this.calendar.catalog.names('statuses');
    return statuses.ids().find((id) => isCancelledStatus(statuses.label(id)));
  }

  /** `changes` with the status that agrees with the cancel date they set or clear, and the cancel date that agrees with the status they name. */
  async inStep(event: Pick<CalendarEvent, 'statusId' | 'cancellation'>, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
    const names = 'cancelDate' in changes || 'eventStatusId' in changes;
    if (!names || ('cancelDate' in changes && 'eventStatusId' in changes)) return changes;
    const statuses = await this.calendar.catalog.names('statuses');
    if (!('cancelDate' in changes)) {
      const cancels = isCancelledStatus(statuses.label(Number(changes.eventStatusId)));
      if (cancels && !event.cancellation.byDate) return { ...changes, cancelDate: formatWallTime(this.now()) };
      if (!cancels && event.cancellation.byDate) return { cancelReason: null, ...changes, cancelDate: null };
      return changes;
    }
    const cancels = changes.cancelDate !== null && changes.cancelDate !== '' && changes.cancelDate !== undefined;
    if (cancels) {
      const cancelled = await this.cancelledStatusId();
      return cancelled === undefined ? changes : { ...changes, eventStatusId: cancelled };
    }
    if (!isCancelledStatus(statuses.label(event.statusId ?? -1))) return changes;
    return { ...changes, eventStatusId: await this.calendar.catalog.idOfName('statuses', HOLDING_STATUS, 'status') };
  }

  /** The whole change, kept in step and judged (refused as a whole when a rule says no); nothing is sent. */
  async plan(event: CalendarEvent, asked: Record<string, unknown>, options: EventChangeOptions): Promise<PlannedEventChange> {
    const changes = await this.inStep(event, asked);
    const body = await checkedBody(resources.events, { ...wholeRecord(event.record), ...changes, id: event.id }, 'update', options, changes);
    const merged = { ...event.record, ...body, id: event.id };
    // A rename or a cancel cannot add holds: written without reading the calendar.
    const unjudged = (before: CalendarEvent, after: CalendarEvent): PlannedEventChange => ({ before, after, body, changes, judgement: { addsHolds: false, overbooked: [], quotesCountedOn: [] }, lines: [], options });
    if (!mayAddHolds(changes)) return unjudged(event, readEvent(merged));
    const names = await this.calendar.statusNames();
    const [before, after] = [readEvent(event.record, names), readEvent(merged, names)];
    const rules = { before, after, ruleBefore: this.ruleOf(before), ruleAfter: this.ruleOf(after) };
    if (!addsHolds(rules)) return unjudged(before, after);
    const [lines, items] = await Promise.all([options.lines ?? this.calendar.bookings([event.id]).then((lists) => lists.get(event.id) ?? []), this.calendar.items()]);
    const others = after.window ? await this.calendar.holdings(after.window, event.id, this.ruleOf) : emptyHoldings();
    try {
      const judgement = judgeEventChange({ ...rules, lines, items, others }, options);
      return { before, after, body, changes, judgement, lines, options };
    } catch (error) {
      if (error instanceof ShortageRefused && this.advisor) throw await this.advisor.advise(error);
      throw error;
    }
  }

  /** An event a write leaves wholly and long in the past, or starting years ahead, when it was not so before (domain/past-event.ts): a year typed wrong, said, never refused. */
  private pastWarnings(write: EventWrite, putsBack: boolean | undefined): string[] {
    if (putsBack) return [];
    const now = this.now();
    return [pastEventWarning(write, now), farEventWarning(write, now)].filter((warning) => warning !== undefined);
  }

  /** The event as the server has it now (one GET, not the list), checked to be the one named. */
  async read(id: number): Promise<CalendarEvent> {
    return readEvent(await readForWrite(this.api(), this.address(), id));
  }

  /** Sends the planned change; read back when it added firm holds, backed out and tried once more when a concurrent write took the units. */
  async write(planned: PlannedEventChange): Promise<WrittenEvent> {
    let current = planned;
    return writeGuarded({
      label: `the change of event ${planned.before.id}`,
      pause: this.pause,
      forgetHolds: () => this.calendar.forgetHolds(),
      eventId: planned.before.id,
      history: this.api(),
      attempt: async (again) => {
        if (again) {
          current = await this.plan(await this.read(planned.before.id), planned.changes, planned.options);
        }
        const after = await this.requests.update(this.address(), current.before.id, current.body, current.before.record);
        const guarded = current.judgement.addsHolds && !current.options.allowOverbook && this.ruleOf(current.after) === 'firm' && current.lines.length > 0;
        return { written: { before: current.before.record, after }, guarded };
      },
      shortagesNow: async () => {
        const window = current.after.window!;
        const { held, asked } = await this.calendar.askedNow(window, current.before.id, this.ruleOf);
        return firmShortages(window, asked, held);
      },
      backOut: async (written) => {
        await this.requests.update(this.address(), current.before.id, await checkedBody(resources.events, wholeRecord(written.before!), 'update', { allowDateOrder: true }), written.after);
      },
    });
  }

  /** A planned change as every writer answers it: the record before and after, the warnings, the write. */
  planned(planned: PlannedEventChange): PlannedWrite {
    const at = this.address();
    const id = planned.before.id;
    return {
      changes: [recordChange(at, id, planned.before.record, { ...planned.before.record, ...planned.body })],
      warnings: [...eventWarnings(planned), ...this.pastWarnings({ event: planned.after, isNew: false, before: planned.before.window, after: planned.after.window, startBefore: startOf(planned.before), start: startOf(planned.after) }, planned.options.putsBack)],
      notes: [],
      request: { method: 'PUT', at, id, body: planned.body },
      write: async () => {
        const written = await this.write(planned);
        return [recordChange(at, id, written.before ?? null, written.after ?? null)];
      },
    };
  }

  async planUpdate(_at: Address, id: number, changes: Record<string, unknown>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    checkBodyId(changes, id);
    const { id: _id, ...given } = changes;
    const event = await this.read(id);
    const fields = choices.wholeDays?.length ? throughTheDay(given, choices.wholeDays, resources.events, event.record) : given;
    return this.planned(await this.plan(event, fields, { allowOverbook: choices.allowOverbook === true, verb: choices.verb ?? 'changed', allowDateOrder: choices.allowDateOrder, lines: choices.lines, putsBack: choices.putsBack }));
  }

  /** A new event holds nothing until bookings are written through the booking writer: checked by its values, kept in step. */
  async planCreate(_at: Address, body: Record<string, unknown>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    const at = this.address();
    const valid = await checkedBody(resources.events, await this.inStep({ statusId: undefined, cancellation: { cancelled: false, byDate: false, byStatus: false } }, body), 'create', choices);
    // The event as it will be, before it has an id: its name and window.
    const created = readEvent({ ...valid, id: 0 });
    return {
      changes: [recordChange(at, null, null, { ...valid })],
      warnings: this.pastWarnings({ event: created, isNew: true, before: undefined, after: created.window, startBefore: undefined, start: startOf(created) }, choices.putsBack),
      notes: [],
      request: { method: 'POST', at, body: valid },
      write: async () => {
        const created = await this.requests.create(at, valid, choices.replaces);
        return [recordChange(at, Number(created.id), null, created)];
      },
    };
  }

  /** Deleting an event: it holds nothing any more; refused while bookings still refer to it (beyond those the same plan deletes first). */
  async planDelete(_at: Address, id: number, choices: WriteChoices = {}): Promise<PlannedWrite> {
    const at = this.address();
    const before = await readForWrite(this.api(), at, id);
    await judgeReferences(this.calendar.catalog, { def: at.def, id }, before, choices.deletedFirst);
    return {
      changes: [recordChange(at, id, before, null)],
      warnings: [],
      notes: [],
      request: { method: 'DELETE', at, id },
      write: async () => {
        await this.requests.remove(at, id, before);
        return [recordChange(at, id, before, null)];
      },
    };
  }

  /** Deletes an event as it was read (`before`). */
  async remove(id: number, before: ApiRecord): Promise<WrittenEvent & { id: number }> {
    const result = await this.requests.remove(this.address(), id, before);
    return { before, after: undefined, id: result.id };
  }
}

/** What a change of an event lets through, said before it is written. */
function eventWarnings(planned: PlannedEventChange): string[] {
  const { judgement, after } = planned;
  const warnings: string[] = [];
  if (judgement.overbooked.length > 0) warnings.push(overbookingWarning(targetOf(after), judgement.overbooked));
  if (judgement.quotesCountedOn.length > 0) warnings.push([`warning: ${eventLabel(after)} takes units that quotes are counting on:`, ...describeQuotesCountingOn(judgement.quotesCountedOn)].join('\n'));
  return warnings;
}

/** The writable fields of a record as read, with its id: a PUT replaces the whole record (and puts it back). */
export function wholeRecord(record: ApiRecord): Record<string, unknown> {
  const current = readRecord(resources.events.fields, record);
  const body: Record<string, unknown> = { id: Number(record.id) };
  for (const field of writableFields(resources.events)) body[field.name] = current[field.name];
  return body;
}
