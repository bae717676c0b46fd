// Box tables in linear time (cli-table3 rescanned earlier rows for every cell: 100k rows took
// minutes). Same look: box borders top and bottom, a header row, no row separators, one space of
// padding. Cells are collected once (text, width, kind), the columns are fitted, and lines are
// produced row by row, so a caller can write them in chunks.

import { type ColumnMeasure, type ColumnFit, fitColumns } from './fit.js';
import { padToWidth, textWidth, truncateToWidth } from './width.js';

/** How a cell is painted on a colour terminal. */
export type CellPaint = 'plain' | 'yes' | 'no' | 'problem';

export interface TablePalette {
  header: (text: string) => string;
  yes: (text: string) => string;
  no: (text: string) => string;
  problem: (text: string) => string;
}

export interface TableLayoutOptions {
  /** The terminal's width, or undefined when unknown (no fitting, text cells limited). */
  available?: number;
  /** Width used for the per-cell text limit when the terminal's width is unknown. */
  assumedWidth: number;
}

export interface TableLayout extends ColumnFit {
  /** Keys of the hidden columns (too narrow a terminal). */
  hidden: string[];
  /** Per shown column: right-aligned (every non-empty cell is a number). */
  right: boolean[];
  /** Some text was cut or some column hidden to fit the terminal. */
  cut: boolean;
}

const PAINTS: readonly CellPaint[] = ['plain', 'yes', 'no', 'problem'];
const RIGID = 4;

/**
 * The cells of one or more tables that share their columns (e.g. one table per group). A cell's
 * width, rigidity and paint are packed in typed arrays: a 100k-row list has 400k cells, and
 * three JS arrays of them held ~10 MB more than the texts themselves.
 */
export class TableCells {
  readonly texts: string[] = [];
  private widthOf = new Uint32Array(1024);
  /** paint index | RIGID */
  private flags = new Uint8Array(1024);
  /** Per column: 'number' while every non-empty cell is one, 'text' after any other cell. */
  private readonly kinds: Array<'empty' | 'number' | 'text'>;

  /** `keys`: the columns' names for --fields (what a note about hidden columns says), by default the headers. */
  constructor(
    readonly headers: string[],
    readonly keys: string[] = headers,
  ) {
    this.kinds = headers.map(() => 'empty');
  }

  get rowCount(): number {
    return this.texts.length / this.headers.length;
  }

  /** Adds one cell (row-major); `rigid` cells (numbers, datetimes) are never cut; a column of `numeric` cells is right-aligned. */
  add(text: string, rigid: boolean, paint: CellPaint = 'plain', numeric = false): void {
    const line = text.includes('\n') ? text.replace(/\s*\n\s*/g, ' ') : text;
    const i = this.texts.length;
    const column = i % this.headers.length;
    if (line !== '' && this.kinds[column] !== 'text') this.kinds[column] = numeric ? 'number' : 'text';
    if (i === this.flags.length) this.grow();
    this.texts.push(line);
    this.widthOf[i] = textWidth(line);
    this.flags[i] = PAINTS.indexOf(paint) | (rigid ? RIGID : 0);
  }

  width(i: number): number {
    return this.widthOf[i]!;
  }

  paint(i: number): CellPaint {
    return PAINTS[this.flags[i]! & 3]!;
  }

  private isRigid(i: number): boolean {
    return (this.flags[i]! & RIGID) !== 0;
  }

  private grow(): void {
    const widths = new Uint32Array(this.widthOf.length * 2);
    widths.set(this.widthOf);
    this.widthOf = widths;
    const flags = new Uint8Array(this.flags.length * 2);
    flags.set(this.flags);
    this.flags = flags;
  }

  layout(options: TableLayoutOptions): TableLayout {
    const n = this.headers.length;
    const measures: ColumnMeasure[] = this.headers.map((h) => ({ header: textWidth(h), text: 0, rigid: 0 }));
    for (let i = 0; i < this.texts.length; i++) {
      const m = measures[i % n]!;
      const w = this.widthOf[i]!;
      if (this.isRigid(i)) m.rigid = Math.max(m.rigid, w);
      else m.text = Math.max(m.text, w);
    }
    // A terminal of known width: the fit shrinks what does not fit, and nothing that fits is cut.
    // Of unknown width: text cells are limited as for a terminal of the assumed width.
    const cap = options.available ? Number.POSITIVE_INFINITY : Math.max(12, Math.floor((options.assumedWidth - 3 * n) / Math.max(1, n)) + 8);
    const fit = fitColumns(measures, { cap, available: options.available || undefined });
    const shown = new Set(fit.shown);
    const hidden = this.keys.filter((_, i) => !shown.has(i));
    // Without a width the fit is the natural one: nothing was cut to fit.
    const natural = options.available ? fitColumns(measures, { cap }) : fit;
    const cut = hidden.length > 0 || fit.widths.some((w, k) => w < natural.widths[k]!);
    return { ...fit, hidden, cut, right: fit.shown.map((c) => this.kinds[c] === 'number') };
  }
}

/** Draws tables of `cells` with one layout: borders, header and the rows of a range. */
export class TableDrawer {
  constructor(
    readonly cells: TableCells,
    readonly layout: TableLayout,
    readonly palette: TablePalette,
  ) {}

  top(): string {
    return this.border('┌', '┬', '┐');
  }

  bottom(): string {
    return this.border('└', '┴', '┘');
  }

  header(): string {
    const { shown, widths } = this.layout;
    const parts = shown.map((c, k) => {
      const text = truncateToWidth(this.cells.headers[c]!, widths[k]!);
      return ` ${this.pad(this.palette.header(text), k, textWidth(text))} `;
    });
    return `│${parts.join('│')}│`;
  }

  row(r: number): string {
    const { shown, widths } = this.layout;
    const { texts } = this.cells;
    const base = r * this.cells.headers.length;
    let line = '│';
    for (let k = 0; k < shown.length; k++) {
      const i = base + shown[k]!;
      const width = widths[k]!;
      let text = texts[i]!;
      let measured = this.cells.width(i);
      if (measured > width) {
        text = truncateToWidth(text, width);
        measured = textWidth(text);
      }
      const paint = this.cells.paint(i);
      if (paint !== 'plain') text = this.palette[paint](text);
      line += ` ${this.pad(text, k, measured)} │`;
    }
    return line;
  }

  /** A cell of shown column `k` padded to its width, on the right side for numbers. */
  private pad(text: string, k: number, measured: number): string {
    const width = this.layout.widths[k]!;
    if (!this.layout.right[k] || measured >= width) return padToWidth(text, width, measured);
    return ' '.repeat(width - measured) + text;
  }

  private border(left: string, middle: string, right: string): string {
    return `${left}${this.layout.widths.map((w) => '─'.repeat(w + 2)).join(middle)}${right}`;
  }
}
