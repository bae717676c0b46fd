// Use case: `rentals undo [entry]` puts back what a history entry changed (the newest by default),
// through the writers and their rules, as any write, exactly once:
// 1. One undo at a time: the undo holds a lock (config/lock.ts) on the chain of undos its entry is
//    part of; a second undo of the same entry waits, then finds it undone (AlreadyUndoneError, exit 1).
// 2. Every record is read as it is now; one that is not as the entry left it was changed since:
//    the whole undo is refused (stale), nothing written.
// 3. Each record's undo, newest first, is planned by its resource's writer (data/writers.ts) and
//    judged there: a line that comes back must fit (the booking planner, all lines of an event
//    together), an event put back keeps its status and cancel date in step and must fit if it
//    holds more (the event writer), an item's units owned never go below what is held (the stock
//    writer). A deleted record comes back as a new record; the entry's lines of a deleted event
//    come back on it, judged over its window before anything is written.
// 4. A dry run shows that plan; a run notes its intent in the history (the records it puts back, in
//    order), then writes that plan: each record is read again immediately before its write and left
//    as it is when it changed meanwhile (exit 6, said exactly), each write noted before it is sent.
// 5. An undo that stops part way (a refusal, a lost answer, Ctrl-C, a kill) is left unfinished in the
//    history with what it wrote; `undo` and `history` say so, `--finish` finishes it (the steps in
//    doubt looked up first: app/undo-settle.ts) and `--reverse` takes back what it wrote.
// The undo's own writes are a history entry of their own, so an undo is undone like any write.

import type { ApiRecord, ResourceApi } from '../api/resource-api.js';
import { holding } from '../api/unknown-outcome.js';
import { type HistoryEntry, type HistoryRecord, type UndoStepRef, renamesOf } from '../config/history.js';
import type { PlannedBookings } from '../data/booking-writer.js';
import { bookingsAddress, lineRow, namedLine, writtenChange } from '../data/booking-writer.js';
import { type PlannedWrite, checkSameRecord } from '../data/planned-write.js';
import { type BookingIntent, type BookingTarget, type LineWrite, ShortageRefused, finalLines } from '../domain/booking-plan.js';
import { type Referrers, type ReferringRecord, StillReferenced, removalLines } from '../domain/references.js';
import type { Change } from '../domain/changes.js';
import { parseMoney } from '../domain/money.js';
import { type CalendarBooking, eventLabel, readEvent } from '../domain/records.js';
import { type Difference, type UndoAction, differences, netChanges, undoAction } from '../domain/undo-steps.js';
import { CancelledError, PartialFailureError, RentalsError, UnknownNameError, UsageError } from '../errors.js';
import type { View } from '../output/views.js';
import { type ResourceName, resources, writableFields } from '../resources/definitions.js';
import { readRecord } from '../schemas/values.js';
import { announcePlanned, sendPlanned } from './carry-out.js';
import { changesView, referenceNames } from './changes-view.js';
import type { Factory, HistoryLog, Interrupts } from './factory.js';
import type { CalendarWrites } from './ports.js';
import { AlreadyUndoneError, NothingToUndoError, describeProgress, howItStopped, openUndos, rootOf, standingOf, standingUndoOf, stands, stepStates, takenBack, unfinished } from './undo-progress.js';
import { type Verdict, addressOf, readNow, settleInDoubt } from './undo-settle.js';
import { quotedName } from '../common/sanitize.js';
import { type ShopClock, entryTimeInZone } from './entry-time.js';

/** What undo uses: the calendar's reads, the writers, notices, the API (to read each record as it is now), the history of writes, Ctrl-C. */
export type UndoDeps = Pick<CalendarWrites, 'calendar' | 'writers' | 'notices' | 'money'> & { api: () => ResourceApi; history: HistoryLog; interrupts: Interrupts; clock: ShopClock };

/** Undo's dependencies, of the run's factory. */
export async function undoDeps(factory: Pick<Factory, 'booking' | 'api' | 'history' | 'interrupts' | 'timeZone' | 'wallAt'>): Promise<UndoDeps> {
  const { calendar, writers, notices, money } = await factory.booking();
  return { calendar, writers, notices, money, api: () => factory.api(), history: factory.history(), interrupts: factory.interrupts(), clock: factory };
}

export interface UndoRequest {
  /** The entry's id or the start of it; the newest without one. */
  entry?: string;
  allowOverbook: boolean;
  dryRun: boolean;
  /** Finish the undo that did not finish (named, or the undo of the entry named; the newest such without one). */
  finish?: boolean;
  /** Take back what an undo that did not finish wrote. */
  reverse?: boolean;
  /**
   * The undo as the command to run again, naming `entry` (the one it was run for) when typed
   * without one: what a refusal's ways out run. Absent: `rentals undo <entry>`.
   */
  again?: (entry: string) => string;
}

/** Refused: records changed since the entry; nothing was undone. */
export class StaleEntryError extends RentalsError {}

/** Refused: an undo of the entry did not finish; finish it or take it back first. Exit 1. */
export class UnfinishedUndoError extends RentalsError {}

/** Ctrl-C: stopped after the write in flight. */
class UndoInterrupted extends RentalsError {}

