// Text wrapped to a terminal's width, measured in display columns (textWidth): the one wrapping
// of the tool (wrap-words.ts: between words, a figure never split, only a word wider than the
// line split between characters, so nothing is ever cut), with a hanging indent where a text has a lead.

import { textWidth } from './width.js';
import { wrapWords } from './wrap-words.js';

/** The text as lines of at most `width` columns (at least one line; `width` < 1 counts as 1). */
export function wrapText(text: string, width: number): string[] {
  return wrapWords(text, width, textWidth);
}

/** The fewest columns hangingLines wraps a text in beside its lead; with less, the text goes under the lead, further left. */
const MIN_HANGING_ROOM = 20;

/** Whether a text has room to wrap beside a lead of `leadWidth` columns at `width` (else it goes under the lead). */
export function fitsBeside(leadWidth: number, width: number): boolean {
  return width - leadWidth >= Math.min(MIN_HANGING_ROOM, width);
}

/**
 * `lead` then `text` wrapped to `width`, the following lines indented under the text (a hanging
 * indent). `leadWidth`: the columns the lead takes with its padding. A width of 0 (unknown): one line.
 */
export function hangingLines(lead: string, leadWidth: number, text: string, width: number): string[] {
  const indent = ' '.repeat(leadWidth);
  if (width <= 0) return [`${lead}${text}`.trimEnd()];
  const beside = fitsBeside(leadWidth, width);
  const room = beside ? width - leadWidth : Math.min(MIN_HANGING_ROOM, width);
  const lines = wrapText(text, room);
  if (!beside) return [...(lead.trim() === '' ? [] : [lead.trimEnd()]), ...lines.map((l) => `${indent.slice(0, width - room)}${l}`)];
  return lines.map((l, i) => `${i === 0 ? lead : indent}${l}`.trimEnd());
}

/**
 * Lines for people (notices, warnings, errors) wrapped between words to `width`, an indented
 * line's continuation two columns further in; a line that redraws itself (a progress line's CR,
 * a colour), a command to copy (`rentals …`) and a last line without its newline (a question) are
 * left as they are.
 */
export function wrapPeopleLines(text: string, width: number): string {
  const parts = text.split('\n');
  const last = parts.pop()!;
  const wrapped = parts.map((line) => {
    if (/[\r\u001b\u0000]/.test(line) || line.trim() === '' || textWidth(line) <= width) return line;
    // A command to copy (a way out of a refusal, a hint) stays whole: it pastes as it is.
    if (/^\s*(\$ )?rentals /.test(line)) return line;
    const indent = /^ */.exec(line)![0];
    const under = indent === '' ? '' : `${indent}  `;
    const [first, ...rest] = wrapText(line.slice(indent.length), width - under.length);
    return [`${indent}${first}`, ...rest.map((piece) => `${under}${piece}`)].join('\n');
  });
  return [...wrapped, last].join('\n');
}
