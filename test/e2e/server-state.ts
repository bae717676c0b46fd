// Reading and changing a sandbox's state over plain HTTP (undici), beside the CLI under test:
// what the bulk end-to-end tests assert on, and their fast path to create thousands of records.

import { type Caller, type Method, openSandbox } from '../sandbox/helpers.js';

export type OpenSandbox = Awaited<ReturnType<typeof openSandbox>>;

/** fn over items, at most `limit` at a time; results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A call that must succeed; its `data`. */
export async function data(call: Caller, method: Method, path: string, body?: unknown): Promise<Array<Record<string, unknown>>> {
  const result = await call(method, path, body === undefined ? {} : { body });
  if (result.status < 200 || result.status >= 300) throw new Error(`${method} ${path}: HTTP ${result.status} ${result.text}`);
  return result.json.data;
}

export async function createItems(sandbox: OpenSandbox, names: readonly string[]): Promise<number[]> {
  return mapLimit(names, 16, async (name) => {
    const [item] = await data(sandbox.call, 'POST', '/v2/inventory', { name, quantityAvailable: 1, active: 1 });
    return Number(item!.id);
  });
}

async function itemIds(sandbox: OpenSandbox): Promise<number[]> {
  return (await data(sandbox.call, 'GET', '/v2/inventory')).map((item) => Number(item.id));
}

export interface PriceRecord {
  id: number;
  inventoryId: number;
  rentalBlockId: number;
  price: number;
}

/** Every price of these items (default: all), keyed `inventoryId/rentalBlockId`, as the server has it. */
export async function pricesOnServer(sandbox: OpenSandbox, items?: readonly number[]): Promise<Map<string, PriceRecord>> {
  const lists = await mapLimit(items ?? (await itemIds(sandbox)), 16, (item) => data(sandbox.call, 'GET', `/v1/inventory/${item}/pricing`));
  const prices = new Map<string, PriceRecord>();
  for (const record of lists.flat()) {
    const price = { id: Number(record.id), inventoryId: Number(record.inventoryId), rentalBlockId: Number(record.rentalBlockId), price: Number(record.price) };
    const key = `${price.inventoryId}/${price.rentalBlockId}`;
    if (prices.has(key)) throw new Error(`two prices for ${key}`);
    prices.set(key, price);
  }
  return prices;
}

/** Someone else changes a price (what `apply` must notice). */
export async function putPrice(sandbox: OpenSandbox, price: PriceRecord, value: number): Promise<void> {
  await data(sandbox.call, 'PUT', `/v1/inventory/${price.inventoryId}/pricing/${price.id}`, { ...price, price: value });
}
