// `rentals events show E -o html`: the page a company sends its customer. For an event that holds
// tentatively (a quote) it is a *Quote* with the date it is valid until (never past the day before
// the equipment goes out); for one that holds firmly an *Order confirmation*. Numbered from the
// event (Q-12, O-12: the prefixes are settings). The company's name, address, contact and logo at
// the head (the document settings), the customer with the address and contact the event gives,
// the event, its dates, venue and venue contact, the special requirements the customer gave (so
// they can check what the crew will go by), one line per booking (quantity × unit price = amount),
// the totals of domain/totals.ts with the deposit apart (a zero amount is left out), and the terms.
// No internal id or status, and never what the shop keeps to itself: the internal notes, the
// reason of a cancellation. Amounts shown to the currency's minor unit (Intl; two places without a
// currency) while every total is computed exactly.

import { type Money, roundToStep, subtractMoney } from '../../domain/money.js';
import type { CalendarBooking, CalendarEvent } from '../../domain/records.js';
import { eventTotals } from '../../domain/totals.js';
import { DAY_MS, type WallTime, dayKey, shortWallTime, startOfDay } from '../../domain/wall-time.js';
import { MIDDLE_DOT, type Markup, html, textLines } from './markup.js';
import { shownText, textLinesOf } from '../../common/text.js';
import { type PaperSize, htmlPage } from './page.js';
import { minorUnitDigits, moneyTextIn } from '../money-text.js';

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
  venue?: string | undefined;
  /** The day the page is made (its date). */
  issued: WallTime;
  /** Days a quote is valid from `issued` (never past the day before the event's window starts). */
  validDays: number;
  /** What the number starts with: `Q-` and `O-` unless set. */
  prefixes?: DocumentPrefixes | undefined;
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
.parties dd{margin:0;white-space:pre-line}
.lines tr.sum th{border:none;text-align:right;font-weight:normal;color:#333}
.lines tr.sum td{border:none}
.lines tr.items th,.lines tr.items td{padding-top:14px}
.lines tr.total th,.lines tr.total td{border-top:2px solid #333;font-weight:700}
.lines tr.after td{border:none;padding-top:10px}
.lines tbody.end{break-inside:avoid}
.cancelled{border:2px solid #b00;color:#b00;padding:6px 10px;font-weight:700;display:inline-block}
.note{color:#555;font-size:12px}
.terms{white-space:pre-line}
.requirements{margin:0 0 12px}
.requirements h2{font-size:13px;margin:0 0 2px;color:#555;font-weight:normal}
.requirements p{margin:0;white-space:pre-line}
`;

const TITLES: Record<QuoteKind, string> = { quote: 'Quote', confirmation: 'Order confirmation' };

export interface DocumentPrefixes {
  quote: string;
  order: string;
}

export const DEFAULT_PREFIXES: DocumentPrefixes = { quote: 'Q-', order: 'O-' };

/** The quote's or order's number: the prefix and the event's id, the same every time it is printed. */
export function documentNumber(kind: QuoteKind, eventId: number, prefixes: DocumentPrefixes = DEFAULT_PREFIXES): string {
  return `${kind === 'quote' ? prefixes.quote : prefixes.order}${eventId}`;
}

/** The last day a quote holds: issue + the valid days, but never past the day before the equipment goes out (nor before the issue day). */
export function validUntil(issued: WallTime, validDays: number, goesOut: WallTime | undefined): WallTime {
  const byDays = startOfDay(issued) + validDays * DAY_MS;
  if (goesOut === undefined) return byDays;
  return Math.max(startOfDay(issued), Math.min(byDays, startOfDay(goesOut) - DAY_MS));
}

const DATE_ROWS = [
  ['Dropoff', 'dropoffDate'],
  ['Start', 'startDate'],
  ['End', 'endDate'],
  ['Pickup', 'pickupDate'],
] as const;

/**
 * Amounts as the page shows them, rounded (half away from zero) to the currency's minor unit (2
 * digits for EUR, 0 for JPY; the cent without a currency), then shown as every amount for people
 * is (money-text.ts): `$1,234.50`, `1234.50`. Only the display is rounded: every total is computed exactly.
 */
function amountFormat(currency: string | undefined): (value: Money | undefined) => string {
  const shown = moneyTextIn(currency);
  const minorUnit: Money = { units: 1n, scale: currency === undefined ? 2 : minorUnitDigits(currency) };
  return (value) => (value === undefined ? '—' : shown(roundToStep(value, minorUnit)));
}

const isZero = (value: Money | undefined) => value === undefined || value.units === 0n;

/** A field whose line breaks are its lines (a contact, the special requirements): its lines, none when it is not set. */
function fieldLines(record: Readonly<Record<string, unknown>>, key: string): string[] {
  const text = shownText(record[key]);
  return text === undefined ? [] : textLinesOf(text);
}

/** The customer as a letter is addressed: name, address lines, city line (each field one line), then each line of the contact. */
function customerLines(record: Readonly<Record<string, unknown>>, name: string | undefined): string[] {
  const field = (key: string) => shownText(record[key]);
  const region = [field('customerState'), field('customerPostalCode')].filter(Boolean).join(' ');
  const city = [field('customerCity'), region || undefined].filter(Boolean).join(', ');
  return [name, field('customerAddress1'), field('customerAddress2'), city || undefined, ...fieldLines(record, 'customerContacts')].filter((line): line is string => line !== undefined && line !== '');
}

/** Lines as a definition's value; undefined (the row left out) when there are none. */
function linesValue(lines: readonly string[]): Markup | undefined {
  return lines.length === 0 ? undefined : textLines(lines);
}

function definitionList(rows: ReadonlyArray<readonly [string, string | Markup | undefined]>): Markup {
  return html`<dl>${rows.filter(([, value]) => value !== undefined && value !== '').map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>`;
}

function companyHead(company: Company | undefined): Markup | undefined {
  if (!company || (!company.name && !company.address && !company.contact && !company.logo)) return undefined;
  const lines = [company.address, company.contact].filter((text): text is string => text !== undefined && text !== '').join('\n');
  return html`<div class="head keep">${company.logo ? html`<img src="${company.logo}" alt="${company.name ?? 'logo'}">` : html`<span></span>`}<div class="company">${company.name ? html`<strong>${company.name}</strong>\n` : ''}${textLines(lines)}</div></div>`;
}

/** The last lines printed on the page of the totals: a total never starts a page alone. */
const KEPT_LINES = 2;

export function renderQuotePage(input: QuoteInput): string {
  const { event, bookings } = input;
  const show = amountFormat(input.currency);
  const totals = eventTotals(event.record, bookings);
  const lines = bookings.map(
    (b, i) => html`<tr class="line"><td>${input.itemName(b.itemId)}</td><td class="num">${b.quantity}</td><td class="num">${show(b.price)}</td><td class="num">${show(totals.lines[i])}</td></tr>\n`,
  );
  const amountRows: Array<[string, Money | undefined, string?]> = [
    ['Items', totals.items, 'items'],
    ['Delivery', totals.delivery],
    ['Labor', totals.labor],
    ['Misc', totals.misc],
    ['Sales tax', totals.salesTax],
    ['Discount', totals.discount === undefined ? undefined : { units: -totals.discount.units, scale: totals.discount.scale }],
    ['Total', totals.total, 'total'],
  ];
  const rows = amountRows
    .filter(([, value, cls]) => cls !== undefined || !isZero(value))
    .map(([label, value, cls]) => html`<tr class="sum ${cls ?? ''}"><th colspan="3">${label}</th><td class="num">${show(value)}</td></tr>\n`);
  if (!isZero(totals.deposit) && totals.deposit !== undefined) {
    rows.push(html`<tr class="sum"><th colspan="3">Deposit</th><td class="num">${show(totals.deposit)}</td></tr>\n`);
    rows.push(html`<tr class="sum"><th colspan="3">Balance after deposit</th><td class="num">${show(subtractMoney(totals.total, totals.deposit))}</td></tr>\n`);
  }
  const dates = DATE_ROWS.map(([label, field]) => [label, event.dates[field] === undefined ? undefined : shortWallTime(event.dates[field]!)] as const);
  const heading = `${TITLES[input.kind]} ${documentNumber(input.kind, event.id, input.prefixes)}`;
  // A cancelled event's page is no offer: it says it is cancelled and names no date it is valid until.
  const until = input.kind === 'quote' && !event.cancelled ? dayKey(validUntil(input.issued, input.validDays, event.window?.from)) : undefined;
  const unpriced = totals.unpriced === 0 ? undefined : totals.unpriced === 1 ? '1 line has no price yet and adds nothing to the total.' : `${totals.unpriced} lines have no price yet and add nothing to the total.`;
  const customer = customerLines(event.record, event.customer);
  const requirements = fieldLines(event.record, 'eventSpecialRequirements');
  const body = html`${companyHead(input.company)}<h1>${heading}</h1>
<p class="meta">${event.name} ${MIDDLE_DOT} issued ${dayKey(input.issued)}${until ? html` ${MIDDLE_DOT} valid until ${until}` : ''}</p>
${event.cancelled ? html`<p class="cancelled">This event is cancelled.</p>` : ''}
<div class="parties keep">
${definitionList([
  ['Customer', linesValue(customer)],
  ['Event', event.name],
  ['Venue', input.venue],
  ['Venue contact', linesValue(fieldLines(event.record, 'eventContacts'))],
])}
${definitionList(dates)}
</div>
${requirements.length > 0 ? html`<section class="requirements keep"><h2>Special requirements</h2><p>${textLines(requirements)}</p></section>` : ''}
<table class="lines">
<thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
${lines.length > KEPT_LINES ? html`<tbody>\n${lines.slice(0, -KEPT_LINES)}</tbody>` : ''}
<tbody class="end">
${lines.length > 0 ? lines.slice(-KEPT_LINES) : html`<tr><td colspan="4">No items booked.</td></tr>`}
${rows}
${unpriced ? html`<tr class="after"><td colspan="4" class="note">${unpriced}</td></tr>` : ''}
${until ? html`<tr class="after"><td colspan="4" class="validity">This quote is valid until ${until}.</td></tr>` : ''}
</tbody>
</table>
${input.terms ? html`<footer class="terms">${textLines(input.terms)}</footer>` : ''}`;
  return htmlPage({ title: `${heading}: ${event.name}`, css: CSS, body, size: input.size });
}
