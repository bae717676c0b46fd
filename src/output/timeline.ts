// The terminal picture of `rentals timeline`: per item a `free` row (the units free in each
// column's stretch of time) and one bar per event holding it, under a time axis, fitting `width`.
// Firm holds are █, quotes ░. A column where firm holds exceed the stock shows `!` in the free row
// (red with colour), one where only the quotes would overbook shows `?` (yellow): both read
// without colour too. Pure: the same input gives the same lines.

import { escapeControl } from '../common/sanitize.js';
import { terminalControl } from '../common/terminal-text.js';
import type { TimelineBar, TimelineItem, TimelineStep } from '../domain/timeline.js';
import { DAY_MS, HOUR_MS, type Range, type WallTime, clockTime, dayKey, startOfDay } from '../domain/wall-time.js';
import { padToWidth, textWidth } from './width.js';
import { wrapText } from './wrap.js';

export interface TimelineTextOptions {
  /** Terminal columns; every line fits in it. */
  width: number;
  colour: boolean;
}

const FIRM = '█';
const TENTATIVE = '░';
/** A unit back from its event, held while it is cleaned and prepared (the turnaround). */
const TURNAROUND = '·';
const SHORT = '!';
const SHORT_IF_QUOTES = '?';
const MIN_CHART = 10;
const MAX_LABEL = 28;
const TICK_STEPS = [1, 2, 3, 6, 12, 24, 48, 168, 336, 672].map((h) => h * HOUR_MS);
const TICK_LABEL = 7; // `|06-12 `

const ANSI = { red: terminalControl('\u001b[1;31m'), yellow: terminalControl('\u001b[33m'), bold: terminalControl('\u001b[1m'), reset: terminalControl('\u001b[0m') };

type CellState = 'ok' | 'short' | 'short-if-quotes';

interface Chart {
  range: Range;
  columns: number;
  colour: boolean;
}

const LEGEND = ['0–9 units free (the fewest in that stretch), + 10 or more', `${FIRM} firm`, `${TENTATIVE} tentative (quote)`, `${SHORT} short: firm holds exceed the stock`, `${SHORT_IF_QUOTES} short if every quote confirms`];

export function renderTimelineText(items: readonly TimelineItem[], range: Range, options: TimelineTextOptions): string[] {
  const labels = items.flatMap((item) => ['free', ...item.bars.map(barLabel)]);
  const labelWidth = Math.max(4, Math.min(MAX_LABEL, Math.floor(options.width / 3), Math.max(...labels.map(textWidth))));
  const chart: Chart = { range, columns: Math.max(MIN_CHART, options.width - labelWidth - 1), colour: options.colour };
  // A label too long for its column wraps under itself, indented (the chart on its first line), never cut.
  const row = (label: string, cells: string): string[] =>
    (textWidth(label) <= labelWidth ? [label] : wrapText(label, labelWidth - 2)).map((part, i) => (i === 0 ? `${padToWidth(part, labelWidth)} ${cells}` : `  ${part}`));
  const lines = row('', axis(chart));
  for (const item of items) {
    const states = columnStates(item, chart);
    for (const heading of wrapText(`${escapeControl(item.name)} (${item.owned} owned)`, options.width)) lines.push(options.colour ? `${ANSI.bold}${heading}${ANSI.reset}` : heading);
    lines.push(...row('free', freeRow(item, states, chart)));
    for (const bar of item.bars) lines.push(...row(barLabel(bar), barRow(bar, states, chart)));
    if (item.bars.length === 0) lines.push(...row('', '(nothing held)'.slice(0, chart.columns)));
  }
  lines.push(...legend(options.width, items.some((item) => item.bars.some((bar) => bar.turnaround !== undefined))));
  return lines;
}

/** The legend's entries, as many to a line as fit (the turnaround's where a bar has one). */
function legend(width: number, turnaround: boolean): string[] {
  const lines: string[] = [];
  for (const entry of turnaround ? [...LEGEND, `${TURNAROUND} turnaround: back, being cleaned and prepared`] : LEGEND) {
    const last = lines.length - 1;
    if (last >= 0 && textWidth(lines[last]!) + 2 + textWidth(entry) <= width) lines[last] += `  ${entry}`;
    else lines.push(...wrapText(entry, width));
  }
  return lines;
}

