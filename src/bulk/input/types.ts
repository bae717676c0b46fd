export type InputFormat = 'csv' | 'ndjson' | 'json' | 'xlsx';

/** One record of the input, before any rule of a row spec is applied. */
export interface InputRow {
  /** 1-based physical line where the record starts. */
  line: number;
  /** JSON: the record's index in the array that holds it (a one-line array's rows share a line). */
  index?: number;
  /** Column or key → raw value: strings from CSV, any JSON value from NDJSON and JSON. */
  values: Record<string, unknown>;
  /** Why the record itself is broken (ragged CSV row, bad JSON): the row is invalid. */
  problem?: string;
  /** .xlsx: cells read as empty that hold something (a formula never calculated), by column: the rule a field read from one breaks. */
  unread?: Record<string, string>;
}

/** A problem that is not one row's: a bad header, an unclosed JSON array. */
export interface InputIssue {
  line: number;
  rule: string;
}

/** Incremental parser: fed text chunks in order, it emits records as soon as they are complete. */
export interface RecordParser {
  push(text: string, emit: (row: InputRow) => void): void;
  end(emit: (row: InputRow) => void): void;
  readonly issues: InputIssue[];
  /** CSV: the header's names, known once the header line is read. */
  readonly columns?: readonly string[];
}
