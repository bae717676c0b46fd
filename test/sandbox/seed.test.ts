// --seed: a deterministic, realistic dataset whose references all hold.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/sandbox/seed.js';
import { Store } from '../../src/sandbox/store.js';
import { type ApiRecord, type Caller, FIXED_NOW, openSandbox } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let call: Caller;
const list = async (path: string): Promise<ApiRecord[]> => (await call('GET', path)).json.data;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  call = sandbox.call;
});
afterAll(() => sandbox.close());

describe('seed data', () => {
  it('has the rental blocks (one inactive), the five categories, ~20 items with a price per active block', async () => {
    expect((await list('/v1/rentalblocks')).map((b) => [b.pricingType, b.active])).toEqual([
      ['Daily', 1],
      ['Weekend', 1],
      ['Weekly', 1],
      ['Monthly', 0],
    ]);
    expect((await list('/v2/inventorycategory')).map((c) => c.name)).toEqual(['Tents', 'Tables', 'Chairs', 'Lighting', 'Staging']);
    const items = await list('/v1/inventory');
    expect(items).toHaveLength(20);
    for (const item of items) {
      const prices = await list(`/v1/inventory/${item.id}/pricing`);
      expect(prices.map((p) => p.rentalBlockId)).toEqual([1, 2, 3]);
      expect(prices.every((p) => typeof p.price === 'number' && (p.price as number) > 0)).toBe(true);
    }
  });

  it('has a busy coming month (~35 events) and a few later, with customers, amounts and bookings; one cancelled', async () => {
    const events = await list('/v1/events');
    expect(events).toHaveLength(36);
    const today = new Date(FIXED_NOW).toISOString().slice(0, 10);
    const inAMonth = new Date(FIXED_NOW + 31 * 86_400_000).toISOString().slice(0, 10);
    expect(events.filter((e) => (e.startDate as string) > today).length).toBeGreaterThanOrEqual(35);
    expect(events.filter((e) => (e.startDate as string) > today && (e.startDate as string) < inAMonth).length).toBeGreaterThanOrEqual(25);
    for (const event of events) {
      expect(event.customerName).toEqual(expect.any(String));
      expect(event.eventCity).toEqual(expect.any(String));
      expect(event.amountSalesTax).toEqual(expect.any(Number));
      expect((await list(`/v1/events/${event.id}/inventory`)).length).toBeGreaterThan(0);
    }
    const cancelled = events.filter((e) => e.cancelDate !== null);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ eventStatusId: 4, cancelReason: expect.stringContaining('postponed') });
  });

  it('bookings reference existing items and carry the price of the event block', async () => {
    const event = (await list('/v1/events'))[1]!;
    const bookings = await list(`/v2/events/${event.id}/inventory`);
    for (const booking of bookings) {
      const prices = await list(`/v1/inventory/${booking.inventoryId}/pricing`);
      expect(prices.find((p) => p.rentalBlockId === event.rentalBlockId)!.price).toBe(booking.price);
    }
  });

  it('is the same every time for the same day', () => {
    const a = new Store();
    const b = new Store();
    seedDemoData(a, FIXED_NOW);
    seedDemoData(b, FIXED_NOW + 3_600_000);
    expect(b.capture()).toEqual(a.capture());
    expect(seedDemoData(a, FIXED_NOW)).toBe(false);
  });
});
