// JSON read as jq reads it: a stream of whole values separated by any whitespace (one a line,
// pretty-printed over many, several on one line). Each value is a record, or an array of records,
// or a `{ "data": [ … ] }` document (what `--json` prints), whose records are the rows. A small
// scanner finds where each value starts and ends, so a row keeps the line it starts on (and, in an
// array, its index) and an array's elements come out one by one: a large file is never held whole.
// Input that looks like NDJSON (each value so far on a line of its own) whose record runs over a
// line end and never closes (or closes into no JSON) was a line cut short: it is read again as
// NDJSON from that line to the end, the broken line one invalid row and every line after it a row.

import type { InputIssue, InputRow, RecordParser } from './types.js';
import { NdjsonParser, rowOf, toRow } from './json.js';

const enum Mode {
  /** At the top, between values. */
  Between,
  /** Reading a value (a top-level one, or an element of the rows array). */
  Value,
  /** In the array whose elements are rows, between elements. */
  Rows,
  /** In a `{ "data": [ … ] }` document, after its array: the rest is skipped. */
  WrapperRest,
}

const LF = 10;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

function isSpace(c: number): boolean {
  return c === 32 || c === LF || c === 13 || c === 9;
}

/** A `{ "data": … }` document's first key, up to its colon. */
const DATA_KEY = /^\{\s*"data"\s*$/;

/** A top-level value's rows: a `{ "data": … }` document (`get --json`, a small `list --json`) gives what it holds. */
function unwrapped(line: number, value: unknown): InputRow[] {
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject || Object.keys(value)[0] !== 'data') return [rowOf(line, value)];
  const { data } = value as { data: unknown };
  if (Array.isArray(data)) return data.map((element, index) => rowOf(line, element, index));
  return typeof data === 'object' && data !== null ? [rowOf(line, data)] : [rowOf(line, value)];
}

/** The row with its index, after its line (as an array's rows have it). */
function indexed(row: InputRow, index: number): InputRow {
  const { line, ...rest } = row;
  return { line, index, ...rest };
}

export class JsonValuesParser implements RecordParser {
  readonly issues: InputIssue[] = [];
  private mode = Mode.Between;
  private line = 1;
  private seen = false;
  // The value being read.
  private valueLine = 1;
  private valueIndex: number | undefined;
  private text = '';
  private container = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** A top-level object's first key: 'key' until its colon, 'value' once it was "data", until the next character. */
  private probe: 'off' | 'key' | 'value' = 'off';
  // The rows array.
  private wrapper = false;
  private rowsLine = 1;
  private index = 0;
  private afterElement = false;
  private afterComma = false;
  /** Every top-level value so far a record alone on its line: the input looks like NDJSON. */
  private lineShaped = true;
  /** The line the last top-level value ended on. */
  private endLine = 0;
  /** From a line cut short on: the rest of the input read as NDJSON. */
  private lines: NdjsonParser | undefined;
  // Rows that share a line are told apart by an index: an array's element by its index there, a
  // value by how many rows of its line came before it. The first value of a line is held until
  // the line shows whether another value follows it (then it is [0]) or not (then it has none).
  private placedLine = 0;
  private placed = 0;
  private held: InputRow | undefined;
  /** The indexes (-1: none) the rows of the current line have. */
  private readonly placesTaken = new Set<number>();

