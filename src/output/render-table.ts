// Views as tables for people: box tables (one layout shared by all the groups of a view),
// headings in bold, shortages in red, `field  value` lines for one record. Loaded only when a
// table is printed (string-width).

import { type Row, humanCell } from './format.js';
import { escapeControl } from '../common/sanitize.js';
import { parseMoney } from '../domain/money.js';
import { moneyTextIn } from './money-text.js';
import { terminalControl } from '../common/terminal-text.js';
import { ROWS_PER_CHUNK, type RenderOptions } from './render-options.js';
import { type CellPaint, type TableLayout, type TablePalette, TableCells, TableDrawer } from './table.js';
import { padToWidth, textWidth } from './width.js';
import { DIFF_COLUMNS, diffRows } from './view-rows.js';
import type { DataView, DetailView, GridView, RecordListView } from './views.js';
import { columnTitle } from './titles.js';
import { hangingLines, wrapText } from './wrap.js';
import { textLinesOf } from '../common/text.js';
import { entries, footerLine, paragraphs } from './render-lines.js';

interface Palette extends TablePalette {
  heading: (text: string) => string;
}

const plain: Palette = { header: same, yes: same, no: same, problem: same, heading: same };

function same(text: string): string {
  return text;
}

/** Text between two SGR sequences, marked as this program's own (the sanitizer lets only those through). */
function sgr(open: string, close: string): (text: string) => string {
  const [on, off] = [terminalControl(open), terminalControl(close)];
  return (text) => `${on}${text}${off}`;
}

function palette(color: boolean): Palette {
  if (!color) return plain;
  return {
    header: sgr('\u001b[1m\u001b[36m', '\u001b[39m\u001b[22m'),
    yes: sgr('\u001b[32m', '\u001b[39m'),
    no: sgr('\u001b[2m', '\u001b[22m'),
    problem: sgr('\u001b[31m', '\u001b[39m'),
    heading: sgr('\u001b[1m', '\u001b[22m'),
  };
}

const FIELDS_HINT = 'pick columns with --fields';

/** When the terminal's width is unknown, text cells are limited as for 120 columns. */
const ASSUMED_WIDTH = 120;

/** A block of rows under one heading, drawn with the view's shared layout. */
interface Block {
  heading?: string;
  /** First and last+1 row of the block in the shared cells. */
  from: number;
  to: number;
  footer?: string[];
}

export async function* renderTable(view: DataView, options: RenderOptions): AsyncGenerator<string> {
  const colors = palette(options.color);
  if (view.kind === 'detail') return yield* detail(view, options, colors);
  if (view.kind === 'records' && view.lines && !options.fields && view.rows.length > 0) return yield* paragraphs(view, view.lines, options.terminalWidth, colors);
  if (view.kind === 'grid' && options.terminalWidth > 0) {
    const pages = gridPages(view, options.terminalWidth);
    if (pages) return yield* drawPages(pages, options, colors);
  }
  const { cells, blocks } = collect(view, options);
  const grouped = view.kind === 'calendar' ? view.listing : view;
  if (grouped.kind === 'groups' && grouped.entry && !options.fields && options.terminalWidth > 0) {
    if (cells.layout({ available: options.terminalWidth, assumedWidth: ASSUMED_WIDTH }).cut) return yield* entries(grouped, grouped.entry, options.terminalWidth, colors);
  }
  if (cells.rowCount === 0 && blocks.every((b) => !b.heading)) {
    const note = (view.kind === 'records' || view.kind === 'groups' ? view.emptyNote : undefined) ?? 'No records.';
    if (note !== '') options.info(note);
    return;
  }
  // A grid's columns are its days: --fields does not pick them, a shorter range does.
  yield* drawBlocks(cells, blocks, options, colors, view.kind === 'grid' ? 'ask for fewer days with --from/--to' : FIELDS_HINT);
}

/** A record list's rows as they are read: their cells are kept (not the records), then drawn. */
export async function* renderRowBatches(columns: string[], batches: AsyncIterable<Row[]>, options: RenderOptions, people: Pick<RecordListView, 'titles' | 'names' | 'rank' | 'money'> = {}): AsyncGenerator<string> {
  const colors = palette(options.color);
  const cells = new TableCells(headers(columns, people.titles, options), columns, options.fields ? undefined : people.rank);
  const names = withMoney(people.names, people.money, options);
  for await (const rows of batches) addRows(cells, columns, rows, names);
  if (cells.rowCount === 0) return options.info('No records.');
  yield* drawBlocks(cells, [{ from: 0, to: cells.rowCount }], options, colors);
}