export interface UndoStep {
  /** Its place in the undo's steps (the history's notes name it). */
  index: number;
  action: UndoAction;
  record: HistoryRecord;
  /** Where it is now (a parent brought back under a new id, by this undo or an earlier one). */
  parentId?: number;
  /** The record written to: its id now (a deleted record brought back earlier has a new one). */
  target: number;
  /** Set once written: the new id of a record brought back. */
  newId?: number;
}

/** A run of steps planned together: one record's write, or the lines of one event. */
type PlannedGroup =
  | { kind: 'record'; step: UndoStep; planned: PlannedWrite }
  /** `recreatedParent`: the event is brought back by this undo: the lines go on its new id. */
  | { kind: 'lines'; steps: UndoStep[]; planned: PlannedBookings; recreatedParent?: number };

/** An undo being written: its entry, the entry it undoes, its plan, and the steps it left as they were. */
interface UndoRun {
  own: string;
  undoing: HistoryEntry;
  groups: PlannedGroup[];
  steps: UndoStep[];
  skipped: Array<{ step: UndoStep; why: string }>;
  /** Set by Ctrl-C: no further write starts. */
  interrupted: boolean;
}

type Renamed = (resource: string, id: number) => number;

/** The entry named by its id or the start of it (none matches: not found, exit 4); the newest without one (none: nothing to undo, exit 1). */
function chosenEntry(entries: readonly HistoryEntry[], ref: string | undefined): HistoryEntry {
  if (ref === undefined) {
    if (entries.length === 0) throw new NothingToUndoError('the history of writes is empty: nothing to undo (rentals history)');
    return entries[entries.length - 1]!;
  }
  const found = entries.filter((e) => e.id.startsWith(ref.trim().toLowerCase()));
  if (found.length === 1) return found[0]!;
  // Not found (exit 4), as a record named by what matches none.
  if (found.length === 0) throw new UnknownNameError([{ field: 'entry', message: `no entry ${quotedName(ref)} in the history of writes of this API (rentals history lists them)` }]);
  throw new UsageError(`${found.length} entries start with ${quotedName(ref)}: ${found.map((e) => e.id).join(', ')}; give more of the id`);
}

function label(resource: string): string {
  return resources[resource as keyof typeof resources]?.singular ?? resource;
}

export async function undo(deps: UndoDeps, request: UndoRequest): Promise<View> {
  if (request.finish && request.reverse) throw new UsageError('--finish and --reverse: give one of them');
  const entries = deps.history.entries();
  const chosen = choose(entries, request);
  if (request.dryRun) return carry(deps, entries, chosen.id, request);
  // Under the lock, the history is read again: what another undo did while this one waited counts.
  return deps.history.exclusive(
    rootOf(entries, chosen.id),
    () => carry(deps, deps.history.entries(), chosen.id, request),
    (pid) => deps.notices.info(`Waiting for another rentals undo of entry ${chosen.id} to end (pid ${pid})…`),
  );
}

/** The entry the request names: with --finish or --reverse and none named, the newest undo left unfinished. */
function choose(entries: readonly HistoryEntry[], request: UndoRequest): HistoryEntry {
  const standing = standingOf(entries);
  if (request.entry === undefined && (request.finish || request.reverse)) {
    const open = openUndos(entries);
    if (open.length === 0) throw new NothingToUndoError(`no undo was left unfinished: nothing to ${request.finish ? 'finish' : 'take back'} (rentals history)`);
    return open[open.length - 1]!;
  }
  return chosenEntry(standing, request.entry);
}

