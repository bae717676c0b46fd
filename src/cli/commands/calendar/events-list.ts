// `rentals events list` with client-side filters: the API's reference shows no query
// parameters, so the whole list is read (one request) and filtered here.

import { RANGE_NAMES, namedRangeOf, parseDateArgument } from '../../../domain/dates.js';
import { DAY_MS, overlaps } from '../../../domain/wall-time.js';
import { UsageError } from '../../../errors.js';
import { fieldTitles, resources } from '../../../resources/definitions.js';
import { type SortColumn, type SortKey, parseSortKey, sortedRecords } from '../../../output/sort-keys.js';
import { defineViewCommand } from '../../registry/spec.js';
import { chooseVersion } from '../../../app/resource/verbs.js';
import { recordsView } from '../../../output/records-view.js';
import { conceptValue } from '../../vocabulary.js';
import { type CalendarDeps, calendarDeps } from './deps.js';
import type { RecordListView, View } from '../../../output/views.js';
import { positiveInt, withDatesLink } from './options.js';

const versionHelp = `API version: ${resources.events.versions.join('|')}`;

/** What --sort takes: every field of an event, by its title, its name or its alias. */
const SORT_COLUMNS: SortColumn[] = resources.events.fields.map((field) => ({ key: field.name, title: fieldTitles(resources.events)[field.name], aliases: field.aliases }));
/** The order of the list unless told: by start (then id). */
const BY_START: SortKey = { key: 'startDate', desc: false };

export const eventsList = defineViewCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List events (filters: range, search, status, cancelled, sort, limit)',
  help: withDatesLink(`\nEvents in date order (by start, then id) unless --sort says otherwise. Filters are applied here, on the whole list: the API's reference shows no query parameters for events.\n`),
  examples: [
    'rentals events list',
    'rentals events list --from today --to +30d --status Quoted',
    'rentals events list --search smith --sort Start:desc --limit 5',
    "rentals events list --json | jq '.data[]'",
  ],
  flags: {
    status: { concept: 'status', primary: 'status', value: 'name|id', description: 'event status (e.g. Confirmed)' },
    apiVersion: { value: 'version', help: `${versionHelp} (default v1)` },
    from: { value: 'date', help: 'events whose window (dropoff → pickup) ends after this' },
    to: { value: 'date', help: 'events whose window starts before this (a day counts in full)' },
    range: { value: 'name', help: `events whose window meets this range, by name: ${RANGE_NAMES}` },
    search: { value: 'text', help: 'event or customer name contains this (any case)' },
    cancelled: { help: 'only cancelled events (a cancel date, or the Cancelled status)' },
    activeOnly: { help: 'only events that are not cancelled' },
    sort: { value: 'column[:desc]', help: 'sort by a column, by its title or field: Start (the default), startDate, Customer:desc' },
    limit: { value: 'n', help: 'at most n events (after filtering and sorting)' },
  },
  view: 'records',
  deps: calendarDeps,
  handler: async (deps, options) => {
    const def = resources.events;
    chooseVersion(def, options.apiVersion);
    const { apiVersion: _version, ...filters } = options;
    // No filter: the list as the service sends it (one request; a table also reads the statuses' names).
    if (Object.values(filters).every((value) => value === undefined)) return withStatusNames(deps, recordsView(def, sortedRecords(await deps.calendar.catalog.list('events'), BY_START)));
    if (options.cancelled && options.activeOnly) throw new UsageError('--cancelled and --active-only exclude each other');
    const now = deps.now();
    const { from, to } = options;
    const range = namedRangeOf({ range: options.range, from, to }, now) ?? {
      from: from === undefined ? -Infinity : parseDateArgument(from, now, '--from').time,
      to: to === undefined ? Infinity : endOf(parseDateArgument(to, now, '--to')),
    };
    if (range.to <= range.from) throw new UsageError('--to must be after --from');
    const ranged = options.range !== undefined || (from !== undefined && to !== undefined);
    const inRangeOnly = options.range !== undefined || from !== undefined || to !== undefined;
    if (ranged) deps.showRange(range);
    const sort = options.sort === undefined ? BY_START : parseSortKey(options.sort, SORT_COLUMNS, 'events');
    const limit = positiveInt(options.limit, '--limit');
    const search = options.search?.toLowerCase();
    let statusId: number | undefined;
    const status = conceptValue('status', options)?.value;
    if (status !== undefined) {
      const catalog = deps.calendar.catalog;
      const found = /^\d+$/.test(status.trim()) ? Number(status) : await catalog.idOfName('statuses', status, '--status');
      if (!(await catalog.names('statuses')).has(found)) throw new UsageError(`--status: there is no event status with id ${found} (see \`rentals statuses list\`)`);
      statusId = found;
    }
    let chosen = (await deps.calendar.events()).filter((event) => {
      if (options.cancelled && !event.cancelled) return false;
      if (options.activeOnly && event.cancelled) return false;
      if (statusId !== undefined && event.statusId !== statusId) return false;
      if (inRangeOnly && !(event.window && overlaps(event.window, range))) return false;
      if (search !== undefined && !`${event.name}\n${event.customer ?? ''}`.toLowerCase().includes(search)) return false;
      return true;
    }).map((event) => event.record);
    chosen = sortedRecords(chosen, sort);
    if (limit !== undefined) chosen = chosen.slice(0, limit);
    return withStatusNames(deps, recordsView(def, chosen));
  },
});

/** At a terminal, each event's status by its name (piped output keeps the id, and needs no request for the names). */
function withStatusNames(deps: CalendarDeps, view: RecordListView): View {
  return {
    ...view,
    forPeople: async () => {
      const statuses = await deps.calendar.catalog.names('statuses');
      return { ...view, names: { eventStatusId: (id) => statuses.label(Number(id)) } };
    },
  };
}

function endOf(argument: { time: number; wholeDay: boolean }): number {
  return argument.wholeDay ? argument.time + DAY_MS : argument.time;
}
