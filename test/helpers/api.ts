// nock at the client boundary: only the fake host api.test (and 127.0.0.1) may be reached,
// every request nothing intercepts is recorded, and sample records come from the descriptions.

import { syncBuiltinESMExports } from 'node:module';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type ApiVersion, type ResourceDef, type ResourceName, collectionUrlPath, defaultVersion, referencesTo, resourceList, resources } from '../../src/resources/definitions.js';
import type { FakeOptions } from './fake-context.js';

/** https: credentials never go over plain http:// to a host that is not loopback. */
export const API = 'https://api.test';
export const WEB = 'http://web.test';
/** Long enough for maskSecret to show its last four characters. */
export const TOKEN = 'tok-4f1d2c9e-secret-value-9a8b';
export const TOKEN_B64 = Buffer.from(TOKEN, 'utf8').toString('base64');

/** An environment with the base URL and token set (and nothing from the real process). */
function apiEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { RENTALS_BASE_URL: API, RENTALS_TOKEN: TOKEN, ...extra };
}

/** Options for runCli/fakeContext with credentials in the environment; piped (not a TTY) unless told. */
export function withApi(options: FakeOptions = {}): FakeOptions {
  return { ...options, env: apiEnv(options.env) };
}

const unmatched: string[] = [];
const onNoMatch = (req: { method?: string; path?: string; href?: string; options?: { href?: string } }): void => {
  unmatched.push(`${req.method ?? '?'} ${req.href ?? req.options?.href ?? req.path ?? '?'}`);
};

/**
 * Call at the top of a test file: no real network, and after each test every interceptor must
 * have been used (a test that means to leave one unused removes it itself); nock is then reset.
 */
export function useNock(): void {
  // Test files share a worker (and its node:http) with files that reach real servers: nock patches
  // node:http for this file only. The ES module views of node:http/https are synced each time, so
  // code that imported them before nock patched them sees the patch (and, after, the original).
  beforeAll(() => {
    if (!nock.isActive()) nock.activate();
    syncBuiltinESMExports();
  });
  afterAll(() => {
    nock.restore();
    syncBuiltinESMExports();
  });
  beforeEach(() => {
    unmatched.length = 0;
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    nock.emitter.on('no match', onNoMatch);
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.emitter.off('no match', onNoMatch);
    nock.abortPendingRequests();
    nock.cleanAll();
    nock.enableNetConnect();
    expect(pending, 'interceptors left unused').toEqual([]);
  });
}

/** Requests that reached nock without an interceptor (they fail: net connect is disabled). */
function unmatchedRequests(): string[] {
  return [...unmatched];
}

/** Asserts that no HTTP request left the process: no interceptor remains used and none was missed. */
export function expectNothingSent(): void {
  expect(unmatchedRequests()).toEqual([]);
}

/**
 * A socket error for `replyWithError`. nock 14 mishandles a plain `{ code }` object there
 * (nock/nock#2829: an unhandled TypeError inside @mswjs/interceptors); an Error instance works.
 */
export function socketError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

/** `nock(API)` with the header checks every authenticated request must pass. */
export function api(): nock.Scope {
  return nock(API, { reqheaders: { authorization: `bearer ${TOKEN_B64}` } });
}

/** A request body nock must see exactly (deep equality of the parsed JSON). */
export function exactBody(body: Record<string, unknown>): nock.DataMatcherMap {
  return body as nock.DataMatcherMap;
}

export function envelope(records: Array<Record<string, unknown>>): { data: Array<Record<string, unknown>> } {
  return { data: records };
}

/** Links of a record as the reference describes them. */
export function links(def: ResourceDef, version: ApiVersion, path: string): Array<Record<string, string>> {
  const methods = { self: 'GET', edit: 'PUT', delete: 'DELETE', add: 'POST', web: 'GET' } as const;
  return def.links.map((rel) => ({
    rel,
    method: methods[rel],
    href: rel === 'web' ? `${WEB}/event/edit/${path.split('/').pop() ?? ''}` : `${API}/${version}${path}`,
  }));
}

/**
 * A record of `def` as a server would send it, in the tolerant forms the CLI must read:
 * flags as 1, decimals as numeric strings, datetimes with `.000`.
 */
export function sampleRecord(def: ResourceDef, id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const field of def.fields) {
    if (field.name === 'id') record.id = id;
    else if (field.kind === 'id') record[field.name] = 2;
    else if (field.kind === 'int') record[field.name] = 5;
    else if (field.kind === 'decimal') record[field.name] = field.required ? '12.50' : null;
    else if (field.kind === 'bool') record[field.name] = 1;
    else if (field.kind === 'datetime') record[field.name] = field.required ? '2026-06-12T14:00:00.000' : null;
    else record[field.name] = field.required || !field.max ? `${field.name} value` : null;
  }
  return { ...record, ...overrides };
}

