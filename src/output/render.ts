// One output layer: a view in a format, as chunks of text. Machine formats are rendered here;
// tables (string-width, colours) load only when a table is printed. Nothing is ever one big
// string: rows are written in batches and JSON in pieces, so memory stays near the data's size.

import { type Row, csvHeader, csvLine, ndjsonLine, tsvLine } from './format.js';
import { escapeJsonControl } from '../common/sanitize.js';
import { checkFieldNames } from './fields.js';
import { checkFormat, refusalPrintsNothing } from './formats.js';
import { prettyJsonChunks } from './json-chunks.js';
import { ROWS_PER_CHUNK, type RenderOptions } from './render-options.js';
import { DIFF_COLUMNS, detailRows, diffRows, gridRows, groupRows, groupedColumns } from './view-rows.js';
import type { ChangesView, DataView, View, ViewFormat } from './views.js';

export async function* renderView(view: View, format: ViewFormat, options: RenderOptions): AsyncGenerator<string> {
  checkFormat(view.kind, format, view.html !== undefined);
  if ((view.kind === 'records' || view.kind === 'stream') && view.csv && format !== 'csv') {
    options.info(`note: --for-spreadsheet and --locale shape -o csv; -o ${format} is written as usual`);
  }
  if (view.kind === 'stream') {
    const { renderRecordStream } = await import('./render-stream.js');
    return yield* renderRecordStream(view, format, options);
  }
  if (view.kind === 'changes') return yield* renderChanges(view, format, options);
  if (view.kind === 'request' || view.kind === 'done' || view.kind === 'text' || view.kind === 'raw' || view.kind === 'plan') {
    const { renderTextual } = await import('./render-text.js');
    return yield* renderTextual(view, format, options);
  }
  yield* renderData(view, format, options);
}

async function* renderData(view: DataView & Pick<View, 'html'>, format: ViewFormat, options: RenderOptions): AsyncGenerator<string> {
  checkFieldNames(options.fields, view);
  if (view.kind === 'records' && view.refused === true && refusalPrintsNothing(format)) return;
  if (format === 'html') {
    if (!view.html) throw new Error('a view printed as html has no page');
    return yield view.html(options.paper ?? 'A4');
  }
  if (view.kind === 'picture') {
    if (format === 'table') return yield `${view.draw(options.terminalWidth || 80, options.color).join('\n')}\n`;
    return yield* renderData(view.listing, format, options);
  }
  if (view.kind === 'calendar') {
    if (format !== 'ics') return yield* renderData(view.listing, format, options);
    const text = await view.ics();
    return yield text;
  }
  if (format === 'table') {
    const { renderTable } = await import('./render-table.js');
    return yield* renderTable(view, options);
  }
  if (format === 'json') return yield* renderJson(view, options);
  if (format === 'ndjson' && view.kind === 'detail') return yield `${escapeJsonControl(JSON.stringify(view.json))}\n`;
  const table = machineTable(view, options, format);
  if (format === 'ndjson') return yield* batches(table.rows, (row) => ndjsonLine(row, table.pick ? table.columns : undefined));
  if (format === 'csv') {
    const dialect = view.kind === 'records' ? view.csv : undefined;
    yield `${csvHeader(table.columns, dialect)}\n`;
    return yield* batches(table.rows, (row) => csvLine(row, table.columns, dialect));
  }
  yield* batches(table.rows, (row) => tsvLine(row, table.columns));
}

/** What a write planned or did (output/changes.ts): lines for people, the change rows or records for machines. */
async function* renderChanges(view: ChangesView, format: ViewFormat, options: RenderOptions): AsyncGenerator<string> {
  const changes = await import('./changes.js');
  const { fields } = options;
  if (fields) checkFieldNames(fields, { kind: 'records', body: null, rows: [], columns: changes.CHANGE_COLUMNS, knownColumns: changes.CHANGE_COLUMNS });
  const people = await import('./change-lines.js');
  const currency = options.currency?.();
  // At a terminal the sentences and the summary are the text itself (the summary last, in sight;
  // `-o table` into a pipe: the summary on stderr). In another format the data goes to stdout and
  // stderr has, for people, what the command tells (its sentences and summary: events book, undo…;
  // the summary alone: the record verbs) or, otherwise, only that a dry run sent nothing (not with JSON).
  if (format === 'table') {
    const lines = people.changeLines(view, { width: options.terminal ? options.terminalWidth : 0, currency });
    if (options.terminal) return yield lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    if (people.changeSummary(view) !== undefined) options.info(lines.pop()!);
    return yield lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  }
  const summary = people.changeSummary(view);
  if (view.narrate) {
    if (view.narrate === true) for (const sentence of people.changeSentences(view, { currency })) options.info(sentence);
    if (summary !== undefined) options.info(summary);
  } else if (view.dryRun && format !== 'json' && format !== 'ndjson' && summary !== undefined) options.info(summary);
  if (format === 'json') return yield* prettyJsonChunks(changes.changesJson(view));
  yield* renderRows(changes.changeRows(view.changes), format, fields, changes.CHANGE_COLUMNS, fields ? undefined : view.changes.map(changes.changeRecord));
}

