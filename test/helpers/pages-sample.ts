// The pages the HTML tests render (as strings and in a headless browser): a timeline, a quote and
// a pick list, with a hostile name among them.
import { readEvent } from '../../src/domain/records.js';
import { readBooking } from './bookings.js';
import { parseWallTime } from '../../src/domain/wall-time.js';
import type { PaperSize } from '../../src/output/html/page.js';
import { type PickMovement, pickDays } from '../../src/domain/pick-list.js';
import { renderPickListPage } from '../../src/output/html/pick-list-page.js';
import { type QuoteInput, renderQuotePage } from '../../src/output/html/quote-page.js';
import { renderTimelinePage } from '../../src/output/html/timeline-page.js';
import { HOSTILE_NAME, sampleFleet, sampleTimeline } from './timeline-sample.js';

export { HOSTILE_NAME };

/** The page's text as a reader sees it: styles and tags dropped (an isolated value's `<bdi>` inline, with no space), entities read back, spaces as one. */
export function pageText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    // What only a screen reader reads (a heading hidden from sight) is no text on the page.
    .replace(/<(\w+) class="unseen">[\s\S]*?<\/\1>/g, '')
    .replace(/<\/?bdi>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const ITEM_NAMES = new Map([
  [7, 'Tent 20x20'],
  [8, 'Chair <b>folding</b>'],
]);

export const quoteEvent = readEvent({
  id: 12,
  eventName: HOSTILE_NAME,
  customerName: 'Harper & Sons',
  dropoffDate: '2026-06-12T08:00:00',
  startDate: '2026-06-13T15:00:00',
  endDate: '2026-06-13T23:00:00',
  pickupDate: '2026-06-14T12:00:00',
  amountDelivery: 75,
  amountSalesTax: '40.25',
  amountDiscount: 20,
  amountDeposit: 300,
});

export const quoteBookings = [
  readBooking({ id: 1, inventoryId: 7, quantity: 2, price: 450 }, 12),
  readBooking({ id: 2, inventoryId: 8, quantity: 40, price: 2.75 }, 12),
  readBooking({ id: 3, inventoryId: 8, quantity: 3, price: null }, 12),
];

export function quotePage(size: PaperSize = 'A4', extra: Partial<QuoteInput> = {}): string {
  return renderQuotePage({
    kind: 'quote',
    validDays: 30,
    event: quoteEvent,
    bookings: quoteBookings,
    itemName: (id) => ITEM_NAMES.get(id) ?? `item ${id}`,
    venue: '1 Main St, Springfield',
    issued: parseWallTime('2026-06-01')!,
    size,
    ...extra,
  });
}

export const pickMovements: PickMovement[] = [
  { direction: 'out', time: parseWallTime('2026-06-12T08:00')!, eventId: 12, eventName: HOSTILE_NAME, quote: false, customer: 'Harper & Sons', venue: '1 Main St', lines: [{ inventoryId: 7, itemName: 'Tent 20x20', quantity: 2 }, { inventoryId: 3, itemName: 'Chair', quantity: 40 }] },
  { direction: 'out', time: parseWallTime('2026-06-12T07:30')!, eventId: 14, eventName: 'Ng fair', quote: false, venue: 'Fairground', lines: [{ inventoryId: 3, itemName: 'Chair', quantity: 10 }] },
  { direction: 'in', time: parseWallTime('2026-06-12T17:00')!, eventId: 9, eventName: 'Lee party', quote: false, venue: '5 Elm Rd', lines: [{ inventoryId: 7, itemName: 'Tent 20x20', quantity: 1 }] },
  { direction: 'out', time: parseWallTime('2026-06-13T09:00')!, eventId: 15, eventName: 'Okafor reunion', quote: false, venue: 'Hall B', lines: [{ inventoryId: 5, itemName: 'Stage deck', quantity: 4 }] },
];

/** A pick list of `movements` over 2026-06-12 and 13. */
function pickList(movements: readonly PickMovement[], size: PaperSize): string {
  const range = { from: parseWallTime('2026-06-12')!, to: parseWallTime('2026-06-14')! };
  return renderPickListPage({ range, days: pickDays(range, movements), size });
}

export function pickListPage(size: PaperSize = 'A4'): string {
  return pickList(pickMovements, size);
}

export function timelinePage(size: PaperSize = 'A4', days = 4): { html: string; eventNames: string[] } {
  const { items, range } = sampleTimeline({ quote: HOSTILE_NAME }, days);
  return { html: renderTimelinePage(items, range, { size }), eventNames: [...new Set(items.flatMap((i) => i.bars.map((b) => b.eventName)))] };
}

/** A quote of `lines` lines (`Line 1` … `Line n`, each its own item), to see where its pages break. */
export function longQuote(lines: number, size: PaperSize = 'A4'): string {
  const bookings = Array.from({ length: lines }, (_, i) => readBooking({ id: i + 1, inventoryId: 100 + i, quantity: i + 1, price: 10 }, 12));
  return quotePage(size, { bookings, itemName: (id) => `Line ${id - 99}` });
}

/** A pick list over two days: nothing on the first, `count` dropoffs of one line each on the second. */
export function longPickList(count: number, size: PaperSize = 'A4'): string {
  const movements: PickMovement[] = Array.from({ length: count }, (_, i) => ({
    direction: 'out',
    time: parseWallTime('2026-06-13T08:00')! + i * 60_000,
    eventId: 100 + i,
    eventName: `Party ${i + 1}`,
    quote: false,
    venue: `${i + 1} Elm Rd`,
    lines: [{ inventoryId: 100 + i, itemName: `Item ${i + 1}`, quantity: 1 }],
  }));
  return pickList(movements, size);
}

/** The fleet timeline page of a `count`-item fleet (timeline-sample.ts sampleFleet), in name order as given. */
export function fleetTimelinePage(count = 20, size: PaperSize = 'A4', days = 7): string {
  const { items, range } = sampleFleet(count, days);
  return renderTimelinePage(items, range, { size, title: 'Fleet timeline' });
}
