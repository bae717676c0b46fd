// Use case: `rentals undo [entry]` puts back what a history entry changed (the newest by default),
// through the writers and their rules, as any write:
// 1. Every record is read as it is now; one that is not as the entry left it was changed since:
//    the whole undo is refused (stale), nothing written.
// 2. Each record's undo, newest first, is planned by its resource's writer (data/writers.ts) and
//    judged there: a line that comes back must fit (the booking planner, all lines of an event
//    together), an event put back keeps its status and cancel date in step and must fit if it
//    holds more (the event writer), an item's units owned never go below what is held (the stock
//    writer). A deleted record comes back as a new record; the entry's lines of a deleted event
//    come back on it, judged over its window before anything is written.
// 3. A dry run shows that plan; a run writes that plan, in order: the same judgement either way.
// The undo's own writes are a history entry of their own, so an undo is undone like any write.

import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import { type HistoryEntry, type HistoryRecord, renamesOf, standingEntries } from '../config/history.js';
import type { PlannedBookings } from '../data/booking-writer.js';
import { writtenChange } from '../data/booking-writer.js';
import { type PlannedWrite, checkSameRecord } from '../data/planned-write.js';
import type { BookingIntent, BookingTarget } from '../domain/booking-plan.js';
import type { Change } from '../domain/changes.js';
import { parseMoney } from '../domain/money.js';
import { eventLabel, readEvent } from '../domain/records.js';
import { type Difference, type UndoAction, describeDifference, differences, netChanges, undoAction } from '../domain/undo-steps.js';
import { NotFoundError, RentalsError, UsageError } from '../errors.js';
import type { View } from '../output/views.js';
import { type ResourceName, defaultVersion, resources, writableFields } from '../resources/definitions.js';
import { readRecord } from '../schemas/values.js';
import { announcePlanned, carryOut } from './carry-out.js';
import { changesView } from './changes-view.js';
import type { Factory, HistoryLog } from './factory.js';
import type { CalendarWrites } from './ports.js';

/** What undo uses: the calendar's reads, the writers, notices, the API (to read each record as it is now), the history of writes. */
export type UndoDeps = Pick<CalendarWrites, 'calendar' | 'writers' | 'notices'> & { api: () => ResourceApi; history: HistoryLog };

/** Undo's dependencies, of the run's factory. */
export async function undoDeps(factory: Pick<Factory, 'booking' | 'api' | 'history'>): Promise<UndoDeps> {
  const { calendar, writers, notices } = await factory.booking();
  return { calendar, writers, notices, api: () => factory.api(), history: factory.history() };
}

export interface UndoRequest {
  /** The entry's id or the start of it; the newest without one. */
  entry?: string;
  allowOverbook: boolean;
  dryRun: boolean;
}

/** Refused: records changed since the entry; nothing was undone. */
export class StaleEntryError extends RentalsError {}

export interface UndoStep {
  action: UndoAction;
  record: HistoryRecord;
  /** Where it is now (a parent brought back under a new id, by this undo or an earlier one). */
  parentId?: number;
  /** Set once written: the new id of a record brought back. */
  newId?: number;
}

/** A run of steps planned together: one record's write, or the lines of one event. */
type PlannedGroup =
  | { kind: 'record'; step: UndoStep; planned: PlannedWrite }
  /** `recreatedParent`: the event is brought back by this undo: the lines go on its new id. */
  | { kind: 'lines'; steps: UndoStep[]; planned: PlannedBookings; recreatedParent?: number };

function addressOf(resource: string, parentId: number | undefined): Address {
  const def = resources[resource as ResourceName];
  if (!def) throw new RentalsError(`the history names a resource this rentals does not know (${resource}); it cannot be undone`);
  return { def, version: defaultVersion(def), parentId };
}

/** The entry named by its id or the start of it; the newest without one. */
function chosenEntry(entries: readonly HistoryEntry[], ref: string | undefined): HistoryEntry {
  if (entries.length === 0) throw new UsageError('the history of writes is empty: nothing to undo (rentals history)');
  if (ref === undefined) return entries[entries.length - 1]!;
  const found = entries.filter((e) => e.id.startsWith(ref.trim().toLowerCase()));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new UsageError(`no entry ${JSON.stringify(ref)} in the history of writes of this API (rentals history lists them)`);
  throw new UsageError(`${found.length} entries start with ${JSON.stringify(ref)}: ${found.map((e) => e.id).join(', ')}; give more of the id`);
}

