// Reading what the server has: the name lookups and the live records a plan is made against,
// through the run's data catalog (src/data): each list read once per run, nested resources listed
// parent by parent (prices: one GET per item) over its bounded pool. The look-ups after a write
// whose outcome is unknown (api-operations.ts) read fresh, past the catalog, on purpose.

import type { ValidBody } from '../schemas/valid-body.js';
import type { Address, ApiRecord, WriteOptions } from '../api/resource-api.js';
import type { WriteRules } from './judge.js';
import { AuthError } from '../errors.js';
import { type ApiVersion, type ResourceDef, defaultVersion, resources } from '../resources/definitions.js';
import { Catalog } from '../data/catalog.js';
import { LiveIndex } from './live.js';
import type { Lookups } from './lookups.js';
import { DEFAULT_CONCURRENCY, mapLimit } from '../data/pool.js';
import type { RowSpec } from './spec.js';

/** The API's operations the engine uses; events and bookings are written only with their writers' grant (api/write-grant.ts). */
export interface BulkApi {
  list(at: Address): Promise<{ records: ApiRecord[] }>;
  create(at: Address, body: ValidBody, options?: WriteOptions): Promise<{ records: ApiRecord[] }>;
  /** `before`: the record as the plan read it (the history of writes keeps it). */
  update(at: Address, id: number, body: ValidBody, options?: WriteOptions & { before?: ApiRecord }): Promise<{ records: ApiRecord[] }>;
  remove(at: Address, id: number, options?: WriteOptions & { before?: ApiRecord }): Promise<{ id: number }>;
}

export interface BulkContext {
  api: BulkApi;
  /** The API version to prefer; a resource that lacks it uses its own default. */
  version?: ApiVersion;
  /** Requests in flight at once (listing and writing); default DEFAULT_CONCURRENCY (32). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Milliseconds since the epoch (plan timestamps, rates). */
  now?: () => number;
  /** The run's catalog, shared with the command (a list the command read is not read again); default: one over `api`. */
  catalog?: Catalog;
  /** The writers' rules a plan of bookings or inventory is judged by before any row is written. */
  rules?: WriteRules;
}

const catalogs = new WeakMap<BulkContext, Catalog>();

/** The run's catalog, over the engine's api, its concurrency and its abort signal. */
export function catalogOf(ctx: BulkContext): Catalog {
  if (ctx.catalog) return ctx.catalog;
  let catalog = catalogs.get(ctx);
  if (!catalog) {
    catalog = new Catalog(() => ctx.api, { version: ctx.version, concurrency: ctx.concurrency ?? DEFAULT_CONCURRENCY, signal: ctx.signal });
    catalogs.set(ctx, catalog);
  }
  return catalog;
}

export function addressOf(def: ResourceDef, ctx: Pick<BulkContext, 'version'>, parentId?: number): Address {
  const version = ctx.version && def.versions.includes(ctx.version) ? ctx.version : defaultVersion(def);
  return parentId === undefined ? { def, version } : { def, version, parentId };
}

/** The lookups the spec's name columns need (prices: inventory and rental blocks). */
export async function loadLookups(spec: RowSpec, ctx: BulkContext): Promise<Lookups> {
  const needed = [...new Set(spec.names.map((n) => n.resource))];
  const indexes = await Promise.all(needed.map((name) => catalogOf(ctx).labels(name)));
  const lookups: Lookups = {};
  needed.forEach((name, index) => {
    lookups[name] = indexes[index];
  });
  return lookups;
}

/** Reads one parent's records into the run's catalog (listAsRead takes them from there); settles either way, a failure left for that read. */
export function prefetchListing(spec: RowSpec, ctx: BulkContext, parentId: number): Promise<void> {
  return catalogOf(ctx)
    .list(spec.def.name, parentId)
    .then(
      () => undefined,
      () => undefined,
    );
}

/** One parent's records, or the whole collection of a resource without a parent. */
export async function listRecords(spec: RowSpec, ctx: BulkContext, parentId?: number): Promise<LiveIndex> {
  const { records } = await ctx.api.list(addressOf(spec.def, ctx, parentId));
  return new LiveIndex(spec).add(records, parentId);
}

/**
 * The live records under these parents (ignored for a resource without a parent). A parent whose
 * listing still fails after the client's retries is marked unread, and only the rows under it
 * fail; refused credentials (and Ctrl-C) stop the whole load.
 */
export async function loadLive(spec: RowSpec, ctx: BulkContext, parents: readonly number[] = []): Promise<LiveIndex> {
  const index = new LiveIndex(spec);
  await listAsRead(spec, ctx, index, parents).done;
  return index;
}

/** Listings being read into a LiveIndex, each parent's announced as it is in. */
export interface Listing {
  /** Settles once this parent's records are in the index (or it is marked unread); no parent: once every listing is. */
  whenRead(parentId: number | undefined): Promise<void>;
  /** Every listing in; rejects when refused credentials or Ctrl-C stopped the load. */
  done: Promise<void>;
}

/** Reads the listings into `index` (as loadLive), saying when each parent's records are in. */
export function listAsRead(spec: RowSpec, ctx: BulkContext, index: LiveIndex, parents: readonly number[]): Listing {
  const catalog = catalogOf(ctx);
  const read = new Map<number, { promise: Promise<void>; resolve: () => void }>();
  const finished = new Set<number>();
  for (const parentId of parents) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    read.set(parentId, { promise, resolve });
  }
  const load = async (): Promise<void> => {
    if (!spec.def.parent) {
      index.add(await catalog.list(spec.def.name));
      return;
    }
    const parentName = resources[spec.def.parent.resource].singular;
    await mapLimit(
      parents,
      ctx.concurrency ?? DEFAULT_CONCURRENCY,
      async (parentId) => {
        try {
          index.add(await catalog.list(spec.def.name, parentId), parentId);
          // The index holds what the plan compares; the records themselves are not kept twice.
          catalog.forget(spec.def.name, parentId);
        } catch (error) {
          if (error instanceof AuthError || ctx.signal?.aborted) throw error;
          const message = error instanceof Error ? error.message : String(error);
          index.markUnread(parentId, `the ${spec.def.plural} of ${parentName} ${parentId} could not be read: ${message}`);
        }
        finished.add(parentId);
        read.get(parentId)!.resolve();
      },
      ctx.signal,
    );
  };
  const done = load();
  done.catch(() => undefined); // the caller awaits it (loadLive at once, a run that writes while listing at its end)
  // Whatever stopped the load, every parent settles: one not read is marked so (its rows are not sent).
  const settled = done.then(
    () => undefined,
    (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      for (const [parentId, { resolve }] of read) {
        if (!finished.has(parentId)) index.markUnread(parentId, `not read: ${why}`);
        resolve();
      }
    },
  );
  return {
    whenRead: (parentId) => (parentId === undefined || !read.has(parentId) ? settled : read.get(parentId)!.promise),
    done,
  };
}
