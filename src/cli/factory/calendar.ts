// The calendar's reads and the ways out of a shortage, made on first use: a run that reads no
// calendar (`inventory list`) never loads them (src/cli/factory/index.ts imports this module lazily).

import { CalendarData, type CalendarReading } from '../../data/calendar.js';
import type { TurnaroundPolicy } from '../../domain/turnaround.js';
import type { Catalog } from '../../data/catalog.js';
import { ShortageAdvisor } from '../../data/shortage-advisor.js';
import type { AlternativeRule } from '../../domain/alternatives.js';
import type { HoldRule } from '../../domain/hold-policy.js';
import type { CalendarEvent } from '../../domain/records.js';
import type { WallTime } from '../../domain/wall-time.js';
import { moneyTextIn } from '../../output/money-text.js';
import type { Notices } from '../../output/notices.js';

export function calendarOver(catalog: Catalog, notices: Notices, reading: CalendarReading, turnaround: TurnaroundPolicy): CalendarData {
  // A line that names no item holds nothing and is in no total: say so wherever it is read.
  const warn = (line: { id: number; eventId: number }) =>
    notices.warn(`warning: booking ${line.id} of event ${line.eventId} names no item (no readable inventoryId): it holds nothing and is left out of totals (rentals check)`);
  return new CalendarData(catalog, warn, reading, { policy: turnaround, warn: (message) => notices.warn(message) });
}

export interface AdvisorSetup {
  /** The rule writes are judged by: the stricter of the run's holds and the shop's. */
  writeRule: (event: CalendarEvent) => HoldRule;
  alternatives: () => AlternativeRule[];
  wallNow: () => WallTime;
  notices: Notices;
  /** The run's command line as typed (secrets redacted): the refused command a way out runs again. */
  commandLine: () => string;
  /** The shop's currency (the `currency` setting): the amounts of the ways out in it. */
  currency: () => string | undefined;
}

export function advisorOver(calendar: CalendarData, setup: AdvisorSetup): ShortageAdvisor {
  return new ShortageAdvisor(calendar, { ruleOf: setup.writeRule, alternatives: setup.alternatives, now: setup.wallNow, warn: (message) => setup.notices.warn(message), commandLine: setup.commandLine, money: () => moneyTextIn(setup.currency()) });
}
