// Reading bulk input: CSV, JSON values (as jq reads them) or strict NDJSON, chosen by the caller
// or by the content's first character; bytes that are not UTF-8 (or UTF-16 with its byte order
// mark) are refused as an issue of the input. Rows stream out as they are parsed, so a large file never sits in memory twice.

import { type CsvDelimiter, CsvParser } from './csv.js';
import { decodeInput } from './decode.js';
import { NdjsonParser } from './json.js';
import { JsonValuesParser } from './json-values.js';
import type { InputFormat, InputIssue, InputRow, RecordParser } from './types.js';

export type { InputFormat, InputIssue, InputRow } from './types.js';
export { type CsvDelimiter, columnNumbers } from './csv.js';

export interface InputOptions {
  /** Name used in messages (`prices.csv`, `(stdin)`). */
  file: string;
  /** Overrides detection. */
  format?: InputFormat;
  /** CSV: the separator (default: `;` when the header line says so, else `,`). */
  delimiter?: CsvDelimiter;
}

export interface OpenedInput {
  file: string;
  format: InputFormat;
  /** The rows one by one; or `runs`: the same rows in runs, as each chunk of the input completes them (read one or the other). */
  rows: AsyncIterable<InputRow>;
  runs: AsyncIterable<readonly InputRow[]>;
  /** The CSV header, once the first rows have been read. */
  columns(): readonly string[] | undefined;
  /** Problems that are not one row's; complete once `rows` is exhausted. */
  issues(): readonly InputIssue[];
  /** CSV: the separator, once the header line has been read. */
  delimiter?(): CsvDelimiter | undefined;
  /** .xlsx: the row the header is in (its first non-empty row), as the spreadsheet numbers it. */
  headerRow?(): number | undefined;
}

/** `[` or `{` → json (NDJSON is JSON values one a line), anything else → csv (judged on the first non-blank character). */
export function detectFormat(text: string): InputFormat {
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

function createParser(format: InputFormat, delimiter?: CsvDelimiter): RecordParser {
  if (format === 'xlsx') throw new Error('an .xlsx is read by openInput, whole');
  if (format === 'json') return new JsonValuesParser();
  if (format === 'ndjson') return new NdjsonParser();
  return new CsvParser(delimiter);
}

/** A zip archive's first bytes: an .xlsx. */
function isZip(chunk: string | Uint8Array | undefined): boolean {
  return chunk instanceof Uint8Array && chunk.length >= 4 && chunk[0] === 0x50 && chunk[1] === 0x4b && chunk[2] === 0x03 && chunk[3] === 0x04;
}

/** The first bytes of an Office 97-2003 file (a compound document): a binary .xls, not read. */
function isCompoundDocument(chunk: string | Uint8Array | undefined): boolean {
  const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return chunk instanceof Uint8Array && chunk.length >= signature.length && signature.every((byte, i) => chunk[i] === byte);
}

async function* replayed<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** An .xlsx: read whole (its index is at its end), then its first visible sheet's rows as a CSV's. */
async function openSpreadsheet(chunks: AsyncIterable<string | Uint8Array>, file: string): Promise<OpenedInput> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  const { readXlsx } = await import('./xlsx.js');
  const sheet = readXlsx(Buffer.concat(parts));
  return { ...inputFromRows(file, sheet.rows, sheet.columns), format: 'xlsx', issues: () => sheet.issues, headerRow: () => sheet.headerRow };
}

/** Opens a stream (a file's or stdin's chunks) for reading rows; an .xlsx (by --format, or its zip signature) as its first sheet. */
export async function openInput(chunks: AsyncIterable<string | Uint8Array>, options: InputOptions): Promise<OpenedInput> {
  const raw = chunks[Symbol.asyncIterator]();
  const first = await raw.next();
  const all = replayed(first, raw);
  const head0 = first.done ? undefined : first.value;
  if (options.format === 'xlsx' || (options.format === undefined && isZip(head0))) return openSpreadsheet(all, options.file);
  if (options.format === undefined && isCompoundDocument(head0)) {
    const issue = { line: 1, rule: 'a binary .xls (Excel 97-2003) workbook, which is not read: save it as .xlsx (Excel Workbook) or as CSV, and import that' };
    return { ...inputFromRows(options.file, []), format: 'xlsx', issues: () => [issue] };
  }
  const decoded = decodeInput(all, options.file);
  const texts = decoded.texts;
  // Read just far enough to see the first non-blank character.
  const head: string[] = [];
  let done = false;
  while (!options.format) {
    const next = await texts.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    if (next.value.trim() !== '') break;
  }
  const format = options.format ?? detectFormat(head.join(''));
  const parser = createParser(format, options.delimiter);
  async function* runs(): AsyncGenerator<InputRow[]> {
    let batch: InputRow[] = [];
    const emit = (row: InputRow): void => {
      batch.push(row);
    };
    const feed = function* (text: string | undefined): Generator<InputRow[]> {
      if (text === undefined) parser.end(emit);
      else parser.push(text, emit);
      if (batch.length === 0) return;
      yield batch;
      batch = [];
    };
    for (const text of head) yield* feed(text);
    while (!done) {
      const next = await texts.next();
      if (next.done) break;
      yield* feed(next.value);
    }
    // Bytes not of the encoding end the reading: what follows them is not parsed (nor its end judged).
    if (decoded.problem() === undefined) yield* feed(undefined);
  }
  const inRuns = runs();
  return {
    file: options.file,
    format,
    rows: oneByOne(inRuns),
    runs: inRuns,
    columns: () => parser.columns,
    issues: () => {
      const problem = decoded.problem();
      return problem === undefined ? parser.issues : [problem];
    },
    delimiter: () => (parser instanceof CsvParser ? parser.delimiter : undefined),
  };
}

async function* oneByOne<T>(runs: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const run of runs) yield* run;
}

/** The whole of a small input at once (tests, `prices set`, a plan built in memory). */
export function parseInputText(
  text: string,
  options: InputOptions,
): { format: InputFormat; rows: InputRow[]; columns?: readonly string[]; issues: readonly InputIssue[] } {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const format = options.format ?? detectFormat(clean);
  const parser = createParser(format, options.delimiter);
  const rows: InputRow[] = [];
  const emit = (row: InputRow): void => {
    rows.push(row);
  };
  parser.push(clean, emit);
  parser.end(emit);
  return { format, rows, columns: parser.columns, issues: parser.issues };
}

/** An OpenedInput over rows already in memory (for `prices set` and tests). */
export function inputFromRows(file: string, rows: InputRow[], columns?: readonly string[]): OpenedInput {
  async function* iterate(): AsyncGenerator<InputRow[]> {
    if (rows.length > 0) yield rows;
  }
  const inRuns = iterate();
  return { file, format: 'json', rows: oneByOne(inRuns), runs: inRuns, columns: () => columns, issues: () => [] };
}
