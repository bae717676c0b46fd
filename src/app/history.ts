// Use case: the history of writes as `rentals history` shows it: the entries a filter keeps, newest
// first, each with the records it changed and what changed in them; an undo with how it ended (one
// that did not finish: what it put back, what may have been sent, what not, and the ways on), an
// entry undone with the undo that stands for it. An undo left unfinished is said on stderr too.

import { type HistoryEntry, type HistoryRecord, renamesOf } from '../config/history.js';
import { parseDateArgument } from '../domain/dates.js';
import { describeChange } from '../domain/undo-steps.js';
import type { WallTime } from '../domain/wall-time.js';
import type { Change } from '../domain/changes.js';
import type { Catalog } from '../data/catalog.js';
import type { ChangeNames, ChangesView } from '../output/changes.js';
import type { GroupedView, View } from '../output/views.js';
import { named, referenceNames } from './changes-view.js';
import { type ShopClock, entryTime, timesIn } from './entry-time.js';
import { type ResourceName, resources, writableFields } from '../resources/definitions.js';
import type { Factory } from './factory.js';
import { describeProgress, howItStopped, openUndos, rootOf, standingOf, standingUndoOf, stepStates, unfinished } from './undo-progress.js';

/** Which entries: from a wall time on (on the clock `on` reads an instant by), that changed an event (or its bookings) or an item (its prices, bookings of it), at most so many. */
export interface HistoryFilter {
  since?: { from: WallTime; on: (instant: number) => WallTime };
  eventId?: number;
  itemId?: number;
  limit?: number;
}

/** Where an undo stands: `complete`, `partial` (it said why it stopped), `interrupted` (it never said: killed), `running`. */
export type UndoState = 'complete' | 'partial' | 'interrupted' | 'running';

/** How the undos of the entries listed stand, and which entry each listed entry is undone by. */
export interface UndoStates {
  /** Of an undo entry. */
  state: ReadonlyMap<string, UndoState>;
  /** Of an entry undone: the undo that stands for it. */
  undoneBy: ReadonlyMap<string, HistoryEntry>;
}

function stateOf(entry: HistoryEntry, running: ReadonlySet<string>): UndoState | undefined {
  if (!entry.undo && entry.undoesReport === undefined) return undefined;
  if (!unfinished(entry)) return 'complete';
  if (running.has(entry.id)) return 'running';
  return entry.end ? 'partial' : 'interrupted';
}

/** The entry's records as `-o json` shows them: `{ resource, id, before, after }`; an undo's state and steps, the undo an entry is undone by. */
function entryJson(entry: HistoryEntry, states: UndoStates): Record<string, unknown> {
  const state = states.state.get(entry.id);
  const by = states.undoneBy.get(entry.id);
  const undo =
    state === undefined
      ? {}
      : {
          undo: {
            ...(entry.undoesReport === undefined ? { of: entry.undoes ?? null } : { report: entry.undoesReport }),
            state,
            ...(entry.end?.reason === undefined ? {} : { reason: entry.end.reason }),
            ...(entry.undo ? { steps: stepStates(entry).map((s) => ({ resource: s.ref.resource, id: s.ref.id, action: s.ref.action, state: s.state, newId: s.newId ?? null, ...(s.why ? { why: s.why } : {}) })) } : {}),
          },
        };
  const undone = by ? { undoneBy: { entry: by.id, complete: !unfinished(by) } } : {};
  return { id: entry.id, at: entry.at, command: entry.command, ...(entry.undoes ? { undoes: entry.undoes } : {}), ...undo, ...undone, records: entry.records.map(({ resource, id, before, after }) => ({ resource, id, before, after })) };
}

/** `  [undone by 3f9c2a1b]`, `  [undo: interrupted]`: what a heading says of an entry's undo. */
function undoNote(entry: HistoryEntry, states: UndoStates): string {
  const notes: string[] = [];
  const state = states.state.get(entry.id);
  if (state !== undefined && state !== 'complete') notes.push(`undo ${state}: ${state === 'running' ? 'still writing' : `rentals undo ${entry.id} --finish or --reverse`}`);
  const by = states.undoneBy.get(entry.id);
  if (by) notes.push(unfinished(by) ? `partly undone by ${by.id}` : `undone by ${by.id}`);
  return notes.length === 0 ? '' : `  [${notes.join('; ')}]`;
}

function fieldsOf(resource: string): string[] {
  const def = resources[resource as ResourceName];
  return def ? writableFields(def).map((f) => f.name) : [];
}

