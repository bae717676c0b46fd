// What a command hands to the output layer: a typed view of its result, never a format.
// The output layer (src/output/render*.ts) renders each view in each format it supports and
// refuses an unsupported pair with a usage error (exit 2). Plain types: no imports at startup.

import type { DataPiece } from '../api/data-envelope.js';
import type { CsvDialect, OutputFormat, Row } from './format.js';
import type { ResourceName } from '../resources/definitions.js';
import type { PaperSize } from '../config/settings-table.js';
import type { ChangesView } from './changes.js';

export type { ChangesView } from './changes.js';

/**
 * What a column's text stands for where the text alone does not say (the API's own datetimes and
 * numbers need no kind): `datetime` a day or a time of day written for people (`2026-11-29`,
 * `2026-11-29 09:00`), `time` a clock time (`09:00`), `id` an id written as text (a report's key by
 * item). -o xlsx writes them as date, time and number cells; every other format prints the text.
 */
export type ColumnKinds = Readonly<Record<string, 'datetime' | 'time' | 'id'>>;

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
  /** What a table says on stderr when there are no rows (default "No records."; '' says nothing). */
  emptyNote?: string;
  /**
   * On a terminal (table, no --fields): one paragraph per row instead of a table, the `lead`
   * column's value then the `text` column's, wrapped to the width with a hanging indent, so that
   * a long message is never cut (check's problems). `ways`: the column of a row's ways out
   * (`{ what, command }[]`), each under the paragraph as a refusal gives them, the command whole.
   */
  lines?: { lead: string; text: string; ways?: string };
  /** Column titles for people (table only); csv, tsv, ndjson and --fields keep the column keys. */
  titles?: Readonly<Record<string, string>>;
  /** Table only: a column's value shown by its name where one is known (an event's status id → `Confirmed`). */
  names?: Readonly<Record<string, (value: unknown) => string | undefined>>;
  /** Table only: the columns from the most to the least important (a narrow terminal leaves out the least important first). */
  rank?: readonly string[];
  /** Columns that hold another resource's id: at a terminal the runner shows its name (`inventoryId` → the item's name). */
  references?: Readonly<Partial<Record<string, ResourceName>>>;
  /** Money columns: a table shows them with their scale (`67.50`), -o xlsx with the currency's number format. */
  money?: readonly string[];
  /** Columns whose text stands for a date, a time or a number, for the formats that type cells (-o xlsx). */
  kinds?: ColumnKinds;
  /** `-o csv` for a spreadsheet (an export's --for-spreadsheet, --locale): its separator, decimal mark and byte order mark. */
  csv?: CsvDialect;
  /**
   * A write refused (nothing was written): `-o json` prints the body (the refusal and its ways
   * out); every other format prints nothing on stdout, not even csv's header, as there are no rows
   * (a list that found none is not a refusal: its csv keeps the header).
   */
  refused?: true;
}

/**
 * A record list printed as it is read (`list`): each record is written out once parsed and then
 * dropped, so memory does not grow with the list. `-o json` prints the body as a RecordListView
 * would, field by field and record by record. The printer writes it with back-pressure.
 */
export interface RecordStreamView {
  kind: 'stream';
  /** The body's pieces as they arrive (src/api/data-envelope.ts). */
  pieces: AsyncIterable<DataPiece>;
  /** A record as a row for tables and the row formats (values normalised). */
  row: (record: Record<string, unknown>) => Row;
  /** Default columns for table/tsv/csv. */
  columns: string[];
  /** Column titles for people (table only); the other formats and --fields keep the keys. */
  titles?: Readonly<Record<string, string>>;
  /** As a record list's. */
  names?: RecordListView['names'];
  /** Table only: the columns from the most to the least important (a narrow terminal leaves out the least important first). */
  rank?: readonly string[];
  references?: RecordListView['references'];
  money?: RecordListView['money'];
  kinds?: RecordListView['kinds'];
  /** Every column a row may have: --fields naming another is refused before anything is printed. */
  knownColumns?: string[];
  /** `-o json`: the records as a bare array (an export: the file `import` reads back), not the body. */
  jsonArray?: boolean;
  csv?: RecordListView['csv'];
}

