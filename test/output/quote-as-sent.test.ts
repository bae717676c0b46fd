// The quote as a shop sends it: valid until no later than the day before the equipment goes out,
// numbered from the event (Q-12; O-12 once confirmed), no internal ids or statuses, no zero
// lines, the customer's address and contact from the event, and amounts shown to the currency's
// minor unit while the totals stay exact.

import { describe, expect, it } from 'vitest';
import { readEvent } from '../../src/domain/records.js';
import { parseWallTime } from '../../src/domain/wall-time.js';
import { readBooking } from '../helpers/bookings.js';
import { quoteEvent, pageText, quotePage } from '../helpers/pages-sample.js';

const text = pageText;

const event = (fields: Record<string, unknown>) => readEvent({ ...quoteEvent.record, ...fields });

describe('the quote as a shop sends it', () => {
  it('is valid until the day before the equipment goes out when that comes before issue + the valid days', () => {
    // Dropoff 2026-06-12 08:00; issued 2026-06-01 with 30 days: until 2026-06-11, not 2026-07-01.
    const page = text(quotePage('A4', { validDays: 30 }));
    expect(page).toContain('This quote is valid until 2026-06-11.');
    expect(page).not.toContain('2026-07-01');
    // Far enough ahead, the valid days rule.
    expect(text(quotePage('A4', { validDays: 5 }))).toContain('This quote is valid until 2026-06-06.');
    // Issued on the day it goes out: valid that day only.
    expect(text(quotePage('A4', { issued: parseWallTime('2026-06-12')! }))).toContain('This quote is valid until 2026-06-12.');
  });

  it('carries its number, from the event and the prefix set, and no internal id or status', () => {
    const page = text(quotePage('A4'));
    expect(page).toMatch(/Quote Q-12\b/);
    expect(page).not.toMatch(/event 12\b/);
    expect(page).not.toMatch(/\bStatus\b|\bQuoted\b/);
    expect(text(quotePage('A4', { kind: 'confirmation' }))).toMatch(/Order confirmation O-12\b/);
    expect(text(quotePage('A4', { prefixes: { quote: 'HT-Q', order: 'HT-O' } }))).toMatch(/Quote HT-Q12\b/);
  });

  it('prints no zero line: no Misc 0.00, no Discount 0.00, no deposit of 0', () => {
    const page = text(quotePage('A4', { event: event({ amountMisc: 0, amountDiscount: '0.00', amountLabor: 0, amountDeposit: 0 }) }));
    expect(page).toContain('Items 1010.00 Delivery 75.00 Sales tax 40.25 Total 1125.25');
    expect(page).not.toMatch(/Misc|Discount|Labor|Deposit|Balance/);
  });

  it("gives the customer's address and contact from the event", () => {
    const page = text(
      quotePage('A4', {
        event: event({ customerAddress1: '4 Harbour Rd', customerCity: 'Springfield', customerState: 'IL', customerPostalCode: '62701', customerContacts: 'ann@harper.example, 555 0100' }),
      }),
    );
    expect(page).toContain('Customer Harper & Sons 4 Harbour Rd Springfield, IL 62701 ann@harper.example, 555 0100');
  });

  it.each(['quote', 'confirmation'] as const)('%s: each line of a contact a line, the venue contact and the special requirements the customer gave; never the internal notes nor the cancel reason', (kind) => {
    const html = quotePage('A4', {
      kind,
      event: event({
        customerContacts: 'Ann Harper (555) 0100\r\nann@harper.example',
        eventContacts: 'Sam Ortega, site lead\n\nGate code 4412',
        eventSpecialRequirements: 'Tent up by noon the day before.\nNo stakes on the lawn.',
        internalNotes: 'Pays late: deposit first.',
        cancelReason: 'Double-booked the hall',
      }),
    });
    expect(html).toContain('<bdi>Ann Harper (555) 0100</bdi>\n<bdi>ann@harper.example</bdi>');
    expect(html).toContain('<dt><bdi>Venue contact</bdi></dt><dd><bdi>Sam Ortega, site lead</bdi>\n<bdi>Gate code 4412</bdi></dd>');
    const page = text(html);
    expect(page).toContain('Venue 1 Main St, Springfield Venue contact Sam Ortega, site lead Gate code 4412');
    expect(page).toContain('Special requirements Tent up by noon the day before. No stakes on the lawn. Item Quantity');
    expect(page).not.toContain('Pays late');
    expect(page).not.toContain('Double-booked');
    expect(page).not.toMatch(/internal|notes/i);
    // None given, none shown: no empty heading.
    expect(text(quotePage('A4', { kind }))).not.toMatch(/Venue contact|Special requirements/);
  });

  it("shows amounts to the currency's minor unit, the totals computed exactly", () => {
    const bookings = [readBooking({ id: 1, inventoryId: 7, quantity: 1, price: '1234.5678' }, 12), readBooking({ id: 2, inventoryId: 7, quantity: 1, price: '0.005' }, 12), readBooking({ id: 3, inventoryId: 7, quantity: 1, price: '0.005' }, 12)];
    const plain = event({ amountDelivery: null, amountSalesTax: null, amountDiscount: null, amountDeposit: null });
    const eur = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
    const euros = text(quotePage('A4', { event: plain, bookings, currency: 'EUR' }));
    expect(euros).toContain(eur.format(1234.57));
    expect(euros).not.toContain('1,234.5678');
    // 1234.5678 + 0.005 + 0.005 = 1234.5778 exactly: 1234.58, not the sum of the shown lines (1234.59).
    expect(euros).toContain(`Total ${eur.format(1234.58)}`);
    const yen = text(quotePage('A4', { event: plain, bookings, currency: 'JPY' }));
    expect(yen).toContain(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'JPY' }).format(1235));
    const none = text(quotePage('A4', { event: plain, bookings }));
    expect(none).toContain('Total 1234.58');
    expect(none).toMatch(/ 0\.01 0\.01 /);
  });
});
