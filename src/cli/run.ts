// One run of a command: its parts made in order from the global flags and the context — the
// settings (resolved once), the output (the format checked before any request), then the factory
// its use cases draw on — and ended once: what the printer holds shown, the terminal given back,
// the client and the history entry closed.

import type { Context } from './context.js';
import { OutputFailure } from '../errors.js';
import { type RunFactory, buildFactory } from './factory/index.js';
import type { GlobalOptions } from './global-flags.js';
import { RunOutput } from './session/output.js';
import { RunSettings } from './session/settings.js';

export interface Run {
  settings: RunSettings;
  output: RunOutput;
  factory: RunFactory;
}

/** `createsProfile`: the command writes the profile (auth login, config set), so a new name is no mistake. */
export async function startRun(ctx: Context, globals: GlobalOptions, options: { createsProfile?: boolean } = {}): Promise<Run> {
  const settings = await RunSettings.resolve(ctx, globals, options);
  const output = await RunOutput.create(ctx, settings.globals, settings.settings, () => settings.documentSettings().currency);
  settings.showWarnings();
  const factory = buildFactory({ ctx: output.asking(ctx), settings, output });
  return { settings, output, factory };
}

/** Runs `body` in a run of its own, ended whatever happens. */
export async function withRun<T>(ctx: Context, globals: GlobalOptions, options: { createsProfile?: boolean }, body: (run: Run) => Promise<T>): Promise<T> {
  const run = await startRun(ctx, globals, options);
  let printed = false;
  try {
    const result = await body(run);
    await run.output.printer.finish();
    printed = true;
    return result;
  } catch (error) {
    // Printing failed: whether the run had written decides what that means (main.ts reports it).
    if (error instanceof OutputFailure) error.written = run.factory.written();
    throw error;
  } finally {
    await run.output.printer.releaseTerminal();
    await run.output.settle(printed);
    run.factory.close();
  }
}
