// `rentals events show E -o html`: the page a company sends its customer. For an event that holds
// tentatively (a quote) it is a *Quote* with the date it is valid until; for one that holds firmly
// an *Order confirmation*. The company's name, address, contact and logo at the head (the
// document settings), the event, its dates and venue, one line per booking (quantity × unit
// price = amount), the totals of domain/totals.ts with the deposit apart, and the terms. Amounts
// in the company's currency when one is set (Intl), else as plain decimals.

import { type Money, formatMoneyFixed, subtractMoney } from '../../domain/money.js';
import type { CalendarBooking, CalendarEvent } from '../../domain/records.js';
import { eventTotals } from '../../domain/totals.js';
import { DAY_MS, type WallTime, dayKey, shortWallTime } from '../../domain/wall-time.js';
import { MIDDLE_DOT, type Markup, html } from './markup.js';
import { type PaperSize, htmlPage } from './page.js';

export type QuoteKind = 'quote' | 'confirmation';

export interface Company {
  name?: string | undefined;
  address?: string | undefined;
  contact?: string | undefined;
  /** The logo as a data: URL (image/png, image/jpeg, …), embedded so the page stays self-contained. */
  logo?: string | undefined;
}

export interface QuoteInput {
  event: CalendarEvent;
  bookings: readonly CalendarBooking[];
  itemName: (itemId: number) => string;
  /** A quote (the event holds tentatively) or an order confirmation (it holds firmly). */
  kind: QuoteKind;
  statusName?: string | undefined;
  venue?: string | undefined;
  /** The day the page is made (its date). */
  issued: WallTime;
  /** Days a quote is valid from `issued`. */
  validDays: number;
  company?: Company;
  /** ISO 4217; amounts formatted for it by Intl. */
  currency?: string | undefined;
  terms?: string | undefined;
  size: PaperSize;
}

const CSS = `
.head{display:flex;justify-content:space-between;align-items:flex-start;gap:24px;margin-bottom:16px}
.head img{max-height:64px;max-width:220px;object-fit:contain}
.company{text-align:right;white-space:pre-line;color:#333}
.company strong{font-size:16px;color:#111}
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
.terms{white-space:pre-line}
`;

const TITLES: Record<QuoteKind, string> = { quote: 'Quote', confirmation: 'Order confirmation' };

const DATE_ROWS = [
  ['Dropoff', 'dropoffDate'],
  ['Start', 'startDate'],
  ['End', 'endDate'],
  ['Pickup', 'pickupDate'],
] as const;

/** Amounts as the page shows them: in the currency when one is set (exact: Intl formats the decimal text), else `1234.50`. */
function amountFormat(currency: string | undefined): (value: Money | undefined) => string {
  const format = currency ? new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 20 }) : undefined;
  return (value) => {
    if (value === undefined) return '—';
    const text = formatMoneyFixed(value);
    // Intl takes a decimal string exactly (no float on the way); its type says number only.
    return format ? format.format(text as unknown as number) : text;
  };
}

function definitionList(rows: ReadonlyArray<readonly [string, string | undefined]>): Markup {
  return html`<dl>${rows.filter(([, value]) => value !== undefined && value !== '').map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>`;
}

function companyHead(company: Company | undefined): Markup | undefined {
  if (!company || (!company.name && !company.address && !company.contact && !company.logo)) return undefined;
  const lines = [company.address, company.contact].filter((line): line is string => line !== undefined && line !== '');
  return html`<div class="head keep">${company.logo ? html`<img src="${company.logo}" alt="${company.name ?? 'logo'}">` : html`<span></span>`}<div class="company">${company.name ? html`<strong>${company.name}</strong>\n` : ''}${lines.join('\n')}</div></div>`;
}

export function renderQuotePage(input: QuoteInput): string {
  const { event, bookings } = input;
  const show = amountFormat(input.currency);
  const totals = eventTotals(event.record, bookings);
  const lines = bookings.map(
    (b, i) => html`<tr><td>${input.itemName(b.itemId)}</td><td class="num">${b.quantity}</td><td class="num">${show(b.price)}</td><td class="num">${show(totals.lines[i])}</td></tr>\n`,
  );
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
    .map(([label, value, cls]) => html`<tr class="${cls ?? ''}"><th>${label}</th><td class="num">${show(value)}</td></tr>\n`);
  if (totals.deposit !== undefined) {
    rows.push(html`<tr><th>Deposit</th><td class="num">${show(totals.deposit)}</td></tr>\n`);
    rows.push(html`<tr><th>Balance after deposit</th><td class="num">${show(subtractMoney(totals.total, totals.deposit))}</td></tr>\n`);
  }
  const dates = DATE_ROWS.map(([label, field]) => [label, event.dates[field] === undefined ? undefined : shortWallTime(event.dates[field]!)] as const);
  const heading = TITLES[input.kind];
  const validUntil = input.kind === 'quote' ? dayKey(input.issued + input.validDays * DAY_MS) : undefined;
  const unpriced = totals.unpriced === 0 ? undefined : totals.unpriced === 1 ? '1 line has no price yet and adds nothing to the total.' : `${totals.unpriced} lines have no price yet and add nothing to the total.`;
  const body = html`${companyHead(input.company)}<h1>${heading}</h1>
<p class="meta">${event.name} ${MIDDLE_DOT} event ${event.id} ${MIDDLE_DOT} issued ${dayKey(input.issued)}${validUntil ? ` · valid until ${validUntil}` : ''}</p>
${event.cancelled ? html`<p class="cancelled">This event is cancelled.</p>` : ''}
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
${lines.length > 0 ? lines : html`<tr><td colspan="4">No items booked.</td></tr>`}
</tbody>
</table>
<table class="totals keep"><tbody>
${rows}
</tbody></table>
${unpriced ? html`<p class="note">${unpriced}</p>` : ''}
${validUntil ? html`<p class="validity">This quote is valid until ${validUntil}.</p>` : ''}
${input.terms ? html`<footer class="terms">${input.terms}</footer>` : ''}`;
  return htmlPage({ title: `${heading}: ${event.name}`, css: CSS, body, size: input.size });
}
