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