/** The unfinished undo the entry is (or that partly undid it), if any. */
function unfinishedUndo(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry | undefined {
  if (unfinished(entry) && stands(entry) && !takenBack(entries, entry.id)) return entry;
  const undo = standingUndoOf(entries, entry.id);
  return undo && unfinished(undo) ? undo : undefined;
}

async function carry(deps: UndoDeps, entries: readonly HistoryEntry[], id: string, request: UndoRequest): Promise<View> {
  const entry = entries.find((e) => e.id === id);
  // Gone while this undo waited for the lock (rotated out): not found, as an id that matches none.
  if (!entry) throw new UnknownNameError([{ field: 'entry', message: `entry ${id} is no longer in the history of writes` }]);
  if (request.finish || request.reverse) {
    const open = unfinishedUndo(entries, entry);
    if (!open) {
      const undone = standingUndoOf(entries, entry.id);
      if (undone) throw alreadyUndone(deps, entry, undone);
      throw new NothingToUndoError(`entry ${entry.id} is not an undo left unfinished, nor partly undone by one: nothing to ${request.finish ? 'finish' : 'take back'}`);
    }
    if (open.undoesReport !== undefined) {
      if (request.finish) throw new NothingToUndoError(`entry ${open.id} put back the report ${open.undoesReport}: finish it by running its command again (${open.command}); rows already put back send nothing`);
      return undoEntry(deps, entries, open, request);
    }
    const undoing = entries.find((e) => e.id === open.undoes);
    if (!undoing) throw new RentalsError(`entry ${open.id} undid entry ${open.undoes ?? '?'}, which is no longer in the history of writes: it cannot be finished; take it back with rentals undo ${open.id} --reverse`);
    return request.finish ? finishUndo(deps, entries, open, undoing, request) : reverseUndo(deps, entries, open, undoing, request);
  }
  const open = unfinishedUndo(entries, entry);
  if (open) throw unfinishedError(deps, open);
  const undone = standingUndoOf(entries, entry.id);
  if (undone) throw alreadyUndone(deps, entry, undone);
  return undoEntry(deps, entries, entry, request);
}

function alreadyUndone(deps: UndoDeps, entry: HistoryEntry, by: HistoryEntry): AlreadyUndoneError {
  return new AlreadyUndoneError(`entry ${entry.id} was undone already, by entry ${by.id} (${entryTimeInZone(by.at, deps.clock)}); nothing was written. (rentals undo ${by.id} takes that undo back.)`);
}

/** What an unfinished undo did and the two ways on. */
function unfinishedText(deps: UndoDeps, open: HistoryEntry): string[] {
  const of = open.undoes === undefined ? `the report ${open.undoesReport ?? '?'}` : `entry ${open.undoes}`;
  const head = `entry ${open.id} (${open.command}, ${entryTimeInZone(open.at, deps.clock)}) did not finish undoing ${of}: ${howItStopped(open)}.`;
  const finish = open.undoesReport !== undefined ? `Finish it by running its command again: ${open.command}` : `Finish it: rentals undo ${open.id} --finish`;
  return [head, ...describeProgress(stepStates(open)), finish, `Or take back what it wrote: rentals undo ${open.id} --reverse`];
}

function unfinishedError(deps: UndoDeps, open: HistoryEntry): UnfinishedUndoError {
  return new UnfinishedUndoError([...unfinishedText(deps, open), 'Nothing was written.'].join('\n'));
}

/** Undoes `entry` afresh (or takes back an unfinished undo, `--reverse`): refused whole when a record changed since. `started`: this run's entry is open already. */
async function undoEntry(deps: UndoDeps, entries: readonly HistoryEntry[], entry: HistoryEntry, request: UndoRequest, started = false): Promise<View> {
  const renamed = renamesOf(entries);
  const steps = stepsOf(entry, renamed);
  const what = `entry ${entry.id} (${entry.command})`;
  const { notices } = deps;
  if (steps.length === 0) {
    const said = `what ${what} wrote was put back in the same run (a write backed out after a lost race)`;
    // This run's own entry is open already (--reverse): it ends complete, having had nothing to take back.
    if (started) return undoView(deps, steps, [], request.dryRun, `Nothing to undo: ${said}.`);
    throw new NothingToUndoError(`nothing to undo: ${said}; nothing was written.`);
  }
  const stale = await staleSteps(deps, steps);
  if (stale.length > 0) {
    const head = `entry ${entry.id} cannot be undone: ${stale.length === 1 ? 'a record was' : `${stale.length} records were`} changed since (undoing would overwrite that):\n${stale.map(({ step, why }) => `  ${label(step.record.resource)} ${step.record.id}: ${why}`).sort().join('\n')}\nNothing was undone.`;
    throw new StaleEntryError([head, ...laterChanges(entries, entry, stale.map(({ step }) => step), renamed)].join('\n'));
  }
  // Planned and judged whole before anything is written, for a dry run and a run alike.
  const refusal = { refused: `entry ${entry.id} cannot be undone: `, nothing: 'Nothing was undone.', again: againOf(request, entry.id, `rentals undo ${entry.id}`), steps, entries, entry, renamed };
  const groups = await refusedAsUndo(planGroups(deps, steps, renamed, request.allowOverbook), refusal);
  if (request.dryRun) return dryRunView(deps, groups, steps, `${steps.length} record${steps.length === 1 ? '' : 's'} of ${what} would be put back`);
  const own = started ? deps.history.entry()! : deps.history.startUndo({ entry: entry.id });
  deps.history.intent(steps.map(refOf));
  const run: UndoRun = { own, undoing: entry, groups, steps, skipped: [], interrupted: false };
  const changes = await writeRun(deps, run);
  for (const step of steps.filter((s) => s.newId !== undefined)) notices.info(`${label(step.record.resource)} ${step.record.id} was deleted: it comes back as ${label(step.record.resource)} ${step.newId}.`);
  return undoView(deps, steps, changes, false, `Undid ${what}: ${records(steps.length)} put back.`);
}

/** How an undo refused is said: what was refused, what the undo does not write, the undo run again, and the entries after which others wrote. */
interface UndoRefusal {
  /** `entry 3f9c2a1b cannot be undone: ` */
  refused: string;
  nothing: string;
  /** The undo as a command to run again (it names the entry). */
  again: string;
  /** The steps planned: an event among them is put back. */
  steps: readonly UndoStep[];
  /** The history, the entry undone (written since: the entries after it), and where records are now. */
  entries: readonly HistoryEntry[];
  entry: HistoryEntry;
  renamed: Renamed;
}

/** The plan, or its refusal said as the undo's, with the undo's own ways out. */
async function refusedAsUndo<T>(work: Promise<T>, refusal: UndoRefusal): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StillReferenced) throw referencedSince(error, refusal);
    if (error instanceof ShortageRefused) throw shortageWaysOut(error, refusal);
    throw error;
  }
}