function barLabel(bar: TimelineBar): string {
  return `${bar.quantity}× ${escapeControl(bar.eventName)}`;
}

/** The stretch of time column `c` stands for. */
function slice(chart: Chart, c: number): Range {
  const span = chart.range.to - chart.range.from;
  return { from: chart.range.from + (span * c) / chart.columns, to: chart.range.from + (span * (c + 1)) / chart.columns };
}

function column(chart: Chart, time: WallTime): number {
  return Math.floor(((time - chart.range.from) * chart.columns) / (chart.range.to - chart.range.from));
}

function stepsIn(item: TimelineItem, part: Range): TimelineStep[] {
  return item.steps.filter((s) => s.from < part.to && part.from < s.to);
}

function columnStates(item: TimelineItem, chart: Chart): CellState[] {
  return Array.from({ length: chart.columns }, (_, c) => {
    const steps = stepsIn(item, slice(chart, c));
    if (steps.some((s) => s.free < 0)) return 'short';
    if (steps.some((s) => s.freeIfQuotesConfirm < 0)) return 'short-if-quotes';
    return 'ok';
  });
}

/** Cells (one character each) coloured by their column's state, one escape sequence per run. */
function paintRuns(cells: readonly string[], states: readonly CellState[], colour: boolean): string {
  if (!colour) return cells.join('');
  let out = '';
  let open: CellState = 'ok';
  cells.forEach((cell, c) => {
    const state = cell === ' ' ? 'ok' : states[c]!;
    if (state !== open) out += state === 'ok' ? ANSI.reset : `${open === 'ok' ? '' : ANSI.reset}${state === 'short' ? ANSI.red : ANSI.yellow}`;
    open = state;
    out += cell;
  });
  return open === 'ok' ? out : out + ANSI.reset;
}

/** Per column: `!`, `?`, or the fewest units free then (0–9, `+` for more). */
function freeRow(item: TimelineItem, states: CellState[], chart: Chart): string {
  const cells = states.map((state, c) => {
    if (state === 'short') return SHORT;
    if (state === 'short-if-quotes') return SHORT_IF_QUOTES;
    const free = Math.min(item.owned, ...stepsIn(item, slice(chart, c)).map((s) => s.free));
    return free > 9 ? '+' : String(free);
  });
  return paintRuns(cells, states, chart.colour);
}

function barRow(bar: TimelineBar, states: CellState[], chart: Chart): string {
  const first = Math.max(0, column(chart, bar.from));
  const end = Math.min(chart.columns, Math.max(first + 1, Math.ceil(((bar.to - chart.range.from) * chart.columns) / (chart.range.to - chart.range.from))));
  const glyph = bar.kind === 'firm' ? FIRM : TENTATIVE;
  // The turnaround after the pickup: its own mark, from the column the pickup falls in on (at least the last).
  const back = bar.turnaround === undefined ? end : Math.max(first + 1, Math.min(end - 1, column(chart, bar.to - bar.turnaround)));
  const cells = Array.from({ length: end }, (_, c) => (c < first ? ' ' : c >= back ? TURNAROUND : glyph));
  return paintRuns(cells, states, chart.colour);
}

/** `|06-12  |06-13`: ticks at the smallest step whose labels do not collide. */
function axis(chart: Chart): string {
  const span = chart.range.to - chart.range.from;
  const step = TICK_STEPS.find((s) => (span / s) * TICK_LABEL <= chart.columns) ?? Math.ceil((span * TICK_LABEL) / chart.columns / DAY_MS) * DAY_MS;
  let tick = step >= DAY_MS ? startOfDay(chart.range.from) : Math.ceil(chart.range.from / step) * step;
  while (tick < chart.range.from) tick += step;
  let line = '';
  for (; tick < chart.range.to; tick += step) {
    const at = column(chart, tick);
    if (at < line.length) continue;
    const label = `|${tick % DAY_MS === 0 ? dayKey(tick).slice(5) : clockTime(tick)}`;
    line = (line.padEnd(at) + label).slice(0, chart.columns);
  }
  return line;
}
