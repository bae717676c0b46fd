// Items, events and booking lines written straight to a sandbox (not through the CLI), for the
// calendar's end-to-end tests: each test builds the little calendar it needs.

import type { Caller } from '../sandbox/helpers.js';
import { data } from './server-state.js';

export function calendarFixtures(call: () => Caller, prefix: string) {
  let serial = 0;
  const unique = (name: string) => `${name} ${++serial}`;

  /** An active item with a price for rental block 1. */
  async function item(quantityAvailable: number, price = 10): Promise<{ id: number; name: string }> {
    const name = unique(`${prefix} item`);
    const [record] = await data(call(), 'POST', '/v2/inventory', { name, quantityAvailable, active: 1 });
    const id = Number(record!.id);
    await data(call(), 'POST', `/v1/inventory/${id}/pricing`, { inventoryId: id, rentalBlockId: 1, price });
    return { id, name };
  }

  /** A Confirmed event in rental block 1 held dropoff → pickup (start and end the same). */
  async function event(dropoff: string, pickup: string, extra: Record<string, unknown> = {}, name = unique(`${prefix} event`)): Promise<{ id: number; name: string }> {
    const [record] = await data(call(), 'POST', '/v1/events', {
      eventStatusId: 2,
      rentalBlockId: 1,
      eventName: name,
      dropoffDate: dropoff,
      startDate: dropoff,
      endDate: pickup,
      teardownDate: pickup,
      pickupDate: pickup,
      ...extra,
    });
    return { id: Number(record!.id), name };
  }

  /** A booking line; its id. */
  async function line(eventId: number, inventoryId: number, quantity: number, price = 10): Promise<number> {
    const [record] = await data(call(), 'POST', `/v1/events/${eventId}/inventory`, { eventId, inventoryId, quantity, price });
    return Number(record!.id);
  }

  return { unique, item, event, line };
}
