// Prices by item × rental block, as the calendar reads them.

import type { CalendarPrice } from './records.js';

/** Prices by item × rental block. */
export class PriceTable {
  private readonly byKey = new Map<string, CalendarPrice[]>();

  constructor(prices: Iterable<CalendarPrice>) {
    for (const price of prices) {
      const key = `${price.itemId}/${price.blockId}`;
      const list = this.byKey.get(key);
      if (list) list.push(price);
      else this.byKey.set(key, [price]);
    }
  }

  /** The item's price for the block; undefined when there is none (or more than one). */
  get(itemId: number, blockId: number): CalendarPrice | undefined {
    const list = this.byKey.get(`${itemId}/${blockId}`);
    return list?.length === 1 ? list[0] : undefined;
  }
}
