// A small calendar drawn by the timeline tests (terminal and HTML): Tent (2 owned) is held by a
// firm wedding, a quote and a firm fair that overbooks it 06-13 12:00–20:00; Chairs are free.
import { holdsOf } from '../../src/domain/holds.js';
import { readEvent, readItem } from '../../src/domain/records.js';
import { readBooking } from './bookings.js';
import { type TimelineItem, timelineItems } from '../../src/domain/timeline.js';
import { type Range, parseWallTime } from '../../src/domain/wall-time.js';

export const HOSTILE_NAME = 'Lee <script>alert(1)</script> & "co"\u0007\u001b[31m';

/** `days`: the range drawn from 06-12 (a month makes the 8-hour shortage a narrow cell). */
export function sampleTimeline(names: { quote?: string } = {}, days = 4): { items: TimelineItem[]; range: Range } {
  const events = [
    readEvent({ id: 1, eventName: 'Harper wedding', eventStatusId: 2, dropoffDate: '2026-06-12T08:00', pickupDate: '2026-06-14T12:00' }),
    readEvent({ id: 2, eventName: names.quote ?? 'Lee party', eventStatusId: 1, dropoffDate: '2026-06-13T00:00', pickupDate: '2026-06-15T00:00' }),
    readEvent({ id: 3, eventName: 'Ng fair', eventStatusId: 2, dropoffDate: '2026-06-13T12:00', pickupDate: '2026-06-13T20:00' }),
  ];
  const bookings = new Map([
    [1, [readBooking({ id: 1, inventoryId: 7, quantity: 1 }, 1)]],
    [2, [readBooking({ id: 2, inventoryId: 7, quantity: 1 }, 2)]],
    [3, [readBooking({ id: 3, inventoryId: 7, quantity: 2 }, 3)]],
  ]);
  const held = { events: new Map(events.map((e) => [e.id, e])), bookings, byItem: holdsOf(events, bookings, (e) => (e.statusId === 1 ? 'tentative' : 'firm')) };
  const from = parseWallTime('2026-06-12')!;
  const range = { from, to: from + days * 86_400_000 };
  const fleet = [readItem({ id: 7, name: 'Tent 20x20', quantityAvailable: 2, active: 1 }), readItem({ id: 8, name: 'Chairs', quantityAvailable: 12, active: 1 })];
  return { items: timelineItems(fleet, held, range), range };
}

/**
 * A fleet of `count` items over `days` from 06-12, in name order: `Item 03` held short by firm
 * events (06-13 and 06-16), `Item 07` short only if its quote confirms (06-14), the others partly
 * held or free.
 */
export function sampleFleet(count = 20, days = 7): { items: TimelineItem[]; range: Range } {
  const fleet = Array.from({ length: count }, (_, i) => readItem({ id: i + 1, name: `Item ${String(i + 1).padStart(2, '0')}`, quantityAvailable: 4, active: 1 }));
  const events = [
    readEvent({ id: 1, eventName: 'Harper wedding', eventStatusId: 2, dropoffDate: '2026-06-13T08:00', pickupDate: '2026-06-14T12:00' }),
    readEvent({ id: 2, eventName: 'Ng fair', eventStatusId: 2, dropoffDate: '2026-06-13T10:00', pickupDate: '2026-06-13T20:00' }),
    readEvent({ id: 3, eventName: 'Lee party', eventStatusId: 1, dropoffDate: '2026-06-14T09:00', pickupDate: '2026-06-15T09:00' }),
    readEvent({ id: 4, eventName: 'Okafor reunion', eventStatusId: 2, dropoffDate: '2026-06-16T09:00', pickupDate: '2026-06-17T09:00' }),
  ];
  const bookings = new Map([
    [1, [readBooking({ id: 1, inventoryId: 3, quantity: 3 }, 1), ...fleet.slice(8).map((item, i) => readBooking({ id: 10 + i, inventoryId: item.id, quantity: 1 + (i % 4) }, 1))]],
    [2, [readBooking({ id: 2, inventoryId: 3, quantity: 2 }, 2)]],
    [3, [readBooking({ id: 3, inventoryId: 7, quantity: 5 }, 3)]],
    [4, [readBooking({ id: 4, inventoryId: 3, quantity: 6 }, 4)]],
  ]);
  const held = { events: new Map(events.map((e) => [e.id, e])), bookings, byItem: holdsOf(events, bookings, (e) => (e.statusId === 1 ? 'tentative' : 'firm')) };
  const from = parseWallTime('2026-06-12')!;
  const range = { from, to: from + days * 86_400_000 };
  return { items: timelineItems(fleet, held, range), range };
}
