// `rentals undo [entry] [--dry-run] [--allow-overbook]`: parsed here, carried out by app/undo.ts,
// which puts back what a history entry changed (the newest by default) through the writers and
// their rules. Its own writes are an entry of their own: `rentals undo` again takes the undo back.

import { type UndoDeps, undo } from '../../app/undo.js';
import type { Session } from '../session.js';
import { defineViewCommand } from '../registry/spec.js';
import { calendarDeps } from './calendar/deps.js';
import { historyDeps } from './history.js';
import { TOP_LEVEL } from './top-level.js';

/** The writers and the calendar, the history of this API, and this run's own entry. */
function undoDeps(session: Session): UndoDeps {
  const calendar = calendarDeps(session);
  return {
    calendar: calendar.calendar,
    writers: calendar.writers,
    notices: calendar.notices,
    api: () => session.api(),
    history: {
      entries: historyDeps(session).entries,
      undoes: (entry) => void session.historyEntry(entry),
      entry: () => session.historyEntry(),
      broughtBack: (resource, from, to) => session.broughtBack(resource, from, to),
    },
  };
}

export const undoCommand = defineViewCommand({
  ...TOP_LEVEL.undo,
  args: '[entry]',
  help: '\nEach record of the entry goes back as it was: a record the entry created is deleted, one it changed is put back, one it deleted comes back as a new record (its new id is said). A record changed by anyone since makes the whole undo refused (exit 1, the differences shown, nothing undone). Every record goes back through its writer and is judged as any write is: bookings and events that come back must fit, an item\'s units owned never go below what is booked (--allow-overbook to write anyway), an event\'s status and cancel date stay in step. --dry-run shows the same plan, judged the same way. The undo is an entry of its own: undo it to redo.\n',
  examples: ['rentals undo', 'rentals undo 3f9c2a1b --dry-run', 'rentals history --limit 5'],
  flags: {
    allowOverbook: { help: 'put back even when other events now hold the units (a warning says which)' },
    dryRun: { help: 'show what would be put back, judged as the undo would be; send nothing' },
  },
  view: 'changes',
  deps: undoDeps,
  handler: (deps, options, [entry]) => undo(deps, { entry, allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true }),
});