function label(resource: string): string {
  return resources[resource as ResourceName]?.singular ?? resource;
}

export async function undo(deps: UndoDeps, request: UndoRequest): Promise<View> {
  const all = deps.history.entries();
  const entry = chosenEntry(standingEntries(all), request.entry);
  const renamed = renamesOf(all);
  const steps = await stepsOf(deps, entry, renamed);
  const what = `entry ${entry.id} (${entry.command})`;
  const { notices } = deps;
  if (steps.length === 0) {
    notices.info(`Nothing to undo: what ${what} wrote was put back in the same run (a write backed out after a lost race).`);
    return undoView(deps, steps, [], request.dryRun);
  }
  // Planned and judged whole before anything is written, for a dry run and a run alike.
  const groups = await planGroups(deps, steps, renamed, request.allowOverbook);
  if (request.dryRun) {
    const changes: Change[] = [];
    for (const group of groups) changes.push(...(await plannedGroup(deps, group)));
    for (const step of steps) notices.info(`would ${step.action} ${label(step.record.resource)} ${step.record.id}`);
    notices.info(`Dry run: ${steps.length} record${steps.length === 1 ? '' : 's'} of ${what} would be put back; nothing was sent.`);
    return undoView(deps, steps, changes, true);
  }
  deps.history.undoes(entry.id);
  const changes: Change[] = [];
  const newIds = new Map<number, number>();
  try {
    for (const group of groups) changes.push(...(await runGroup(deps, group, newIds)));
  } catch (error) {
    const done = deps.history.entry();
    if (done && error instanceof Error) error.message += `\nPart of the undo was written before this (entry ${done}: rentals undo ${done} takes it back).`;
    throw error;
  }
  for (const step of steps.filter((s) => s.newId !== undefined)) notices.info(`${label(step.record.resource)} ${step.record.id} was deleted: it comes back as ${label(step.record.resource)} ${step.newId}.`);
  const own = deps.history.entry();
  notices.info(`Undid ${what}: ${steps.length} record${steps.length === 1 ? '' : 's'} put back.${own ? ` This undo is entry ${own} (rentals undo ${own} takes it back).` : ''}`);
  return undoView(deps, steps, changes, false);
}

/** The steps, newest record first; refused as a whole (StaleEntryError) when any record changed since. */
async function stepsOf(deps: UndoDeps, entry: HistoryEntry, renamed: (resource: string, id: number) => number): Promise<UndoStep[]> {
  const steps: UndoStep[] = netChanges(entry.records)
    .reverse()
    .map((record) => {
      const parent = resources[record.resource as ResourceName]?.parent?.resource;
      const parentId = record.parentId === undefined || parent === undefined ? record.parentId : renamed(parent, record.parentId);
      return { action: undoAction(record), record, ...(parentId === undefined ? {} : { parentId }) };
    });
  const stale: string[] = [];
  await Promise.all(
    steps.map(async (step) => {
      const found = differences(step.record, await current(deps, step, renamed), writableFields(addressOf(step.record.resource, step.parentId).def).map((f) => f.name));
      if (found.length > 0) stale.push(staleLine(step, found));
    }),
  );
  if (stale.length > 0) {
    throw new StaleEntryError(`entry ${entry.id} cannot be undone: ${stale.length === 1 ? 'a record was' : `${stale.length} records were`} changed since (undoing would overwrite that):\n${stale.sort().join('\n')}\nNothing was undone.`);
  }
  return steps;
}

