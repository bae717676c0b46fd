// Turning records into rows of cells, and rows into tsv/csv text. Pure functions.

import { BIDI_CLASS, escapeControl, escapeJsonControl } from '../common/sanitize.js';
import { neutraliseFormula } from '../common/spreadsheet.js';

export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv' | 'tsv';
export const OUTPUT_FORMATS: OutputFormat[] = ['table', 'json', 'ndjson', 'csv', 'tsv'];

export type Row = Record<string, unknown>;

/** A cell's text for machine formats: null → empty, booleans → true/false, objects → JSON. */
function machineText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A TSV field, for scripts: the value as it is, its control characters as visible escapes (a TAB
 * or line break inside a value can never split a field or a row: `cut -f` and `while read` keep
 * working) and its backslashes doubled, so that each escape reads back as one character (`\\t`
 * is a backslash and a t, `\t` a TAB), as PostgreSQL's text format has it. No formula guard: a
 * name that starts with `=` is printed so (csv is for spreadsheets).
 */
function tsvCell(value: unknown): string {
  return escapeControl(machineText(value).replace(/\\/g, '\\\\'));
}

/** A cell for people: yes/no, datetimes without seconds noise, nothing for null. */
export function humanCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    const datetime = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00$/.exec(value);
    if (datetime) return datetime[2] === '00:00' ? datetime[1]! : `${datetime[1]} ${datetime[2]}`;
    // Line breaks stay for the table to fold into spaces; every other control is shown escaped.
    return escapeControl(value, 'newline');
  }
  if (typeof value === 'object') return escapeControl(JSON.stringify(value));
  return String(value);
}

/** A flag for people where only its `true` says something (a quote, an event that continues): `yes`, else nothing. */
export function shownWhenTrue(value: unknown): string {
  return value === true ? 'yes' : '';
}

/** Tab-separated: one row per line, one field per tab. */
export function tsvLine(row: Row, columns: string[]): string {
  return columns.map((c) => tsvCell(row[c])).join('\t');
}

/**
 * How a csv is written for a spreadsheet in some locale (`--for-spreadsheet`, `--locale de`): its
 * field separator and decimal mark (`;` and `,` where the comma is the decimal mark, as the
 * spreadsheet expects there), and a UTF-8 byte order mark, by which Excel and LibreOffice know
 * the encoding (without it they may read UTF-8 as Windows-1252: `Café` as `CafÃ©`).
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
  bom: boolean;
}

/** What `-o csv` writes by default: RFC 4180 with the API's numbers, what `import` reads back. */
export const PLAIN_CSV: CsvDialect = { separator: ',', decimal: '.', bom: false };

/** A character that makes a CSV cell quoted: separators, quotes, line breaks, and every other control or bidi character. */
const CSV_QUOTED = new RegExp(`[",;\\u0000-\\u001f\\u007f-\\u009f${BIDI_CLASS}]|^\\s|\\s$`);

/**
 * RFC 4180, exact: a cell holding a separator, a quote, a line break or any other control
 * character is quoted, with those characters raw inside the quotes (doubled quotes), so that
 * `import` reads back the very value; formulas neutralised (import takes that `'` off again).
 */
export function csvCell(value: unknown, dialect: CsvDialect = PLAIN_CSV): string {
  if (typeof value === 'number' && dialect.decimal === ',') return String(value).replace('.', ',');
  const text = neutraliseFormula(machineText(value));
  return CSV_QUOTED.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(row: Row, columns: string[], dialect: CsvDialect = PLAIN_CSV): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) line += (i === 0 ? '' : dialect.separator) + csvCell(row[columns[i]!], dialect);
  return line;
}

export function pickFields(row: Row, columns: string[]): Row {
  const out: Row = {};
  for (const c of columns) out[c] = row[c] ?? null;
  return out;
}

/** An ndjson line: the row (its `columns` only, when --fields picked them), control characters escaped as in every JSON we print. */
export function ndjsonLine(row: Row, columns?: string[]): string {
  return escapeJsonControl(JSON.stringify(columns ? pickFields(row, columns) : row));
}

/** The csv header line (without its newline), after the byte order mark the dialect asks for. */
export function csvHeader(columns: readonly string[], dialect: CsvDialect = PLAIN_CSV): string {
  return (dialect.bom ? '\ufeff' : '') + columns.map((c) => csvCell(c, dialect)).join(dialect.separator);
}
