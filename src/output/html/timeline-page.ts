// `rentals timeline -o html`: the terminal's picture as a page. Per item a stock strip (units
// free in each step; red and marked `!` where firm holds exceed the stock, amber `?` where only
// the quotes would) and one bar per event: firm solid, quotes hatched with a dashed edge, so the
// printout reads in black and white too. Every shortage is also listed in words.

import { describeRange } from '../../domain/dates.js';
import type { TimelineBar, TimelineItem, TimelineStep } from '../../domain/timeline.js';
import { DAY_MS, HOUR_MS, type Range, type WallTime, clockTime, dayHeading, dayKey, shortWallTime, startOfDay } from '../../domain/wall-time.js';
import { type Markup, html } from './markup.js';
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
.legend span{display:inline-block;margin-right:14px}
.swatch{display:inline-block;width:18px;height:10px;vertical-align:middle;margin-right:4px}
`;

const pct = (value: number) => `${(Math.round(value * 10000) / 100).toFixed(2)}%`;

function place(range: Range, from: WallTime, to: WallTime): string {
  const span = range.to - range.from;
  const left = Math.max(0, from - range.from) / span;
  const right = Math.min(span, to - range.from) / span;
  return `left:${pct(left)};width:${pct(Math.max(0, right - left))}`;
}

function stepState(step: TimelineStep): 'short' | 'quotes' | 'ok' {
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
  return share * TRACK_PX >= [...text].length * 6.5 + 6;
}

function share(range: Range, from: WallTime, to: WallTime): number {
  return (Math.min(to, range.to) - Math.max(from, range.from)) / (range.to - range.from);
}

function barRow(bar: TimelineBar, range: Range): Markup {
  const label = `${bar.quantity}× ${bar.eventName}`;
  const when = `${shortWallTime(bar.from)} → ${shortWallTime(bar.to)}${bar.kind === 'tentative' ? ' (quote)' : ''}`;
  const text = fits(bar.eventName, share(range, bar.from, bar.to)) ? bar.eventName : '';
  return html`<div class="row"><div class="label" title="${`${label}, ${when}`}">${label}${bar.kind === 'tentative' ? html` <em>(quote)</em>` : ''}</div><div class="track"><span class="bar ${bar.kind}" style="${place(range, bar.from, bar.to)}" title="${`${bar.eventName}, ${when}`}">${text}</span></div></div>\n`;
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
  return html`<section class="item keep">
<h2>${item.name} <small>(${item.owned} owned)</small></h2>
${axis}
<div class="row"><div class="label">free</div><div class="track">${strip}</div></div>
${bars}
${shortageList(item)}
</section>\n`;
}

export function renderTimelinePage(items: readonly TimelineItem[], range: Range, options: TimelinePageOptions): string {
  const axisTicks = ticks(range).map((t) => html`<span style="${place(range, t.at, t.until)}">${fits(t.label, share(range, t.at, t.until)) ? t.label : ''}</span>`);
  const axis = html`<div class="row"><div class="label"></div><div class="track axis">${axisTicks}</div></div>`;
  const title = options.title ?? 'Timeline';
  const body = html`<h1>${title}</h1>
<p class="meta">${describeRange(range)}</p>
${items.map((item) => itemSection(item, range, axis))}
<footer class="legend"><span><i class="swatch bar firm"></i>firm</span><span><i class="swatch bar tentative"></i>tentative (quote)</span><span><i class="swatch step ok"></i>units free</span><span><i class="swatch step short"></i>! short: firm holds exceed the stock</span><span><i class="swatch step quotes"></i>? short if every quote confirms</span><span>A cell too narrow for its figure leaves it out (a screen shows it when pointed at); every shortage is listed in words under its item.</span></footer>`;
  return htmlPage({ title, css: CSS, body, size: options.size, landscape: true });
}
