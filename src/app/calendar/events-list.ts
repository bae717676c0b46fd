// Use case: the events list with filters (`rentals events list`): the API's reference shows no query
// parameters, so the whole list is read (one request) and filtered here: a range the event's
// window meets, a search in its name or customer, its status, cancelled or not, sorted, limited.

import type { CalendarData } from '../../data/calendar.js';
import { namedRangeOf, parseDateArgument } from '../../domain/dates.js';
import { DAY_MS, overlaps } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import { recordsView } from '../../output/records-view.js';
import type { RecordListView, View } from '../../output/views.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';

export type EventsListDeps = Pick<Factory, 'calendar' | 'wallNow' | 'notices'>;

/** The filters; none given: the list as the service sends it. */
export interface EventFilters {
  /** Events whose window ends after this. */
  from?: string;
  /** Events whose window starts before this (a day counts in full). */
  to?: string;
  /** Events whose window meets this range, by name. */
  range?: string;
  /** Event or customer name contains this (any case). */
  search?: string;
  /** A status by name or id. */
  status?: string;
  cancelled?: boolean;
  activeOnly?: boolean;
  /** `field` or `field:desc`. */
  sort?: string;
  limit?: number;
}

export async function listEvents(deps: EventsListDeps, filters: EventFilters): Promise<View> {
  const def = resources.events;
  const calendar = await deps.calendar();
  // No filter: the list as the service sends it (one request; a table also reads the statuses' names).
  if (Object.values(filters).every((value) => value === undefined || value === false)) return withStatusNames(calendar, recordsView(def, await calendar.catalog.list('events')));
  if (filters.cancelled && filters.activeOnly) throw new UsageError('--cancelled and --active-only exclude each other');
  const now = deps.wallNow();
  const { from, to } = filters;
  const range = namedRangeOf({ range: filters.range, from, to }, now) ?? {
    from: from === undefined ? -Infinity : parseDateArgument(from, now, '--from').time,
    to: to === undefined ? Infinity : endOf(parseDateArgument(to, now, '--to')),
  };
  if (range.to <= range.from) throw new UsageError('--to must be after --from');
  const ranged = filters.range !== undefined || (from !== undefined && to !== undefined);
  const inRangeOnly = filters.range !== undefined || from !== undefined || to !== undefined;
  if (ranged) showRange(deps.notices(), range);
  const sort = parseSort(filters.sort);
  const { limit } = filters;
  const search = filters.search?.toLowerCase();
  let statusId: number | undefined;
  const { status } = filters;
  if (status !== undefined) {
    const { catalog } = calendar;
    const found = /^\d+$/.test(status.trim()) ? Number(status) : await catalog.idOfName('statuses', status, '--status');
    if (!(await catalog.names('statuses')).has(found)) throw new UsageError(`--status: there is no event status with id ${found} (see \`rentals statuses list\`)`);
    statusId = found;
  }
  let chosen = (await calendar.events()).filter((event) => {
    if (filters.cancelled && !event.cancelled) return false;
    if (filters.activeOnly && event.cancelled) return false;
    if (statusId !== undefined && event.statusId !== statusId) return false;
    if (inRangeOnly && !(event.window && overlaps(event.window, range))) return false;
    if (search !== undefined && !`${event.name}\n${event.customer ?? ''}`.toLowerCase().includes(search)) return false;
    return true;
  }).map((event) => event.record);
  if (sort) chosen = [...chosen].sort((a, b) => compareValues(a[sort.field], b[sort.field], sort.desc) || Number(a.id) - Number(b.id));
  if (limit !== undefined) chosen = chosen.slice(0, limit);
  return withStatusNames(calendar, recordsView(def, chosen));
}

/** At a terminal, each event's status by its name (piped output keeps the id, and needs no request for the names). */
function withStatusNames(calendar: CalendarData, view: RecordListView): View {
  return {
    ...view,
    forPeople: async () => {
      const statuses = await calendar.catalog.names('statuses');
      return { ...view, names: { eventStatusId: (id) => statuses.label(Number(id)) } };
    },
  };
}

function endOf(argument: { time: number; wholeDay: boolean }): number {
  return argument.wholeDay ? argument.time + DAY_MS : argument.time;
}

function parseSort(value: string | undefined): { field: string; desc: boolean } | undefined {
  if (value === undefined) return undefined;
  const [field = '', given] = value.split(':');
  const direction = given?.toLowerCase();
  if (!fieldByName(resources.events, field)) {
    throw new UsageError(`--sort: ${JSON.stringify(field)} is not a field of an event (e.g. startDate, eventName, customerName)`);
  }
  if (direction !== undefined && direction !== 'desc' && direction !== 'asc') throw new UsageError('--sort: write FIELD, FIELD:asc or FIELD:desc');
  return { field, desc: direction === 'desc' };
}

/** Missing values last either way; numbers as numbers; text regardless of case; datetimes as text. */
function compareValues(a: unknown, b: unknown, desc: boolean): number {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) || blank(b)) return blank(a) === blank(b) ? 0 : blank(a) ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
  return desc ? -order : order;
}
