// `rentals agenda -o html`: the events of a range as a page to pin on the wall, printed landscape.
// The table's days in the table's order, each its heading (an event already under way when the
// range begins under the day it began, "under way when the range begins", and marked
// continuing), then one row per event: its start and end, name, id, status, customer, its items
// one a line, its dropoff and pickup, and its total. A time on the day it is listed under shows
// alone, on another day with its date. Cancelled events are struck through; rows never split
// across pages, and a day's heading stays with its first rows; every day's columns line up.

import { MIDDLE_DOT, type Markup, html, textLines } from './markup.js';
import { type PaperSize, htmlPage } from './page.js';

/** One event as the table shows it, its times already written for the day it is under. */
export interface AgendaPageEntry {
  id: number;
  event: string;
  status: string | null;
  cancelled: boolean;
  continuing: boolean;
  customer: string | null;
  /** `2 × 20x40 Frame Tent`, one per booking. */
  items: readonly string[];
  start: string;
  end: string;
  dropoff: string;
  pickup: string;
  total: string;
}

export interface AgendaPageDay {
  /** The table's heading of the day. */
  heading: string;
  entries: readonly AgendaPageEntry[];
}

export interface AgendaPageInput {
  /** The range, in words (`Mon 2026-11-30 00:00 → Mon 2026-12-07 00:00`). */
  range: string;
  /** When it was printed, in words: a page on the wall grows old. */
  asOf: string;
  days: readonly AgendaPageDay[];
  size: PaperSize;
}

const CSS = `
h2{break-after:avoid}
table.agenda{margin-bottom:8px;table-layout:fixed}
col.time{width:9%}
col.event{width:21%}
col.customer{width:15%}
col.items{width:24%}
col.window{width:8%}
col.total{width:6%}
table.agenda td{font-size:13px}
td.time{white-space:nowrap}
td.items{white-space:pre-line}
.status{color:#444}
.continuing .mark{font-weight:600}
tr.cancelled td{color:#666;text-decoration:line-through}
.empty{color:#555}
@media print{table.agenda td{font-size:9pt}}
`;

function row(entry: AgendaPageEntry): Markup {
  const status = !entry.status && !entry.continuing ? '' : html`<br><small class="status">${entry.status ?? ''}${entry.status && entry.continuing ? html` ${MIDDLE_DOT} ` : ''}${entry.continuing ? html`<span class="mark">continuing</span>` : ''}</small>`;
  const kind = ['event', entry.cancelled ? 'cancelled' : '', entry.continuing ? 'continuing' : ''].filter((k) => k !== '').join(' ');
  return html`<tr class="${kind}"><td class="time">${entry.start}</td><td class="time">${entry.end}</td><td>${entry.event} <small>(${entry.id})</small>${status}</td><td>${entry.customer ?? ''}</td><td class="items">${textLines(entry.items)}</td><td class="time">${entry.dropoff}</td><td class="time">${entry.pickup}</td><td class="num">${entry.total}</td></tr>\n`;
}

function day(group: AgendaPageDay): Markup {
  return html`<section class="day">
<h2>${group.heading}</h2>
<table class="agenda">
<colgroup><col class="time"><col class="time"><col class="event"><col class="customer"><col class="items"><col class="window"><col class="window"><col class="total"></colgroup>
<thead><tr><th>Start</th><th>End</th><th>Event</th><th>Customer</th><th>Items</th><th>Dropoff</th><th>Pickup</th><th class="num">Total</th></tr></thead>
<tbody>
${group.entries.map(row)}
</tbody>
</table>
</section>\n`;
}

export function renderAgendaPage(input: AgendaPageInput): string {
  const count = input.days.reduce((sum, group) => sum + group.entries.length, 0);
  const body = html`<h1>Agenda</h1>
<p class="meta">${input.range} ${MIDDLE_DOT} ${count === 1 ? '1 event' : `${count} events`} ${MIDDLE_DOT} as of ${input.asOf}</p>
${count === 0 ? html`<p class="empty">No events in this range.</p>` : input.days.map(day)}`;
  return htmlPage({ title: `Agenda ${input.range}`, css: CSS, body, size: input.size, landscape: true });
}
