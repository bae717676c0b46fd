// A noun of the resource table with its indefinite article, by its first letter (the table's
// nouns: "an item", "an event", "a booking"), the one way help and messages say it.

/** `an item`, `a booking`. */
export function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
