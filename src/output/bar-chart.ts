// The reports at a terminal: the numbers in aligned columns and a bar beside each row, filling
// the rest of the width. A bar is drawn in eighths of a column (█▉▊▋▌▍▎▏), so small differences
// show; a fraction above 1 (overbooked) fills the bar and ends in `!` (red with colour).

import { escapeControl } from '../common/sanitize.js';
import { terminalControl } from '../common/terminal-text.js';
import { padToWidth, textWidth, truncateToWidth } from './width.js';

export interface BarRow {
  /** The row's text cells (label first), already formatted. */
  cells: readonly string[];
  /** The bar's length as a share of the full bar: 0–1, above 1 drawn full and marked; undefined: no bar. */
  fraction: number | undefined;
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
  widths[0] = Math.min(widths[0] ?? 0, MAX_LABEL, Math.max(4, options.width - MIN_BAR - widths.slice(1).reduce((s, w) => s + w + 2, 0) - 2));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => {
        const text = truncateToWidth(cell, widths[i]!);
        return options.rightAligned?.has(i) ? ' '.repeat(widths[i]! - textWidth(text)) + text : padToWidth(text, widths[i]!);
      })
      .join('  ');
  const textColumns = widths.reduce((s, w) => s + w, 0) + 2 * (count - 1);
  const barColumns = Math.max(MIN_BAR, options.width - textColumns - 2);
  const lines = clean.map((cells, r) => {
    const text = line(cells);
    const row = options.header ? rows[r - 1] : rows[r];
    const fraction = row?.fraction;
    return fraction === undefined ? text.trimEnd() : `${text}  ${bar(fraction, barColumns, options.colour)}`.trimEnd();
  });
  return lines.map((l) => (textWidth(l) > options.width ? truncateToWidth(l, options.width) : l));
}
