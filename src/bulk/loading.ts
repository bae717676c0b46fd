// Reading what the server has: the name lookups and the live records a plan is made against,
// through the run's data catalog (src/data): each list read once per run, nested resources listed
// parent by parent (prices: one GET per item) over its bounded pool. The look-ups after a write
// whose outcome is unknown (api-operations.ts) read fresh, past the catalog, on purpose.

import type { ValidBody } from '../schemas/valid-body.js';
import type { Address, ApiRecord } from '../api/resource-api.js';
import { AuthError } from '../errors.js';
import { type ApiVersion, type ResourceDef, defaultVersion, resources } from '../resources/definitions.js';
import { Catalog } from '../data/catalog.js';
import { LiveIndex } from './live.js';
import type { Lookups } from './lookups.js';
import { DEFAULT_CONCURRENCY, mapLimit } from '../data/pool.js';
import type { RowSpec } from './spec.js';

/** The requests the engine makes; `ResourceApi` is one, tests use an in-memory fake. */
export interface BulkApi {
  list(at: Address): Promise<{ records: ApiRecord[] }>;
  create(at: Address, body: ValidBody): Promise<{ records: ApiRecord[] }>;
  update(at: Address, id: number, body: ValidBody): Promise<{ records: ApiRecord[] }>;
  remove(at: Address, id: number): Promise<{ id: number }>;
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
}

const catalogs = new WeakMap<BulkContext, Catalog>();

/** The run's catalog, over the engine's api, its concurrency and its abort signal. */
function catalogOf(ctx: BulkContext): Catalog {
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
  const indexes = await Promise.all(needed.map((name) => catalogOf(ctx).names(name)));
  const lookups: Lookups = {};
  needed.forEach((name, index) => {
    lookups[name] = indexes[index];
  });
  return lookups;
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
  const catalog = catalogOf(ctx);
  if (!spec.def.parent) return new LiveIndex(spec).add(await catalog.list(spec.def.name));
  const index = new LiveIndex(spec);
  const parentName = resources[spec.def.parent.resource].singular;
  await mapLimit(
    parents,
    ctx.concurrency ?? DEFAULT_CONCURRENCY,
    async (parentId) => {
      try {
        index.add(await catalog.list(spec.def.name, parentId), parentId);
      } catch (error) {
        if (error instanceof AuthError || ctx.signal?.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        index.markUnread(parentId, `the ${spec.def.plural} of ${parentName} ${parentId} could not be read: ${message}`);
      }
    },
    ctx.signal,
  );
  return index;
}
