// Use case: one event as its sheet (`rentals events show`): the event, its bookings with item names,
// unit prices and line totals, and the event's total (formula in domain/totals.ts); the deposit
// apart. `-o html` (or pdf): the page for the customer, a quote or an order confirmation (output/html/quote-page.ts).

import { shownText } from '../../common/text.js';
import type { EventDateField } from '../../domain/event-model.js';
import { EVENT_DATE_FIELDS } from '../../domain/event-model.js';
import { type Money, moneyToNumber } from '../../domain/money.js';
import { type CalendarEvent, customerAddress, itemName, sameAddress, venue } from '../../domain/records.js';
import { TOTAL_FORMULA, eventTotals, showMoney } from '../../domain/totals.js';
import { parseWallTime, shortWallTime } from '../../domain/wall-time.js';
import { renderQuotePage } from '../../output/html/quote-page.js';
import type { DetailField, View } from '../../output/views.js';
import { alignedMoney } from '../../output/money-text.js';
import type { Factory } from '../factory.js';
import { companyOf } from './company.js';

export type EventSheetDeps = Pick<Factory, 'calendar' | 'ruleOf' | 'wallNow' | 'documentSettings'>;

const DATE_LABELS: Record<EventDateField, string> = {
  dropoffDate: 'dropoff',
  startDate: 'start',
  endDate: 'end',
  teardownDate: 'teardown',
  pickupDate: 'pickup',
};

/** A datetime of the record as the sheet shows its dates (`2027-01-02 10:00`); one that is no datetime as the service wrote it. */
function shownTime(value: unknown): string {
  const time = parseWallTime(value);
  return time === undefined ? String(value) : shortWallTime(time);
}

const asNumber = (value: Money | undefined): number | null => (value === undefined ? null : moneyToNumber(value));

/**
 * What the counter needs to call and serve the customer, each where it is set: the customer's
 * contact, their own (billing) address where it is not the venue's, who to reach at the venue,
 * the special requirements and the shop's internal notes. After the rows the sheet always had,
 * so that a script reading those by position finds them where they were.
 */
function counterFields(event: CalendarEvent): DetailField[] {
  const r = event.record;
  const billing = customerAddress(event);
  const rows: Array<DetailField | undefined> = [
    ['customer contact', shownText(r.customerContacts), 'lines'],
    billing === '' || sameAddress(billing, venue(event)) ? undefined : ['customer address', billing],
    ['venue contact', shownText(r.eventContacts), 'lines'],
    ['special requirements', shownText(r.eventSpecialRequirements), 'lines'],
    ['internal notes', shownText(r.internalNotes), 'lines'],
  ];
  return rows.filter((row): row is DetailField => row !== undefined && row[1] !== undefined);
}

/** The event `ref` names (an id or a name), with its bookings and totals, and its page (`-o html`, `-o pdf`). */
export async function eventSheet(deps: EventSheetDeps, ref: string): Promise<View> {
  const calendar = await deps.calendar();
  const event = await calendar.event(ref);
  const [bookingLists, items, blocks] = await Promise.all([calendar.bookings([event]), calendar.items(), calendar.catalog.names('rentalBlocks')]);
  const bookings = bookingLists.get(event.id) ?? [];
  const totals = eventTotals(event.record, bookings);
  const r = event.record;
  const fields: DetailField[] = [
    ['id', event.id],
    ['event', event.name],
    ['status', event.status ?? r.eventStatusId],
    ['block', (event.blockId === undefined ? undefined : blocks.label(event.blockId)) ?? r.rentalBlockId],
    ['customer', event.customer],
    ['venue', venue(event)],
  ];
  for (const field of EVENT_DATE_FIELDS) {
    const time = event.dates[field];
    fields.push([DATE_LABELS[field], time === undefined ? r[field] : shortWallTime(time)]);
  }
  if (event.cancelled) fields.push(['cancelled', event.cancellation.byDate ? `${shownTime(r.cancelDate)}${r.cancelReason ? `: ${String(r.cancelReason)}` : ''}` : `by its status ${JSON.stringify(event.status)} (no cancel date)`]);
  fields.push(...counterFields(event));
  const rows = bookings.map((b, i) => ({
    booking: b.id,
    itemId: b.itemId,
    item: itemName(b.itemId, items),
    quantity: b.quantity,
    price: showMoney(b.price),
    lineTotal: showMoney(totals.lines[i]),
  }));
  const amountLines: Array<[string, Money | undefined]> = [
    ['items', totals.items],
    ['+ delivery', totals.delivery],
    ['+ labor', totals.labor],
    ['+ misc', totals.misc],
    ['+ sales tax', totals.salesTax],
    ['− discount', totals.discount],
    ['= total', totals.total],
    ['deposit (apart)', totals.deposit],
  ];
  // Labels right-aligned, amounts on their decimal marks (the locale's), as on a printed bill.
  const amounts = alignedMoney(amountLines.map(([, value]) => value), deps.documentSettings().currency, { empty: '—' });
  const labelWidth = Math.max(...amountLines.map(([label]) => label.length));
  const footer = amountLines.map(([label], i) => `${label.padStart(labelWidth)}  ${amounts[i]!}`.trimEnd());
  if (totals.unpriced > 0) footer.push(`(${totals.unpriced} booking${totals.unpriced === 1 ? ' has' : 's have'} no price and add nothing)`);
  footer.push(TOTAL_FORMULA);
  return {
    html: (size) => {
      const settings = deps.documentSettings();
      return renderQuotePage({
        event,
        bookings,
        itemName: (id) => itemName(id, items),
        kind: deps.ruleOf(event) === 'firm' ? 'confirmation' : 'quote',
        venue: venue(event),
        issued: deps.wallNow(),
        validDays: settings.quoteValidDays,
        company: companyOf(settings),
        currency: settings.currency,
        terms: settings.quoteTerms,
        prefixes: settings.prefixes,
        size,
      });
    },
    kind: 'detail',
    fields,
    sections: [{ title: `Bookings (${bookings.length})`, rows, columns: ['booking', 'item', 'quantity', 'price', 'lineTotal'], money: ['price', 'lineTotal'], footer }],
    json: {
      event: r,
      bookings: bookings.map((b, i) => ({ ...b.record, itemName: items.get(b.itemId)?.name ?? null, lineTotal: asNumber(totals.lines[i]) })),
      totals: {
        items: asNumber(totals.items),
        delivery: asNumber(totals.delivery),
        labor: asNumber(totals.labor),
        misc: asNumber(totals.misc),
        salesTax: asNumber(totals.salesTax),
        discount: asNumber(totals.discount),
        total: asNumber(totals.total),
        deposit: asNumber(totals.deposit),
        unpricedBookings: totals.unpriced,
      },
      formula: TOTAL_FORMULA,
    },
  };
}
