// NDJSON, strictly one object per line (--format ndjson, a run's report), incrementally; and the
// reading of one JSON value as a row, which the JSON value stream (json-values.ts) shares.

import type { InputIssue, InputRow, RecordParser } from './types.js';
import { describeJsonError } from '../../json-error.js';

/** A parsed value as a row: an object, else a row's problem. */
export function rowOf(line: number, value: unknown, index?: number): InputRow {
  const at = index === undefined ? { line } : { line, index };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ...at, values: {}, problem: `must be a JSON object (got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)})` };
  }
  return { ...at, values: value as Record<string, unknown> };
}

/** Parses one value's text (the JSON of one row) into a row. */
export function toRow(line: number, text: string, index?: number): InputRow {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ...(index === undefined ? { line } : { line, index }), values: {}, problem: `is not valid JSON: ${describeJsonError(error, text)}` };
  }
  return rowOf(line, value, index);
}

export class NdjsonParser implements RecordParser {
  readonly issues: InputIssue[] = [];
  private pending = '';

  /** `line`: the input's line the first text pushed starts on. */
  constructor(private line = 1) {}

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
