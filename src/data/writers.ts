// The writers, one per writable resource, each holding its resource's rules: events (status and
// cancel date kept in step, the calendar's rule over its window), bookings (the booking planner),
// inventory (units owned never below what is held), prices (one per item and rental block),
// categories (their values' rules); items and categories, a name of their own (unique-names.ts).
// Every create, update and delete of the tool goes through one of them (the API refuses a write
// without their grant: api/write-grant.ts); which one is chosen by the resource, typed, never by a
// string branch at the call site.

import type { ResourceApi } from '../api/resource-api.js';
import type { HoldRule } from '../domain/hold-policy.js';
import type { CalendarEvent } from '../domain/records.js';
import type { MoneyText } from '../domain/money.js';
import type { WallTime } from '../domain/wall-time.js';
import { UsageError } from '../errors.js';
import type { ResourceDef } from '../resources/definitions.js';
import { BookingWriter } from './booking-writer.js';
import type { CalendarData } from './calendar.js';
import { EventWriter } from './event-writer.js';
import { type RecordWrites, type WritableResource, isWritable } from './planned-write.js';
import { PriceWriter } from './price-writer.js';
import { RecordRequests, RecordWriter } from './record-writer.js';
import type { ShortageAdvisor } from './shortage-advisor.js';
import { StockWriter } from './stock-writer.js';
import { UniqueNames } from './unique-names.js';

/** The writer of each writable resource, by its name. */
export interface WriterOf {
  events: EventWriter;
  bookings: BookingWriter;
  inventory: StockWriter;
  prices: PriceWriter;
  categories: RecordWriter;
}

export class Writers {
  constructor(private readonly byName: WriterOf) {}

  get events(): EventWriter {
    return this.byName.events;
  }

  get bookings(): BookingWriter {
    return this.byName.bookings;
  }

  get stock(): StockWriter {
    return this.byName.inventory;
  }

  of<R extends WritableResource>(name: R): WriterOf[R] {
    return this.byName[name];
  }

  /** The writer of a resource known at run time (the generic verbs, undo); a read-only one has none. */
  for(def: ResourceDef): RecordWrites {
    if (!isWritable(def.name)) throw new UsageError(`${def.plural} are read-only: they cannot be written`);
    return this.byName[def.name];
  }
}

export interface WritersSetup {
  calendar: CalendarData;
  api: () => ResourceApi;
  /** How each event holds when a write is judged (the stricter of the shop's holds and the run's). */
  ruleOf: (event: CalendarEvent) => HoldRule;
  /** The clock on the local wall, to the minute. */
  now: () => WallTime;
  advisor?: ShortageAdvisor;
  /** The wait before a second try after a lost race (tests: none). */
  pause?: () => Promise<void>;
  /** How an amount is shown to a person (absent: the plain decimal). */
  money?: MoneyText;
  /** What a write says that did not stop it (a check after it that could not be made). */
  warn?: (message: string) => void;
}

export function buildWriters(setup: WritersSetup): Writers {
  const { calendar, api, ruleOf, now, advisor, pause, money, warn } = setup;
  const requests = new RecordRequests(api, calendar.catalog);
  const names = new UniqueNames(api, warn);
  return new Writers({
    events: new EventWriter(calendar, api, ruleOf, now, advisor, pause),
    bookings: new BookingWriter(calendar, api, ruleOf, advisor, pause, money),
    inventory: new StockWriter(calendar, api, ruleOf, now, pause, names),
    prices: new PriceWriter(calendar, requests, warn),
    categories: new RecordWriter('categories', requests, names),
  });
}
