// `rentals events show E -o html`: a quote to send a customer. The event, its dates and venue,
// one line per booking (quantity × unit price = amount) and the totals of domain/totals.ts, the
// deposit apart with the balance it leaves.

import { type Money, formatMoneyFixed, subtractMoney } from '../../domain/money.js';
import type { CalendarBooking, CalendarEvent } from '../../domain/records.js';
import { eventTotals } from '../../domain/totals.js';
import { type WallTime, dayKey, shortWallTime } from '../../domain/wall-time.js';
import { escapeHtml } from './escape.js';
import { type PaperSize, htmlPage } from './page.js';

export interface QuoteInput {
  event: CalendarEvent;
  bookings: readonly CalendarBooking[];
  itemName: (itemId: number) => string;
  statusName?: string | undefined;
  venue?: string | undefined;
  /** The day the quote is made (shown as its date). */
  issued: WallTime;
  size: PaperSize;
}

const CSS = `
.parties{display:flex;gap:40px;flex-wrap:wrap;margin:12px 0}
.parties dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:2px 12px}
.parties dt{color:#555}
.parties dd{margin:0}
.totals{margin-left:auto;width:auto;min-width:50%;margin-top:12px}
.totals th{border:none;text-align:right;font-weight:normal;color:#333}
.totals td{border:none}
.totals tr.total th,.totals tr.total td{border-top:2px solid #333;font-weight:700}
.cancelled{border:2px solid #b00;color:#b00;padding:6px 10px;font-weight:700;display:inline-block}
.note{color:#555;font-size:12px}
`;

const DATE_ROWS = [
  ['Dropoff', 'dropoffDate'],
  ['Start', 'startDate'],
  ['End', 'endDate'],
  ['Pickup', 'pickupDate'],
] as const;

const show = (value: Money | undefined) => (value === undefined ? '—' : escapeHtml(formatMoneyFixed(value)));

function definitionList(rows: ReadonlyArray<readonly [string, string | undefined]>): string {
  return `<dl>${rows
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join('')}</dl>`;
}

export function renderQuotePage(input: QuoteInput): string {
  const { event, bookings } = input;
  const totals = eventTotals(event.record, bookings);
  const lines = bookings
    .map(
      (b, i) =>
        `<tr><td>${escapeHtml(input.itemName(b.itemId))}</td><td class="num">${b.quantity}</td><td class="num">${show(b.price)}</td><td class="num">${show(totals.lines[i])}</td></tr>`,
    )
    .join('\n');
  const amountRows: Array<[string, Money | undefined, string?]> = [
    ['Items', totals.items],
    ['Delivery', totals.delivery],
    ['Labor', totals.labor],
    ['Misc', totals.misc],
    ['Sales tax', totals.salesTax],
    ['Discount', totals.discount === undefined ? undefined : { units: -totals.discount.units, scale: totals.discount.scale }],
    ['Total', totals.total, 'total'],
  ];
  const rows = amountRows
    .filter(([label, value]) => value !== undefined || label === 'Items')
    .map(([label, value, cls]) => `<tr${cls ? ` class="${cls}"` : ''}><th>${label}</th><td class="num">${show(value)}</td></tr>`);
  if (totals.deposit !== undefined) {
    rows.push(`<tr><th>Deposit</th><td class="num">${show(totals.deposit)}</td></tr>`);
    rows.push(`<tr><th>Balance after deposit</th><td class="num">${show(subtractMoney(totals.total, totals.deposit))}</td></tr>`);
  }
  const dates = DATE_ROWS.map(([label, field]) => [label, event.dates[field] === undefined ? undefined : shortWallTime(event.dates[field]!)] as const);
  const title = `Quote: ${event.name}`;
  const body = `<h1>Quote</h1>
<p class="meta">${escapeHtml(event.name)} · event ${event.id} · issued ${escapeHtml(dayKey(input.issued))}</p>
${event.cancelled ? '<p class="cancelled">This event is cancelled.</p>' : ''}
<div class="parties keep">
${definitionList([
  ['Customer', event.customer],
  ['Event', event.name],
  ['Status', input.statusName],
  ['Venue', input.venue],
])}
${definitionList(dates)}
</div>
<table class="lines">
<thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
<tbody>
${lines || '<tr><td colspan="4">No items booked.</td></tr>'}
</tbody>
</table>
<table class="totals keep"><tbody>
${rows.join('\n')}
</tbody></table>
${totals.unpriced > 0 ? `<p class="note">${totals.unpriced === 1 ? '1 line has no price yet and adds' : `${totals.unpriced} lines have no price yet and add`} nothing to the total.</p>` : ''}
<footer>Amount = quantity × unit price. Total = items + delivery + labor + misc + sales tax − discount. The deposit is paid towards the total.</footer>`;
  return htmlPage({ title, css: CSS, body, size: input.size });
}