/** Whether a record changed the event or item `is` names (or its bookings, its prices). */
function touches(record: HistoryRecord, resource: 'events' | 'inventory', is: (id: number) => boolean): boolean {
  const values = [record.before, record.after].filter((r): r is Record<string, unknown> => r !== null);
  if (resource === 'events') return (record.resource === 'events' && is(record.id)) || (record.resource === 'bookings' && ((record.parentId !== undefined && is(record.parentId)) || values.some((r) => is(Number(r.eventId)))));
  if (record.resource === 'inventory') return is(record.id);
  if (record.resource === 'prices') return (record.parentId !== undefined && is(record.parentId)) || values.some((r) => is(Number(r.inventoryId)));
  return record.resource === 'bookings' && values.some((r) => is(Number(r.inventoryId)));
}

/** The entries (oldest first, as kept) the filter keeps, newest first. A record deleted and brought back under a new id (an undo) is found by either id. */
export function chosenEntries(entries: readonly HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  const { since, eventId, itemId, limit } = filter;
  const renamed = renamesOf(entries);
  const sameAs = (resource: 'events' | 'inventory', wanted: number) => {
    const standing = renamed(resource, wanted);
    return (id: number) => renamed(resource, id) === standing;
  };
  let chosen = [...entries].reverse();
  if (since !== undefined) chosen = chosen.filter((e) => since.on(Date.parse(e.at)) >= since.from);
  if (eventId !== undefined) {
    const is = sameAs('events', eventId);
    chosen = chosen.filter((e) => e.records.some((r) => touches(r, 'events', is)));
  }
  if (itemId !== undefined) {
    const is = sameAs('inventory', itemId);
    chosen = chosen.filter((e) => e.records.some((r) => touches(r, 'inventory', is)));
  }
  return limit === undefined ? chosen : chosen.slice(0, limit);
}

/** `18758f93  Fri 2026-06-12 14:03  rentals events confirm 12  [undone by 3f9c2a1b]`: when (on the shop's clock), the command line, its undo. */
function headingOf(entry: HistoryEntry, states: UndoStates, clock: ShopClock): string {
  return `${entry.id}  ${entryTime(entry.at, clock)}  ${entry.command}${undoNote(entry, states)}`;
}

/** One group per entry (when, the command line, its undo), a row per record it changed: what scripts read (tsv, json); each row of csv/tsv/ndjson carries its entry's id first, its time (ISO UTC, as kept) and command last. */
function historyView(entries: readonly HistoryEntry[], states: UndoStates, clock: ShopClock): GroupedView {
  return {
    kind: 'groups',
    groupColumn: 'entry',
    groupColumns: ['at', 'command'],
    columns: ['resource', 'id', 'change'],
    groups: entries.map((entry) => ({
      heading: headingOf(entry, states, clock),
      key: entry.id,
      values: { at: entry.at, command: entry.command },
      rows: entry.records.map((r) => ({ resource: r.resource, id: r.id, change: describeChange(r, fieldsOf(r.resource)) })),
    })),
    data: entries.map((entry) => entryJson(entry, states)),
  };
}

/** The names the records of the history kept (an event's, an item's, as last written): a record deleted since is still named. */
function keptNames(entries: readonly HistoryEntry[]): ChangeNames {
  const names: Partial<Record<ResourceName, Record<number, string>>> = {};
  // Oldest first (as kept): the newest name written wins.
  for (const entry of entries) {
    for (const record of entry.records) {
      const { name } = named(changeOf(record));
      if (name !== undefined) (names[record.resource as ResourceName] ??= {})[record.id] = name;
    }
  }
  return names;
}

function changeOf(record: HistoryRecord): Change {
  const { resource, parentId, id, before, after } = record;
  return { resource, ...(parentId === undefined ? {} : { parentId }), id, before, after };
}

/**
 * For people: each entry under its heading, each record it changed as a write's result says it
 * (`Booked 2 × Frame Tent on "Smith wedding" at 675.00`, `Changed event 12 "Smith wedding"` with
 * `Status Quoted → Confirmed`), named by what the history kept, else by the run's catalog; last,
 * how to undo.
 */
function historyForPeople(entries: readonly HistoryEntry[], all: readonly HistoryEntry[], states: UndoStates, clock: ShopClock, catalog: () => Catalog): () => Promise<ChangesView> {
  return async () => {
    const groups = entries.map((entry) => ({ heading: `${headingOf(entry, states, clock)}${entry.undoes ? `  (undoes ${entry.undoes})` : ''}`, changes: entry.records.map((r) => named(changeOf(r))) }));
    const changes = groups.flatMap((g) => g.changes);
    const names = await referenceNames(changes, catalog, keptNames(all));
    const newest = entries[0]!.id;
    const summary = `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}, the newest first, ${timesIn(clock)}. rentals undo ${newest} takes back the newest; rentals undo ENTRY any other.`;
    return { kind: 'changes', changes, groups, dryRun: false, names, summary };
  };
}