  push(chunk: string, emit: (row: InputRow) => void): void {
    if (this.lines) return this.lines.push(chunk, emit);
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === LF) this.line++;
      if (this.mode === Mode.Between) {
        if (c === LF) this.release(emit);
        if (isSpace(c)) continue;
        this.seen = true;
        if (c === OPEN_BRACKET) {
          this.lineShaped = false;
          this.openRows(false);
          continue;
        }
        if (this.line === this.endLine) this.lineShaped = false;
        this.begin(c, undefined);
        start = i;
      } else if (this.mode === Mode.Rows) {
        if (isSpace(c)) continue;
        if (c === COMMA) {
          if (!this.afterElement) this.fail(this.line, 'an array element is missing before a "," (two commas, or one after "[")');
          this.afterElement = false;
          this.afterComma = true;
          continue;
        }
        if (c === CLOSE_BRACKET) {
          // JSON has no trailing comma: `[{…},]` is refused, as JSON.parse refuses it.
          if (this.afterComma) this.fail(this.line, 'a comma before "]" (a trailing comma) is not valid JSON: remove it');
          this.closeRows();
          continue;
        }
        if (this.afterElement) this.fail(this.line, 'a "," is missing between two elements of the array');
        this.begin(c, this.index++);
        start = i;
      } else if (this.mode === Mode.WrapperRest) {
        this.skip(c);
        continue;
      }
      // Mode.Value: this character is part of the value, or ends it.
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
        continue;
      }
      if (this.probe === 'value') {
        if (isSpace(c)) continue;
        this.probe = 'off';
        if (c === OPEN_BRACKET) {
          this.text = '';
          this.openRows(true);
          continue;
        }
      }
      if (!this.container) {
        // A scalar (a top-level one, or an element): it ends where the next value or separator starts.
        const begun = i > start || this.text.length > 0;
        const separates = this.valueIndex !== undefined && (c === COMMA || c === CLOSE_BRACKET); // an element's end
        const ends = begun && (separates || isSpace(c) || c === OPEN_BRACE || c === OPEN_BRACKET || c === QUOTE);
        if (ends) {
          this.finish(chunk.slice(start, i), emit);
          if (c === LF) this.line--;
          i--; // read it again, as what follows the value
        } else if (c === QUOTE && !begun) this.inString = true;
        continue;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--this.depth === 0) {
          this.finish(chunk.slice(start, i + 1), emit);
          // Read again as NDJSON (a line cut short): so is the rest.
          const lines = this.linesFrom();
          if (lines) return lines.push(chunk.slice(i + 1), emit);
        }
      } else if (c === COLON && this.probe === 'key' && this.depth === 1) {
        this.probe = DATA_KEY.test(this.text + chunk.slice(start, i)) ? 'value' : 'off';
      }
    }
    if (this.mode === Mode.Value) this.text += chunk.slice(start);
  }

  end(emit: (row: InputRow) => void): void {
    if (this.mode === Mode.Value && this.cutLine(this.text)) this.readAsLines(this.text, emit);
    if (this.lines) return this.lines.end(emit);
    if (this.mode === Mode.Value) {
      if (!this.container && !this.inString) this.finish('', emit);
      else this.fail(this.valueLine, 'the input ends inside the JSON value that starts here: it is not closed (truncated?)');
    }
    if (this.mode === Mode.Rows) this.fail(this.rowsLine, 'the input ends inside the JSON array that starts here: it is not closed (truncated?)');
    if (this.mode === Mode.WrapperRest) this.fail(this.line, 'the input ends inside the { "data": … } document: it is not closed (truncated?)');
    this.release(emit);
    if (!this.seen) this.fail(1, 'the input is empty: expected JSON records');
  }

  private begin(c: number, index: number | undefined): void {
    this.mode = Mode.Value;
    this.valueLine = this.line;
    this.valueIndex = index;
    this.text = '';
    this.container = c === OPEN_BRACE || c === OPEN_BRACKET;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.probe = c === OPEN_BRACE && index === undefined ? 'key' : 'off';
  }

  private finish(tail: string, emit: (row: InputRow) => void): void {
    const text = this.text + tail;
    this.text = '';
    this.mode = this.valueIndex === undefined ? Mode.Between : Mode.Rows;
    this.endLine = this.line;
    if (this.valueIndex !== undefined) {
      this.afterElement = true;
      this.afterComma = false;
      this.place(toRow(this.valueLine, text, this.valueIndex), emit);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON at all where a value should start (CSV given --format json, say): once, for the input.
      if (!this.container) this.fail(this.valueLine, `expected JSON: records as objects, an array of them, or { "data": [ … ] } (got ${JSON.stringify(text.slice(0, 40))})`);
      else if (this.cutLine(text)) this.readAsLines(text, emit);
      else this.place(toRow(this.valueLine, text), emit);
      return;
    }
    if (text.includes('\n')) this.lineShaped = false;
    for (const row of unwrapped(this.valueLine, value)) this.place(row, emit);
  }

  /** Emits a row, with the index that tells it from the other rows of its line (see `held`). */
  private place(row: InputRow, emit: (row: InputRow) => void): void {
    if (row.line !== this.placedLine) {
      this.release(emit);
      this.placedLine = row.line;
      this.placed = 0;
      this.placesTaken.clear();
    }
    const first = this.placed++ === 0;
    if (row.index !== undefined) {
      // An array's element: a value held before it on the line stays without an index (unlike every element).
      this.release(emit);
      this.emitPlaced(row, emit);
    } else if (first) this.held = row;
    else {
      if (this.held) {
        this.emitPlaced(indexed(this.held, 0), emit);
        this.held = undefined;
      }
      this.emitPlaced(indexed(row, this.placed - 1), emit);
    }
  }

  /** The value held as its line's first row, emitted as it is: no other row followed it on its line. */
  private release(emit: (row: InputRow) => void): void {
    if (this.held) this.emitPlaced(this.held, emit);
    this.held = undefined;
  }

  /**
   * A row whose place (line and index) no other row of its line has: a report, a resume and an
   * undo know a row by its place. A second array on a line numbers its elements from 0 again, so
   * two rows could share one: the input is refused, never read with rows mixed up.
   */
  private emitPlaced(row: InputRow, emit: (row: InputRow) => void): void {
    const place = row.index ?? -1;
    if (this.placesTaken.has(place)) {
      this.fail(row.line, 'holds an array beside other rows: put each array, and each value beside it, on a line of its own (jq -c \'.[]\' writes one record a line)');
      return;
    }
    this.placesTaken.add(place);
    emit(row);
  }

  /**
   * A top-level record that runs over a line end and is no JSON, in input that looks like NDJSON:
   * a line cut short when every line after its first starts a record of its own (a pretty-printed
   * record's next lines start with a key or a closing bracket).
   */
  private cutLine(text: string): boolean {
    if (!this.lineShaped || this.valueIndex !== undefined || text.charCodeAt(0) !== OPEN_BRACE) return false;
    const lines = text.split('\n');
    if (lines.length < 2) return false;
    return lines.slice(1).every((line) => {
      const start = line.trimStart();
      return start === '' || start.charCodeAt(0) === OPEN_BRACE;
    });
  }

  /** `this.lines` read afresh: after `finish()` may set it, where TypeScript still takes it for unset. */
  private linesFrom(): NdjsonParser | undefined {
    return this.lines;
  }

  /** From the value's first line on, the input read as NDJSON: that line one row (a broken one), each line after it one. */
  private readAsLines(text: string, emit: (row: InputRow) => void): void {
    this.release(emit);
    this.mode = Mode.Between;
    this.text = '';
    this.lines = new NdjsonParser(this.valueLine);
    this.lines.push(text, emit);
  }

  private openRows(wrapper: boolean): void {
    this.mode = Mode.Rows;
    this.wrapper = wrapper;
    this.rowsLine = this.line;
    this.index = 0;
    this.afterElement = false;
    this.afterComma = false;
  }

  private closeRows(): void {
    if (!this.wrapper) {
      this.mode = Mode.Between;
      return;
    }
    // The rest of the document (`"meta": …`) up to its closing brace.
    this.mode = Mode.WrapperRest;
    this.depth = 1;
    this.inString = false;
    this.escaped = false;
  }

  private skip(c: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (c === BACKSLASH) this.escaped = true;
      else if (c === QUOTE) this.inString = false;
    } else if (c === QUOTE) this.inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --this.depth === 0) this.mode = Mode.Between;
  }

  private fail(line: number, rule: string): void {
    if (this.issues.length === 0) this.issues.push({ line, rule });
  }
}
