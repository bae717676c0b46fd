// RFC 4180 CSV, incrementally: quoted fields with commas, doubled quotes and line breaks inside;
// CRLF, LF or CR line ends (also split across chunks); the first non-blank record is the header.
// The separator is a comma, or a semicolon when the header line says so (European spreadsheets
// write `;` because their decimal separator is the comma), or a tab when it says so (Excel's
// "Unicode text", `-o tsv`), or what --delimiter gives.
// Lenient where spreadsheets are sloppy: a stray quote inside an unquoted field is kept as text,
// and text after a closing quote is appended (as Python's csv module does). A value that `export`
// neutralised as a formula (`'=x`) reads back as it was (`=x`); tab-separated values, which carry
// no formula guard (`-o tsv`), are read as they are.

import { restoreFormula } from '../../common/spreadsheet.js';
import type { InputIssue, InputRow, RecordParser } from './types.js';

export type CsvDelimiter = ',' | ';' | '\t';

const QUOTE = 34;
const CR = 13;
const LF = 10;

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  QuoteInQuoted,
}

/** A tab when the header line has more tabs than commas and semicolons outside quotes (Excel's "Unicode text", `-o tsv`); else `;` when it has more semicolons than commas; else `,`. */
function detectDelimiter(headerLine: string): CsvDelimiter {
  const outside = headerLine.replace(/"[^"]*"/g, '');
  const count = (ch: string): number => outside.split(ch).length - 1;
  const [tabs, semicolons, commas] = [count('\t'), count(';'), count(',')];
  if (tabs > commas && tabs > semicolons) return '\t';
  return semicolons > commas ? ';' : ',';
}

export class CsvParser implements RecordParser {
  readonly issues: InputIssue[] = [];
  columns?: string[];
  /** The separator: given, or detected from the header line (undefined until then). */
  delimiter?: CsvDelimiter;
  private separator = 44;
  /** Text held until the header line is complete, to detect the separator. */
  private held = '';
  private state = State.FieldStart;
  private line = 1;
  private recordLine = 1;
  private recordStarted = false;
  private lastWasCR = false;
  private field = '';
  private fields: string[] = [];

  constructor(delimiter?: CsvDelimiter) {
    if (delimiter !== undefined) this.useDelimiter(delimiter);
  }

  private useDelimiter(delimiter: CsvDelimiter): void {
    this.delimiter = delimiter;
    this.separator = delimiter.charCodeAt(0);
  }

  push(text: string, emit: (row: InputRow) => void): void {
    if (this.delimiter === undefined) {
      this.held += text;
      const header = /^[\s]*?([^\r\n]*\S[^\r\n]*)[\r\n]/.exec(this.held);
      if (!header) return;
      this.useDelimiter(detectDelimiter(header[1]!));
      text = this.held;
      this.held = '';
    }
    this.parse(text, emit);
  }