/** Rows under headings: an agenda by day, a load sheet by day and direction. */
export interface GroupedView {
  kind: 'groups';
  groups: Array<{
    /** Shown above the group's table on a terminal (e.g. "Fri 2026-06-12"). */
    heading: string;
    /** The group's key in machine formats: a column `groupColumn` added to each row. */
    key: string;
    /** Machine formats: the group's values of `groupColumns`, added to each row after the row's own columns (a history entry's time and command). */
    values?: Row;
    rows: Row[];
    /** Lines printed under the group's rows on a terminal (e.g. totals). */
    footer?: string[];
  }>;
  /** Name of the column that carries the group's key in csv/tsv/ndjson/json rows. */
  groupColumn: string;
  /** Machine formats: more columns of the group's own (its `values`), after the rows' columns; a table shows them in the heading. */
  groupColumns?: string[];
  columns: string[];
  /** Column titles for people (table only). */
  titles?: Readonly<Record<string, string>>;
  /** Table only: the columns from the most to the least important (a narrow terminal leaves out the least important first). */
  rank?: readonly string[];
  /**
   * Table only, as a record list's: a value shown otherwise (a flag as `yes` or nothing); the rows
   * hold the values of `-o json` (numbers, true/false), which every other format prints.
   */
  names?: RecordListView['names'];
  /** As a record list's: money columns a table shows with their scale (`428.00`). */
  money?: RecordListView['money'];
  /** As a record list's; the group's column too (a day). */
  kinds?: ColumnKinds;
  /**
   * On a terminal where the table would be cut (and no --fields): each row as a block under its
   * group's heading instead, `lead  title` then `lines`, all wrapped to the width (an agenda's
   * time, event, customer, items and total).
   */
  entry?: (row: Row, groupKey: string) => { lead: string; title: string; lines: string[] };
  /** The records of `-o json`'s `{ "data": [...] }`; by default one per group. */
  data?: readonly unknown[];
  /** As a record list's: what a table says on stderr when there are no groups ('' says nothing). */
  emptyNote?: string;
}

/** A grid: one row per item, one column per day (free units per day). */
export interface GridView {
  kind: 'grid';
  /** Header of the first column (e.g. "item"); csv/tsv/ndjson: rowHeader then the column keys, rows by label. */
  rowHeader: string;
  rows: Array<{ key: string; label: string }>;
  /**
   * `short`: the label on a narrow terminal, where the columns are drawn in pages of whole weeks
   * (7 columns) under a heading (`pageHeading`, else `first key → last key`), and the row labels wrap.
   */
  columns: Array<{ key: string; label: string; short?: string }>;
  /** The heading of a page of columns `from` to `to` (indices, both included). */
  pageHeading?: (from: number, to: number) => string;
  /** cells[r][c]: the value for rows[r] × columns[c]. */
  cells: Array<Array<number | string | null>>;
  /** Cells drawn as a problem (red) on a terminal, e.g. shortages. */
  isProblem?: (value: number | string | null, row: number, column: number) => boolean;
  /** The records of `-o json`'s `{ "data": [...] }`; by default one per row with its cells by column key. */
  data?: readonly unknown[];
}

/** A calendar document for `-o ics`, listed as grouped rows in every other format. */
export interface CalendarView {
  kind: 'calendar';
  /** The iCalendar text, built by the command (ical-generator); printed by `-o ics`. */
  ics: () => Promise<string>;
  /** The same events as grouped rows (table, tsv, csv, json, ndjson). */
  listing: GroupedView;
}

/** What changed between two states: per record and field. */
export interface DiffView {
  kind: 'diff';
  changes: Array<{
    resource: string;
    /** A number, as the snapshot and the service write it. */
    id: number;
    change: 'added' | 'removed' | 'changed';
    field?: string;
    before?: unknown;
    after?: unknown;
  }>;
}

/**
 * A row of a detail view: its label, its value and, for text whose line breaks are its lines (a
 * contact, a note), `lines`: a table shows each of its lines under the value column where another
 * value's line break folds into a space. Machine formats print the value as it is.
 */
export type DetailField = readonly [label: string, value: unknown, shape?: 'lines'];

/** One record shown as `field: value` lines on a terminal, with optional sub-tables. */
export interface DetailView {
  kind: 'detail';
  /** Ordered label → value pairs of the record itself. */
  fields: DetailField[];
  /** Tables under it (e.g. an event's bookings), each with a title; `money`: its money columns, shown as a list's are. */
  sections?: Array<{ title: string; rows: Row[]; columns: string[]; money?: readonly string[]; footer?: string[] }>;
  /** What `-o json` / `-o ndjson` prints. */
  json: unknown;
}

/** A picture for a person (the timeline): lines drawn to the terminal's width; its data as records elsewhere. */
export interface PictureView {
  kind: 'picture';
  /** The lines at a terminal (`table`), for this width and colour. */
  draw: (width: number, color: boolean) => string[];
  /** What tsv, csv, json and ndjson print. */
  listing: RecordListView;
}

/**
 * `--dry-run` of a write: the request that would be sent, secrets redacted. For people the request
 * line, headers and body as text, and "Dry run: nothing was sent." on stderr; `-o json` the
 * `{ "data": [{ "dryRun": true, … }] }` envelope, `-o ndjson` that record on one line.
 */
