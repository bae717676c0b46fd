// The writers, one per writable resource (data/writers.ts), made on first use: each change judged
// by its resource's rules. Only a write loads them (src/cli/factory/index.ts imports this module
// lazily): a list never pays for the writers nor the domain they judge by.

import type { ResourceApi } from '../../api/resource-api.js';
import type { BookingDeps } from '../../app/factory.js';
import type { CalendarData } from '../../data/calendar.js';
import type { ShortageAdvisor } from '../../data/shortage-advisor.js';
import { buildWriters } from '../../data/writers.js';
import type { HoldRule } from '../../domain/hold-policy.js';
import type { CalendarEvent } from '../../domain/records.js';
import type { WallTime } from '../../domain/wall-time.js';
import { moneyTextIn } from '../../output/money-text.js';
import type { Notices } from '../../output/notices.js';

export interface WritersSetup {
  calendar: CalendarData;
  advisor: ShortageAdvisor;
  api: () => ResourceApi;
  /** How an event holds for reads (this run's holds setting). */
  ruleOf: (event: CalendarEvent) => HoldRule;
  /** What writes are judged by: the stricter of this run's holds and the shop's. */
  writeRule: (event: CalendarEvent) => HoldRule;
  wallNow: () => WallTime;
  notices: Notices;
  /** The shop's currency (the `currency` setting): amounts for people in it. */
  currency: () => string | undefined;
}

export function writersOver(setup: WritersSetup): BookingDeps {
  const { calendar, advisor, api, writeRule, wallNow } = setup;
  const money = moneyTextIn(setup.currency());
  const writers = buildWriters({ calendar, api, ruleOf: writeRule, now: wallNow, advisor, money, warn: (message) => setup.notices.warn(message) });
  return {
    calendar,
    advisor,
    ruleOf: setup.ruleOf,
    notices: setup.notices,
    money,
    writers,
    bookings: writers.bookings,
    events: writers.events,
    stock: writers.stock,
  };
}