function* drawBlocks(cells: TableCells, blocks: Block[], options: RenderOptions, colors: Palette, narrower = FIELDS_HINT): Generator<string> {
  const layout = cells.layout({ available: options.terminalWidth || undefined, assumedWidth: ASSUMED_WIDTH });
  const note = droppedNote(layout, cells.keys, options.terminalWidth, narrower);
  if (note) options.info(note);
  const drawer = new TableDrawer(cells, layout, colors);
  let first = true;
  for (const block of blocks) {
    let text = first ? '' : '\n';
    first = false;
    if (block.heading !== undefined) text += `${colors.heading(escapeControl(block.heading))}\n`;
    if (block.to > block.from) {
      text += `${drawer.top()}\n${drawer.header()}\n`;
      for (let r = block.from; r < block.to; r++) {
        text += `${drawer.row(r)}\n`;
        if ((r - block.from) % ROWS_PER_CHUNK === ROWS_PER_CHUNK - 1) {
          yield text;
          text = '';
        }
      }
      text += `${drawer.bottom()}\n`;
    }
    for (const line of block.footer ?? []) text += `${footerLine(escapeControl(line), options.terminal ? options.terminalWidth : 0)}\n`;
    yield text;
  }
}

function collect(view: Exclude<DataView, DetailView>, options: RenderOptions): { cells: TableCells; blocks: Block[] } {
  switch (view.kind) {
    case 'calendar':
    case 'picture':
      return collect(view.listing, options);
    case 'records': {
      const columns = options.fields ?? view.columns;
      const cells = rowCells(columns, view.rows, view.titles, options, withMoney(view.names, view.money, options), options.fields ? undefined : view.rank);
      return { cells, blocks: [{ from: 0, to: cells.rowCount }] };
    }
    case 'groups': {
      const columns = options.fields ?? view.columns;
      const cells = new TableCells(headers(columns, view.titles, options), columns, options.fields ? undefined : view.rank);
      const names = withMoney(view.names, view.money, options);
      const blocks = view.groups.map((group) => {
        const from = cells.rowCount;
        // --fields may name the group's own columns (a history entry's time): each row carries them then.
        addRows(cells, columns, options.fields ? group.rows.map((row) => ({ [view.groupColumn]: group.key, ...group.values, ...row })) : group.rows, names);
        return { heading: group.heading, from, to: cells.rowCount, footer: group.footer };
      });
      return { cells, blocks };
    }
    case 'grid':
      return { cells: gridCells(view), blocks: [{ from: 0, to: view.rows.length }] };
    case 'diff': {
      const columns = options.fields ?? DIFF_COLUMNS;
      const cells = new TableCells(headers(columns, undefined, options), columns);
      for (const row of diffRows(view)) {
        for (const c of columns) cells.add(humanCell(row[c]), isRigid(row[c]), c === 'change' ? changePaint(row[c]) : 'plain', isNumber(row[c]));
      }
      return { cells, blocks: [{ from: 0, to: cells.rowCount }] };
    }
  }
}

/** The header of each column: --fields' names as given, else the columns' titles for people. */
function headers(columns: string[], titles: Readonly<Record<string, string>> | undefined, options: Pick<RenderOptions, 'fields'>): string[] {
  return options.fields ? columns : columns.map((c) => columnTitle(c, titles));
}

type ValueNames = RecordListView['names'];

/** How a table shows its columns' values: by their names, and the money columns' amounts. */
interface ColumnText {
  names: ValueNames;
  /** The money columns: shown as money-text.ts shows them, right-aligned and never cut. */
  money: ReadonlySet<string>;
}

/**
 * The names, and each money column's amount as people see it: with its scale (`67.5` → `67.50`;
 * `20.9895` as it is), in the shop's currency when one is set (`$67.50`).
 */
function withMoney(names: ValueNames, money: readonly string[] | undefined, options: Pick<RenderOptions, 'currency'>): ColumnText {
  if (!money || money.length === 0) return { names, money: new Set() };
  const shown = moneyTextIn(options.currency?.());
  const scaled = (value: unknown) => {
    const parsed = typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
    return parsed === undefined ? undefined : shown(parsed);
  };
  return { names: { ...Object.fromEntries(money.map((c) => [c, scaled])), ...names }, money: new Set(money) };
}

function rowCells(columns: string[], rows: Row[], titles?: Readonly<Record<string, string>>, options: Pick<RenderOptions, 'fields'> = {}, text?: ColumnText, rank?: readonly string[]): TableCells {
  const cells = new TableCells(headers(columns, titles, options), columns, rank);
  addRows(cells, columns, rows, text);
  return cells;
}

