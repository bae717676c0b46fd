// Views as tables for people: box tables (one layout shared by all the groups of a view),
// headings in bold, shortages in red, `field  value` lines for one record. Loaded only when a
// table is printed (string-width, chalk).

import { type Row, humanCell } from './format.js';
import { stripControl } from '../common/sanitize.js';
import { ROWS_PER_CHUNK, type RenderOptions } from './render-options.js';
import { type CellPaint, type TablePalette, TableCells, TableDrawer } from './table.js';
import { padToWidth, textWidth } from './width.js';
import { DIFF_COLUMNS, diffRows } from './view-rows.js';
import type { DetailView, GridView, View } from './views.js';

interface Palette extends TablePalette {
  heading: (text: string) => string;
}

const plain: Palette = { header: same, yes: same, no: same, problem: same, heading: same };

function same(text: string): string {
  return text;
}

async function palette(color: boolean): Promise<Palette> {
  if (!color) return plain;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return {
    header: (t) => chalk.bold.cyan(t),
    yes: (t) => chalk.green(t),
    no: (t) => chalk.dim(t),
    problem: (t) => chalk.red(t),
    heading: (t) => chalk.bold(t),
  };
}

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

export async function* renderTable(view: View, options: RenderOptions): AsyncGenerator<string> {
  const colors = await palette(options.color);
  if (view.kind === 'detail') return yield* detail(view, options, colors);
  const { cells, blocks } = collect(view, options);
  if (cells.rowCount === 0 && blocks.every((b) => !b.heading)) {
    options.info('No records.');
    return;
  }
  // A grid's columns are its days: --fields does not pick them, a shorter range does.
  yield* drawBlocks(cells, blocks, options, colors, view.kind === 'grid' ? 'ask for fewer days with --from/--to' : 'pick columns with --fields');
}

/** A record list's rows as they are read: their cells are kept (not the records), then drawn. */
export async function* renderRowBatches(columns: string[], batches: AsyncIterable<Row[]>, options: RenderOptions): AsyncGenerator<string> {
  const colors = await palette(options.color);
  const cells = new TableCells(columns);
  for await (const rows of batches) addRows(cells, columns, rows);
  if (cells.rowCount === 0) return options.info('No records.');
  yield* drawBlocks(cells, [{ from: 0, to: cells.rowCount }], options, colors);
}

function* drawBlocks(cells: TableCells, blocks: Block[], options: RenderOptions, colors: Palette, narrower = 'pick columns with --fields'): Generator<string> {
  const layout = cells.layout({ available: options.terminalWidth || undefined, assumedWidth: ASSUMED_WIDTH });
  if (layout.hidden.length > 0) {
    options.info(`note: ${hiddenList(layout.hidden)} hidden to fit ${options.terminalWidth} columns; widen the terminal or ${narrower}`);
  }
  const drawer = new TableDrawer(cells, layout, colors);
  let first = true;
  for (const block of blocks) {
    let text = first ? '' : '\n';
    first = false;
    if (block.heading !== undefined) text += `${colors.heading(stripControl(block.heading))}\n`;
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
    for (const line of block.footer ?? []) text += `${stripControl(line)}\n`;
    yield text;
  }
}

function collect(view: Exclude<View, DetailView>, options: RenderOptions): { cells: TableCells; blocks: Block[] } {
  switch (view.kind) {
    case 'records':
    case 'calendar': {
      const columns = options.fields ?? view.columns;
      const cells = rowCells(columns, view.rows);
      return { cells, blocks: [{ from: 0, to: cells.rowCount }] };
    }
    case 'groups': {
      const columns = options.fields ?? view.columns;
      const cells = new TableCells(columns);
      const blocks = view.groups.map((group) => {
        const from = cells.rowCount;
        addRows(cells, columns, group.rows);
        return { heading: group.heading, from, to: cells.rowCount, footer: group.footer };
      });
      return { cells, blocks };
    }
    case 'grid':
      return { cells: gridCells(view), blocks: [{ from: 0, to: view.rows.length }] };
    case 'diff': {
      const columns = options.fields ?? DIFF_COLUMNS;
      const cells = new TableCells(columns);
      for (const row of diffRows(view)) {
        for (const c of columns) cells.add(humanCell(row[c]), isRigid(row[c]), c === 'change' ? changePaint(row[c]) : 'plain');
      }
      return { cells, blocks: [{ from: 0, to: cells.rowCount }] };
    }
  }
}

function rowCells(columns: string[], rows: Row[]): TableCells {
  const cells = new TableCells(columns);
  addRows(cells, columns, rows);
  return cells;
}

function addRows(cells: TableCells, columns: string[], rows: Row[]): void {
  for (const row of rows) {
    for (const c of columns) {
      const value = row[c];
      cells.add(humanCell(value), isRigid(value), value === true ? 'yes' : value === false ? 'no' : 'plain');
    }
  }
}

/** Grid row labels up to this wide are never cut. */
const GRID_LABEL_KEPT = 32;

function gridCells(view: GridView): TableCells {
  const cells = new TableCells([view.rowHeader, ...view.columns.map((c) => stripControl(c.label))]);
  view.rows.forEach((row, r) => {
    // The row label says which item a row is ("Stage S…" could be two): days are hidden before
    // a label is cut, unless the label is so long that it would leave no room for any day.
    const label = humanCell(row.label);
    cells.add(label, textWidth(label) <= GRID_LABEL_KEPT);
    view.columns.forEach((_, c) => {
      const value = view.cells[r]?.[c] ?? null;
      cells.add(humanCell(value), isRigid(value), view.isProblem?.(value, r, c) ? 'problem' : 'plain');
    });
  });
  return cells;
}

function changePaint(change: unknown): CellPaint {
  return change === 'added' ? 'yes' : change === 'removed' ? 'problem' : 'plain';
}

const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/** Numbers, flags, dates and datetimes are never cut to fit a terminal. */
function isRigid(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return true;
  return typeof value === 'string' && (DATE_OR_TIME.test(value) || NUMBER_TEXT.test(value));
}

function* detail(view: DetailView, options: RenderOptions, colors: Palette): Generator<string> {
  if (options.fields) options.info('note: --fields does not apply to one record');
  const labelWidth = Math.max(0, ...view.fields.map(([label]) => textWidth(label)));
  let text = '';
  for (const [label, value] of view.fields) {
    text += `${padToWidth(stripControl(label), labelWidth)}  ${humanCell(value).replace(/\s*\n\s*/g, ' ')}`.trimEnd() + '\n';
  }
  yield text;
  for (const section of view.sections ?? []) {
    yield `\n${colors.heading(stripControl(section.title))}\n`;
    if (section.rows.length === 0) {
      yield '(none)\n';
    } else {
      const cells = rowCells(section.columns, section.rows);
      yield* drawBlocks(cells, [{ from: 0, to: cells.rowCount }], options, colors);
    }
    for (const line of section.footer ?? []) yield `${stripControl(line)}\n`;
  }
}

/** The hidden columns by name; many (a month of days) as the first and last and how many. */
function hiddenList(hidden: readonly string[]): string {
  if (hidden.length <= 4) return hidden.join(', ');
  return `${hidden.length} columns (${hidden[0]} … ${hidden[hidden.length - 1]})`;
}