/** The record as it is now (a deleted one an earlier undo brought back: under its new id), checked to be the one asked for. */
async function current(deps: UndoDeps, step: UndoStep, renamed: (resource: string, id: number) => number): Promise<ApiRecord | null> {
  const id = renamed(step.record.resource, step.record.id);
  const at = addressOf(step.record.resource, step.parentId);
  try {
    const record = (await deps.api().get(at, id)).records[0] ?? null;
    if (record) checkSameRecord(at, id, record);
    return record;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
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

/** Every group planned by its writer and judged, before anything is written. */
async function planGroups(deps: UndoDeps, steps: readonly UndoStep[], renamed: (resource: string, id: number) => number, allowOverbook: boolean): Promise<PlannedGroup[]> {
  const eventSteps = new Map(steps.filter((s) => s.record.resource === 'events').map((s) => [s.record.id, s]));
  const planned: PlannedGroup[] = [];
  for (const group of groups(steps)) {
    const step = group[0]!;
    const { resource } = step.record;
    if (resource === 'bookings') {
      const parentStep = eventSteps.get(step.record.parentId!);
      const target = await linesTarget(deps, step, parentStep);
      const lines = await deps.writers.bookings.plan(target, bookingIntents(group), { allowOverbook });
      planned.push({ kind: 'lines', steps: group, planned: lines, ...(parentStep?.action === 'recreate' ? { recreatedParent: parentStep.record.id } : {}) });
      continue;
    }
    const at = addressOf(resource, step.parentId);
    const writer = deps.writers.for(at.def);
    const id = renamed(resource, step.record.id);
    // Dates as the entry found them, in whatever order they were: put back as they were.
    const choices = { allowOverbook, allowDateOrder: true, verb: 'put back' };
    const write =
      step.action === 'delete'
        ? await writer.planDelete(at, id, choices)
        : step.action === 'restore'
          ? await writer.planUpdate(at, id, { ...valuesOf(step), id }, choices)
          : await writer.planCreate(at, valuesOf(step), { ...choices, replaces: step.record.id });
    planned.push({ kind: 'record', step, planned: write });
  }
  return planned;
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

/** The group's changes as planned, its warnings said (a dry run: nothing is written). */
function plannedGroup(deps: UndoDeps, group: PlannedGroup): Promise<Change[]> {
  return carryOut(group.kind === 'record' ? group.planned : deps.writers.bookings.planned(group.planned), true, deps.notices);
}

/** Writes a planned group; a record brought back gets its new id (said to the history); `newIds`: the events brought back so far. */
async function runGroup(deps: UndoDeps, group: PlannedGroup, newIds: Map<number, number>): Promise<Change[]> {
  if (group.kind === 'record') {
    const { step } = group;
    const changes = await carryOut(group.planned, false, deps.notices);
    if (step.action === 'recreate') {
      step.newId = Number(changes[0]?.id);
      if (step.record.resource === 'events') newIds.set(step.record.id, step.newId);
      deps.history.broughtBack(step.record.resource, step.record.id, step.newId);
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
  const written = await bookings.write(planned);
  // The lines that came back, in the order asked: their new ids.
  const created = written.filter((w) => w.write.action === 'create');
  group.steps
    .filter((s) => s.action === 'recreate')
    .forEach((step, index) => {
      const id = created[index]?.record.id;
      if (id === undefined) return;
      step.newId = Number(id);
      deps.history.broughtBack('bookings', step.record.id, step.newId);
    });
  return written.map((line) => writtenChange(eventId, line));
}

/** A group of booking lines put back, as the planner's intents. */
function bookingIntents(group: readonly UndoStep[]): BookingIntent[] {
  return group.map(({ action, record }): BookingIntent => {
    if (action === 'delete') return { kind: 'delete-line', bookingId: record.id };
    const before = readRecord(resources.bookings.fields, record.before!);
    const line = { itemId: Number(before.inventoryId), quantity: Number(before.quantity), ...(before.price === undefined || before.price === null ? {} : { price: parseMoney(String(before.price)) }) };
    return action === 'restore' ? { kind: 'update-line', bookingId: record.id, ...line } : { kind: 'add-line', ...line };
  });
}

/** `  events 12: eventName is "B" now; the entry left "A"`. */
function staleLine(step: UndoStep, found: readonly Difference[]): string {
  const def = resources[step.record.resource as ResourceName];
  return `  ${def?.singular ?? step.record.resource} ${step.record.id}: ${found.map(describeDifference).join('; ')}`;
}

/** The steps (`-o json`'s `data`, as before) and the changes. */
function undoView(deps: UndoDeps, steps: readonly UndoStep[], changes: readonly Change[], dryRun: boolean): View {
  const rows = steps.map((s) => ({ action: s.action, resource: s.record.resource, id: s.record.id, parentId: s.parentId ?? null, newId: s.newId ?? null }));
  return changesView(changes, { dryRun, json: { data: rows }, catalog: () => deps.calendar.catalog });
}
