// How many terminal columns a text takes: wide characters (CJK, emoji) count 2, combining marks
// and escape sequences 0. Tables, plan lines and truncation all measure with this one function,
// so column widths and cut points never disagree. Printable ASCII takes a fast path.

import stringWidth from 'string-width';

const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;
let segmenter: Intl.Segmenter | undefined;

export function textWidth(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);
}

/** The text cut to at most `width` columns, ending in "…" when cut; never splits a character. */
export function truncateToWidth(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  if (width <= 0) return '';
  if (PRINTABLE_ASCII.test(text)) return `${text.slice(0, width - 1)}…`;
  segmenter ??= new Intl.Segmenter();
  let kept = '';
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const w = stringWidth(segment);
    if (used + w > width - 1) break;
    kept += segment;
    used += w;
  }
  return `${kept}…`;
}

/** The text followed by spaces up to `width` columns (never cut). */
export function padToWidth(text: string, width: number, measured = textWidth(text)): string {
  return measured >= width ? text : text + ' '.repeat(width - measured);
}
