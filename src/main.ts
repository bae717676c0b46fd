// Entry point: main(argv, context) returns an exit code; bin/rentals.js only calls run().

import { CommanderError } from 'commander';
import { DeclinedError, ExitCode, OutputFailure, UsageError, ValidationError } from './errors.js';
import { exitCodeFor, isExpected } from './cli/exit-codes.js';
import type { RunState } from './cli/registry/spec.js';
import type { Context } from './cli/context.js';
import { buildProgram } from './cli/program.js';
import { showHelp } from './cli/help-output.js';
import { debugFromEnv } from './cli/session/settings.js';
import { forPeopleContext, peopleStreamsSettled } from './cli/people-streams.js';
import { putHeapFlagsBack } from './common/heap.js';
import { noteGivenDescriptors } from './common/descriptors.js';

export async function main(argv: string[], given: Context): Promise<number> {
  const state: RunState = { exitCode: ExitCode.ok };
  const ctx: Context = { ...forPeopleContext(given), argv: given.argv ?? argv, main };
  try {
    const program = await buildProgram({ ctx, state }, argv);
    await program.parseAsync(argv, { from: 'user' });
    return state.exitCode;
  } catch (error) {
    return report(error, ctx, argv.includes('--debug') || debugFromEnv(ctx.env));
  } finally {
    putHeapFlagsBack();
    await showHelp(state, ctx, argv);
    await peopleStreamsSettled(ctx);
  }
}

function report(error: unknown, ctx: Context, debug: boolean): number {
  if (error instanceof CommanderError) {
    // commander has already printed its message; help and version are not errors.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
    // `rentals help events` asked for help: not an error (bare `rentals` shows it with exit code 1 → 2).
    if (error.code === 'commander.help' && error.exitCode === 0) return ExitCode.ok;
    return ExitCode.usage;
  }
  const stderr = ctx.term.stderr;
  if (error instanceof OutputFailure) return reportOutputFailure(error, ctx, debug);
  if (error instanceof DeclinedError) {
    stderr.write(`${error.message}\n`); // an answer, not an error
    return exitCodeFor(error);
  }
  if (isExpected(error)) {
    const hint = error instanceof ValidationError ? '\nNothing was sent.' : '';
    stderr.write(`error: ${error.message}${hint}\n`);
    if (debug && error.stack) stderr.write(`${error.stack}\n`);
    return exitCodeFor(error);
  }
  const message = error instanceof Error ? error.message : String(error);
  stderr.write(`error: ${message}\n`);
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  else stderr.write('(unexpected error; run again with --debug for details)\n');
  return ExitCode.error;
}

/**
 * The command ran but its output could not be printed. After a write the changes stand: exit 1
 * (not 2, "nothing was sent": a script retrying on it would write twice), with the entry that
 * takes them back. Without one, a --jq that failed on the data is a usage error, as it was given;
 * a stdout that failed, an error of its own.
 */
function reportOutputFailure(error: OutputFailure, ctx: Context, debug: boolean): number {
  const stderr = ctx.term.stderr;
  if (debug && error.stack) stderr.write(`${error.stack}\n`);
  if (error.written) {
    const { entry, unrecorded } = error.written;
    const undo =
      entry !== undefined
        ? `\nrentals undo ${entry} takes it back.`
        : unrecorded
          ? '\nIt is not in the history (rentals api writes are not recorded), so rentals undo cannot take it back.'
          : '';
    stderr.write(`error: the changes were made, but their output could not be printed: ${error.reason}${undo}\n`);
    return ExitCode.error;
  }
  if (error.source === 'jq') return report(new UsageError(error.reason), ctx, false);
  stderr.write(`error: cannot write to standard output: ${error.reason}\n`);
  return ExitCode.error;
}

export function run(): void {
  // `rentals … | head -1` closes the pipe early: that is not an error. Any other failure of stdout
  // (ENOSPC, EIO) is the printer's to report, as an OutputFailure; one that came when nothing was
  // printing (help, a late flush) is said here, once the run has ended.
  // A command that knew a failing exit code before printing (check's problems, a refusal) runs to
  // its end instead: its messages reach stderr and it ends with that code (the printer writes
  // nothing more to the closed stdout).
  // The descriptors this command was given (`--out /dev/fd/3` with `3>> log`), before it opens any:
  // noted when an argument may name one.
  if (process.argv.some((arg) => arg.includes('/dev/') || arg.includes('/proc/'))) noteGivenDescriptors();
  let failed: Error | undefined;
  let known: number | undefined;
  // A reader of stderr that has gone (`2>&1 | head -2`): what was left to say is lost, nothing
  // remains to say it on, and the exit code stays the command's.
  process.stderr.on('error', () => undefined);
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      if (process.exitCode === undefined && (known === undefined || known === ExitCode.ok)) process.exit(0);
      return;
    }
    failed ??= error;
  });
  void (async () => {
    const { processContext } = await import('./cli/context.js');
    const code = await main(process.argv.slice(2), { ...(await processContext()), exitCodeKnown: (exitCode) => (known = exitCode) });
    process.exitCode = code;
    // The last writes reach stdout, or their error is emitted (a tick or two after a failed write).
    await new Promise<void>((resolve) => process.stdout.write('', () => setImmediate(resolve)));
    if (failed && code === ExitCode.ok) {
      process.stderr.write(`error: cannot write to standard output: ${failed.message}\n`);
      process.exitCode = ExitCode.error;
    }
  })();
}
