// An in-memory stand-in for the API behind the bulk engine: inventory, rental blocks, prices
// (nested under items) and bookings (nested under events). Counts requests and concurrency,
// and can drop a connection before or after the server acted.

import type { Address, ApiRecord } from '../../src/api/resource-api.js';
import type { BulkApi } from '../../src/bulk/loading.js';
import { NetworkError, NotFoundError } from '../../src/errors.js';

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  resource: string;
  parentId?: number;
  id?: number;
  body?: ApiRecord;
}

/**
 * What goes wrong with a request: `refused` (never sent), `lost-request` (sent, lost before the
 * server acted) or `lost-response` (the server acted, its answer was lost).
 */
export type Fault = 'refused' | 'lost-request' | 'lost-response' | undefined;

type Table = Map<number, ApiRecord>;

export class FakeApi implements BulkApi {
  readonly tables: Record<string, Table> = {
    inventory: new Map(),
    rentalBlocks: new Map(),
    prices: new Map(),
    bookings: new Map(),
    events: new Map(),
  };
  readonly calls: Call[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Milliseconds each request takes (0: a microtask). */
  latencyMs = 0;
  fault?: (call: Call) => Fault;
  private nextId = 10_000;
  private readonly groups = new Map<string, Map<number, ApiRecord[]>>();

  seed(resource: string, records: ApiRecord[]): this {
    for (const record of records) this.tables[resource]!.set(Number(record.id), { ...record });
    this.groups.delete(resource);
    return this;
  }

  /** A catalogue: `items` inventory items, rental blocks 1 (Weekend) and 2 (Week), a price per item and block. */
  static catalogue(items: number, price = (item: number, block: number) => item + block / 10): FakeApi {
    const api = new FakeApi();
    api.seed('rentalBlocks', [
      { id: 1, pricingType: 'Weekend', active: 1 },
      { id: 2, pricingType: 'Week', active: 1 },
    ]);
    for (let item = 1; item <= items; item++) {
      api.seed('inventory', [{ id: item, name: `Item ${item}`, quantityAvailable: 10, active: 1 }]);
      for (const block of [1, 2]) {
        api.seed('prices', [{ id: item * 10 + block, inventoryId: item, rentalBlockId: block, price: price(item, block) }]);
      }
    }
    return api;
  }

  price(inventoryId: number, rentalBlockId: number): number | undefined {
    for (const record of this.tables.prices!.values()) {
      if (record.inventoryId === inventoryId && record.rentalBlockId === rentalBlockId) return record.price as number;
    }
    return undefined;
  }

  count(method: Call['method'], resource?: string): number {
    return this.calls.filter((c) => c.method === method && (resource === undefined || c.resource === resource)).length;
  }

  async list(at: Address): Promise<{ records: ApiRecord[] }> {
    return this.handle({ method: 'GET', resource: at.def.name, parentId: at.parentId }, () => {
      const table = this.table(at);
      const rows = at.def.parent ? this.children(at) : [...table.values()];
      return { records: rows.map((r) => ({ ...r })) };
    });
  }

  /** A nested collection's records, grouped by parent once per change of the table (fast listings). */
  private children(at: Address): ApiRecord[] {
    const name = at.def.name;
    let groups = this.groups.get(name);
    if (!groups) {
      groups = new Map();
      for (const record of this.tables[name]!.values()) {
        const parentId = record[at.def.parent!.field] as number;
        const list = groups.get(parentId);
        if (list) list.push(record);
        else groups.set(parentId, [record]);
      }
      this.groups.set(name, groups);
    }
    return groups.get(at.parentId!) ?? [];
  }

  async create(at: Address, body: ApiRecord): Promise<{ records: ApiRecord[] }> {
    return this.handle({ method: 'POST', resource: at.def.name, parentId: at.parentId, body }, () => {
      const record = { ...body, id: this.nextId++ };
      this.table(at).set(record.id, record);
      this.groups.delete(at.def.name);
      return { records: [{ ...record }] };
    });
  }

  async update(at: Address, id: number, body: ApiRecord): Promise<{ records: ApiRecord[] }> {
    return this.handle({ method: 'PUT', resource: at.def.name, parentId: at.parentId, id, body }, () => {
      this.existing(at, id);
      const record = { ...body, id };
      this.table(at).set(id, record);
      this.groups.delete(at.def.name);
      return { records: [{ ...record }] };
    });
  }

  async remove(at: Address, id: number): Promise<{ id: number }> {
    return this.handle({ method: 'DELETE', resource: at.def.name, parentId: at.parentId, id }, () => {
      this.existing(at, id);
      this.table(at).delete(id);
      this.groups.delete(at.def.name);
      return { id };
    });
  }

  private table(at: Address): Table {
    const table = this.tables[at.def.name];
    if (!table) throw new Error(`the fake has no ${at.def.name}`);
    if (at.def.parent && !this.tables[at.def.parent.resource]!.has(at.parentId!)) {
      throw new NotFoundError(`no ${at.def.parent.resource} ${at.parentId}`, 404);
    }
    return table;
  }

  private inParent(at: Address, record: ApiRecord): boolean {
    return !at.def.parent || record[at.def.parent.field] === at.parentId;
  }

  private existing(at: Address, id: number): ApiRecord {
    const record = this.table(at).get(id);
    if (!record || !this.inParent(at, record)) throw new NotFoundError(`no ${at.def.name} ${id}`, 404);
    return record;
  }

  private async handle<T>(call: Call, act: () => T): Promise<T> {
    this.calls.push(call);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await (this.latencyMs > 0 ? new Promise((r) => setTimeout(r, this.latencyMs)) : Promise.resolve());
      const fault = this.fault?.(call);
      if (fault === 'refused') throw new NetworkError(`cannot complete ${call.method} (ECONNREFUSED)`, 'ECONNREFUSED', false);
      if (fault === 'lost-request') throw new NetworkError(`cannot complete ${call.method} (ECONNRESET)`, 'ECONNRESET', true);
      const result = act();
      if (fault === 'lost-response') throw new NetworkError(`cannot complete ${call.method} (ECONNRESET)`, 'ECONNRESET', true);
      return result;
    } finally {
      this.inFlight--;
    }
  }
}