/** The undo as a command to run again, naming the entry (typed without one, run later it would undo whatever is newest then). */
function againOf(request: UndoRequest, id: string, fallback: string): string {
  return request.again?.(id) ?? fallback;
}

/**
 * The ways out of an undo refused for stock, each of which works when run: the undo is run again
 * by the command that names its entry, never after a booking (the refusal marked `undo`); and when it puts
 * the event itself back (its dates, its status), the event is not offered moved first (the move
 * would change it since the entry: the undo then refused as stale), only a move that stands instead.
 */
function shortageWaysOut(error: ShortageRefused, refusal: UndoRefusal): ShortageRefused {
  const event = error.target.id;
  const putsEventBack = event !== undefined && refusal.steps.some((step) => step.record.resource === 'events' && step.target === event);
  return error.with({ undo: true, commandLine: refusal.again, ...(putsEventBack ? { window: error.parts.window ?? (() => undefined) } : {}) });
}

/**
 * A record the undo would delete (an event, an item it created) that others refer to now (bookings
 * made on it, of it): said as the undo refused, with the later entries that made them, to undo
 * first; those not made through this history, with the commands that remove them, then the undo.
 */
function referencedSince(error: StillReferenced, refusal: UndoRefusal): StillReferenced {
  const { target, referrers, labelOf } = error.parts;
  const { renamed } = refusal;
  // A record of the entry that made it refer to the target: created so, or pointed at it since.
  const brings = (record: HistoryRecord, group: Referrers, referrer: ReferringRecord) => {
    if (record.resource !== group.def.name || renamed(record.resource, record.id) !== referrer.id) return false;
    const points = (values: Readonly<Record<string, unknown>> | null | undefined) => {
      if (!values) return false;
      const to = values[group.field] ?? (group.def.parent?.field === group.field ? record.parentId : undefined);
      return to !== undefined && to !== null && renamed(target.def.name, Number(to)) === target.id;
    };
    return points(record.after) && !points(record.before);
  };
  const later = laterEntries(refusal.entries, refusal.entry, (record) => referrers.some((group) => group.records.some((r) => brings(record, group, r))));
  const outside = referrers
    .map((group) => ({ ...group, records: group.records.filter((r) => !later.some((e) => e.records.some((record) => brings(record, group, r)))) }))
    .filter((group) => group.records.length > 0);
  const one = outside.length === 1 && outside[0]!.records.length === 1;
  const were = later.length > 0 ? 'The others were' : one ? 'It was' : 'They were';
  const removed =
    outside.length === 0
      ? []
      : [`${were} not made in this history of writes (${ELSEWHERE}): remove ${one ? `the ${outside[0]!.def.singular}` : 'them'} first, then undo this entry:`, ...removalLines(target, outside, labelOf), `  ${refusal.again}`];
  return error.with({ refused: refusal.refused, nothing: refusal.nothing, waysOut: [...(later.length > 0 ? namedLater(later) : []), ...removed] });
}

/** Finishes the unfinished undo `open` of `undoing`: its steps in doubt looked up, the others it did not write written, into its entry. */
async function finishUndo(deps: UndoDeps, entries: readonly HistoryEntry[], open: HistoryEntry, undoing: HistoryEntry, request: UndoRequest): Promise<View> {
  const renamedBefore = renamesOf(entries);
  if (!request.dryRun) deps.history.resume(open.id, open.records.length);
  const verdicts = await settleInDoubt(deps, open, undoing, (status) => parentNow(status.ref, renamedBefore), request.dryRun);
  const now = request.dryRun ? withVerdicts(entries, open.id, verdicts) : deps.history.entries();
  const undo = now.find((e) => e.id === open.id)!;
  const renamed = renamesOf(now);
  const left = stepStates(undo).filter((s) => s.state === 'not sent' || s.state === 'skipped');
  const all = stepsOf(undoing, renamed);
  const steps = left.map((status) => ({ ...all.find((s) => s.record.resource === status.ref.resource && s.record.id === status.ref.id)!, index: status.index }));
  if (steps.some((s) => s.record === undefined)) throw new RentalsError(`entry ${open.id} names records entry ${undoing.id} does not hold: it cannot be finished; take it back with rentals undo ${open.id} --reverse`);
  // A record changed since is left as it is (said), the others written: the undo goes as far as it can.
  const stale = await staleSteps(deps, steps);
  const fit = steps.filter((s) => !stale.some((x) => x.step === s));
  const what = `the undo of entry ${undoing.id} (entry ${open.id})`;
  const refusal = { refused: `entry ${open.id} cannot finish undoing entry ${undoing.id}: `, nothing: 'Nothing more was undone.', again: againOf(request, open.id, `rentals undo ${open.id} --finish`), steps: fit, entries: now, entry: undoing, renamed };
  const groups = fit.length === 0 ? [] : await refusedAsUndo(planGroups(deps, fit, renamed, request.allowOverbook), refusal);
  if (request.dryRun) {
    for (const s of stale) deps.notices.info(`would leave ${label(s.step.record.resource)} ${s.step.record.id} as it is: ${s.why}`);
    return dryRunView(deps, groups, fit, `${fit.length} more record${fit.length === 1 ? '' : 's'} of ${what} would be put back`);
  }
  const run: UndoRun = { own: open.id, undoing, groups, steps: fit, skipped: [], interrupted: false };
  for (const { step, why } of stale) skip(deps, run, step, why, 'since the undo stopped');
  const changes = await writeRun(deps, run);
  return undoView(deps, fit, changes, false, `Finished ${what}: ${fit.length} more ${records(fit.length).replace(/^\d+ /, '')} put back.`);
}

