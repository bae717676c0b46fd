// `rentals undo [entry] [--dry-run] [--allow-overbook]`: puts back what a history entry changed (the
// newest by default), through the same writers and rules (data/undo.ts). Its own writes are an
// entry of their own: `rentals undo` again takes the undo back.

import type { HistoryEntry } from '../../config/history.js';
import { UsageError } from '../../errors.js';
import { type UndoStep, Undoer } from '../../data/undo.js';
import type { RecordListView } from '../../output/views.js';
import { type ResourceName, resources } from '../../resources/definitions.js';
import { defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

/** The entry named by its id or the start of it; the newest without one. */
function chosenEntry(entries: readonly HistoryEntry[], ref: string | undefined): HistoryEntry {
  if (entries.length === 0) throw new UsageError('the history of writes is empty: nothing to undo (rentals history)');
  if (ref === undefined) return entries[entries.length - 1]!;
  const found = entries.filter((e) => e.id.startsWith(ref.trim().toLowerCase()));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new UsageError(`no entry ${JSON.stringify(ref)} in the history of writes of this API (rentals history lists them)`);
  throw new UsageError(`${found.length} entries start with ${JSON.stringify(ref)}: ${found.map((e) => e.id).join(', ')}; give more of the id`);
}

/** The record that now stands for a deleted one an earlier undo brought back (chains followed). */
function renamesOf(entries: readonly HistoryEntry[]): (resource: string, id: number) => number {
  const next = new Map<string, number>();
  for (const entry of entries) for (const r of entry.records) if (r.replaces !== undefined) next.set(`${r.resource}:${r.replaces}`, r.id);
  return (resource, id) => {
    let current = id;
    for (let hops = 0; hops < 100 && next.has(`${resource}:${current}`); hops++) current = next.get(`${resource}:${current}`)!;
    return current;
  };
}

function label(resource: string): string {
  return resources[resource as ResourceName]?.singular ?? resource;
}

function stepsView(steps: readonly UndoStep[]): RecordListView {
  const rows = steps.map((s) => ({ action: s.action, resource: s.record.resource, id: s.record.id, parentId: s.parentId ?? null, newId: s.newId ?? null }));
  return { kind: 'records', body: { data: rows }, rows, columns: ['action', 'resource', 'id', 'parentId', 'newId'] };
}

export const undoCommand = defineViewCommand({
  effect: 'changes',
  ...TOP_LEVEL.undo,
  args: '[entry]',
  help: '\nEach record of the entry goes back as it was: a record the entry created is deleted, one it changed is put back, one it deleted comes back as a new record (its new id is said). A record changed by anyone since makes the whole undo refused (exit 1, the differences shown, nothing undone). Bookings and events that come back must fit, as any booking must (--allow-overbook to write anyway). The undo is an entry of its own: undo it to redo.\n',
  examples: ['rentals undo', 'rentals undo 3f9c2a1b --dry-run', 'rentals history --limit 5'],
  flags: {
    allowOverbook: { help: 'put back even when other events now hold the units (a warning says which)' },
    dryRun: { help: 'show what would be put back; send nothing' },
  },
  view: 'records',
  handler: async (factory, options, [ref]) => {
    const notices = factory.notices();
    const run = factory.history();
    const entries = run.entries();
    const entry = chosenEntry(entries, ref);
    const calendar = await factory.booking();
    const undoer = new Undoer({
      api: factory.api,
      calendar: calendar.calendar,
      bookings: calendar.bookings,
      events: calendar.events,
      advisor: calendar.advisor,
      ruleOf: calendar.ruleOf,
      renamed: renamesOf(entries),
      broughtBack: run.broughtBack,
    });
    const steps = await undoer.plan(entry);
    const allowOverbook = options.allowOverbook === true;
    await undoer.judge(steps, { allowOverbook });
    const what = `entry ${entry.id} (${entry.command})`;
    if (steps.length === 0) {
      notices.info(`Nothing to undo: what ${what} wrote was put back in the same run (a write backed out after a lost race).`);
      return stepsView(steps);
    }
    if (options.dryRun) {
      for (const step of steps) notices.info(`would ${step.action} ${label(step.record.resource)} ${step.record.id}`);
      notices.info(`Dry run: ${steps.length} record${steps.length === 1 ? '' : 's'} of ${what} would be put back; nothing was sent.`);
      return stepsView(steps);
    }
    run.undoes(entry.id);
    try {
      await undoer.run(steps, { allowOverbook });
    } catch (error) {
      const done = run.entry();
      if (done && error instanceof Error) error.message += `\nPart of the undo was written before this (entry ${done}: rentals undo ${done} takes it back).`;
      throw error;
    }
    for (const step of steps.filter((s) => s.newId !== undefined)) notices.info(`${label(step.record.resource)} ${step.record.id} was deleted: it comes back as ${label(step.record.resource)} ${step.newId}.`);
    const own = run.entry();
    notices.info(`Undid ${what}: ${steps.length} record${steps.length === 1 ? '' : 's'} put back.${own ? ` This undo is entry ${own} (rentals undo ${own} takes it back).` : ''}`);
    return stepsView(steps);
  },
});
