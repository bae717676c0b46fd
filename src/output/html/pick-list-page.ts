// `rentals load-sheet --date D -o html`: the warehouse's pick list. Per day, what goes out (the
// dropoffs: load) and what comes back (the pickups: receive), one row per event × item with a box
// to tick, then the day's totals per item, also with boxes (the confirmed events' units; a quote's
// in a column apart, "On quotes", where a day has any), and lines to sign. Printed, each day
// with something to do starts a page; the days with nothing are named in one line at the top
// (never a page each), and a day's totals stay with its lines to sign (never a page of their own).
// A section's heading, with its day, is the first row of its table's head: a table that runs over
// a page repeats it with the column headers, so a continuation page still says which day it is.
// That row is a header cell naming the table (aria-labelledby), not a heading: a heading in place
// of a row's header cells is no table a screen reader can read. The heading to navigate by is an
// <h3> of the same words before the table, hidden from sight (the row shows them once already).

import { type PickDay, type PickMovement, anyOnQuotes } from '../../domain/pick-list.js';
import { type Range, clockTime, dayHeading, dayKey, startOfDay } from '../../domain/wall-time.js';
import { CHECK_MARK, MIDDLE_DOT, type Markup, html } from './markup.js';
import { type PaperSize, htmlPage } from './page.js';

export interface PickListInput {
  /** Whole days. */
  range: Range;
  /** Each day of the range with its movements and totals (domain/pick-list.ts: the one computation of them). */
  days: readonly PickDay[];
  size: PaperSize;
}

const CSS = `
.day{break-before:page}
.day:first-of-type{break-before:auto}
h2,h3,h4{break-after:avoid}
th.heading{border-bottom:none;padding:14px 0 6px;font-size:16px;font-weight:bold}
.unseen{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.close{break-inside:avoid}
.box{width:28px;text-align:center}
.box span{display:inline-block;width:14px;height:14px;border:1.5px solid #111;vertical-align:middle}
td.time{white-space:nowrap}
.sign{display:flex;gap:40px;margin-top:18px}
.sign span{flex:1;border-top:1px solid #111;padding-top:2px;font-size:12px;color:#444}
.empty{color:#555}
.on{font-weight:normal;color:#444}
.note{font-size:12px;color:#444;margin:4px 0 0}
`;

const BOX = html`<td class="box"><span aria-hidden="true"></span></td>`;

const SECTIONS = {
  out: { heading: 'Load (going out)', time: 'Dropoff', totals: 'To load', quotes: 'load them only once confirmed' },
  in: { heading: 'Receive (coming back)', time: 'Pickup', totals: 'To receive', quotes: 'they come back only if they went out' },
} as const;

/** One direction of a day; `tail` (the lines to sign, after the day's last section) printed with its totals. */
function section(direction: 'out' | 'in', day: PickDay, tail?: Markup): Markup | undefined {
  const { movements, totals } = day[direction];
  if (movements.length === 0) return undefined;
  const words = SECTIONS[direction];
  const rows = movements.flatMap((m: PickMovement) =>
    m.lines.map(
      (line) =>
        html`<tr>${BOX}<td>${line.itemName}</td><td class="num">${line.quantity}</td><td>${m.eventName} <small>(${m.eventId})</small>${m.quote ? html` <strong class="quote">QUOTE</strong>` : ''}${m.customer ? html`<br><small>${m.customer}</small>` : ''}</td><td>${m.venue ?? ''}</td><td class="time">${clockTime(m.time)}</td></tr>\n`,
    ),
  );
  // The quantity to load is the confirmed events'; a quote's units are in a column apart, where there are any.
  const quoted = anyOnQuotes(totals);
  const sums = totals.map(
    (t) => html`<tr>${BOX}<td>${t.name}</td><td class="num">${t.quantity}</td>${quoted ? html`<td class="num">${t.onQuotes > 0 ? `+${t.onQuotes}` : ''}</td>` : ''}</tr>\n`,
  );
  // The day in each heading: a section or its totals that a page break carries over is never a page without its date.
  const on = html` <span class="on">${MIDDLE_DOT} ${dayHeading(day.day)}</span>`;
  const id = `${direction}-${dayKey(day.day)}`;
  return html`<h3 class="unseen">${words.heading}${on}</h3>
<table class="pick" aria-labelledby="${id}">
<thead><tr><th class="heading" colspan="6" scope="colgroup" id="${id}">${words.heading}${on}</th></tr>
<tr><th class="box">${CHECK_MARK}</th><th>Item</th><th class="num">Quantity</th><th>Event</th><th>Venue</th><th>${words.time}</th></tr></thead>
<tbody>
${rows.length > 0 ? rows : html`<tr><td></td><td colspan="5">No items booked on these events.</td></tr>`}
</tbody>
</table>
<div class="close">
<h4>${words.totals}${on}</h4>
<table class="totals"><thead><tr><th class="box">${CHECK_MARK}</th><th>Item</th><th class="num">Quantity</th>${quoted ? html`<th class="num">On quotes</th>` : ''}</tr></thead><tbody>
${sums}
</tbody></table>
${quoted ? html`<p class="note">Quantity: confirmed events only. On quotes: the units of the events marked QUOTE, not confirmed and may never go out: ${words.quotes}.</p>` : ''}
${tail}
</div>`;
}

const SIGN = html`<div class="sign"><span>Picked by</span><span>Checked by</span><span>Time</span></div>`;

export function renderPickListPage(input: PickListInput): string {
  const days: Markup[] = [];
  const quiet: string[] = [];
  for (const day of input.days) {
    const backs = day.in.movements.length > 0;
    const out = section('out', day, backs ? undefined : SIGN);
    const back = section('in', day, SIGN);
    if (!out && !back) {
      quiet.push(dayHeading(day.day));
      continue;
    }
    days.push(html`<section class="day">
<h2>Pick list ${MIDDLE_DOT} ${dayHeading(day.day)}</h2>
${[out, back]}
</section>\n`);
  }
  const first = dayHeading(startOfDay(input.range.from));
  const none = quiet.length === 0 ? undefined : html`<p class="empty">Nothing goes out or comes back: ${quiet.join(', ')}.</p>`;
  const body = days.length === 0 ? html`<h2>Pick list ${MIDDLE_DOT} ${first}</h2>\n${none}` : html`${none}${days}`;
  return htmlPage({ title: `Pick list ${first}`, css: CSS, body, size: input.size });
}
