// Text for people, one way each: the one truncation (at most `max` characters, code points, so an
// emoji is never cut in half, the last one an ellipsis when the text was longer; display width is
// the output layer's concern), and a noun of the resource table with its indefinite article.

export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join('')}…` : text;
}

/** `an item`, `a booking`: by the noun's first letter (the table's nouns). */
export function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/**
 * The lines of text whose line breaks are its lines (a contact, a note): split at each line feed
 * (a CRLF is one line break, a lone CR is not one), each line without its trailing spaces, the
 * blank ones left out.
 */
export function textLinesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
}