/**
 * Bookings are written through the booking planner, which reads what its rules need first: the
 * event (with the statuses), its bookings, the items, the items' prices and the rental blocks.
 * These answer those reads: the event in rental block 2, status Confirmed, items 2, 3 and 9
 * active with 100 units each, no prices.
 */
export function bookingRuleReads(options: { eventId: number; eventName?: string; bookings?: Record<string, unknown>[] }): void {
  const event = { ...sampleRecord(resources.events, options.eventId, { eventStatusId: 2, rentalBlockId: 2 }), eventName: options.eventName ?? 'Smith wedding', cancelDate: null };
  const item = (id: number, name: string) => ({ ...sampleRecord(resources.inventory, id), name, quantityAvailable: 100, active: true });
  // Each list once to plan, and optionally again: the event's lines before a POST (what existed, to
  // settle an unknown outcome by evidence) and the read-back after a write that adds holds.
  const twice = (path: string, body: unknown) => {
    api().get(path).reply(200, body as nock.Body);
    api().get(path).optionally().reply(200, body as nock.Body);
    api().get(path).optionally().reply(200, body as nock.Body);
  };
  twice('/v1/events', envelope([event]));
  api().get('/v2/status').optionally().reply(200, envelope([{ id: 2, statusType: 'Confirmed' }])); // statusesListed() may answer first
  twice(`/v2/events/${options.eventId}/inventory`, envelope(options.bookings ?? []));
  twice('/v2/inventory', envelope([item(2, 'Chair'), item(3, 'Tent'), item(9, 'Stage')]));
  api().get(/\/inventory\/\d+\/pricing$/).times(3).optionally().reply(200, envelope([]));
  api().get('/v2/rentalblocks').reply(200, envelope([{ id: 2, pricingType: 'Weekend', active: true }]));
}

/** The service's event statuses (Quoted 1, Confirmed 2, Completed 3, Lost 4), listed if a command asks: a status id is checked against them before a write. */
export function statusesListed(): void {
  const statuses = ['Quoted', 'Confirmed', 'Completed', 'Lost'].map((statusType, i) => sampleRecord(resources.statuses, i + 1, { statusType }));
  api().get('/v2/status').optionally().times(Number.MAX_SAFE_INTEGER).reply(200, envelope(statuses));
}

/**
 * A list any number of times, or not at all: a bare number given for a record (`events get 12`,
 * `--rental-block-id 1`) reads the list of its resource, whose names may hold that number. It
 * answers only while no required interceptor of the test waits for the same list, whenever either
 * was registered.
 */
export function listedForNames(path: string, records: Array<Record<string, unknown>>): void {
  const waiting = (): boolean => nock.pendingMocks().some((mock) => mock.startsWith('GET ') && new URL(mock.slice(4)).pathname === path);
  api()
    .get((uri) => uri === path && !waiting())
    .optionally()
    .times(Number.MAX_SAFE_INTEGER)
    .reply(200, envelope(records));
}

/**
 * Every resource with names listed on demand (sample records with these ids), for tests about
 * something else than how a reference is read: a bare number reads the list of its resource.
 * Call it after the test's own interceptors: an earlier one for the same list answers first.
 */
export function namesListed(ids: readonly number[] = [1, 2, 3, 7, 9, 12]): void {
  for (const def of resourceList) {
    if (def.labelField === undefined || def.parent !== undefined) continue;
    for (const version of def.versions) listedForNames(collectionUrlPath(def, version), ids.map((id) => sampleRecord(def, id)));
  }
}

/**
 * The reads a delete makes to learn what still refers to the record (data/referrers.ts: an event's
 * bookings; an item's prices, and the events whose bookings may name it), each answered with none.
 */
export function nothingRefersTo(name: ResourceName, id: number): void {
  for (const { def, field } of referencesTo(name)) {
    const byParent = def.parent?.field === field.name;
    const listed = def.parent && !byParent ? resources[def.parent.resource] : def;
    if (byParent || !def.parent) {
      listedForNames(byParent ? collectionUrlPath(def, defaultVersion(def), id) : collectionUrlPath(def, defaultVersion(def)), []);
      continue;
    }
    // Found in every parent's list (a booking's item: every event's bookings): the parents as listed, each list empty.
    listedForNames(collectionUrlPath(listed, defaultVersion(listed)), []);
    const [before, after] = collectionUrlPath(def, defaultVersion(def), 0).split('/0');
    api()
      .get((uri) => uri.startsWith(`${before}/`) && uri.endsWith(after!) && /^\d+$/.test(uri.slice(before!.length + 1, uri.length - after!.length)))
      .optionally()
      .times(Number.MAX_SAFE_INTEGER)
      .reply(200, envelope([]));
  }
}
