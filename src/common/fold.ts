// Names as people type them: "harper-nguyen wedding" for "Harper–Nguyen Wedding", "cafe" for
// "Café", 'O'Brien' for "O’Brien". A name folded here compares equal to every spelling that
// differs only in case, accents, the style of its dashes or quotes, or its runs of spaces.

/** Hyphens, en and em dashes, the minus sign and their full-width and small forms. */
const DASHES = /[\u2010-\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d]/g;
/** Curly, low and prime single quotes, the acute accent and the backtick written for an apostrophe. */
const SINGLE_QUOTES = /[\u2018-\u201b\u2032\u00b4\u0060\uff07]/g;
/** Curly, low and prime double quotes and guillemets. */
const DOUBLE_QUOTES = /[\u201c-\u201f\u2033\u00ab\u00bb\uff02]/g;
/** Combining marks: what NFKD leaves of an accent. Made at the first fold: a Unicode property costs every start that loads this module (~30 µs). */
let marks: RegExp | undefined;

/** `name` compared as people mean it: no accents, one dash, one of each quote, lower case, single spaces. */
export function foldName(name: string): string {
  marks ??= new RegExp('\\p{M}', 'gu');
  return name
    .normalize('NFKD')
    .replace(marks, '')
    .replace(DASHES, '-')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
