// Help as a person reads it: wrapped to the terminal's width (80 columns when it is unknown or
// piped) — commander wraps its own sections, the lines it does not (the root's exit codes and
// environment, a command's own text) are wrapped here under their text, examples excepted (they
// stay whole, to paste as they are) — collected while
// commander writes it, then shown through the pager at a terminal (as git and gh page long
// output; `less -FRX` quits at once when it fits one screen).

import type { Context } from './context.js';
import { pagerCommand } from './pager.js';
import type { RunState } from './registry/spec.js';

/** The width help is wrapped to: the terminal's, else 80 (commander's own sections; piped, the other lines stay whole for grep). */
export function helpWidth(ctx: Context): number {
  return ctx.term.stdoutIsTTY && ctx.term.columns > 0 ? ctx.term.columns : 80;
}

/** Writes the help the run collected: through the pager at a terminal (not with --no-pager), else to stdout. */
export async function showHelp(state: RunState, ctx: Context, argv: readonly string[]): Promise<void> {
  const collected = state.help;
  if (collected === undefined || collected === '') return;
  state.help = undefined;
  const text = ctx.term.stdoutIsTTY ? await fitted(collected, helpWidth(ctx)) : collected;
  const command = ctx.term.stdoutIsTTY && !argv.includes('--no-pager') && ctx.startPager ? pagerCommand(ctx.env) : undefined;
  if (command === undefined) {
    ctx.term.stdout.write(text);
    return;
  }
  const pager = await ctx.startPager!(command, ctx.env);
  pager.input.end(text);
  await pager.closed;
}

/**
 * Each line wider than `width` wrapped: `  term   text` with its text's continuation under the
 * text's start, another line under its own indent. The wrapper (string widths) loads only then.
 */
export async function fitted(text: string, width: number): Promise<string> {
  const lines = text.split('\n');
  if (lines.every((line) => line.length <= width)) return text;
  const { hangingLines, wrapText } = await import('../output/wrap.js');
  const { textWidth } = await import('../output/width.js');
  return lines
    .flatMap((line) => {
      if (textWidth(line) <= width) return [line];
      // An example stays whole: it pastes as it is.
      if (/^\s*\$ /.test(line)) return [line];
      const term = /^(\s*\S.*?\s{2,})(\S.*)$/.exec(line);
      if (term && textWidth(term[1]!) < width / 2) return hangingLines(term[1]!, textWidth(term[1]!), term[2]!, width);
      const indent = /^\s*/.exec(line)![0];
      return wrapText(line.trim(), width - indent.length).map((piece) => `${indent}${piece}`);
    })
    .join('\n');
}

