// Box tables in linear time (cli-table3 rescanned earlier rows for every cell: 100k rows took
// minutes). Same look: box borders top and bottom, a header row, no row separators, one space of
// padding. Cells are collected once (text, width, kind), the columns are fitted, and lines are
// produced row by row, so a caller can write them in chunks. A cell wider than its column wraps
// onto more lines of its row (never cut).

import { type ColumnMeasure, type ColumnFit, fitColumns } from './fit.js';
import { longestWord, padToWidth, textWidth } from './width.js';
import { wrapText } from './wrap.js';

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
  /** Keys of the columns with values left out (too narrow a terminal). */
  hidden: string[];
  /** Keys of the empty columns left out. */
  emptyHidden: string[];
  /** Per shown column: right-aligned (every non-empty cell is a number). */
  right: boolean[];
  /** Some text wrapped or some column was left out to fit the terminal. */
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

  /**
   * `keys`: the columns' names for --fields (what a note about hidden columns says), by default the
   * headers. `rank`: keys from the most to the least important (a narrow terminal leaves out the
   * least important first; columns not ranked go before them, from the right).
   */
  constructor(
    readonly headers: string[],
    readonly keys: string[] = headers,
    readonly rank: readonly string[] = [],
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
    const measures: ColumnMeasure[] = this.headers.map((h) => ({ header: textWidth(h), headerWord: longestWord(h), text: 0, word: 0, rigid: 0, empty: true }));
    for (let i = 0; i < this.texts.length; i++) {
      const m = measures[i % n]!;
      const w = this.widthOf[i]!;
      if (w > 0) m.empty = false;
      if (this.isRigid(i)) m.rigid = Math.max(m.rigid, w);
      else {
        m.text = Math.max(m.text, w);
        // A column's floor keeps words up to 16 wide: longer words need no measuring.
        if (w > m.word && m.word < 16) m.word = Math.max(m.word, longestWord(this.texts[i]!));
      }
    }
    // A terminal of known width: the fit shrinks what does not fit, and nothing that fits is cut.
    // Of unknown width: text cells are limited as for a terminal of the assumed width.
    const cap = options.available ? Number.POSITIVE_INFINITY : Math.max(12, Math.floor((options.assumedWidth - 3 * n) / Math.max(1, n)) + 8);
    const fit = fitColumns(measures, { cap, available: options.available || undefined, dropOrder: this.dropOrder() });
    const shown = new Set(fit.shown);
    const empty = new Set(fit.droppedEmpty);
    const hidden = this.keys.filter((_, i) => !shown.has(i) && !empty.has(i));
    const emptyHidden = fit.droppedEmpty.map((i) => this.keys[i]!);
    // Without a width the fit is the natural one: nothing wrapped to fit.
    const natural = options.available ? fitColumns(measures, { cap }) : fit;
    const cut = hidden.length + emptyHidden.length > 0 || fit.widths.some((w, k) => w < natural.widths[fit.shown[k]!]!);
    return { ...fit, hidden, emptyHidden, cut, right: fit.shown.map((c) => this.kinds[c] === 'number') };
  }

  /** Column indices, least important first: the unranked from the right, then the ranked from the least. */
  private dropOrder(): number[] {
    const ranked = this.rank.map((key) => this.keys.indexOf(key)).filter((i) => i >= 0);
    const unranked = this.keys.map((_, i) => i).filter((i) => !ranked.includes(i)).reverse();
    return [...unranked, ...ranked.reverse()];
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
    return this.lines(this.layout.shown.map((c) => this.cells.headers[c]!), undefined).join('\n');
  }

  /** Row `r`: one line, or more where a cell wraps. */
  row(r: number): string {
    const { shown, widths } = this.layout;
    const { texts } = this.cells;
    const base = r * this.cells.headers.length;
    let line = '│';
    let wraps = false;
    for (let k = 0; k < shown.length; k++) {
      const i = base + shown[k]!;
      if (this.cells.width(i) > widths[k]!) {
        wraps = true;
        break;
      }
      let text = texts[i]!;
      const paint = this.cells.paint(i);
      if (paint !== 'plain') text = this.palette[paint](text);
      line += ` ${this.pad(text, k, this.cells.width(i))} │`;
    }
    if (!wraps) return line;
    return this.lines(
      shown.map((c) => texts[base + c]!),
      shown.map((c) => this.cells.paint(base + c)),
    ).join('\n');
  }

  /** Cells wrapped to their columns, as the lines of one row (painted per line). */
  private lines(cells: string[], paints: CellPaint[] | undefined): string[] {
    const { widths } = this.layout;
    const wrapped = cells.map((text, k) => (textWidth(text) > widths[k]! ? wrapText(text, widths[k]!) : [text]));
    const height = Math.max(...wrapped.map((w) => w.length));
    const out: string[] = [];
    for (let l = 0; l < height; l++) {
      let line = '│';
      for (let k = 0; k < cells.length; k++) {
        const piece = wrapped[k]![l] ?? '';
        const paint = paints?.[k] ?? 'plain';
        const painted = piece === '' ? piece : paints === undefined ? this.palette.header(piece) : paint !== 'plain' ? this.palette[paint](piece) : piece;
        line += ` ${this.pad(painted, k, textWidth(piece))} │`;
      }
      out.push(line);
    }
    return out;
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