export interface RequestView {
  kind: 'request';
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  /** Absent: a request without a body (DELETE). */
  body?: unknown;
}

/**
 * A write whose answer for people is a sentence ("Deleted event 3."): the message on stderr
 * (silenced by --quiet); for machines (`-o json`: `{ "data": [...] }`, `-o ndjson`: a line each)
 * the records, when there are any; without records the message is shown in every format.
 */
export interface DoneView {
  kind: 'done';
  message: string;
  records?: readonly Row[];
}

/**
 * Text that is the same in every format (a completion script, a URL, a setting's value). With
 * `data`, the text is for people and machines get `{ "data": [...] }` (`-o ndjson`: a line each).
 */
export interface TextView {
  kind: 'text';
  /** Printed as is, a newline added when it has none; '' prints nothing. */
  text: string;
  data?: readonly unknown[];
  /** For people only, after the text: a line on stderr (silenced by --quiet), e.g. "Dry run: nothing was sent." */
  note?: string;
}

/** A body as the service sent it (`rentals api`, the raw escape hatch) or a document (a snapshot): the same in every format. */
export interface RawView {
  kind: 'raw';
  /** A JSON answer, printed as `JSON.stringify(json, null, 2)` in pieces. */
  json?: unknown;
  /** A text answer: as sent into a pipe, control sequences stripped at a terminal. */
  text?: string;
  /** A document written as it is read (a snapshot): its pieces go to `write`, which waits for stdout to drain. */
  pour?: (write: (text: string) => Promise<void>) => Promise<unknown>;
}

/**
 * What a bulk run would do (`--dry-run`): a line per row then the totals for people, each row's
 * JSON text on its line for `-o ndjson`, the plan file for `-o json`. Each is produced as it is
 * printed, in batches: a plan streamed from a file is never held whole. What a bulk run wrote is
 * printed the same way (app/bulk/written.ts): its changes, never held whole.
 */
export interface PlanView {
  kind: 'plan';
  /** `changesOnly` (at a terminal, without --all): the unchanged rows are counted, not listed. */
  lines: (changesOnly?: boolean) => Iterable<string> | AsyncIterable<string>;
  /** --all: every row listed at a terminal too. */
  listAll?: boolean;
  /** `-o ndjson`: each change the plan makes, as its JSON text (output/changes.ts's record). */
  records: () => Iterable<string> | AsyncIterable<string>;
  /** `-o tsv`, `-o csv`: a row per field each change touches (output/changes.ts's rows). */
  rows: () => Iterable<Row> | AsyncIterable<Row>;
  /** The columns of `rows` (default: output/changes.ts's); a dry run's add why a row would not be sent. */
  columns?: readonly string[];
  /** For machines (json, ndjson, tsv, csv), on stderr after them: the plan's totals, which people read as the last of its lines. */
  totals?: string;
  /** `-o json`: the plan file's text, in pieces, with the top-level `changes` array at its end. */
  document?: () => AsyncIterable<string>;
  /** For people only (a table), on stderr: where to see what is not listed (the changes of a bulk run). */
  note?: string;
}

/** The views that hold rows (tables, csv, tsv, ndjson, json of records). */
export type DataView = RecordListView | GroupedView | GridView | CalendarView | DiffView | DetailView | PictureView;

export type View = (DataView | RecordStreamView | RequestView | DoneView | TextView | RawView | PlanView | ChangesView) & {
  /** A self-contained page (`-o html`) where the command has one, for the paper it is to be printed on: a quote, a pick list, a timeline. */
  html?: (paper: PaperSize) => string;
  /**
   * What a table (for people) shows instead, when it needs what only people see and a script
   * should not pay a request for (an event's status by name): asked for only when printing a table.
   */
  forPeople?: () => Promise<View>;
};

/** Formats every view renders; `ics` only for a calendar view, `html` and `pdf` only for a command that has a page, `xlsx` for the views with rows. */
export type ViewFormat = OutputFormat | 'ics' | 'html' | 'pdf' | 'xlsx';

/** What a handler returns: the view to print, and the exit code when it has one (check: 1 on problems). */
export interface Outcome {
  view?: View;
  exitCode?: number;
  /** Lines for people on stderr after the view (silenced by --quiet). */
  notices?: readonly string[];
  /** Warnings on stderr after the view (never silenced). */
  warnings?: readonly string[];
  /** A step that follows the printing (open the link just printed): its failure comes after the output. */
  afterPrinting?: () => Promise<void>;
  /** The error the run ends with once the view is printed in full (`rentals api`'s error answer: its body, then its message and exit code). */
  failure?: Error;
  /** The view is printed as sent, not through --jq (an error answer's body: the filter was written for the success body). */
  unfiltered?: boolean;
}
