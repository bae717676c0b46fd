// The programs of the terminal tests: tmux (a real terminal, for the layouts and the interactive
// bash completion), zsh and fish (their completion). Missing, those tests are skipped loudly;
// RENTALS_TERMINAL_TESTS=required (as .ci/run sets it) makes that a failure.

import { spawnSync } from 'node:child_process';

export const TERMINAL_TESTS_REQUIRED = process.env.RENTALS_TERMINAL_TESTS === 'required';

/** Whether `program` runs here, said loudly (naming the tests skipped) when it does not. */
export function terminalProgram(program: 'tmux' | 'zsh' | 'fish', tests: string): boolean {
  const args = program === 'tmux' ? ['-V'] : ['-c', 'exit 0'];
  const installed = spawnSync(program, args, { stdio: 'ignore' }).status === 0;
  if (!installed && !TERMINAL_TESTS_REQUIRED) console.warn(`\n!!! ${program} is not installed: ${tests} are SKIPPED. Install it: apt-get install -y ${program} !!!\n`);
  return installed;
}