function addRows(cells: TableCells, columns: string[], rows: Row[], text?: ColumnText): void {
  const names = text?.names;
  for (const row of rows) {
    for (const c of columns) {
      const value = row[c];
      const name = names?.[c] && value !== null && value !== undefined ? names[c](value) : undefined;
      if (name !== undefined) {
        const money = text?.money.has(c) === true;
        cells.add(humanCell(name), money || isRigid(name), 'plain', money || isNumber(name));
        continue;
      }
      cells.add(humanCell(value), isRigid(value), value === true ? 'yes' : value === false ? 'no' : 'plain', isNumber(value));
    }
  }
}

/** Grid row labels up to this wide are never cut. */
const GRID_LABEL_KEPT = 32;

function gridCells(view: GridView): TableCells {
  const cells = new TableCells([columnTitle(view.rowHeader), ...view.columns.map((c) => escapeControl(c.label))], [view.rowHeader, ...view.columns.map((c) => escapeControl(c.label))]);
  view.rows.forEach((row, r) => {
    // The row label says which item a row is ("Stage S…" could be two): days are hidden before
    // a label is cut, unless the label is so long that it would leave no room for any day.
    const label = humanCell(row.label);
    cells.add(label, textWidth(label) <= GRID_LABEL_KEPT);
    view.columns.forEach((_, c) => {
      const value = view.cells[r]?.[c] ?? null;
      cells.add(humanCell(value), isRigid(value), view.isProblem?.(value, r, c) ? 'problem' : 'plain', isNumber(value));
    });
  });
  return cells;
}

/** Days per page: whole weeks. */
const WEEK = 7;
/** A wrapped row label is never narrower than this. */
const MIN_LABEL_WIDTH = 8;

interface GridPage {
  heading: string;
  cells: TableCells;
}

/**
 * A grid too wide for the terminal, as pages of as many whole weeks as fit (fewer days only when
 * not even a week does), each with its short column labels and the row labels wrapped to the
 * width left; undefined when the whole grid fits.
 */
function gridPages(view: GridView, width: number): GridPage[] | undefined {
  if (!gridCells(view).layout({ available: width, assumedWidth: ASSUMED_WIDTH }).cut) return undefined;
  const short = view.columns.map((c) => escapeControl(c.short ?? c.label));
  const values = view.cells.flat().map((v) => textWidth(humanCell(v)));
  const dayWidth = Math.max(0, ...short.map(textWidth), ...values) + 3;
  const header = columnTitle(view.rowHeader);
  const labelWant = Math.min(GRID_LABEL_KEPT, Math.max(textWidth(header), ...view.rows.map((r) => textWidth(humanCell(r.label)))));
  // Narrowest: the longest word of a name and the indent of a continuation line (words stay whole).
  const longestWord = Math.max(0, ...view.rows.flatMap((r) => humanCell(r.label).split(/\s+/).map(textWidth)));
  const labelMin = Math.min(labelWant, Math.max(MIN_LABEL_WIDTH, longestWord + 2));
  let perPage = WEEK * Math.floor((width - 1 - (labelWant + 3)) / (WEEK * dayWidth));
  let labelWidth = labelWant;
  if (perPage < WEEK) {
    perPage = Math.max(1, Math.min(WEEK, Math.floor((width - 1 - (labelMin + 3)) / dayWidth)));
    labelWidth = Math.max(labelMin, Math.min(labelWant, width - 1 - 3 - perPage * dayWidth));
  }
  // Wrapped to 2 less than the column: the continuation lines are indented by 2.
  const labels = view.rows.map((row) => {
    const label = humanCell(row.label);
    return textWidth(label) <= labelWidth ? [label] : wrapText(label, labelWidth - 2);
  });
  const pages: GridPage[] = [];
  for (let from = 0; from < view.columns.length; from += perPage) {
    const to = Math.min(view.columns.length, from + perPage);
    const keys = view.columns.slice(from, to).map((c) => escapeControl(c.key));
    // Every day column of every page as wide as the widest (the pages line up).
    const titles = short.slice(from, to).map((label) => ' '.repeat(Math.max(0, dayWidth - 3 - textWidth(label))) + label);
    const cells = new TableCells([header, ...titles], [view.rowHeader, ...keys]);
    view.rows.forEach((_, r) => {
      labels[r]!.forEach((line, k) => {
        // Continuation lines of a wrapped label are indented, so that they cannot read as another row.
        cells.add(k === 0 ? line : `  ${line}`, true);
        for (let c = from; c < to; c++) {
          const value = k === 0 ? (view.cells[r]?.[c] ?? null) : null;
          cells.add(humanCell(value), true, k === 0 && view.isProblem?.(value, r, c) ? 'problem' : 'plain', isNumber(value));
        }
      });
    });
    const heading = view.pageHeading ? view.pageHeading(from, to - 1) : keys.length === 1 ? keys[0]! : `${keys[0]} → ${keys[keys.length - 1]}`;
    pages.push({ heading: escapeControl(heading), cells });
  }
  return pages;
}

