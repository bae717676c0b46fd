// `rentals timeline -o html`: the terminal's picture as a page. On top the legend and an overview
// that fits the first screen: one row per item, shortages first, a cell per day (a week over a
// long range) with the fewest units free that day, red and marked `!` where firm holds exceed the
// units owned, amber `?` where only the quotes would, grey where none is free. Below, per item, a
// stock strip (units free in each step) and one bar per event: firm solid, quotes hatched with a
// dashed edge, so the printout reads in black and white too. Every shortage is also listed in words.

import { escapeControl } from '../../common/sanitize.js';
import { describeRange } from '../../domain/dates.js';
import { type TimelineBar, type TimelineCell, type TimelineItem, type TimelineStep, shortageRank, timelineCells } from '../../domain/timeline.js';
import { DAY_MS, HOUR_MS, type Range, type WallTime, clockTime, dayHeading, dayKey, shortWallTime, startOfDay } from '../../domain/wall-time.js';
import { TIMES, type Markup, html } from './markup.js';
import { type PaperSize, htmlPage } from './page.js';

export interface TimelinePageOptions {
  size: PaperSize;
  title?: string;
}

const CSS = `
.item{margin-bottom:18px}
.row{display:grid;grid-template-columns:minmax(120px,22%) 1fr;align-items:center;min-height:20px}
.label{padding-right:8px;font-size:12px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.track{position:relative;height:18px;border-left:1px solid #999;border-right:1px solid #999}
.track>span{position:absolute;top:2px;bottom:2px;overflow:hidden;white-space:nowrap;font-size:10px;line-height:14px;padding:0 2px}
.axis{height:16px;border:none}
.axis>span{top:0;border-left:1px solid #666;color:#333}
.step{text-align:center;background:#e8f3e8;border-right:1px solid #fff}
.step.short{background:#d00;color:#fff;font-weight:700}
.step.quotes{background:#f5b400;color:#000;font-weight:700}
.bar{border:1px solid #222}
.bar.firm{background:#2d4f7c;color:#fff}
.bar.tentative{background:repeating-linear-gradient(135deg,#fff 0 4px,#b9c8dc 4px 8px);border-style:dashed;color:#000}
.shortages{margin:6px 0 0;padding-left:18px;font-size:12px}
.shortages .short{color:#b00}
.legend{font-size:12px;margin:0 0 8px;color:#333}
.legend span{display:inline-block;margin-right:14px}
.swatch{display:inline-block;width:18px;height:10px;vertical-align:middle;margin-right:4px}
.overview{table-layout:fixed;margin:0 0 16px}
.overview th,.overview td{border:1px solid #fff;padding:0 2px;font-size:11px;line-height:17px;height:19px;overflow:hidden;white-space:nowrap}
.overview thead th{border-bottom:1px solid #999;text-align:center;font-weight:600;color:#333}
.overview col.name{width:190px}
.overview col.owned{width:48px}
.overview tbody th{font-weight:normal;text-overflow:ellipsis}
.overview tbody th a{color:inherit;text-decoration:none}
.overview td.owned{text-align:right;color:#333;background:#f3f3f3}
.overview td.day{text-align:center;font-variant-numeric:tabular-nums}
.ok{background:#e8f3e8}
.none{background:#d9d9d9}
.overview td.short,.swatch.short{background:#d00;color:#fff;font-weight:700}
.overview td.quotes,.swatch.quotes{background:#f5b400;color:#000;font-weight:700}
.details{break-before:page;margin-top:24px}
`;

const pct = (value: number) => `${(Math.round(value * 10000) / 100).toFixed(2)}%`;

function place(range: Range, from: WallTime, to: WallTime): string {
  const span = range.to - range.from;
  const left = Math.max(0, from - range.from) / span;
  const right = Math.min(span, to - range.from) / span;
  return `left:${pct(left)};width:${pct(Math.max(0, right - left))}`;
}

function stepState(step: TimelineStep | TimelineCell): 'short' | 'quotes' | 'ok' {
  return step.free < 0 ? 'short' : step.freeIfQuotesConfirm < 0 ? 'quotes' : 'ok';
}

function stepText(step: TimelineStep): string {
  const state = stepState(step);
  return state === 'short' ? `! ${step.free}` : state === 'quotes' ? `? ${step.free}` : String(step.free);
}

function stepTitle(step: TimelineStep): string {
  return `${shortWallTime(step.from)} → ${shortWallTime(step.to)}: ${step.firm} held firmly, ${step.tentative} by quotes, ${step.free} free`;
}

