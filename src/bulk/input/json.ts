// NDJSON (one object per line) and JSON arrays of objects, both incrementally. For an array, a
// small scanner finds where each top-level element starts and ends, so every row keeps the line
// it starts on (JSON.parse of the whole text would lose that).

import type { InputIssue, InputRow, RecordParser } from './types.js';
import { describeJsonError } from '../../json-error.js';

function toRow(line: number, text: string): InputRow {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line, values: {}, problem: `is not valid JSON: ${describeJsonError(error, text)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { line, values: {}, problem: `must be a JSON object (got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)})` };
  }
  return { line, values: value as Record<string, unknown> };
}

export class NdjsonParser implements RecordParser {
  readonly issues: InputIssue[] = [];
  private pending = '';
  private line = 1;

  push(text: string, emit: (row: InputRow) => void): void {
    const parts = (this.pending + text).split('\n');
    this.pending = parts.pop()!;
    for (const part of parts) this.emitLine(part, emit);
  }

  end(emit: (row: InputRow) => void): void {
    this.emitLine(this.pending, emit);
    this.pending = '';
  }

  private emitLine(text: string, emit: (row: InputRow) => void): void {
    const line = this.line++;
    if (text.trim() !== '') emit(toRow(line, text));
  }
}

const enum Place {
  BeforeArray,
  BeforeElement,
  InElement,
  AfterArray,
}

export class JsonArrayParser implements RecordParser {
  readonly issues: InputIssue[] = [];
  private place = Place.BeforeArray;
  private line = 1;
  private elementLine = 1;
  private element = '';
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The last element ended with a comma: another must follow. */
  private afterComma = false;

  push(text: string, emit: (row: InputRow) => void): void {
    let start = 0; // where the current element's text in this chunk begins
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '\n') this.line++;
      if (this.place !== Place.InElement) {
        if (ch.trim() === '') continue;
        if (!this.outside(ch)) continue;
        start = i; // the element starts here: scan this character as part of it
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === '\\') this.escaped = true;
        else if (ch === '"') this.inString = false;
      } else if (ch === '"') this.inString = true;
      else if (ch === '{' || ch === '[') this.depth++;
      else if ((ch === '}' || ch === ']') && this.depth > 0) this.depth--;
      else if ((ch === ',' || ch === ']') && this.depth === 0) {
        this.finishElement(text.slice(start, i), emit);
        this.place = ch === ',' ? Place.BeforeElement : Place.AfterArray;
        this.afterComma = ch === ',';
      }
    }
    if (this.place === Place.InElement) this.element += text.slice(start);
  }

  end(_emit: (row: InputRow) => void): void {
    if (this.place === Place.BeforeArray) this.fail(1, 'the input is empty: expected a JSON array');
    else if (this.place !== Place.AfterArray) {
      this.fail(this.line, 'the JSON array is not closed: the input ends inside it (truncated?)');
    }
  }

  /** A non-blank character outside any element; true when it starts one. */
  private outside(ch: string): boolean {
    if (this.place === Place.BeforeArray) {
      if (ch === '[') this.place = Place.BeforeElement;
      else this.fail(this.line, `expected a JSON array starting with "[" (got ${JSON.stringify(ch)})`);
      return false;
    }
    if (this.place === Place.AfterArray) {
      this.fail(this.line, `unexpected text after the end of the JSON array (got ${JSON.stringify(ch)})`);
      return false;
    }
    if (ch === ']') {
      // JSON has no trailing comma: `[{…},]` is refused, as JSON.parse refuses it.
      if (this.afterComma) this.fail(this.line, 'a comma before "]" (a trailing comma) is not valid JSON: remove it');
      this.place = Place.AfterArray;
      return false;
    }
    this.place = Place.InElement;
    this.elementLine = this.line;
    this.element = '';
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    return true;
  }

  private finishElement(tail: string, emit: (row: InputRow) => void): void {
    const text = this.element + tail;
    this.element = '';
    emit(toRow(this.elementLine, text));
  }

  private fail(line: number, rule: string): void {
    if (this.issues.length === 0) this.issues.push({ line, rule });
  }
}