function* drawPages(pages: GridPage[], options: RenderOptions, colors: Palette): Generator<string> {
  let first = true;
  for (const page of pages) {
    if (!first) yield '\n';
    first = false;
    yield* drawBlocks(page.cells, [{ heading: page.heading, from: 0, to: page.cells.rowCount }], options, colors, 'ask for fewer days with --from/--to');
  }
}

function changePaint(change: unknown): CellPaint {
  return change === 'added' ? 'yes' : change === 'removed' ? 'problem' : 'plain';
}

/** Numbers (and money as text) are right-aligned in their column. */
function isNumber(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && NUMBER_TEXT.test(value));
}

const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/** Numbers, flags, dates and datetimes are never cut to fit a terminal. */
function isRigid(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return true;
  return typeof value === 'string' && (DATE_OR_TIME.test(value) || NUMBER_TEXT.test(value));
}

/**
 * One record as `label  value` lines, each value from the same column. At a terminal a line
 * wider than it wraps under the value column; a value of lines (`lines`) shows each of its lines
 * there, so that no line of a value can start at the labels' column and pass for a row.
 */
function* detail(view: DetailView, options: RenderOptions, colors: Palette): Generator<string> {
  if (options.fields) options.info('note: --fields does not apply to one record');
  const labelWidth = Math.max(0, ...view.fields.map(([label]) => textWidth(label)));
  const indent = ' '.repeat(labelWidth + 2);
  const width = options.terminal ? options.terminalWidth : 0;
  const fitted = (lead: string, line: string): string => (width <= 0 || textWidth(`${lead}${line}`) <= width ? `${lead}${line}`.trimEnd() : hangingLines(lead, labelWidth + 2, line, width).join('\n'));
  let text = '';
  for (const [label, value, shape] of view.fields) {
    // A CRLF in text of lines is its line break (written on Windows), not a CR to show.
    const lines = shape === 'lines' ? textLinesOf(humanCell(typeof value === 'string' ? value.replace(/\r\n/g, '\n') : value)) : [humanCell(value).replace(/\s*\n\s*/g, ' ')];
    const lead = `${padToWidth(escapeControl(label), labelWidth)}  `;
    lines.forEach((line, i) => {
      text += `${fitted(i === 0 ? lead : indent, line)}\n`;
    });
    if (lines.length === 0) text += `${lead.trimEnd()}\n`;
  }
  yield text;
  for (const section of view.sections ?? []) {
    yield `\n${colors.heading(escapeControl(section.title))}\n`;
    if (section.rows.length === 0) {
      yield '(none)\n';
    } else {
      const cells = rowCells(section.columns, section.rows, undefined, {}, withMoney(undefined, section.money, options));
      yield* drawBlocks(cells, [{ from: 0, to: cells.rowCount }], options, colors);
    }
    for (const line of section.footer ?? []) yield `${footerLine(escapeControl(line), width)}\n`;
  }
}

/**
 * What a narrow terminal left out and how to see it: `note: endDate, eventCity not shown to fit
 * 80 columns (cancelDate: empty); see them with --fields id,endDate,eventCity or -o json`.
 */
function droppedNote(layout: TableLayout, keys: readonly string[], width: number, narrower: string): string | undefined {
  const { hidden, emptyHidden } = layout;
  if (hidden.length + emptyHidden.length === 0) return undefined;
  if (hidden.length === 0) return `note: ${hiddenList(emptyHidden)} not shown (empty) to fit ${width} columns`;
  const empty = emptyHidden.length === 0 ? '' : ` (${hiddenList(emptyHidden)}: empty)`;
  const how =
    narrower === FIELDS_HINT && hidden.length <= 4
      ? `see ${hidden.length === 1 ? 'it' : 'them'} with --fields ${[keys[layout.shown[0]!]!, ...hidden].join(',')} or -o json`
      : `widen the terminal or ${narrower}`;
  return `note: ${hiddenList(hidden)} not shown${empty} to fit ${width} columns; ${how}`;
}

/** The hidden columns by name; many (a month of days) as the first and last and how many. */
function hiddenList(hidden: readonly string[]): string {
  if (hidden.length <= 4) return hidden.join(', ');
  return `${hidden.length} columns (${hidden[0]} … ${hidden[hidden.length - 1]})`;
}