/** How every undo of `all` stands (one still writing: a live process holds its lock) and what each entry is undone by. */
async function undoStates(deps: Pick<HistoryDeps, 'history'>, all: readonly HistoryEntry[]): Promise<UndoStates> {
  const log = deps.history();
  const running = new Set<string>();
  const open = all.filter(unfinished);
  await Promise.all(
    open.map(async (entry) => {
      const key = entry.undoesReport === undefined ? rootOf(all, entry.id) : await reportLockKey(entry.undoesReport);
      if ((await log.holder(key)) !== undefined) running.add(entry.id);
    }),
  );
  const state = new Map<string, UndoState>();
  const undoneBy = new Map<string, HistoryEntry>();
  for (const entry of all) {
    const s = stateOf(entry, running);
    if (s !== undefined) state.set(entry.id, s);
    const by = standingUndoOf(all, entry.id);
    if (by) undoneBy.set(entry.id, by);
  }
  return { state, undoneBy };
}

/** The lock of the undo of a report (its absolute path): one undo of a report at a time. */
export async function reportLockKey(report: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  return `report-${createHash('sha256').update(report).digest('hex').slice(0, 16)}`;
}

/** An undo left unfinished, said: what it did and the ways on. */
export function unfinishedNotice(entry: HistoryEntry): string {
  const of = entry.undoes === undefined ? `the report ${entry.undoesReport ?? '?'}` : `entry ${entry.undoes}`;
  const finish = entry.undoesReport !== undefined ? `finish it by running its command again (${entry.command})` : `finish it with rentals undo ${entry.id} --finish`;
  return [`warning: entry ${entry.id} did not finish undoing ${of} (${howItStopped(entry)}):`, ...describeProgress(stepStates(entry)), `  ${finish}, or take back what it wrote with rentals undo ${entry.id} --reverse`].join('\n');
}

export type HistoryDeps = Pick<Factory, 'history' | 'calendar' | 'catalog' | 'wallNow' | 'wallAt' | 'timeZone' | 'notices'>;

/** What `rentals history` asks for: an event or item by id or name, a day or time (today, -7d), how many. */
export interface HistoryRequest {
  event?: string;
  item?: string;
  since?: string;
  limit?: number;
}

/** The entries of this API the request keeps, newest first, as one group each. */
export async function history(deps: HistoryDeps, request: HistoryRequest): Promise<GroupedView & Pick<View, 'forPeople'>> {
  const since = request.since === undefined ? undefined : { from: parseDateArgument(request.since, deps.wallNow(), '--since').time, on: (instant: number) => deps.wallAt(instant) };
  // An id (`12`, `id:12`) is taken as it is, the record may be gone; a name is looked up (the calendar is read only then).
  const byId = async (ref: string | undefined, read: (ref: string) => Promise<{ id: number }>) => {
    if (ref === undefined) return undefined;
    const id = /^\s*(?:id:)?\s*(\d+)\s*$/.exec(ref)?.[1];
    return id !== undefined ? Number(id) : (await read(ref)).id;
  };
  const [eventId, itemId] = await Promise.all([
    byId(request.event, async (ref) => (await deps.calendar()).event(ref, '--event')),
    byId(request.item, async (ref) => (await deps.calendar()).item(ref)),
  ]);
  // An entry whose every write backed out (a lost race) stands for nothing: not listed.
  const all = deps.history().entries();
  const standing = standingOf(all);
  const entries = chosenEntries(standing, { since, eventId, itemId, limit: request.limit });
  const filters = [request.event === undefined ? '' : '--event', request.item === undefined ? '' : '--item', request.since === undefined ? '' : '--since'].filter(Boolean);
  if (entries.length === 0) {
    // Filters that keep none are not an empty history.
    deps.notices().info(standing.length > 0 && filters.length > 0 ? `No entries match ${filters.join(' and ')} (the history of writes has ${standing.length === 1 ? '1 entry' : `${standing.length} entries`}).` : 'No entries in the history of writes.');
  }
  const states = await undoStates(deps, all);
  for (const entry of openUndos(all)) {
    const state = states.state.get(entry.id);
    if (state === 'partial' || state === 'interrupted') deps.notices().warn(unfinishedNotice(entry));
  }
  const view = historyView(entries, states, deps);
  // The notice above has said why there is nothing to show.
  return entries.length === 0 ? { ...view, emptyNote: '' } : { ...view, forPeople: historyForPeople(entries, all, states, deps, () => deps.catalog()) };
}