/**
 * Rows of a view of changes (or of a plan's) in a row format: ndjson each change's record (unless
 * --fields picked columns of its rows), csv with a header, tsv without.
 */
export function* renderRows(rows: Iterable<Row>, format: ViewFormat, fields: string[] | undefined, columns: string[], records?: Iterable<Record<string, unknown>>): Generator<string> {
  const chosen = fields ?? columns;
  if (format === 'ndjson') {
    if (records) return yield* batches(records, (record) => ndjsonLine(record));
    return yield* batches(rows, (row) => ndjsonLine(row, chosen));
  }
  if (format === 'csv') {
    yield `${csvHeader(chosen)}\n`;
    return yield* batches(rows, (row) => csvLine(row, chosen));
  }
  yield* batches(rows, (row) => tsvLine(row, chosen));
}

/** Lines of `rows` joined in chunks of ROWS_PER_CHUNK, each line ending in a newline. */
function* batches<T>(rows: Iterable<T>, line: (row: T) => string): Generator<string> {
  let batch: string[] = [];
  for (const row of rows) {
    batch.push(line(row));
    if (batch.length === ROWS_PER_CHUNK) {
      yield `${batch.join('\n')}\n`;
      batch = [];
    }
  }
  if (batch.length > 0) yield `${batch.join('\n')}\n`;
}

function* renderJson(view: DataView, options: RenderOptions): Generator<string> {
  if (options.fields) {
    options.info(
      view.kind === 'records'
        ? 'note: --fields does not apply to -o json, which prints the body as sent; use -o ndjson to pick fields'
        : 'note: --fields does not apply to -o json; use -o ndjson to pick fields',
    );
  }
  yield* prettyJsonChunks(jsonOf(view));
}

/** What `-o json` prints for each view: always the `{ "data": [...] }` envelope. */
function jsonOf(view: DataView): unknown {
  switch (view.kind) {
    case 'records':
      return view.body;
    case 'groups':
      return { data: view.data ?? view.groups.map(({ heading, key, rows, footer }) => ({ key, heading, rows, ...(footer ? { footer } : {}) })) };
    case 'grid':
      return { data: view.data ?? view.rows.map((row, r) => ({ key: row.key, label: row.label, cells: Object.fromEntries(view.columns.map((c, i) => [c.key, view.cells[r]?.[i] ?? null])) })) };
    case 'calendar':
    case 'picture':
      return jsonOf(view.listing);
    case 'diff':
      return { data: view.changes };
    case 'detail':
      return { data: [view.json] };
  }
}

/** A view as flat rows for ndjson/csv/tsv. */
export interface MachineTable {
  columns: string[];
  rows: Iterable<Row>;
  /** ndjson keeps whole rows unless --fields picked columns. */
  pick: boolean;
}

/** `format`: the format the rows are printed in, as a note names it. */
export function machineTable(view: DataView, options: RenderOptions, format: ViewFormat): MachineTable {
  const { fields } = options;
  switch (view.kind) {
    case 'records':
      return { columns: fields ?? view.columns, rows: view.rows, pick: fields !== undefined };
    case 'calendar':
    case 'picture':
      return machineTable(view.listing, options, format);
    case 'groups':
      // Grouped rows may carry other names of their columns for --fields (agenda: eventName for event): ndjson shows the columns.
      return { columns: fields ?? groupedColumns(view), rows: groupRows(view), pick: true };
    case 'grid':
      ignoredFields(options, 'a grid');
      return { columns: [view.rowHeader, ...view.columns.map((c) => c.key)], rows: gridRows(view), pick: false };
    case 'diff':
      return { columns: fields ?? DIFF_COLUMNS, rows: diffRows(view), pick: fields !== undefined };
    case 'detail':
      ignoredFields(options, 'one record');
      if (view.sections?.length) {
        options.info(`note: -o ${format} shows the record's fields only; its ${view.sections.map((s) => s.title).join(', ')} are in -o json and the table`);
      }
      return { columns: ['field', 'value'], rows: detailRows(view), pick: false };
  }
}

function ignoredFields(options: RenderOptions, what: string): void {
  if (options.fields) options.info(`note: --fields does not apply to ${what}`);
}
