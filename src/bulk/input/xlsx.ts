// Rows of an .xlsx (as Excel, LibreOffice or `-o xlsx` save it): the workbook's first visible sheet, its
// first non-empty row the header. A cell becomes the text it holds, so that the engine judges it
// as it judges a csv cell: a text cell as written (`007` stays `007`), a number by its shortest
// decimal (Excel's 33.332999999999998 is 33.333), a flag as true/false, a date cell as the API's
// wall-clock datetime. No locale can misread a typed cell; no formula guard is taken off (an
// .xlsx cell is never a formula by accident). Read whole: an .xlsx keeps its index at its end.

import { ZipArchive, ZipError } from '../../common/zip-read.js';
import type { InputIssue, InputRow } from './types.js';

export interface XlsxRows {
  rows: InputRow[];
  columns?: string[];
  /** The row the header is in. */
  headerRow?: number;
  issues: InputIssue[];
}

export function readXlsx(bytes: Buffer): XlsxRows {
  let book: Workbook;
  try {
    book = openWorkbook(new ZipArchive(bytes));
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    return { rows: [], issues: [{ line: 1, rule: `not a readable .xlsx: ${error.message}` }] };
  }
  return sheetRows(book);
}

interface Workbook {
  sheet: string;
  strings: string[];
  /** Per cell style (its index), whether it shows a date. */
  dateStyles: boolean[];
  date1904: boolean;
}

const textOf = (archive: ZipArchive, path: string): string | undefined => archive.read(path)?.toString('utf8');

function openWorkbook(archive: ZipArchive): Workbook {
  const officeDocument = relationships(textOf(archive, '_rels/.rels') ?? '', '').find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbook = textOf(archive, officeDocument);
  if (workbook === undefined) {
    // An OpenDocument file says what it is in its first entry.
    if (textOf(archive, 'mimetype')?.includes('opendocument.spreadsheet')) throw new ZipError('it is an OpenDocument spreadsheet (.ods): save it as .xlsx (Excel Workbook) or as CSV, and import that');
    throw new ZipError(`it has no workbook (${officeDocument})`);
  }
  const base = officeDocument.replace(/[^/]*$/, '');
  const rels = relationships(textOf(archive, `${base}_rels/${officeDocument.slice(base.length)}.rels`) ?? '', base);
  // The first sheet the user sees: a hidden one (a scratch or lookup sheet) is no tab in the window.
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*)>/g)].map(([, attributes]) => attributes!);
  const shown = sheets.find((attributes) => !/\bstate="(?:hidden|veryHidden)"/.test(attributes)) ?? sheets[0];
  const firstSheet = shown === undefined ? undefined : /\b(?:\w+:)?id="([^"]+)"/.exec(shown)?.[1];
  const sheet = rels.find((r) => r.id === firstSheet)?.target ?? rels.find((r) => r.type.endsWith('/worksheet'))?.target;
  if (sheet === undefined || !archive.has(sheet)) throw new ZipError('it has no worksheet');
  const shared = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  const styles = rels.find((r) => r.type.endsWith('/styles'))?.target;
  return {
    sheet: textOf(archive, sheet)!,
    strings: shared === undefined ? [] : sharedStrings(textOf(archive, shared) ?? ''),
    dateStyles: styles === undefined ? [] : dateStyles(textOf(archive, styles) ?? ''),
    date1904: /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(workbook),
  };
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

/** A part's relationships, their targets as paths inside the archive (`folder`: the one targets are relative to). */
function relationships(xml: string, folder: string): Relationship[] {
  return [...xml.matchAll(/<(?:\w+:)?Relationship\b([^>]*)\/?>/g)].map(([, attributes]) => {
    const target = attribute(attributes!, 'Target') ?? '';
    return { id: attribute(attributes!, 'Id') ?? '', type: attribute(attributes!, 'Type') ?? '', target: target.startsWith('/') ? target.slice(1) : resolve(folder, target) };
  });
}

function resolve(folder: string, target: string): string {
  const parts = `${folder}${target}`.split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  }
  return out.join('/');
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)(?:\\w+:)?${name}="([^"]*)"`).exec(attributes);
  return match ? decodeXml(match[1]!) : undefined;
}

/** XML's entities, then OOXML's `_xHHHH_` escapes (`_x000D_` a CR, `_x005F_` an underscore). */
function decodeXml(text: string): string {
  return text
    .replace(/&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g, (_, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (hex !== undefined) return String.fromCodePoint(parseInt(hex, 16));
      if (dec !== undefined) return String.fromCodePoint(Number(dec));
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name as 'amp'];
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The text of a string item or inline string: its `<t>` runs, phonetic guides (`<rPh>`) left out. */
function runText(xml: string): string {
  let text = '';
  for (const [, , inner] of xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '').matchAll(/<(?:\w+:)?t\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g)) {
    text += decodeXml(inner ?? '');
  }
  return text;
}

function sharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g)].map(([, inner]) => runText(inner ?? ''));
}