/** Takes back what the unfinished undo `open` wrote (its steps in doubt looked up first): an undo of it. */
async function reverseUndo(deps: UndoDeps, entries: readonly HistoryEntry[], open: HistoryEntry, undoing: HistoryEntry, request: UndoRequest): Promise<View> {
  const renamed = renamesOf(entries);
  if (!request.dryRun) deps.history.startUndo({ entry: open.id });
  const verdicts = await settleInDoubt(deps, open, undoing, (status) => parentNow(status.ref, renamed), request.dryRun);
  const now = request.dryRun ? withVerdicts(entries, open.id, verdicts) : deps.history.entries();
  deps.notices.info(`Taking back what entry ${open.id} wrote before it stopped undoing entry ${undoing.id}.`);
  return undoEntry(deps, now, now.find((e) => e.id === open.id)!, request, !request.dryRun);
}

/** The entries with the verdicts of a dry run's lookups in the undo `id` (nothing was noted). */
function withVerdicts(entries: readonly HistoryEntry[], id: string, verdicts: ReadonlyMap<number, Verdict>): HistoryEntry[] {
  return entries.map((entry) => {
    if (entry.id !== id || !entry.undo) return entry;
    const records = [...entry.records];
    const notes = [...entry.undo.notes];
    for (const [index, verdict] of verdicts) {
      if ('applied' in verdict && verdict.applied) records.push(verdict.applied);
      else notes[index] = { state: 'settled' };
    }
    return { ...entry, records, undo: { ...entry.undo, notes } };
  });
}

/** Where the record of a step lives now: its parent under the id it has now. */
function parentNow(ref: Pick<UndoStepRef, 'resource' | 'parentId'>, renamed: Renamed): number | undefined {
  const parent = resources[ref.resource as keyof typeof resources]?.parent?.resource;
  return ref.parentId === undefined || parent === undefined ? ref.parentId : renamed(parent, ref.parentId);
}

function refOf(step: UndoStep): UndoStepRef {
  const { resource, id, parentId } = step.record;
  return { resource, id, ...(parentId === undefined ? {} : { parentId }), action: step.action };
}

/** The steps, newest record first. */
function stepsOf(entry: HistoryEntry, renamed: Renamed): UndoStep[] {
  return netChanges(entry.records)
    .reverse()
    .map((record, index) => {
      const parentId = parentNow(record, renamed);
      return { index, action: undoAction(record), record, target: renamed(record.resource, record.id), ...(parentId === undefined ? {} : { parentId }) };
    });
}

/** Where a change no later entry made came from. */
const ELSEWHERE = "someone else's rentals, the web application, rentals api";

/**
 * The later entries of this history that wrote the records found changed and still stand (not
 * undone), newest first: undone in that order, they leave the records as the entry did. None:
 * the change is not in this history of writes, to be put right by hand.
 */
function laterChanges(entries: readonly HistoryEntry[], entry: HistoryEntry, stale: readonly UndoStep[], renamed: Renamed): string[] {
  const touches = (record: HistoryRecord) => stale.some((step) => step.record.resource === record.resource && renamed(record.resource, record.id) === step.target);
  const later = laterEntries(entries, entry, touches);
  const them = stale.length === 1 ? 'it' : 'them';
  if (later.length === 0) return [`No later entry changed ${them}: the change is not in this history of writes (${ELSEWHERE}); change ${them} back by hand to undo this entry.`];
  return namedLater(later);
}

/** The later entries that still stand (not undone) and wrote a record `touches` keeps, newest first. */
function laterEntries(entries: readonly HistoryEntry[], entry: HistoryEntry, touches: (record: HistoryRecord) => boolean): HistoryEntry[] {
  return entries
    .slice(entries.findIndex((e) => e.id === entry.id) + 1)
    .filter((e) => e.records.some(touches) && stands(e) && standingUndoOf(entries, e.id) === undefined)
    .reverse();
}

/** The later entries (some), as the lines that name them: with the undo to run first, unless one of them is an undo. */
function namedLater(later: readonly HistoryEntry[]): string[] {
  const shown = later.slice(0, 5).map((e) => `  ${e.id} ${e.command}`);
  const more = later.length > shown.length ? [`  … and ${later.length - shown.length} more (rentals history)`] : [];
  // With an undo among them (a record deleted and brought back, undone again) the order to undo in
  // is not simply the newest first: the entries are named, the choice left to rentals history.
  const undos = later.some((e) => e.undoes !== undefined || e.undoesReport !== undefined);
  const many = later.length > 1;
  const lead = undos
    ? `Written since by ${many ? 'these entries, the newest first' : 'this entry'} (rentals history shows what ${many ? 'each' : 'it'} did):`
    : `Written since by ${many ? 'these entries, the newest first' : 'this entry'}: undo ${many ? 'them in this order' : 'it'} first (rentals undo ${later[0]!.id}), then this one.`;
  return [lead, ...shown, ...more];
}

