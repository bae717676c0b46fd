// `rentals events list` with client-side filters: the API's reference shows no query
// parameters, so the whole list is read (one request) and filtered here.

import { chooseVersion, recordView, runList } from '../../cli/resource/run.js';
import type { Session } from '../../cli/session.js';
import { readEvent } from '../../domain/records.js';
import { DAY_MS, overlaps } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import type { RecordListView } from '../../output/views.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import { parseDateArgument } from '../../domain/dates.js';
import { type Options, nowWall, optionalString, positiveInt, showRange } from './common.js';

const FILTERS = ['from', 'to', 'search', 'status', 'cancelled', 'activeOnly', 'sort', 'limit'];

export async function eventsList(session: Session, options: Options): Promise<RecordListView | void> {
  const def = resources.events;
  const version = chooseVersion(def, optionalString(options, 'apiVersion'));
  if (!FILTERS.some((f) => options[f] !== undefined)) {
    await runList(session, { def, version });
    return;
  }
  if (options.cancelled && options.activeOnly) throw new UsageError('--cancelled and --active-only exclude each other');
  const now = nowWall(session);
  const from = optionalString(options, 'from');
  const to = optionalString(options, 'to');
  const range = {
    from: from === undefined ? -Infinity : parseDateArgument(from, now, '--from').time,
    to: to === undefined ? Infinity : endOf(parseDateArgument(to, now, '--to')),
  };
  if (range.to <= range.from) throw new UsageError('--to must be after --from');
  if (from !== undefined && to !== undefined) showRange(session, range);
  const sort = parseSort(optionalString(options, 'sort'));
  const limit = positiveInt(options, 'limit', '--limit');
  const search = optionalString(options, 'search')?.toLowerCase();
  const status = optionalString(options, 'status');
  let statusId: number | undefined;
  if (status !== undefined) {
    const found = /^\d+$/.test(status.trim()) ? Number(status) : await session.catalog().lookup('statuses', status);
    if (typeof found === 'string') throw new UsageError(`--status: ${found}`);
    if (!(await session.catalog().names('statuses')).has(found)) throw new UsageError(`--status: there is no event status with id ${found} (see \`rentals statuses list\`)`);
    statusId = found;
  }

  const records = await session.catalog().list('events');
  let chosen = records.filter((record) => {
    const event = readEvent(record);
    if (options.cancelled && !event.cancelled) return false;
    if (options.activeOnly && event.cancelled) return false;
    if (statusId !== undefined && event.statusId !== statusId) return false;
    if ((from !== undefined || to !== undefined) && !(event.window && overlaps(event.window, range))) return false;
    if (search !== undefined) {
      const haystack = `${event.name}\n${event.customer ?? ''}`.toLowerCase();
      if (!haystack.includes(search)) return false;
    }
    return true;
  });
  if (sort) chosen = [...chosen].sort((a, b) => compareValues(a[sort.field], b[sort.field], sort.desc) || Number(a.id) - Number(b.id));
  if (limit !== undefined) chosen = chosen.slice(0, limit);
  return recordView(def, { body: { data: chosen }, records: chosen }, session.format);
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