/** The built-in number formats that show dates and times (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A format code that shows a date or a time: d, m, y, h or s outside quoted text, escapes and colour or condition brackets. */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[(?![hms]\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

function dateStyles(xml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const [, attributes] of xml.matchAll(/<(?:\w+:)?numFmt\b([^>]*)\/?>/g)) custom.set(Number(attribute(attributes!, 'numFmtId')), attribute(attributes!, 'formatCode') ?? '');
  const cellXfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  return [...cellXfs.matchAll(/<(?:\w+:)?xf\b([^>]*?)\/?>/g)].map(([, attributes]) => {
    const id = Number(attribute(attributes!, 'numFmtId') ?? 0);
    const code = custom.get(id);
    return code === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(code);
  });
}

/** `B` → 1: the column of a cell reference. */
function columnIndex(reference: string): number | undefined {
  const letters = /^([A-Z]+)\d*$/i.exec(reference)?.[1]?.toUpperCase();
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** A serial day as the API's wall-clock datetime, to the second; a time of day alone (under 1, no day) as `HH:MM:SS`. */
function serialToDateTime(serial: number, date1904: boolean): string {
  if (serial >= 0 && serial < 1) return new Date(Math.round(serial * 86_400) * 1000).toISOString().slice(11, 19);
  const ms = Math.round(((serial + (date1904 ? 1462 : 0) - 25_569) * 86_400_000) / 1000) * 1000;
  return new Date(ms).toISOString().slice(0, 19);
}

function cellText(attributes: string, inner: string, book: Workbook): string {
  const type = attribute(attributes, 't') ?? 'n';
  if (type === 'inlineStr') return runText(/<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/.exec(inner)?.[1] ?? '');
  const raw = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/.exec(inner)?.[1];
  if (raw === undefined) return '';
  const value = decodeXml(raw);
  if (type === 's') return book.strings[Number(value)] ?? '';
  if (type === 'b') return value === '1' || value === 'true' ? 'true' : 'false';
  if (type !== 'n') return value; // str (a formula's text), e (an error such as #N/A), d (an ISO date)
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  if (book.dateStyles[Number(attribute(attributes, 's') ?? 0)]) return serialToDateTime(number, book.date1904);
  return String(number);
}

function sheetRows(book: Workbook): XlsxRows {
  const rows: InputRow[] = [];
  const issues: InputIssue[] = [];
  let columns: string[] | undefined;
  let headerRow: number | undefined;
  let rowNumber = 0;
  const data = /<(?:\w+:)?sheetData\b[^>]*>([\s\S]*)<\/(?:\w+:)?sheetData>/.exec(book.sheet)?.[1] ?? '';
  for (const [, rowAttributes, rowInner] of data.matchAll(/<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g)) {
    rowNumber = Number(attribute(rowAttributes!, 'r') ?? rowNumber + 1);
    const cells: string[] = [];
    const formulas: string[] = [];
    let next = 0;
    for (const [, attributes, inner] of (rowInner ?? '').matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const index = columnIndex(attribute(attributes!, 'r') ?? '') ?? next;
      cells[index] = cellText(attributes!, inner ?? '', book);
      const formula = uncalculated(inner ?? '');
      if (formula !== undefined) formulas[index] = formula;
      next = index + 1;
    }
    if (cells.every((cell) => cell === undefined || cell.trim() === '')) continue;
    if (!columns) {
      columns = Array.from(cells, (cell) => (cell ?? '').trim());
      headerRow = rowNumber;
      headerIssues(columns, rowNumber, issues);
      continue;
    }
    rows.push(row(rowNumber, cells, columns, formulas));
  }
  if (!columns) issues.push({ line: 1, rule: 'the sheet is empty: a header row is required' });
  return { rows, columns, headerRow, issues };
}

function headerIssues(columns: readonly string[], line: number, issues: InputIssue[]): void {
  const seen = new Map<string, number>();
  columns.forEach((name, index) => {
    if (name === '') return;
    const first = seen.get(name);
    if (first !== undefined) issues.push({ line, rule: `the header names column ${JSON.stringify(name)} twice (columns ${first + 1} and ${index + 1})` });
    else seen.set(name, index);
  });
}

/**
 * A formula cell saved without its value (by a program that does not calculate): its formula.
 * Read as empty, it would pass for a cell left blank.
 */
function uncalculated(inner: string): string | undefined {
  const formula = /<(?:\w+:)?f\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?f>)/.exec(inner);
  if (!formula || /<(?:\w+:)?v\b/.test(inner)) return undefined;
  return decodeXml(formula[1] ?? '');
}

function row(line: number, cells: readonly (string | undefined)[], columns: readonly string[], formulas: readonly (string | undefined)[]): InputRow {
  const values: Record<string, unknown> = {};
  const unread: Record<string, string> = {};
  columns.forEach((name, index) => {
    const cell = cells[index];
    if (name !== '' && cell !== undefined) values[name] = cell;
    const formula = formulas[index];
    if (name !== '' && formula !== undefined) {
      unread[name] = `holds a formula${formula === '' ? '' : ` (=${formula})`} with no computed value (the program that saved the file does not calculate): open and save it in a spreadsheet program, or type the value`;
    }
  });
  const read: InputRow = Object.keys(unread).length === 0 ? { line, values } : { line, values, unread };
  const beyond = cells.slice(columns.length).some((cell) => cell !== undefined && cell.trim() !== '');
  if (!beyond) return read;
  return { ...read, problem: `has values beyond the header's ${columns.length} columns (is a column without a name in the first row?)` };
}