/** The steps whose record is not as the entry left it (read now, all at once). */
async function staleSteps(deps: UndoDeps, steps: readonly UndoStep[]): Promise<Array<{ step: UndoStep; why: string }>> {
  const found: Array<{ step: UndoStep; differences: Difference[] }> = [];
  await Promise.all(
    steps.map(async (step) => {
      const differences = await changedSince(deps, step);
      if (differences.length > 0) found.push({ step, differences });
    }),
  );
  if (found.length === 0) return [];
  const said = await forPeople(deps, found);
  return found.map(({ step }, index) => ({ step, why: said[index]! }));
}

/**
 * How each step's record differs, as people read it (`Status is Cancelled now; the entry left
 * Confirmed`): the field's title and a reference by its name, read only when something differs.
 */
async function forPeople(deps: UndoDeps, found: ReadonlyArray<{ step: UndoStep; differences: readonly Difference[] }>): Promise<string[]> {
  const [people, names] = await Promise.all([
    import('../output/change-lines.js'),
    // A reference it cannot name now (the read failed) is said by its id: the undo goes on.
    referenceNames(found.map(({ step, differences }) => differenceChange(step, differences)), () => deps.calendar.catalog).catch(() => undefined),
  ]);
  return found.map(({ step, differences }) => people.differencesText(step.record.resource, differences, names, deps.money));
}

/** The differences as a change (now → as the entry left it), whose references referenceNames names. */
function differenceChange(step: UndoStep, differences: readonly Difference[]): Change {
  const values = (which: 'left' | 'now') => Object.fromEntries(differences.filter((d) => d.field !== 'id').map((d) => [d.field, d[which]]));
  return { resource: step.record.resource, id: step.record.id, before: values('now'), after: values('left') };
}

/** How the step's record now differs from what the entry left (read now). */
async function changedSince(deps: UndoDeps, step: UndoStep): Promise<Difference[]> {
  const at = addressOf(step.record.resource, step.parentId);
  return differences(step.record, await current(deps, step), writableFields(at.def).map((f) => f.name));
}

/** The record as it is now (a deleted one an earlier undo brought back: under its new id), checked to be the one asked for. */
async function current(deps: UndoDeps, step: UndoStep): Promise<ApiRecord | null> {
  const at = addressOf(step.record.resource, step.parentId);
  const record = await readNow(deps.api(), at, step.target);
  if (record) checkSameRecord(at, step.target, record);
  return record;
}

/** The steps in runs: consecutive booking lines of one event together, any other step alone. */
function groups(steps: readonly UndoStep[]): UndoStep[][] {
  const out: UndoStep[][] = [];
  for (const step of steps) {
    const last = out[out.length - 1]?.[0];
    if (last && step.record.resource === 'bookings' && last.record.resource === 'bookings' && last.record.parentId === step.record.parentId) out[out.length - 1]!.push(step);
    else out.push([step]);
  }
  return out;
}

/** The writable fields of a record as the entry found it (what a restore puts back, a recreate makes again). */
function valuesOf(step: UndoStep): Record<string, unknown> {
  const at = addressOf(step.record.resource, step.parentId);
  const values = readRecord(at.def.fields, step.record.before!);
  const body: Record<string, unknown> = {};
  for (const field of writableFields(at.def)) if (values[field.name] !== undefined) body[field.name] = values[field.name];
  if (at.def.parent && step.parentId !== undefined) body[at.def.parent.field] = step.parentId;
  return body;
}

/**
 * Every group planned by its writer and judged, before anything is written: the lines first, then
 * the records, so that an event put back with its lines is judged as one plan: the lines over the
 * event's window as it will be, the event with the lines it will hold.
 */
async function planGroups(deps: UndoDeps, steps: readonly UndoStep[], renamed: Renamed, allowOverbook: boolean): Promise<PlannedGroup[]> {
  const eventSteps = new Map(steps.filter((s) => s.record.resource === 'events').map((s) => [s.record.id, s]));
  // The records the undo deletes (those the entry created), newest first: a record's delete is judged with the ones that referred to it gone.
  const deletedFirst = steps.filter((s) => s.action === 'delete').map((s) => ({ resource: s.record.resource as ResourceName, id: s.target }));
  const runs = groups(steps);
  const planned = new Map<UndoStep[], PlannedGroup>();
  // The lines the undo leaves on each event it puts back: its lines now, with the undo's line writes.
  const linesAfter = new Map<number, { current: readonly CalendarBooking[]; writes: LineWrite[] }>();
  for (const group of runs.filter((run) => run[0]!.record.resource === 'bookings')) {
    const step = group[0]!;
    const parentStep = eventSteps.get(step.record.parentId!);
    const target = await linesTarget(deps, step, parentStep);
    const lines = await deps.writers.bookings.plan(target, bookingIntents(group), { allowOverbook });
    planned.set(group, { kind: 'lines', steps: group, planned: lines, ...(parentStep?.action === 'recreate' ? { recreatedParent: parentStep.record.id } : {}) });
    if (parentStep?.action !== 'restore') continue;
    const after = linesAfter.get(parentStep.record.id);
    if (after) after.writes.push(...lines.plan.writes);
    else linesAfter.set(parentStep.record.id, { current: lines.world.current, writes: [...lines.plan.writes] });
  }
  for (const group of runs.filter((run) => run[0]!.record.resource !== 'bookings')) {
    const step = group[0]!;
    const { resource } = step.record;
    const at = addressOf(resource, step.parentId);
    const writer = deps.writers.for(at.def);
    const id = renamed(resource, step.record.id);
    const after = resource === 'events' ? linesAfter.get(step.record.id) : undefined;
    // Dates as the entry found them, in whatever order they were: put back as they were.
    const choices = { allowOverbook, allowDateOrder: true, verb: 'put back', putsBack: true, deletedFirst, ...(after ? { lines: finalLines(after.current, after.writes) } : {}) };
    const write =
      step.action === 'delete'
        ? await writer.planDelete(at, id, choices)
        : step.action === 'restore'
          ? await writer.planUpdate(at, id, { ...valuesOf(step), id }, choices)
          : await writer.planCreate(at, valuesOf(step), { ...choices, replaces: step.record.id });
    planned.set(group, { kind: 'record', step, planned: write });
  }
  return runs.map((run) => planned.get(run)!);
}

