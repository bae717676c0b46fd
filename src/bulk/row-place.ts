// Where a row comes from in its input: its line and, when several rows share a line (a one-line
// JSON array, several JSON values on one line), its index there. Together they are the row's
// identity in plans and reports: --resume, --undo and apply key rows by it, never by line alone.

export interface RowPlace {
  /** 1-based input line (or ordinal, for adjust). */
  line: number;
  /** JSON: the record's index in the array or line that holds it; absent when the line holds one row. */
  index?: number;
}

/** A map key: `14`, or `1[2]` for the third row of line 1. */
export function rowKey(row: RowPlace): string {
  return row.index === undefined ? String(row.line) : `${row.line}[${row.index}]`;
}

/** Input order: by line, then by index (a row without one first). */
export function compareRows(a: RowPlace, b: RowPlace): number {
  return a.line - b.line || (a.index ?? -1) - (b.index ?? -1);
}

/** For people: `14`, `1 [2]` (aligned in a column of lines). */
export function placeText(row: RowPlace): string {
  return row.index === undefined ? String(row.line) : `${row.line} [${row.index}]`;
}

/** For people: `line 14`, `line 1 [2]`. */
export function rowName(row: RowPlace): string {
  return `line ${placeText(row)}`;
}

/** `{ line }` or `{ line, index }`: a place with no `index` key when there is none (JSON output stays as it was). */
export function placeOf(row: RowPlace): RowPlace {
  return row.index === undefined ? { line: row.line } : { line: row.line, index: row.index };
}
