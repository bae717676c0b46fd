// Help as a person reads it: wrapped between words to the terminal's width (80 columns when it is
// unknown or piped) by the one wrapping function of the tool (output/wrap.ts), every line of it:
// an item's text under its text, a paragraph under its indent, examples excepted (they stay whole,
// to paste as they are). Collected while commander writes it (unwrapped: program.ts formatHelp),
// then shown through the pager at a terminal (as git and gh page long output; `less -FRX` quits
// at once when it fits one screen).

import type { Context } from './context.js';
import { pagerCommand } from './pager.js';
import type { RunState } from './registry/spec.js';

/** The width help is wrapped to: the terminal's, else 80. */
export function helpWidth(ctx: Context): number {
  return ctx.term.stdoutIsTTY && ctx.term.columns > 0 ? ctx.term.columns : 80;
}

/** Writes the help the run collected: through the pager at a terminal (not with --no-pager), else to stdout. */
export async function showHelp(state: RunState, ctx: Context, argv: readonly string[]): Promise<void> {
  const collected = state.help;
  if (collected === undefined || collected === '') return;
  state.help = undefined;
  const text = await fitted(collected, helpWidth(ctx));
  const command = ctx.term.stdoutIsTTY && !argv.includes('--no-pager') && ctx.startPager ? pagerCommand(ctx.env) : undefined;
  if (command === undefined) {
    ctx.term.stdout.write(text);
    return;
  }
  const pager = await ctx.startPager!(command, ctx.env);
  pager.input.end(text);
  await pager.closed;
}

/** `  term   text`: the term with the spaces after it, and the text. */
const TERM_LINE = /^(\s*\S.*?\s{2,})(\S.*)$/;

/**
 * The column a line's text goes on at on the next line: under the text of `  term   text`, else
 * under its own indent.
 */
function hangColumn(line: string): number {
  const term = TERM_LINE.exec(line);
  return term ? term[1]!.length : /^\s*/.exec(line)![0].length;
}

/**
 * A paragraph's lines as one: a line continues the one before when it goes on with the sentence
 * (it starts with a small letter, a backtick or a bracket, or the one before ends with a comma or
 * a semicolon), that one introduces no list (it does not end with a colon) and is no example, and
 * it stands where that one's text goes on: at the margin under a line at the margin, or indented
 * under the text of `  term   text` or of an indented line. Headings stay as they are.
 */
function paragraphs(lines: readonly string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const last = joined[joined.length - 1];
    if (last === undefined || line.trim() === '' || /^\s*\$ /.test(last) || /:$/.test(last.trimEnd())) {
      joined.push(line);
      continue;
    }
    const midSentence = /^\s*[a-z`(]/.test(line) || /[,;]$/.test(last.trimEnd());
    const indent = /^\s*/.exec(line)![0].length;
    const under = indent === 0 ? /^\S/.test(last) : indent === hangColumn(last) && !TERM_LINE.test(line);
    if (midSentence && under) joined[joined.length - 1] = `${last.trimEnd()} ${line.trim()}`;
    else joined.push(line);
  }
  return joined;
}

/**
 * The text as lines of at most `width` columns, broken between words: a paragraph filled (its
 * source line breaks are not the reader's), `  term   text` with its text's continuation under the
 * text's start, another line under its own indent. The wrapper (string widths) loads only then.
 */
export async function fitted(text: string, width: number): Promise<string> {
  const lines = paragraphs(text.split('\n'));
  if (lines.every((line) => line.length <= width)) return lines.join('\n');
  const { hangingLines, wrapText } = await import('../output/wrap.js');
  const { textWidth } = await import('../output/width.js');
  return lines
    .flatMap((line) => {
      if (textWidth(line) <= width) return [line];
      // An example stays whole: it pastes as it is.
      if (/^\s*\$ /.test(line)) return [line];
      // `  --flag <v>  text`: the text wrapped under its start (under a term too wide for that, on lines of its own).
      const term = /^(\s*\S.*?\s{2,})(\S.*)$/.exec(line);
      if (term && textWidth(term[1]!) < width) return hangingLines(term[1]!, textWidth(term[1]!), term[2]!, width);
      const indent = /^\s*/.exec(line)![0];
      return wrapText(line.trim(), width - indent.length).map((piece) => `${indent}${piece}`);
    })
    .join('\n');
}