/** The event the lines come back on, as it will be when they do: put back by this undo, brought back by it (not created yet), or as it is. */
async function linesTarget(deps: UndoDeps, step: UndoStep, parentStep: UndoStep | undefined): Promise<BookingTarget> {
  const { bookings } = deps.writers;
  // Not changed by this undo, or deleted by it after its lines: as it is now.
  if (!parentStep || parentStep.action === 'delete') return bookings.target(await deps.calendar.event(String(step.parentId)));
  const asFound = readEvent({ ...parentStep.record.before!, id: parentStep.record.id }, await deps.calendar.statusNames());
  if (parentStep.action === 'restore') return bookings.target({ ...asFound, id: step.parentId! });
  return { ...bookings.target(asFound), id: undefined, label: `${eventLabel(asFound)} as it comes back` };
}

/** A dry run: the plan's changes, its warnings said, what it would do; nothing is sent or noted. */
async function dryRunView(deps: UndoDeps, planned: readonly PlannedGroup[], steps: readonly UndoStep[], summary: string): Promise<View> {
  const changes: Change[] = [];
  for (const group of planned) changes.push(...(await sendPlanned(group.kind === 'record' ? group.planned : deps.writers.bookings.planned(group.planned), true, deps.notices)));
  return undoView(deps, steps, changes, true, `Dry run: ${summary}; nothing was sent.`);
}

/**
 * Writes the run's groups in order, each step's record read again immediately before its write;
 * Ctrl-C stops it after the write in flight (twice: at once). Ends the entry complete, or partial
 * with what it did (exit 6 when records were left as they were; the error's own exit code else).
 */
async function writeRun(deps: UndoDeps, run: UndoRun): Promise<Change[]> {
  const interrupts = deps.interrupts;
  const stopListening = interrupts.listen(() => {
    if (run.interrupted && interrupts.exitNow) interrupts.exitNow(130);
    run.interrupted = true;
    deps.notices.warn('\nInterrupted: stopping after the write in flight… (Ctrl-C again to stop at once; the history keeps what was sent)');
  });
  const changes: Change[] = [];
  const newIds = new Map<number, number>();
  try {
    for (const group of run.groups) {
      if (run.interrupted) throw new UndoInterrupted('interrupted');
      changes.push(...(await runGroup(deps, run, group, newIds)));
    }
  } catch (error) {
    throw stopped(deps, run, error);
  } finally {
    stopListening();
  }
  if (run.skipped.length > 0) {
    const one = run.skipped.length === 1;
    const reason = `${run.skipped.length} record${one ? ' was' : 's were'} changed while it ran, and left as ${one ? 'it is' : 'they are'}`;
    deps.history.end({ outcome: 'partial', reason });
    throw new PartialFailureError([`the undo of entry ${run.undoing.id} wrote what it could: ${reason}. Entry ${run.own} records it:`, ...progressOf(deps, run.own), ...waysOn(run.own)].join('\n'));
  }
  deps.history.end({ outcome: 'complete' });
  return changes;
}

