// Use case: the events list with filters (`rentals events list`): the API's reference shows no query
// parameters, so the whole list is read (one request) and filtered here: a range the event's
// window meets, a search in its name or customer (folded as names are looked up), its status, cancelled or not, sorted (by start
// unless told: a column by its title, field or alias), limited.

import type { CalendarData } from '../../data/calendar.js';
import { foldName } from '../../data/names.js';
import { namedRangeOf, parseDateArgument, parseRangeEnd } from '../../domain/dates.js';
import { DAY_MS, overlaps } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import { recordsView } from '../../output/records-view.js';
import type { RecordListView, View } from '../../output/views.js';
import { fieldTitles, resources } from '../../resources/definitions.js';
import { type SortColumn, type SortKey, parseSortKey, sortedRecords } from '../../output/sort-keys.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';

export type EventsListDeps = Pick<Factory, 'calendar' | 'wallNow' | 'notices'>;

/** The filters; none given: every event, by start. */
export interface EventFilters {
  /** Events whose window ends after this. */
  from?: string;
  /** Events whose window starts before this (a day counts in full). */
  to?: string;
  /** Events whose window meets this range, by name. */
  range?: string;
  /** Event or customer name contains this, regardless of case, accents, dashes, quotes and spaces (foldName, as names are looked up). */
  search?: string;
  /** A status by name or id. */
  status?: string;
  cancelled?: boolean;
  activeOnly?: boolean;
  /** A column by its title, field or alias, `:desc` to reverse; by start when not given. */
  sort?: string;
  limit?: number;
}

/** What --sort takes: every field of an event, by its title, its name or its alias. */
const SORT_COLUMNS: SortColumn[] = resources.events.fields.map((field) => ({ key: field.name, title: fieldTitles(resources.events)[field.name], aliases: field.aliases }));
/** The order of the list unless told: by start (then id). */
const BY_START: SortKey = { key: 'startDate', desc: false };

export async function listEvents(deps: EventsListDeps, filters: EventFilters): Promise<View> {
  const def = resources.events;
  const calendar = await deps.calendar();
  // No filter: the list as the service sends it (one request; a table also reads the statuses' names).
  if (Object.values(filters).every((value) => value === undefined || value === false)) return withStatusNames(calendar, recordsView(def, sortedRecords(await calendar.catalog.list('events'), BY_START)));
  if (filters.cancelled && filters.activeOnly) throw new UsageError('--cancelled and --active-only exclude each other');
  const now = deps.wallNow();
  const { from, to } = filters;
  const start = from === undefined ? -Infinity : parseDateArgument(from, now, '--from').time;
  const range = namedRangeOf({ range: filters.range, from, to }, now) ?? {
    from: start,
    to: to === undefined ? Infinity : endOf(parseRangeEnd(to, start, now, '--to')),
  };
  if (range.to <= range.from) throw new UsageError('--to must be after --from');
  const ranged = filters.range !== undefined || (from !== undefined && to !== undefined);
  const inRangeOnly = filters.range !== undefined || from !== undefined || to !== undefined;
  if (ranged) showRange(deps.notices(), range);
  const sort = filters.sort === undefined ? BY_START : parseSortKey(filters.sort, SORT_COLUMNS, 'events');
  const { limit } = filters;
  const search = filters.search === undefined ? undefined : foldName(filters.search);
  let statusId: number | undefined;
  const { status } = filters;
  if (status !== undefined) {
    const { catalog } = calendar;
    const found = await catalog.idOf('statuses', status, '--status');
    if (!(await catalog.names('statuses')).has(found)) throw new UsageError(`--status: there is no event status with id ${found} (see \`rentals statuses list\`)`);
    statusId = found;
  }
  let chosen = (await calendar.events()).filter((event) => {
    if (filters.cancelled && !event.cancelled) return false;
    if (filters.activeOnly && event.cancelled) return false;
    if (statusId !== undefined && event.statusId !== statusId) return false;
    if (inRangeOnly && !(event.window && overlaps(event.window, range))) return false;
    if (search !== undefined && !foldName(event.name).includes(search) && !foldName(event.customer ?? '').includes(search)) return false;
    return true;
  }).map((event) => event.record);
  chosen = sortedRecords(chosen, sort);
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
