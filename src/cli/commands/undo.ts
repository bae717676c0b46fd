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
  help: '\nEach record goes back as it was (one it created is deleted, one it deleted comes back with a new id), through its writer, judged as any write is; a record changed since refuses the whole undo (exit 1). An entry is undone once. An undo that stops part way is left unfinished: --finish finishes it, --reverse takes back what it wrote. The undo is an entry of its own: undo it to redo.\n',
  examples: ['rentals undo', 'rentals undo 3f9c2a1b --dry-run', 'rentals undo 3f9c2a1b --finish', 'rentals history --limit 5'],
  flags: {
    allowOverbook: { help: 'put back even when others now hold the units, with a warning' },
    dryRun: { help: 'show what would be put back, judged as the undo would be; send nothing' },
    finish: { help: 'finish an undo that did not finish (this entry, or the undo of it; the newest without one)' },
    reverse: { help: 'take back what an undo that did not finish wrote' },
  },
  view: 'changes',
  handler: async (factory, options, [entry]) =>
    undo(await undoDeps(factory), { entry, allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true, finish: options.finish === true, reverse: options.reverse === true }),
});