/** Ticks every 6 hours up to 2 days, daily up to 3 weeks, weekly beyond; each with its label. */
function ticks(range: Range): Array<{ at: WallTime; until: WallTime; label: string }> {
  const span = range.to - range.from;
  const step = span <= 2 * DAY_MS ? 6 * HOUR_MS : span <= 21 * DAY_MS ? DAY_MS : 7 * DAY_MS;
  const label = (t: WallTime) => (t % DAY_MS !== 0 ? clockTime(t) : span <= 7 * DAY_MS ? dayHeading(t) : dayKey(t).slice(5));
  const list: Array<{ at: WallTime; until: WallTime; label: string }> = [];
  for (let t = startOfDay(range.from); t < range.to; t += step) if (t >= range.from) list.push({ at: t, until: Math.min(t + step, range.to), label: label(t) });
  return list;
}

/**
 * Whether `text` fits a cell `share` of the track wide. The track is at least ~700 CSS pixels on
 * A4/Letter landscape (and on a screen the page is read on); at 10px a character takes ~6.5px.
 * A cell too narrow shows no text (its words are in its tooltip and in the list of shortages)
 * rather than a clipped piece such as `! -` or `Lin`.
 */
const TRACK_PX = 700;
function fits(text: string, share: number): boolean {
  // Measured as the page shows it: a control character takes its escape's width (`\u202e`).
  return share * TRACK_PX >= [...escapeControl(text)].length * 6.5 + 6;
}

function share(range: Range, from: WallTime, to: WallTime): number {
  return (Math.min(to, range.to) - Math.max(from, range.from)) / (range.to - range.from);
}

function barRow(bar: TimelineBar, range: Range): Markup {
  const label = `${bar.quantity}× ${bar.eventName}`;
  const when = `${shortWallTime(bar.from)} → ${shortWallTime(bar.to)}${bar.kind === 'tentative' ? ' (quote)' : ''}`;
  const text = fits(bar.eventName, share(range, bar.from, bar.to)) ? bar.eventName : '';
  return html`<div class="row"><div class="label" title="${`${label}, ${when}`}">${bar.quantity}${TIMES} ${bar.eventName}${bar.kind === 'tentative' ? html` <em>(quote)</em>` : ''}</div><div class="track"><span class="bar ${bar.kind}" style="${place(range, bar.from, bar.to)}" title="${`${bar.eventName}, ${when}`}">${text}</span></div></div>\n`;
}

function shortageList(item: TimelineItem): Markup | undefined {
  const lines = item.steps.flatMap((step) => {
    const state = stepState(step);
    if (state === 'ok') return [];
    const when = `${shortWallTime(step.from)} → ${shortWallTime(step.to)}`;
    return state === 'short'
      ? [html`<li class="short">! short ${when}: ${step.firm} held firmly, ${item.owned} owned (short by ${-step.free})</li>`]
      : [html`<li>? ${when}: ${step.firm} held firmly + ${step.tentative} by quotes, ${item.owned} owned: the quotes cannot all confirm</li>`];
  });
  return lines.length === 0 ? undefined : html`<ul class="shortages">${lines}</ul>`;
}

function stepCell(step: TimelineStep, range: Range): Markup {
  const text = stepText(step);
  return html`<span class="step ${stepState(step)}" style="${place(range, step.from, step.to)}" title="${stepTitle(step)}">${fits(text, share(range, step.from, step.to)) ? text : ''}</span>`;
}

function itemSection(item: TimelineItem, range: Range, axis: Markup): Markup {
  const strip = item.steps.map((s) => stepCell(s, range));
  const bars = item.bars.length === 0 ? html`<div class="row"><div class="label"></div><div>nothing held</div></div>` : item.bars.map((b) => barRow(b, range));
  return html`<section class="item keep" id="item-${item.id}">
<h3>${item.name} <small>(${item.owned} owned)</small></h3>
${axis}
<div class="row"><div class="label">free</div><div class="track">${strip}</div></div>
${bars}
${shortageList(item)}
</section>\n`;
}

/** A cell per day, or per week beyond this many days (a quarter stays one screen wide). */
const MAX_DAILY_CELLS = 62;

/**
 * Whether `text` fits an overview cell, one of `cells` across the days' part of the table: at least
 * ~780 CSS pixels on A4/Letter landscape and on a screen 1280 wide; 11px digits take ~6.2px.
 */
const DAYS_PX = 780;
function fitsCell(text: string, cells: number): boolean {
  return DAYS_PX / cells >= [...text].length * 6.2 + 4;
}

