// `rentals history [--event E] [--item X] [--since D] [--limit N]`: the tool's writes, newest first,
// one entry per command with the records it changed beneath (config/history.ts keeps them).

import { type HistoryEntry, type HistoryRecord, historyDir, readHistory } from '../../config/history.js';
import { parseDateArgument } from '../../domain/dates.js';
import { describeChange } from '../../domain/undo-steps.js';
import { wallTimeOf } from '../../domain/wall-time.js';
import { type ResourceName, resources, writableFields } from '../../resources/definitions.js';
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

/** The entry's records as `-o json` shows them: `{ resource, id, before, after }`. */
function entryJson(entry: HistoryEntry): Record<string, unknown> {
  return { id: entry.id, at: entry.at, command: entry.command, ...(entry.undoes ? { undoes: entry.undoes } : {}), records: entry.records.map(({ resource, id, before, after }) => ({ resource, id, before, after })) };
}

function fieldsOf(resource: string): string[] {
  const def = resources[resource as ResourceName];
  return def ? writableFields(def).map((f) => f.name) : [];
}

function touches(record: HistoryRecord, resource: 'events' | 'inventory', id: number): boolean {
  const values = [record.before, record.after].filter((r): r is Record<string, unknown> => r !== null);
  if (resource === 'events') return (record.resource === 'events' && record.id === id) || (record.resource === 'bookings' && (record.parentId === id || values.some((r) => Number(r.eventId) === id)));
  if (record.resource === 'inventory') return record.id === id;
  if (record.resource === 'prices') return record.parentId === id || values.some((r) => Number(r.inventoryId) === id);
  return record.resource === 'bookings' && values.some((r) => Number(r.inventoryId) === id);
}

export const historyCommand = defineViewCommand({
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
    let entries = deps.entries().reverse();
    if (since !== undefined) entries = entries.filter((e) => wallTimeOf(Date.parse(e.at)) >= since);
    if (eventId !== undefined) entries = entries.filter((e) => e.records.some((r) => touches(r, 'events', eventId)));
    if (itemId !== undefined) entries = entries.filter((e) => e.records.some((r) => touches(r, 'inventory', itemId)));
    if (limit !== undefined) entries = entries.slice(0, limit);
    if (entries.length === 0) deps.notices.info('No entries in the history of writes.');
    return {
      kind: 'groups',
      groupColumn: 'entry',
      columns: ['resource', 'id', 'change'],
      groups: entries.map((entry) => ({
        heading: `${entry.id}  ${entry.at.slice(0, 16).replace('T', ' ')} UTC  ${entry.command}`,
        key: entry.id,
        rows: entry.records.map((r) => ({ resource: r.resource, id: r.id, change: describeChange(r, fieldsOf(r.resource)) })),
      })),
      data: entries.map(entryJson),
    };
  },
});
