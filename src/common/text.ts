// Text for people, one way each: the one truncation (at most `max` characters, code points, so an
// emoji is never cut in half, the last one an ellipsis when the text was longer; display width is
// the output layer's concern), a noun of the resource table with its indefinite article, and a
// record's text as shown (trimmed, none when blank) and its lines.

export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join('')}…` : text;
}

/** `Customer name`, `customer-name`, `customerName` → `customername`: a name as people write it, its case, spaces, dashes and underscores aside. */
export function foldedName(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

/** `an item`, `a booking`: by the noun's first letter (the table's nouns). */
export function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** A text value of a record as it is shown (the event sheet, the customer's page): trimmed; undefined when it is no string or blank, so that its row is left out. */
export function shownText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
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
