// The pager for long output at a terminal, as git and gh do it: RENTALS_PAGER, then PAGER, else
// `less -FRX` (quit at once when the output fits one screen, keep colours, leave the screen as
// it is). `--no-pager`, an empty or `cat` pager, or a stdout that is no terminal: none.

import type { Writable } from 'node:stream';

export const DEFAULT_PAGER = 'less -FRX';

/** A running pager: what is written to `input` is shown; `closed` settles when it exits. */
export interface Pager {
  input: Writable;
  closed: Promise<void>;
}

/** The pager command the environment chooses, or undefined for none. */
export function pagerCommand(env: Record<string, string | undefined>): string | undefined {
  const chosen = env.RENTALS_PAGER ?? env.PAGER ?? DEFAULT_PAGER;
  const command = chosen.trim();
  return command === '' || command === 'cat' ? undefined : command;
}

/**
 * Starts `command` through the shell with the terminal as its stdout and stderr. `less` (when the
 * user's PAGER is a bare `less`) gets git's defaults in LESS and LV, unless they are set.
 */
export async function spawnPager(command: string, env: Record<string, string | undefined>): Promise<Pager> {
  const { spawn } = await import('node:child_process');
  const child = spawn(command, { shell: true, stdio: ['pipe', 'inherit', 'inherit'], env: { LESS: 'FRX', LV: '-c', ...env } });
  // The user quitting the pager before the end is no error: what is left is not shown.
  child.stdin.on('error', () => {});
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  return { input: child.stdin, closed };
}
