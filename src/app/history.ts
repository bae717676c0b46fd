// Use case: the history of writes as `rentals history` shows it: the entries a filter keeps, newest
// first, each with the records it changed and what changed in them.

import { type HistoryEntry, type HistoryRecord, standingEntries } from '../config/history.js';
import { parseDateArgument } from '../domain/dates.js';
import { describeChange } from '../domain/undo-steps.js';
import { wallTimeOf } from '../domain/wall-time.js';
import type { GroupedView } from '../output/views.js';
import { type ResourceName, resources, writableFields } from '../resources/definitions.js';
import type { Factory } from './factory.js';

/** Which entries: from a wall time on, that changed an event (or its bookings) or an item (its prices, bookings of it), at most so many. */
export interface HistoryFilter {
  since?: number;
  eventId?: number;
  itemId?: number;
  limit?: number;
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

/** The entries (oldest first, as kept) the filter keeps, newest first. */
export function chosenEntries(entries: readonly HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  const { since, eventId, itemId, limit } = filter;
  let chosen = [...entries].reverse();
  if (since !== undefined) chosen = chosen.filter((e) => wallTimeOf(Date.parse(e.at)) >= since);
  if (eventId !== undefined) chosen = chosen.filter((e) => e.records.some((r) => touches(r, 'events', eventId)));
  if (itemId !== undefined) chosen = chosen.filter((e) => e.records.some((r) => touches(r, 'inventory', itemId)));
  return limit === undefined ? chosen : chosen.slice(0, limit);
}

/** One group per entry (when, the command line), a row per record it changed. */
export function historyView(entries: readonly HistoryEntry[]): GroupedView {
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
}

export type HistoryDeps = Pick<Factory, 'history' | 'calendar' | 'wallNow' | 'notices'>;

/** What `rentals history` asks for: an event or item by id or name, a day or time (today, -7d), how many. */
export interface HistoryRequest {
  event?: string;
  item?: string;
  since?: string;
  limit?: number;
}

/** The entries of this API the request keeps, newest first, as one group each. */
export async function history(deps: HistoryDeps, request: HistoryRequest): Promise<GroupedView> {
  const since = request.since === undefined ? undefined : parseDateArgument(request.since, deps.wallNow(), '--since').time;
  // An id (`12`, `id:12`) is taken as it is, the record may be gone; a name is looked up (the calendar is read only then).
  const byId = async (ref: string | undefined, read: (ref: string) => Promise<{ id: number }>) => {
    if (ref === undefined) return undefined;
    const id = /^\s*(?:id:)?\s*(\d+)\s*$/.exec(ref)?.[1];
    return id !== undefined ? Number(id) : (await read(ref)).id;
  };
  const [eventId, itemId] = await Promise.all([
    byId(request.event, async (ref) => (await deps.calendar()).event(ref)),
    byId(request.item, async (ref) => (await deps.calendar()).item(ref)),
  ]);
  // An entry whose every write backed out (a lost race) stands for nothing: not listed.
  const entries = chosenEntries(standingEntries(deps.history().entries()), { since, eventId, itemId, limit: request.limit });
  if (entries.length === 0) deps.notices().info('No entries in the history of writes.');
  return historyView(entries);
}