  private parse(text: string, emit: (row: InputRow) => void): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.state === State.FieldStart && !this.recordStarted && !this.lastWasCR) {
        const next = this.plainLine(text, i, emit);
        if (next > i) {
          i = next;
          continue;
        }
      }
      const c = text.charCodeAt(i);
      if (this.state === State.Quoted) {
        i = this.scanQuoted(text, i);
        continue;
      }
      if (c === LF && this.lastWasCR) {
        // the LF of a CRLF whose CR already ended the line (and the record, outside quotes)
        this.lastWasCR = false;
        i++;
        continue;
      }
      if (!this.recordStarted) {
        this.recordStarted = true;
        this.recordLine = this.line;
      }
      this.lastWasCR = c === CR;
      if (c === this.separator) {
        this.endField();
        i++;
      } else if (c === CR || c === LF) {
        this.line++;
        this.endRecord(emit);
        i++;
      } else if (this.state === State.FieldStart && c === QUOTE) {
        this.state = State.Quoted;
        i++;
      } else if (this.state === State.QuoteInQuoted && c === QUOTE) {
        this.field += '"';
        this.state = State.Quoted;
        i++;
      } else {
        i = this.scanUnquoted(text, i);
      }
    }
  }

  end(emit: (row: InputRow) => void): void {
    if (this.delimiter === undefined) {
      const firstLine = this.held.split(/[\r\n]/).find((line) => line.trim() !== '') ?? '';
      this.useDelimiter(detectDelimiter(firstLine));
      const held = this.held;
      this.held = '';
      this.parse(held, emit);
    }
    if (this.state === State.Quoted) {
      emit({ line: this.recordLine, values: {}, problem: 'a quoted field that starts in this record is never closed' });
      return;
    }
    if (this.recordStarted) this.endRecord(emit);
    if (!this.columns) this.issues.push({ line: 1, rule: 'the input is empty: a header row is required' });
  }

  /**
   * The usual record, a whole line from `start` with no quote and no lone CR, split at once rather
   * than read character by character; returns where the next line starts, or `start` for any other.
   */
  private plainLine(text: string, start: number, emit: (row: InputRow) => void): number {
    const lf = text.indexOf('\n', start);
    if (lf < 0) return start;
    const end = lf > start && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
    const line = text.slice(start, end);
    if (line.includes('"') || line.includes('\r')) return start;
    this.recordLine = this.line;
    this.line++;
    this.endFields(line.split(this.delimiter!), emit);
    return lf + 1;
  }

  /** Ordinary characters up to the next comma or line end. */
  private scanUnquoted(text: string, start: number): number {
    let j = start;
    while (j < text.length) {
      const d = text.charCodeAt(j);
      if (d === this.separator || d === CR || d === LF) break;
      j++;
    }
    this.field += text.slice(start, j);
    this.state = State.Unquoted;
    return j;
  }

  /** Inside quotes up to the next quote; line breaks are kept in the field and counted. */
  private scanQuoted(text: string, start: number): number {
    let j = start;
    while (j < text.length) {
      const d = text.charCodeAt(j);
      if (d === QUOTE) break;
      if (d === CR || (d === LF && !this.lastWasCR)) this.line++;
      this.lastWasCR = d === CR;
      j++;
    }
    this.field += text.slice(start, j);
    if (j < text.length) {
      this.state = State.QuoteInQuoted;
      this.lastWasCR = false;
      j++;
    }
    return j;
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
    this.state = State.FieldStart;
  }

  private endRecord(emit: (row: InputRow) => void): void {
    this.endField();
    const fields = this.fields;
    this.fields = [];
    this.recordStarted = false;
    this.endFields(fields, emit);
  }

  private endFields(fields: string[], emit: (row: InputRow) => void): void {
    if (fields.every((f) => f.trim() === '')) return; // a blank line, or a spreadsheet's row of empty cells
    if (!this.columns) {
      this.readHeader(fields);
      return;
    }
    emit(this.row(fields));
  }

  private readHeader(fields: string[]): void {
    this.columns = fields.map((f) => f.trim());
    const seen = new Map<string, number>();
    this.columns.forEach((name, index) => {
      if (name === '') return;
      const first = seen.get(name);
      if (first !== undefined) {
        this.issues.push({
          line: this.recordLine,
          rule: `the header names column ${JSON.stringify(name)} twice (columns ${first + 1} and ${index + 1})`,
        });
      } else seen.set(name, index);
    });
  }

  private row(fields: string[]): InputRow {
    const columns = this.columns!;
    const values: Record<string, unknown> = {};
    const count = Math.min(fields.length, columns.length);
    for (let k = 0; k < count; k++) {
      const name = columns[k]!;
      if (name !== '') values[name] = this.delimiter === '\t' ? fields[k]! : restoreFormula(fields[k]!);
    }
    const ragged = fields.length < columns.length || (fields.length > columns.length && fields.slice(columns.length).some((f) => f !== ''));
    if (!ragged) return { line: this.recordLine, values };
    return {
      line: this.recordLine,
      values,
      problem: `has ${fields.length} fields, the header has ${columns.length} (is a comma inside a value not quoted?)`,
    };
  }
}

/** The 1-based column number of each header name, for positions in messages. */
export function columnNumbers(columns: readonly string[]): Map<string, number> {
  const numbers = new Map<string, number>();
  columns.forEach((name, index) => {
    if (name !== '' && !numbers.has(name)) numbers.set(name, index + 1);
  });
  return numbers;
}
