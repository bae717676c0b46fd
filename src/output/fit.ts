// Column widths for a terminal. A table that fits is drawn as it is. One that does not first
// leaves out its empty columns, then its least important ones (the view ranks its columns; by
// default the rightmost go first) until the rest fit with text 16 wide, then narrows the widest
// text columns, one column of width at a time: their text wraps onto more lines (wrap.ts), it is
// never cut. Numbers and datetimes keep their width.

/** What the layout knows of one column. */
export interface ColumnMeasure {
  /** Width of the header. */
  header: number;
  /** Widest word of the header (it wraps between words). */
  headerWord: number;
  /** Widest cell that may wrap (text). */
  text: number;
  /** Widest word of those cells. */
  word: number;
  /** Widest cell that may not wrap (number, datetime, flag). */
  rigid: number;
  /** No cell of the column has a value. */
  empty: boolean;
}

export interface FitOptions {
  /** Text cells wider than this wrap (the limit when the terminal's width is unknown). */
  cap: number;
  /** The terminal's width; undefined when unknown (nothing is narrowed or left out). */
  available?: number;
  /** Column indices, least important first: the order in which they are left out. Default: right to left. */
  dropOrder?: readonly number[];
}

export interface ColumnFit {
  /** Indices of the columns shown, in order. */
  shown: number[];
  /** Width of each shown column (without padding and borders). */
  widths: number[];
  /** Indices of the columns left out because they were empty. */
  droppedEmpty: number[];
}

/** A text column is never narrower than this (or its widest word up to WORD_KEPT, or its widest rigid cell). */
export const MIN_TEXT_WIDTH = 8;
/** Words up to this wide are kept whole when a column narrows; longer ones may break. */
export const WORD_KEPT = 16;

/** Borders and padding: "│ a │ b │" is 3 per column plus 1. */
export function tableWidth(widths: number[]): number {
  return widths.reduce((sum, w) => sum + w + 3, 1);
}

export function fitColumns(columns: ColumnMeasure[], options: FitOptions): ColumnFit {
  let shown = columns.map((_, i) => i);
  const naturalOf = (list: number[]) => list.map((i) => naturalWidth(columns[i]!, options.cap));
  const { available } = options;
  if (available === undefined || tableWidth(naturalOf(shown)) <= available) return { shown, widths: naturalOf(shown), droppedEmpty: [] };
  // 1. Empty columns say nothing: they go first (never the only column).
  const droppedEmpty = shown.filter((i) => columns[i]!.empty);
  if (droppedEmpty.length < shown.length) shown = shown.filter((i) => !columns[i]!.empty);
  // 2. The least important, until what is left fits with its text columns at a comfortable width.
  const order = (options.dropOrder ?? columns.map((_, i) => columns.length - 1 - i)).filter((i) => shown.includes(i));
  for (const next of order) {
    if (tableWidth(shown.map((i) => comfortableWidth(columns[i]!, options.cap))) <= available || shown.length === 1) break;
    shown = shown.filter((i) => i !== next);
  }
  // 3. Headers wider than their cells wrap first (no row gets taller), then the widest text columns narrow (their text wraps).
  const natural = naturalOf(shown);
  const cellsWidth = shown.map((i, k) => Math.min(natural[k]!, Math.max(floorWidth(columns[i]!, options.cap), columns[i]!.rigid, Math.min(columns[i]!.text, options.cap))));
  const headersWrapped = shrink(natural, cellsWidth, tableWidth(natural) - available);
  const floors = shown.map((i) => floorWidth(columns[i]!, options.cap));
  return { shown, widths: shrink(headersWrapped, floors, tableWidth(headersWrapped) - available), droppedEmpty };
}

function naturalWidth(column: ColumnMeasure, cap: number): number {
  return Math.max(Math.min(column.header, Math.max(cap, column.headerWord)), column.rigid, Math.min(column.text, cap));
}

function floorWidth(column: ColumnMeasure, cap: number): number {
  const text = column.text === 0 ? 0 : Math.max(MIN_TEXT_WIDTH, Math.min(column.word, WORD_KEPT));
  return Math.min(naturalWidth(column, cap), Math.max(column.rigid, column.headerWord, text));
}

/** A text column this wide reads well (a name on one or two lines): columns are left out before text is narrower. */
const COMFORTABLE_TEXT = 16;

function comfortableWidth(column: ColumnMeasure, cap: number): number {
  const floor = floorWidth(column, cap);
  return column.text === 0 ? floor : Math.max(floor, Math.min(column.text, cap, COMFORTABLE_TEXT));
}

/** Takes `excess` columns of width away, always from the currently widest column above its floor. */
function shrink(natural: number[], floors: number[], excess: number): number[] {
  const widths = [...natural];
  for (let left = excess; left > 0; left--) {
    let widest = -1;
    for (let k = 0; k < widths.length; k++) {
      if (widths[k]! > floors[k]! && (widest === -1 || widths[k]! >= widths[widest]!)) widest = k;
    }
    if (widest === -1) break;
    widths[widest]!--;
  }
  return widths;
}
