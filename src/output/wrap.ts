// Text wrapped to a terminal's width, measured in display columns (textWidth): lines break at
// spaces (not no-break spaces); a word wider than the line is split between characters, so nothing is ever cut.

import { textWidth } from './width.js';

let segmenter: Intl.Segmenter | undefined;

/** The text as lines of at most `width` columns (at least one line; `width` < 1 counts as 1). */
export function wrapText(text: string, width: number): string[] {
  const limit = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  let used = 0;
  // Lines break at spaces, never at a no-break space (U+00A0 keeps a label with its value).
  for (const word of text.split(/[ \t\n\r]+/).filter((w) => w !== '')) {
    const w = textWidth(word);
    if (used > 0 && used + 1 + w <= limit) {
      line += ` ${word}`;
      used += 1 + w;
      continue;
    }
    if (used > 0) lines.push(line);
    if (w <= limit) {
      line = word;
      used = w;
      continue;
    }
    const pieces = splitWord(word, limit);
    lines.push(...pieces.slice(0, -1));
    line = pieces[pieces.length - 1]!;
    used = textWidth(line);
  }
  lines.push(line);
  return lines;
}

/** A word too wide for a line, in pieces of at most `width` columns (never inside a character). */
function splitWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const { segment } of (segmenter ??= new Intl.Segmenter()).segment(word)) {
    const w = textWidth(segment);
    if (used + w > width && piece !== '') {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += segment;
    used += w;
  }
  pieces.push(piece);
  return pieces;
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
