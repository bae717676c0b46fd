// The reports at a terminal: the numbers in aligned columns and a bar beside each row, filling
// the rest of the width. A bar is drawn in eighths of a column (█▉▊▋▌▍▎▏), so small differences
// show; a fraction above 1 (overbooked) fills the bar and ends in `!` (red with colour). A label
// wider than its column wraps (as a table's text does), never cut. A row may ask for lines above it
// (a heading that sets the rows after it apart), the columns aligned across the parts.

import { escapeControl } from '../common/sanitize.js';
import { terminalControl } from '../common/terminal-text.js';
import { MIN_TEXT_WIDTH, WORD_KEPT } from './fit.js';
import { longestWord, padToWidth, textWidth, truncateToWidth } from './width.js';
import { wrapText } from './wrap.js';

export interface BarRow {
  /** The row's text cells (label first), already formatted. */
  cells: readonly string[];
  /** The bar's length as a share of the full bar: 0–1, above 1 drawn full and marked; undefined: no bar. */
  fraction: number | undefined;
  /** Lines printed above the row, outside the columns (a blank line and a heading that set a part apart). */
  before?: readonly string[];
}

export interface BarChartOptions {
  width: number;
  colour: boolean;
  /** Column headings (as many as cells). */
  header?: readonly string[];
  /** Cells right-aligned (numbers), by column index. */
  rightAligned?: ReadonlySet<number>;
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const MIN_BAR = 10;
const MAX_LABEL = 30;
/** A wrapped label's next lines are indented, so that they cannot read as a row of their own. */
const CONTINUED = '  ';
const RED = terminalControl('\u001b[1;31m');
const RESET = terminalControl('\u001b[0m');

function bar(fraction: number, columns: number, colour: boolean): string {
  if (fraction > 1) {
    const full = '█'.repeat(Math.max(0, columns - 1));
    return colour ? `${RED}${full}!${RESET}` : `${full}!`;
  }
  const eighths = Math.round(Math.max(0, fraction) * columns * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]!;
}

export function renderBarChart(rows: readonly BarRow[], options: BarChartOptions): string[] {
  const all = options.header ? [options.header, ...rows.map((r) => r.cells)] : rows.map((r) => r.cells);
  const count = Math.max(0, ...all.map((cells) => cells.length));
  const clean = all.map((cells) => cells.map((c) => escapeControl(c)));
  const widths = Array.from({ length: count }, (_, i) => Math.max(...clean.map((cells) => textWidth(cells[i] ?? ''))));
  // The label gives way to a narrow terminal down to a table's text floor (its words whole), then the bar does.
  const labelFloor = Math.min(widths[0] ?? 0, Math.max(MIN_TEXT_WIDTH, Math.min(WORD_KEPT, Math.max(0, ...clean.map((cells) => longestWord(cells[0] ?? '')))) + CONTINUED.length));
  widths[0] = Math.min(widths[0] ?? 0, MAX_LABEL, Math.max(labelFloor, options.width - MIN_BAR - widths.slice(1).reduce((s, w) => s + w + 2, 0) - 2));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (options.rightAligned?.has(i) ? ' '.repeat(Math.max(0, widths[i]! - textWidth(cell))) + cell : padToWidth(cell, widths[i]!))).join('  ');
  const textColumns = widths.reduce((s, w) => s + w, 0) + 2 * (count - 1);
  const barColumns = Math.max(1, options.width - textColumns - 2);
  const lines = clean.flatMap((cells, r) => {
    const [label = '', ...numbers] = cells;
    const [first = '', ...more] = textWidth(label) > widths[0]! ? wrapText(label, widths[0]! - CONTINUED.length) : [label];
    const text = line([first, ...numbers]);
    const row = options.header ? rows[r - 1] : rows[r];
    const fraction = row?.fraction;
    return [...(row?.before ?? []).map((l) => escapeControl(l)), fraction === undefined ? text.trimEnd() : `${text}  ${bar(fraction, barColumns, options.colour)}`.trimEnd(), ...more.map((piece) => `${CONTINUED}${piece}`)];
  });
  // Narrower than the label's floor and the numbers (a terminal of under ~30 columns): the line's end is cut.
  return lines.map((l) => (textWidth(l) > options.width ? truncateToWidth(l, options.width) : l));
}
