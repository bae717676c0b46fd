// Where an undo stands, read from the history (config/history.ts): each of its steps put back (its
// record answered), skipped (the record changed since), in doubt (its write was sent and never
// answered: it may have been applied), or not sent; and whether the entry undone is undone, partly
// undone by an undo that did not finish, or not undone at all. `rentals undo` and `rentals history`
// say the same from it.

import type { HistoryEntry, HistoryRecord, UndoStepRef } from '../config/history.js';
import { RentalsError } from '../errors.js';
import { type ResourceName, resources } from '../resources/definitions.js';

/**
 * Refused: the history holds nothing for this undo to do (it is empty; the entry's writes were put
 * back in their own run; no undo was left unfinished to finish). A state of the history, not a
 * mistake in the command line: exit 1, as `rentals help exit-codes` says; nothing was written.
 */
export class NothingToUndoError extends RentalsError {}

/** Refused: the entry (or report) is undone already, by an undo that stands; nothing was written. Exit 1. */
export class AlreadyUndoneError extends NothingToUndoError {}

export type StepState = 'done' | 'skipped' | 'in doubt' | 'not sent';

export interface StepStatus {
  index: number;
  ref: UndoStepRef;
  state: StepState;
  /** The record written to (a deleted record brought back earlier is written under its new id). */
  target: number;
  /** A record brought back: its new id. */
  newId?: number;
  /** Why it was skipped. */
  why?: string;
}

/** The record of `entry` that did step `ref` (written to `target`), if it stands. */
function doneBy(records: readonly HistoryRecord[], ref: UndoStepRef, target: number): HistoryRecord | undefined {
  if (ref.action === 'recreate') return records.find((r) => r.resource === ref.resource && r.replaces === ref.id);
  if (ref.action === 'delete') return records.find((r) => r.resource === ref.resource && r.id === target && r.after === null);
  return records.find((r) => r.resource === ref.resource && r.id === target && r.before !== null && r.after !== null);
}

/** Each step of an undo entry, as its lines and records show it. */
export function stepStates(entry: HistoryEntry): StepStatus[] {
  const undo = entry.undo;
  if (!undo) return [];
  return undo.steps.map((ref, index) => {
    const note = undo.notes[index];
    const target = note?.target ?? ref.id;
    const done = doneBy(entry.records, ref, target);
    if (done) return { index, ref, target, state: 'done', ...(ref.action === 'recreate' ? { newId: done.id } : {}) };
    if (note?.state === 'sending') return { index, ref, target, state: 'in doubt' };
    if (note?.state === 'skipped') return { index, ref, target, state: 'skipped', ...(note.why === undefined ? {} : { why: note.why }) };
    return { index, ref, target, state: 'not sent' };
  });
}

/** An entry that counts: it wrote records, or an undo's write may have been applied (sent, never answered). */
export function stands(entry: HistoryEntry): boolean {
  return entry.records.length > 0 || (entry.undo?.notes.some((note) => note?.state === 'sending') ?? false);
}

/** The entries that count, oldest first. */
export function standingOf(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return entries.filter(stands);
}

/** An undo that did not finish: it ended partial, or it never said how it ended (killed). */
export function unfinished(entry: HistoryEntry): boolean {
  if (!entry.undo && entry.undoesReport === undefined) return false;
  return entry.end?.outcome !== 'complete';
}

/** The undos left unfinished that are still open: not taken back since (--reverse), oldest first. */
export function openUndos(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return standingOf(entries).filter((entry) => unfinished(entry) && !takenBack(entries, entry.id));
}

/** The entry undone first in the chain of undos `id` is part of (undo, redo, …): what one lock guards. */
export function rootOf(entries: readonly HistoryEntry[], id: string): string {
  const byId = new Map(entries.map((e) => [e.id, e]));
  let current = id;
  for (let hops = 0; hops < 1000; hops++) {
    const next = byId.get(current)?.undoes;
    if (next === undefined) return current;
    current = next;
  }
  return current;
}

/** The undo of `id` that stands (written something, and not itself taken back by a complete undo), newest first. */
export function standingUndoOf(entries: readonly HistoryEntry[], id: string): HistoryEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.undoes !== id || !stands(entry)) continue;
    if (takenBack(entries, entry.id)) continue;
    return entry;
  }
  return undefined;
}

/** The undos of the report at `path` (absolute) that stand: the newest complete one, the newest left unfinished. */
export function undosOfReport(entries: readonly HistoryEntry[], path: string): { complete?: HistoryEntry; open?: HistoryEntry } {
  const found: { complete?: HistoryEntry; open?: HistoryEntry } = {};
  for (const entry of entries) {
    if (entry.undoesReport !== path || takenBack(entries, entry.id)) continue;
    if (unfinished(entry)) found.open = entry;
    else found.complete = entry;
  }
  return found;
}

/** Whether a complete undo of `id` stands (an unfinished undo taken back with --reverse is no longer one to finish). */
export function takenBack(entries: readonly HistoryEntry[], id: string): boolean {
  const undo = standingUndoOf(entries, id);
  return undo !== undefined && !unfinished(undo);
}

function label(resource: string): string {
  return resources[resource as ResourceName]?.singular ?? resource;
}

/** `booking 567 (back as 601)`. */
function named(status: StepStatus): string {
  const what = `${label(status.ref.resource)} ${status.ref.id}`;
  return status.newId === undefined ? what : `${what} (back as ${status.newId})`;
}

/** What an unfinished undo did, a line per state that has steps: put back, skipped (why), may have been sent, not sent. */
export function describeProgress(states: readonly StepStatus[]): string[] {
  const of = (state: StepState) => states.filter((s) => s.state === state);
  const lines: string[] = [];
  const done = of('done');
  if (done.length > 0) lines.push(`  put back: ${done.map(named).join(', ')}`);
  for (const skipped of of('skipped')) lines.push(`  left as it is: ${named(skipped)}: ${skipped.why ?? 'it changed since'}`);
  const doubt = of('in doubt');
  if (doubt.length > 0) lines.push(`  sent, never answered (it may have been applied): ${doubt.map(named).join(', ')}`);
  const left = of('not sent');
  if (left.length > 0) lines.push(`  not sent: ${left.map(named).join(', ')}`);
  return lines;
}

/** `interrupted (the process ended while it wrote)`, or the reason it gave. */
export function howItStopped(entry: HistoryEntry): string {
  return entry.end?.reason ?? 'interrupted: the process ended while it wrote';
}
