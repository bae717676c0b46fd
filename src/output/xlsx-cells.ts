// One row of a sheet as SpreadsheetML, each cell typed: text as text (an inline string in a
// text-formatted cell, so `007` stays `007` and `=x` is never a formula), numbers as numbers
// (money with its number format), flags as booleans, the API's wall-clock datetimes as dates.

import { Style } from './xlsx-parts.js';

/** `A`, `Z`, `AA`…: the letters of a 0-based column. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Text as XML character data: `& < >` escaped; what XML 1.0 cannot hold (C0 controls but TAB and
 * LF, lone surrogates) and CR (which XML turns into LF) as OOXML's `_xHHHH_`, and an `_x` that
 * looks like one escaped itself (`_x005F_`), so that a spreadsheet reads back the very text.
 */
export function xmlText(text: string): string {
  return text.replace(/[&<>]|_(?=x[0-9A-Fa-f]{4}_)|[\u0000-\u0008\u000b-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (char) => {
    if (char === '&') return '&amp;';
    if (char === '<') return '&lt;';
    if (char === '>') return '&gt;';
    return `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
  });
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** A datetime as every record is normalised to (src/schemas/values.ts). */
const API_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** A wall-clock `2026-06-12T14:00:00` as a spreadsheet's serial day (days since 1899-12-30); undefined for other text. */
export function serialDay(text: string): { serial: number; timeOfDay: boolean } | undefined {
  const m = DATETIME.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms) || Number(y) < 1900) return undefined;
  return { serial: ms / 86_400_000 + 25_569, timeOfDay: Number(h) !== 0 || Number(mi) !== 0 || Number(s) !== 0 };
}

/** What a column's cells are beyond their values (views.ts's ColumnKinds, and money). */
export type CellKind = 'money' | 'datetime' | 'time' | 'id' | undefined;

const CLOCK = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A value its column's kind reads as a number: a day or time written for people, an id written as text. */
function kindNumber(text: string, kind: CellKind): { value: number; style?: number } | undefined {
  if (kind === 'datetime') {
    const day = serialDay(text);
    return day && { value: day.serial, style: day.timeOfDay ? Style.dateTime : Style.date };
  }
  if (kind === 'time') {
    const m = CLOCK.exec(text);
    return m ? { value: (Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0)) / 86_400, style: Style.time } : undefined;
  }
  if (kind === 'id' && /^[1-9]\d{0,14}$/.test(text)) return { value: Number(text) };
  return undefined;
}

/** One cell's XML (empty for no value); `kind` `money`: a number shown with the currency's decimals. */
export function cellXml(ref: string, value: unknown, kind: CellKind): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return `<c r="${ref}"${kind === 'money' ? ` s="${Style.money}"` : ''}><v>${value}</v></c>`;
  }
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const typed = kindNumber(text, kind);
  if (typed) return `<c r="${ref}"${typed.style === undefined ? '' : ` s="${typed.style}"`}><v>${typed.value}</v></c>`;
  // Only the API's own datetimes: a name such as `2026-03-05` stays text.
  const day = API_DATETIME.test(text) ? serialDay(text) : undefined;
  if (day) return `<c r="${ref}" s="${day.timeOfDay ? Style.dateTime : Style.date}"><v>${day.serial}</v></c>`;
  return `<c r="${ref}" s="${Style.text}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

/** The header row: the column keys, bold, as text. */
export function headerXml(columns: readonly string[]): string {
  const cells = columns.map((column, i) => `<c r="${columnLetters(i)}1" s="${Style.header}" t="inlineStr"><is><t>${xmlText(column)}</t></is></c>`);
  return `<row r="1">${cells.join('')}</row>`;
}

/** Data row `number` (2 for the first after the header). */
export function rowXml(number: number, values: readonly unknown[], kinds: readonly CellKind[]): string {
  let cells = '';
  for (let i = 0; i < values.length; i++) cells += cellXml(`${columnLetters(i)}${number}`, values[i], kinds[i]);
  return `<row r="${number}">${cells}</row>`;
}
