// `rentals history [--event E] [--item X] [--since D] [--limit N]`: the tool's writes, newest first,
// one entry per command with the records it changed beneath (config/history.ts keeps them).

import { type HistoryEntry, historyDir, readHistory } from '../../config/history.js';
import { chosenEntries, historyView } from '../../app/history.js';
import { parseDateArgument } from '../../domain/dates.js';
import { wallTimeOf } from '../../domain/wall-time.js';
import type { Session } from '../session.js';
import { defineViewCommand } from '../registry/spec.js';
import { type CalendarDeps, calendarDeps } from './calendar/deps.js';
import type { Notices } from '../../output/notices.js';
import { positiveInt } from './calendar/options.js';
import { conceptValue } from '../vocabulary.js';
import { TOP_LEVEL } from './top-level.js';

/** What history and undo read: the entries of this API, the calendar, the clock, notices. */
export interface HistoryDeps {
  /** The entries of this API (the base URL in force; all when none is set), oldest first. */
  entries: () => HistoryEntry[];
  calendar: CalendarDeps;
  notices: Notices;
  now: () => number;
}

export function historyDeps(session: Session): HistoryDeps {
  const baseUrl = session.settings.baseUrl.value;
  return {
    entries: () => readHistory(historyDir(session.settings.configDir)).filter((entry) => baseUrl === undefined || entry.baseUrl === baseUrl),
    calendar: calendarDeps(session),
    notices: session.notices(),
    now: session.ctx.now,
  };
}

export const historyCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.history,
  help: '\nEvery command that writes through rentals is one entry: when, the command line (secrets redacted) and each record before and after. Kept in the config directory (history/, 0600), the last 4-8 MiB. `rentals undo <entry>` puts an entry back.\n',
  examples: ['rentals history', 'rentals history --event 12 --since today', "rentals history -o json | jq '.data[0].records'"],
  flags: {
    event: { concept: 'event', primary: 'event', value: 'name|id', description: 'only entries that changed this event or its bookings' },
    item: { concept: 'item', primary: 'item', value: 'name|id', description: 'only entries that changed this item, its prices or bookings of it' },
    since: { value: 'date', help: 'only entries from this day or time on (today, -7d, 2026-06-12)' },
    limit: { value: 'n', help: 'at most this many entries (newest first)' },
  },
  view: 'groups',
  deps: historyDeps,
  handler: async (deps, options) => {
    const { calendar } = deps.calendar;
    const limit = positiveInt(options.limit, '--limit');
    const since = options.since === undefined ? undefined : parseDateArgument(options.since, wallTimeOf(deps.now()), '--since').time;
    const byId = (ref: string | undefined, read: (ref: string) => Promise<{ id: number }>) => (ref === undefined ? undefined : /^\d+$/.test(ref.trim()) ? Number(ref) : read(ref).then((r) => r.id));
    const [eventId, itemId] = await Promise.all([byId(conceptValue('event', options)?.value, (ref) => calendar.event(ref)), byId(conceptValue('item', options)?.value, (ref) => calendar.item(ref))]);
    const entries = chosenEntries(deps.entries(), { since, eventId, itemId, limit });
    if (entries.length === 0) deps.notices.info('No entries in the history of writes.');
    return historyView(entries);
  },
});