/** The error an undo stopped by: its entry ended partial, the message ending with what it did and the ways on. */
function stopped(deps: UndoDeps, run: UndoRun, error: unknown): unknown {
  const interrupted = error instanceof UndoInterrupted;
  const reason = interrupted ? 'interrupted by Ctrl-C' : `stopped by an error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
  deps.history.end({ outcome: 'partial', reason });
  const text = [`The undo of entry ${run.undoing.id} stopped part way (${reason}). Entry ${run.own} records what it wrote:`, ...progressOf(deps, run.own), ...waysOn(run.own)].join('\n');
  if (interrupted) return new CancelledError(text);
  if (error instanceof Error) error.message += `\n${text}`;
  return error;
}

function progressOf(deps: UndoDeps, own: string): string[] {
  const entry = deps.history.entries().find((e) => e.id === own);
  return entry ? describeProgress(stepStates(entry)) : [];
}

function waysOn(own: string): string[] {
  return [`Finish it: rentals undo ${own} --finish`, `Or take back what it wrote: rentals undo ${own} --reverse`];
}

/** A step left as it is: its record changed since the undo began. */
function skip(deps: UndoDeps, run: UndoRun, step: UndoStep, why: string, when = 'while the undo ran'): void {
  deps.history.step(step.index, { state: 'skipped', why });
  run.skipped.push({ step, why });
  deps.notices.warn(`warning: ${label(step.record.resource)} ${step.record.id} changed ${when} (${why}): left as it is`);
}

/**
 * Immediately before the step's write: its record read again (left as it is when it changed since)
 * and the write noted as being sent (a create with what it sends and the records that already
 * hold all of it, so that a lookup can tell its record from theirs). False: not to be sent.
 */
async function ready(deps: UndoDeps, run: UndoRun, step: UndoStep, create?: { at: ReturnType<typeof addressOf>; body: Record<string, unknown> }): Promise<boolean> {
  if (run.interrupted) throw new UndoInterrupted('interrupted');
  if (step.action !== 'recreate') {
    const found = await changedSince(deps, step);
    if (found.length > 0) {
      const [why] = await forPeople(deps, [{ step, differences: found }]);
      skip(deps, run, step, why!);
      return false;
    }
    deps.history.step(step.index, { state: 'sending', ...(step.target === step.record.id ? {} : { target: step.target }) });
    return true;
  }
  const twins = create ? (await holding(deps.api(), create.at, create.body)).map((r) => Number(r.id)) : [];
  deps.history.step(step.index, { state: 'sending', ...(create ? { body: create.body, twins } : {}) });
  return true;
}

/** Writes a planned group; a record brought back gets its new id; `newIds`: the events brought back so far. */
async function runGroup(deps: UndoDeps, run: UndoRun, group: PlannedGroup, newIds: Map<number, number>): Promise<Change[]> {
  if (group.kind === 'record') {
    const { step, planned } = group;
    const request = planned.request;
    const create = step.action === 'recreate' && request?.body ? { at: request.at, body: { ...request.body } } : undefined;
    if (!(await ready(deps, run, step, create))) return [];
    const changes = await sendPlanned(planned, false, deps.notices);
    if (step.action === 'recreate') {
      step.newId = Number(changes[0]?.id);
      if (step.record.resource === 'events') newIds.set(step.record.id, step.newId);
    }
    return changes;
  }
  const { bookings } = deps.writers;
  let { planned } = group;
  if (group.recreatedParent !== undefined) {
    // The event came back in this undo: its lines go on its new id, as planned over its window.
    const id = newIds.get(group.recreatedParent);
    if (id === undefined) throw new Error(`event ${group.recreatedParent} was to come back before its lines`);
    planned = { ...planned, target: { ...planned.target, id, label: `event ${id}` } };
  }
  announcePlanned(bookings.planned(planned), deps.notices);
  const eventId = planned.target.id!;
  const at = bookingsAddress(eventId);
  const guarded: PlannedBookings = {
    ...planned,
    guard: {
      before: (write) => {
        const step = stepOfLine(group.steps, write);
        const { action: _action, id: _id, ...body } = lineRow(eventId, write);
        return ready(deps, run, step, write.action === 'create' ? { at, body } : undefined);
      },
    },
  };
  const written = await bookings.write(guarded);
  for (const line of written) {
    if (line.write.action !== 'create' || line.write.replaces === undefined) continue;
    const step = group.steps.find((s) => s.action === 'recreate' && s.record.id === (line.write as { replaces?: number }).replaces);
    if (step) step.newId = Number(line.record.id);
  }
  return written.map((line) => namedLine(writtenChange(eventId, line), planned.world.items));
}

/** The step a line write of its group does. */
function stepOfLine(steps: readonly UndoStep[], write: LineWrite): UndoStep {
  const step = write.action === 'create' ? steps.find((s) => s.action === 'recreate' && s.record.id === write.replaces) : steps.find((s) => s.action !== 'recreate' && s.target === write.booking.id);
  if (!step) throw new Error('a line write of the undo matches none of its steps');
  return step;
}

/** A group of booking lines put back, as the planner's intents. */
function bookingIntents(group: readonly UndoStep[]): BookingIntent[] {
  return group.map(({ action, record, target }): BookingIntent => {
    if (action === 'delete') return { kind: 'delete-line', bookingId: target };
    const before = readRecord(resources.bookings.fields, record.before!);
    const line = { itemId: Number(before.inventoryId), quantity: Number(before.quantity), ...(before.price === undefined || before.price === null ? {} : { price: parseMoney(String(before.price)) }) };
    return action === 'restore' ? { kind: 'update-line', bookingId: target, ...line } : { kind: 'add-line', ...line, replaces: record.id };
  });
}

function records(count: number): string {
  return `${count} record${count === 1 ? '' : 's'}`;
}

/** The steps (`-o json`'s `data`, as before) and the changes; for people the line that sums the undo up (the run's own entry, to take it back, is added to it). */
function undoView(deps: UndoDeps, steps: readonly UndoStep[], changes: readonly Change[], dryRun: boolean, summary: string): View {
  const rows = steps.map((s) => ({ action: s.action, resource: s.record.resource, id: s.record.id, parentId: s.parentId ?? null, newId: s.newId ?? null }));
  return changesView(changes, { dryRun, json: { data: rows }, catalog: () => deps.calendar.catalog, summary, narrate: true });
}
