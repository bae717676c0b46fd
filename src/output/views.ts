// What a command hands to the output layer: a typed view of its result, never a format.
// The output layer (src/output/render*.ts) renders each view in each format it supports and
// refuses an unsupported pair with a usage error (exit 2). Plain types: no imports at startup.

import type { DataPiece } from '../api/data-envelope.js';
import type { OutputFormat, Row } from './format.js';

/** Today's view: the records of a `{ data: [...] }` answer. */
export interface RecordListView {
  kind: 'records';
  /**
   * The body as the server sent it, printed by `-o json` as `JSON.stringify(body, null, 2)` in
   * pieces (the bytes users have always had; the server's own bytes are compact, so printing them
   * would change the output). Only needed for `-o json`.
   */
  body: unknown;
  /** Records normalised for display (numbers, booleans, datetimes). */
  rows: Row[];
  /** Default columns for table/tsv/csv. */
  columns: string[];
  /** Every column a record may have (for validating --fields). */
  knownColumns?: string[];
}

/**
 * A record list printed as it is read (`list`): each record is written out once parsed and then
 * dropped, so memory does not grow with the list. `-o json` prints the body as a RecordListView
 * would, field by field and record by record.
 */
export interface RecordStreamView {
  /** The body's pieces as they arrive (src/api/data-envelope.ts). */
  pieces: AsyncIterable<DataPiece>;
  /** A record as a row for tables and the row formats (values normalised). */
  row: (record: Record<string, unknown>) => Row;
  /** Default columns for table/tsv/csv. */
  columns: string[];
}

/** Rows under headings: an agenda by day, a load sheet by day and direction. */
export interface GroupedView {
  kind: 'groups';
  groups: Array<{
    /** Shown above the group's table on a terminal (e.g. "Fri 2026-06-12"). */
    heading: string;
    /** The group's key in machine formats: a column `groupColumn` added to each row. */
    key: string;
    rows: Row[];
    /** Lines printed under the group's rows on a terminal (e.g. totals). */
    footer?: string[];
  }>;
  /** Name of the column that carries the group's key in csv/tsv/ndjson/json rows. */
  groupColumn: string;
  columns: string[];
  /** What `-o json` prints; by default `{ groups: [...] }` built from the groups. */
  json?: unknown;
}

/** A grid: one row per item, one column per day (free units per day). */
export interface GridView {
  kind: 'grid';
  /** Header of the first column (e.g. "item"); csv/tsv/ndjson: rowHeader then the column keys, rows by label. */
  rowHeader: string;
  rows: Array<{ key: string; label: string }>;
  columns: Array<{ key: string; label: string }>;
  /** cells[r][c]: the value for rows[r] × columns[c]. */
  cells: Array<Array<number | string | null>>;
  /** Cells drawn as a problem (red) on a terminal, e.g. shortages. */
  isProblem?: (value: number | string | null, row: number, column: number) => boolean;
  /** What `-o json` prints; by default `{ rows, columns, cells }`. */
  json?: unknown;
}

/** A calendar document (ICS where supported) that also lists as rows. */
export interface CalendarView {
  kind: 'calendar';
  /** The iCalendar text, built by the command (ical-generator); printed by `-o ics`. */
  ics: () => Promise<string>;
  rows: Row[];
  columns: string[];
  json?: unknown;
}

/** What changed between two states: per record and field. */
export interface DiffView {
  kind: 'diff';
  changes: Array<{
    resource: string;
    id: string;
    change: 'added' | 'removed' | 'changed';
    field?: string;
    before?: unknown;
    after?: unknown;
  }>;
}

/** One record shown as `field: value` lines on a terminal, with optional sub-tables. */
export interface DetailView {
  kind: 'detail';
  /** Ordered label → value pairs of the record itself. */
  fields: Array<[string, unknown]>;
  /** Tables under it (e.g. an event's bookings), each with a title. */
  sections?: Array<{ title: string; rows: Row[]; columns: string[]; footer?: string[] }>;
  /** What `-o json` / `-o ndjson` prints. */
  json: unknown;
}

export type View = RecordListView | GroupedView | GridView | CalendarView | DiffView | DetailView;

/** Formats every view renders; `ics` only for a calendar view. */
export type ViewFormat = OutputFormat | 'ics';
