// Column widths for a terminal: each column as wide as its widest cell (text cells capped),
// then, when the table is wider than the terminal, the widest text columns shrink first, one
// column of width at a time. Numbers and datetimes are never cut; when even the narrowest
// layout does not fit, columns are hidden from the right (never the first).

/** What the layout knows of one column. */
export interface ColumnMeasure {
  /** Width of the header. */
  header: number;
  /** Widest cell that may be cut (text). */
  text: number;
  /** Widest cell that may not be cut (number, datetime, flag). */
  rigid: number;
}

export interface FitOptions {
  /** Text cells wider than this are cut (today's per-cell limit). */
  cap: number;
  /** The terminal's width; undefined when unknown (nothing is shrunk or hidden). */
  available?: number;
}

export interface ColumnFit {
  /** Indices of the columns shown, in order. */
  shown: number[];
  /** Width of each shown column (without padding and borders). */
  widths: number[];
}

/** A text column never shrinks below this (or its widest uncuttable cell). */
const MIN_TEXT_WIDTH = 6;

/** Borders and padding: "│ a │ b │" is 3 per column plus 1. */
function tableWidth(widths: number[]): number {
  return widths.reduce((sum, w) => sum + w + 3, 1);
}

export function fitColumns(columns: ColumnMeasure[], options: FitOptions): ColumnFit {
  const shown = columns.map((_, i) => i);
  for (;;) {
    const natural = shown.map((i) => naturalWidth(columns[i]!, options.cap));
    const { available } = options;
    if (available === undefined || tableWidth(natural) <= available) return { shown, widths: natural };
    const floors = shown.map((i, k) => Math.min(natural[k]!, floorWidth(columns[i]!)));
    const widths = shrink(natural, floors, tableWidth(natural) - available);
    if (tableWidth(widths) <= available || shown.length === 1) return { shown, widths };
    shown.pop();
  }
}

function naturalWidth(column: ColumnMeasure, cap: number): number {
  return Math.max(column.header, column.rigid, Math.min(column.text, cap));
}

function floorWidth(column: ColumnMeasure): number {
  return Math.max(column.rigid, MIN_TEXT_WIDTH);
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
