// `rentals undo [entry] [--dry-run] [--allow-overbook] [--finish | --reverse]`: parsed here, carried
// out by app/undo.ts, which puts back what a history entry changed (the newest by default) through
// the writers and their rules, once. Its own writes are an entry of their own: `rentals undo` again
// takes the undo back; one that did not finish is finished (--finish) or taken back (--reverse).

import { undo, undoDeps } from '../../app/undo.js';
import { defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

export const undoCommand = defineViewCommand({
  effect: 'changes',
  ...TOP_LEVEL.undo,
  args: '[entry]',
  help: "\nEach record of the entry goes back as it was: a record the entry created is deleted, one it changed is put back, one it deleted comes back as a new record (its new id is said). A record changed by anyone since makes the whole undo refused (exit 1, the differences shown, nothing undone). Every record goes back through its writer and is judged as any write is: bookings and events that come back must fit, an item's units owned never go below what is booked (--allow-overbook to write anyway), an event's status and cancel date stay in step. --dry-run shows the same plan, judged the same way. The undo is an entry of its own: undo it to redo.\n\nAn entry is undone once: a second undo of it waits for the first, then is refused (exit 1, 'undone already'). Each record is read again just before its write; one changed meanwhile is left as it is (exit 6, said). An undo that stops part way (Ctrl-C, a lost answer, a crash) is left unfinished in the history with what it wrote; undo and history say so, --finish finishes it, --reverse takes back what it wrote.\n",
  examples: ['rentals undo', 'rentals undo 3f9c2a1b --dry-run', 'rentals undo 3f9c2a1b --finish', 'rentals history --limit 5'],
  flags: {
    allowOverbook: { help: 'put back even when other events now hold the units (a warning says which)' },
    dryRun: { help: 'show what would be put back, judged as the undo would be; send nothing' },
    finish: { help: 'finish an undo that did not finish (this entry, or the undo of it; the newest without one)' },
    reverse: { help: 'take back what an undo that did not finish wrote' },
  },
  view: 'changes',
  handler: async (factory, options, [entry]) =>
    undo(await undoDeps(factory), { entry, allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true, finish: options.finish === true, reverse: options.reverse === true }),
});
