// The one way text for people is broken into lines (help, notices, warnings and errors on stderr,
// plan and change lines, table cells, timelines): between words at spaces (never at a no-break
// space), never inside a figure — a change such as `675.00 → 742.50 (+10.0%)` is one unit, a
// figure with its sign, decimals and percent stays whole, a quantity with the word it counts
// (`40 × White`). Only a word (or a figure) wider than the
// whole line is split, and only then: between characters, so nothing is ever cut. How wide a text
// is, is the caller's measure (output/width.ts's textWidth, in display columns): this module
// imports no width tables, so stderr can wrap a plain line without loading them.

import { VISIBLE_CONTROL } from '../common/sanitize.js';

export type Measure = (text: string) => number;

/** A figure: a sign, a currency, digits with their separators and decimals, a percent, in brackets or before punctuation. */
const FIGURE = /^[([]?[+\-\u2212]?[$\u20ac\u00a3\u00a5]?\d[\d,.]*%?[)\],;:.]?$/;
/** The change that follows a figure: `(+10.0%)`, `(-2.5%),`. */
const PERCENT_CHANGE = /^\([+\-\u2212]?\d[\d,.]*%\)[,;:.]?$/;
/** The arrow of a change (written as an escape: the bundle is ASCII). */
const ARROW = '\u2192';
/** The times sign of a quantity: `40 × White Folding Chair` keeps `40 × White` together. */
const TIMES = '\u00d7';

interface Unit {
  words: string[];
  /** It ends with an arrow: the figure after it belongs to it. */
  open: boolean;
}

/** The words as units that are never broken: `675.00 → 742.50 (+10.0%)`, `40 × White`, every other word alone. */
export function units(words: readonly string[]): string[][] {
  const out: Unit[] = [];
  for (const word of words) {
    const last = out[out.length - 1];
    const lastWord = last?.words[last.words.length - 1];
    const afterFigure = lastWord !== undefined && FIGURE.test(lastWord);
    const joins = last !== undefined && (last.open || ((word === ARROW || word === TIMES) && afterFigure) || (PERCENT_CHANGE.test(word) && afterFigure));
    if (joins && (!last.open || lastWord === TIMES || FIGURE.test(word))) {
      last.words.push(word);
      last.open = word === ARROW || word === TIMES;
    } else out.push({ words: [word], open: false });
  }
  return out.map((unit) => unit.words);
}

/** The text as lines of at most `width` columns (at least one line; `width` < 1 counts as 1). */
export function wrapWords(text: string, width: number, measure: Measure): string[] {
  const limit = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const place = (piece: string, w: number): void => {
    if (used > 0 && used + 1 + w <= limit) {
      line += ` ${piece}`;
      used += 1 + w;
      return;
    }
    if (used > 0) lines.push(line);
    if (w <= limit) {
      line = piece;
      used = w;
      return;
    }
    const pieces = splitWord(piece, limit, measure);
    lines.push(...pieces.slice(0, -1));
    line = pieces[pieces.length - 1]!;
    used = measure(line);
  };
  for (const unit of units(text.split(/[ \t\n\r]+/).filter((w) => w !== ''))) {
    const whole = unit.join(' ');
    const w = measure(whole);
    // A unit wider than a whole line is the one thing broken: at its own spaces first.
    if (w > limit && unit.length > 1) for (const word of unit) place(word, measure(word));
    else place(whole, w);
  }
  lines.push(line);
  return lines;
}

let segmenter: Intl.Segmenter | undefined;

/** A control character's visible escape (`\x1b`, `\u202e`, `\t`: sanitize.ts), kept whole when a word is split. */
const VISIBLE_ESCAPE = new RegExp(`(${VISIBLE_CONTROL.source})`);

/** The word's characters, each visible escape one piece (unless it alone is wider than the line). */
function segments(word: string, width: number, measure: Measure): string[] {
  const graphemes = (text: string) => [...(segmenter ??= new Intl.Segmenter()).segment(text)].map((s) => s.segment);
  // split with a group: the escapes at the odd places.
  return word.split(VISIBLE_ESCAPE).flatMap((part, i) => (i % 2 === 1 && measure(part) <= width ? [part] : graphemes(part)));
}

/** A word too wide for a line, in pieces of at most `width` columns (never inside a character, nor inside a visible escape). */
function splitWord(word: string, width: number, measure: Measure): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const segment of segments(word, width, measure)) {
    const w = measure(segment);
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
