// The context of an application-layer test (pnpm's style): each dependency a double whose members
// throw "unexpected call" unless the test gave them, and, where a use case needs data, the real
// writers over an in-process sandbox (its store behind 127.0.0.1), the history of their writes
// recorded, the notices kept.

import { afterAll, beforeAll } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ResourceApi } from '../../src/api/resource-api.js';
import type { HistoryRecord } from '../../src/config/history.js';
import type { ResourceDeps } from '../../src/app/resource/verbs.js';
import { CalendarData } from '../../src/data/calendar.js';
import { NameResolver } from '../../src/data/resolver.js';
import { Catalog } from '../../src/data/catalog.js';
import { type Writers, buildWriters } from '../../src/data/writers.js';
import { DEFAULT_HOLD_POLICY, holdRuleFor } from '../../src/domain/hold-policy.js';
import { type WallTime, wallTimeIn } from '../../src/domain/wall-time.js';
import type { Notices } from '../../src/output/notices.js';
import { FIXED_NOW, type Caller, openSandbox } from '../sandbox/helpers.js';

/** `given` as a `T` whose every other member throws when touched: an unexpected call fails the test. */
export function strict<T extends object>(name: string, given: Partial<T> = {}): T {
  return new Proxy(given as T, {
    get(target, property) {
      if (property in target) return target[property as keyof T];
      // Not a thenable: awaiting the double is not a call.
      if (property === 'then' || typeof property === 'symbol') return undefined;
      throw new Error(`unexpected call: ${name}.${String(property)}`);
    },
  });
}

/** Notices kept as said. */
export function keptNotices(): Notices & { info: (text: string) => void; warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return { warnings, infos, info: (text) => void infos.push(text), warn: (text) => void warnings.push(text) };
}

export interface WriteWorld {
  call: Caller;
  api: () => ResourceApi;
  calendar: CalendarData;
  writers: Writers;
  /** What the writes recorded, as the history would keep it. */
  recorded: HistoryRecord[];
  /** The sandbox's clock on the wall (2025-06-01 12:00). */
  now: () => WallTime;
  /** A fresh calendar and writers (what a new run reads: nothing cached). */
  fresh(): { calendar: CalendarData; writers: Writers };
}

/** An in-process sandbox for the file's tests and the real writers over it (each test calls `world()`). */
export function writeWorldSuite(): () => WriteWorld {
  let sandbox: Awaited<ReturnType<typeof openSandbox>> | undefined;
  let client: ApiClient | undefined;
  beforeAll(async () => {
    sandbox = await openSandbox();
    client = new ApiClient({ baseUrl: sandbox.url, auth: { getToken: async () => sandbox!.token }, env: {}, retries: 0 });
  });
  afterAll(async () => {
    client?.close();
    await sandbox?.close();
  });
  return () => {
    if (!sandbox || !client) throw new Error('the sandbox opens in beforeAll');
    const recorded: HistoryRecord[] = [];
    const journal = {
      seen: new Map(),
      wrote: (record: HistoryRecord) => void recorded.push(record),
      mark: () => recorded.length,
      withdraw: (mark: number) => void recorded.splice(mark),
    };
    const http = client;
    const api = () => new ResourceApi(http, journal);
    const now = () => wallTimeIn(FIXED_NOW, new Intl.DateTimeFormat().resolvedOptions().timeZone);
    const fresh = () => {
      const calendar = new CalendarData(new Catalog(api));
      const ruleOf = holdRuleFor(DEFAULT_HOLD_POLICY);
      return { calendar, writers: buildWriters({ calendar, api, ruleOf, now, pause: async () => undefined }) };
    };
    return { call: sandbox.call, api, now, recorded, fresh, ...fresh() };
  };
}

let serial = 0;

/** An active item with a price for rental block 1. */
export async function anItem(call: Caller, quantityAvailable: number, price = 10): Promise<{ id: number; name: string }> {
  const name = `App item ${++serial}`;
  const item = (await call('POST', '/v2/inventory', { body: { name, quantityAvailable, active: 1 } })).json.data[0]!;
  await call('POST', `/v1/inventory/${item.id}/pricing`, { body: { inventoryId: item.id, rentalBlockId: 1, price } });
  return { id: item.id, name };
}

/** A Confirmed event in rental block 1 held dropoff → pickup. */
export async function anEvent(call: Caller, dropoff: string, pickup: string, extra: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const eventName = `App event ${++serial}`;
  const body = { eventStatusId: 2, rentalBlockId: 1, eventName, dropoffDate: dropoff, startDate: dropoff, endDate: pickup, teardownDate: pickup, pickupDate: pickup, ...extra };
  return { id: (await call('POST', '/v1/events', { body })).json.data[0]!.id, name: eventName };
}

/** A booking line; its id. */
export async function aLine(call: Caller, eventId: number, inventoryId: number, quantity: number, price = 10): Promise<number> {
  return (await call('POST', `/v1/events/${eventId}/inventory`, { body: { eventId, inventoryId, quantity, price } })).json.data[0]!.id;
}

/** The generic verbs' dependencies (app/resource/verbs.ts) over a write world: its catalog, names and writers; what else a test gives; any other member throws. */
export function resourceDepsOver(w: WriteWorld, given: Partial<ResourceDeps> = {}): { notices: ReturnType<typeof keptNotices>; deps: ResourceDeps } {
  const notices = keptNotices();
  const deps = strict<ResourceDeps>('deps', {
    names: () => new NameResolver(w.calendar.catalog),
    catalog: () => w.calendar.catalog,
    booking: async () => strict<Awaited<ReturnType<ResourceDeps['booking']>>>('booking', { writers: w.writers, notices, calendar: w.calendar }),
    describeRequest: async (method, path, body) => ({ kind: 'request', method, url: `https://api.test${path}`, headers: {}, body }),
    ...given,
  });
  return { notices, deps };
}
