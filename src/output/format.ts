// Turning records into rows of cells, and rows into tsv/csv text. Pure functions.

import { stripControl } from '../common/sanitize.js';

export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv' | 'tsv';
export const OUTPUT_FORMATS: OutputFormat[] = ['table', 'json', 'ndjson', 'csv', 'tsv'];

export type Row = Record<string, unknown>;

/** A cell for machine formats: null → empty, booleans → true/false, objects → JSON. */
export function machineCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return stripControl(String(value));
}

/** A cell for people: yes/no, datetimes without seconds noise, nothing for null. */
export function humanCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    const datetime = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00$/.exec(value);
    if (datetime) return datetime[2] === '00:00' ? datetime[1]! : `${datetime[1]} ${datetime[2]}`;
    return stripControl(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Tab-separated, no header: tabs and newlines inside values become spaces so `cut -f` works. */
export function tsvLine(row: Row, columns: string[]): string {
  return columns.map((c) => machineCell(row[c]).replace(/[\t\r\n]+/g, ' ')).join('\t');
}

/** RFC 4180: quote a cell that holds a comma, quote, CR or LF (or leading/trailing space). */
function csvCell(value: unknown): string {
  const text = machineCell(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(row: Row, columns: string[]): string {
  return columns.map((c) => csvCell(row[c])).join(',');
}

export function pickFields(row: Row, columns: string[]): Row {
  const out: Row = {};
  for (const c of columns) out[c] = row[c] ?? null;
  return out;
}
