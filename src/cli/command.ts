// The glue between commander and a command's run function: builds the Session from the
// global flags, runs the handler, records its exit code. Handlers never see commander.

import type { Command } from 'commander';
import type { Context } from './context.js';
import { type GlobalOptions, Session } from './session.js';

export type OptionValues = Record<string, unknown>;

/** A run function: gets the session, this command's options and its positional arguments. */
export type Handler = (session: Session, options: OptionValues, args: string[]) => Promise<number | void>;

/** Shared between main() and the actions: the exit code a handler chose. */
export interface RunState {
  exitCode: number;
}

export interface Registrar {
  ctx: Context;
  state: RunState;
}

export function action(reg: Registrar, handler: Handler): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const positionals = args.slice(0, -2).flatMap((a) => (Array.isArray(a) ? a.map(String) : a === undefined ? [] : [String(a)]));
    const session = await Session.create(reg.ctx, command.optsWithGlobals<GlobalOptions>());
    try {
      const code = await handler(session, command.opts(), positionals);
      if (typeof code === 'number') reg.state.exitCode = code;
    } finally {
      session.close();
    }
  };
}

/** `Examples:` help text in the style of gh. */
export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}