/** What an overview cell says, as much as its width allows: `!-1`, then `-1`, then nothing. */
function cellText(cell: TimelineCell, cells: number): string {
  const state = stepState(cell);
  const figure = String(cell.free);
  const marked = state === 'short' ? `!${figure}` : state === 'quotes' ? `?${figure}` : figure;
  return [marked, figure].find((text) => fitsCell(text, cells)) ?? '';
}

function cellTitle(item: TimelineItem, cell: TimelineCell): string {
  const when = cell.to - cell.from <= DAY_MS ? dayHeading(cell.from) : `${dayHeading(cell.from)} → ${dayHeading(cell.to - DAY_MS)}`;
  const state = stepState(cell);
  const words = state === 'short' ? `short by ${-cell.free}` : state === 'quotes' ? `${cell.free} free, short by ${-cell.freeIfQuotesConfirm} if every quote confirms` : `${cell.free} free`;
  return `${item.name}, ${when}: ${words} (${item.owned} owned)`;
}

/** The whole fleet on one screen: a row per item (in the order given: shortages first), a cell per day at its tightest. */
function overview(items: readonly TimelineItem[], range: Range): Markup {
  const span = (range.to - range.from) / DAY_MS > MAX_DAILY_CELLS ? 7 * DAY_MS : DAY_MS;
  const ranked = items.map((item) => ({ item, cells: timelineCells(item, range, span) }));
  const heads = ranked[0]?.cells ?? timelineCells({ id: 0, name: '', owned: 0, steps: [], bars: [] }, range, span);
  const months: Array<{ label: string; count: number }> = [];
  for (const cell of heads) {
    const label = dayKey(cell.from).slice(0, 7);
    if (months[months.length - 1]?.label === label) months[months.length - 1]!.count++;
    else months.push({ label, count: 1 });
  }
  // `Sat 05` where it fits, else `05`; a week by its first day (`12-05`).
  const dayLabel = (cell: TimelineCell) => [span === DAY_MS ? `${dayHeading(cell.from).slice(0, 3)} ${dayKey(cell.from).slice(8)}` : dayKey(cell.from).slice(5), dayKey(cell.from).slice(8)].find((text) => fitsCell(text, heads.length)) ?? '';
  const rows = ranked.map(
    ({ item, cells }) =>
      html`<tr><th title="${item.name}"><a href="#item-${item.id}">${item.name}</a></th><td class="owned">${item.owned}</td>${cells.map((cell) => html`<td class="day ${cell.free === 0 && stepState(cell) === 'ok' ? 'none' : stepState(cell)}" title="${cellTitle(item, cell)}">${cellText(cell, cells.length)}</td>`)}</tr>\n`,
  );
  return html`<table class="overview">
<colgroup><col class="name"><col class="owned">${heads.map(() => html`<col>`)}</colgroup>
<thead><tr><th></th><th></th>${months.map((m) => html`<th colspan="${m.count}">${m.label}</th>`)}</tr>
<tr><th>Item</th><th>Owned</th>${heads.map((cell) => html`<th title="${dayHeading(cell.from)}">${dayLabel(cell)}</th>`)}</tr></thead>
<tbody>
${rows}</tbody>
</table>`;
}

const LEGEND = html`<p class="legend"><span>Each day: the fewest units free at one moment.</span><span><i class="swatch ok"></i>free</span><span><i class="swatch none"></i>none free</span><span><i class="swatch short"></i>! short: firm holds exceed the units owned</span><span><i class="swatch quotes"></i>? short if every quote confirms</span><span><i class="swatch bar firm"></i>firm</span><span><i class="swatch bar tentative"></i>tentative (quote)</span></p>`;

export function renderTimelinePage(items: readonly TimelineItem[], range: Range, options: TimelinePageOptions): string {
  const axisTicks = ticks(range).map((t) => html`<span style="${place(range, t.at, t.until)}">${fits(t.label, share(range, t.at, t.until)) ? t.label : ''}</span>`);
  const axis = html`<div class="row"><div class="label"></div><div class="track axis">${axisTicks}</div></div>`;
  const title = options.title ?? 'Timeline';
  // Shortages first, else in the order given (the fleet comes by name).
  const ranked = items.map((item, index) => ({ item, index })).sort((a, b) => shortageRank(a.item) - shortageRank(b.item) || a.index - b.index).map(({ item }) => item);
  const body = html`<h1>${title}</h1>
<p class="meta">${describeRange(range)}</p>
${LEGEND}
${overview(ranked, range)}
<h2 class="details">Each item in detail</h2>
${ranked.map((item) => itemSection(item, range, axis))}
<footer class="legend">A cell too narrow for its figure leaves it out (a screen shows it when pointed at); every shortage is listed in words under its item.</footer>`;
  return htmlPage({ title, css: CSS, body, size: options.size, landscape: true });
}
