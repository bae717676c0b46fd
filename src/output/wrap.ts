// Text wrapped to a terminal's width, measured in display columns (textWidth): the one wrapping
// of the tool (wrap-words.ts: between words, a figure never split, only a word wider than the
// line split between characters, so nothing is ever cut), with a hanging indent where a text has a lead.

import { textWidth } from './width.js';
import { wrapWords } from './wrap-words.js';

/** The text as lines of at most `width` columns (at least one line; `width` < 1 counts as 1). */
export function wrapText(text: string, width: number): string[] {
  return wrapWords(text, width, textWidth);
}

/**
 * `lead` then `text` wrapped to `width`, the following lines indented under the text (a hanging
 * indent). `leadWidth`: the columns the lead takes with its padding. A width of 0 (unknown): one line.
 */
export function hangingLines(lead: string, leadWidth: number, text: string, width: number): string[] {
  const indent = ' '.repeat(leadWidth);
  if (width <= 0) return [`${lead}${text}`.trimEnd()];
  const room = Math.max(width - leadWidth, Math.min(20, width));
  const lines = wrapText(text, room);
  if (room !== width - leadWidth) return [...(lead.trim() === '' ? [] : [lead.trimEnd()]), ...lines.map((l) => `${indent.slice(0, width - room)}${l}`)];
  return lines.map((l, i) => `${i === 0 ? lead : indent}${l}`.trimEnd());
}
