// The API behind the bulk engine, in process: the sandbox's own Store and Operations answer every
// request (ids, validation, referential checks, not-found), translated to what ResourceApi gives
// the engine (records, or the error the client makes of the status and body). Only the test's
// instruments live here: request and concurrency counts, latency, and faults that drop a
// connection before or after the server acted.

import { errorForStatus } from '../../src/api/error-mapping.js';
import type { Address, ApiRecord } from '../../src/api/resource-api.js';
import type { BulkApi } from '../../src/bulk/loading.js';
import { NetworkError } from '../../src/errors.js';
import { type ResourceName, type Verb, collectionUrlPath, recordUrlPath, resources } from '../../src/resources/definitions.js';
import { HttpError } from '../../src/sandbox/errors.js';
import { Operations, type Reply } from '../../src/sandbox/operations.js';
import { inMemory } from '../../src/sandbox/persistence.js';
import { Store, type StoredRecord } from '../../src/sandbox/store.js';

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

const ORIGIN = 'http://127.0.0.1:4010';

export class FakeApi implements BulkApi {
  readonly calls: Call[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Milliseconds each request takes (0: a microtask). */
  latencyMs = 0;
  fault?: (call: Call) => Fault;
  private readonly store = new Store();
  private readonly operations = new Operations(this.store, inMemory);

  /** Puts records into the sandbox's store as given (their ids kept, no validation), like a data file. */
  seed(resource: ResourceName, records: ApiRecord[]): this {
    for (const record of records) this.store.apply({ op: 'put', resource, record: { ...record, id: Number(record.id) } });
    return this;
  }

  /** Deletes a record from the store directly, as someone else would (no request counted, no check). */
  drop(resource: ResourceName, id: number): this {
    this.store.apply({ op: 'delete', resource, id });
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

  /** The sandbox's records of a resource, as stored (no request counted). */
  records(resource: ResourceName): StoredRecord[] {
    return this.store.list(resources[resource]);
  }

  price(inventoryId: number, rentalBlockId: number): number | undefined {
    const found = this.store.list(resources.prices, inventoryId).find((p) => p.rentalBlockId === rentalBlockId);
    return found?.price as number | undefined;
  }

  count(method: Call['method'], resource?: string): number {
    return this.calls.filter((c) => c.method === method && (resource === undefined || c.resource === resource)).length;
  }

  async list(at: Address): Promise<{ records: ApiRecord[] }> {
    return this.handle({ method: 'GET', resource: at.def.name, parentId: at.parentId }, () => this.dataRecords(at, 'list', {}));
  }

  async create(at: Address, body: ApiRecord): Promise<{ records: ApiRecord[] }> {
    return this.handle({ method: 'POST', resource: at.def.name, parentId: at.parentId, body }, () => this.dataRecords(at, 'add', {}, body));
  }

  async update(at: Address, id: number, body: ApiRecord): Promise<{ records: ApiRecord[] }> {
    return this.handle({ method: 'PUT', resource: at.def.name, parentId: at.parentId, id, body }, () => this.dataRecords(at, 'update', { id }, body));
  }

  async remove(at: Address, id: number): Promise<{ id: number }> {
    return this.handle({ method: 'DELETE', resource: at.def.name, parentId: at.parentId, id }, async () => {
      const reply = await this.run(at, 'delete', { id });
      return { id: Number((reply.body as { id: number }).id) };
    });
  }

  /** A `data` answer's records, as the client would parse them from the JSON (with their Links). */
  private async dataRecords(at: Address, verb: Verb, params: Record<string, number>, body?: ApiRecord): Promise<{ records: ApiRecord[] }> {
    const reply = await this.run(at, verb, params, body);
    const data = reply.data!;
    return { records: data.records.map((record) => JSON.parse(data.json(record).toString('utf8')) as ApiRecord) };
  }

  /** One request through the sandbox's Operations; an error answer becomes the error the client would throw. */
  private async run(at: Address, verb: Verb, params: Record<string, number>, body?: ApiRecord): Promise<Reply> {
    const { def, version, parentId } = at;
    const path = params.id === undefined ? collectionUrlPath(def, version, parentId) : recordUrlPath(def, version, params.id, parentId);
    const withParent = def.parent && parentId !== undefined ? { ...params, [def.parent.field]: parentId } : params;
    try {
      return await this.operations.run({ def, verb, params: withParent, body, links: { origin: ORIGIN, version } });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const text = JSON.stringify(error.body());
      throw errorForStatus(`${verbMethod[verb]} ${path}`, error.status, text, { ok: true, value: JSON.parse(text) }, undefined);
    }
  }

  private async handle<T>(call: Call, act: () => Promise<T>): Promise<T> {
    this.calls.push(call);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await (this.latencyMs > 0 ? new Promise((r) => setTimeout(r, this.latencyMs)) : Promise.resolve());
      const fault = this.fault?.(call);
      if (fault === 'refused') throw new NetworkError(`cannot complete ${call.method} (ECONNREFUSED)`, 'ECONNREFUSED', false);
      if (fault === 'lost-request') throw new NetworkError(`cannot complete ${call.method} (ECONNRESET)`, 'ECONNRESET', true);
      const result = await act();
      if (fault === 'lost-response') throw new NetworkError(`cannot complete ${call.method} (ECONNRESET)`, 'ECONNRESET', true);
      return result;
    } finally {
      this.inFlight--;
    }
  }
}

const verbMethod: Record<Verb, Call['method']> = { list: 'GET', get: 'GET', add: 'POST', update: 'PUT', delete: 'DELETE' };
