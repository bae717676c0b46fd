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
  help: '\nEach record goes back as it was (one created is deleted, one deleted comes back with a new id) through its writer and rules; a record changed since refuses the whole undo (exit 1). An entry is undone once; an undo that stops part way is left unfinished (--finish, --reverse). Undo an undo to redo.\n',
  examples: ['rentals history --limit 5', 'rentals undo', 'rentals undo 3f9c2a1b --dry-run'],
  flags: {
    allowOverbook: { help: 'put back even when others now hold the units (warned)' },
    dryRun: { help: 'judge and show what would be put back; send nothing' },
    finish: { help: 'finish an undo that stopped part way (the newest)' },
    reverse: { help: 'take back what an undo that stopped part way wrote' },
  },
  view: 'changes',
  handler: async (factory, options, [entry]) =>
    undo(await undoDeps(factory), {
      entry,
      allowOverbook: options.allowOverbook === true,
      dryRun: options.dryRun === true,
      finish: options.finish === true,
      reverse: options.reverse === true,
      // Typed without an entry, the command run again names the one it was run for: run later, a bare undo would undo whatever is newest then.
      again: (id) => factory.commandToType(entry === undefined ? [id] : []),
    }),
});
