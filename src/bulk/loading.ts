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
import { DEFAULT_CONCURRENCY } from '../data/pool.js';
import type { RowSpec } from './spec.js';

/** The API's operations the engine uses; events and bookings are written only with their writers' grant (api/write-grant.ts). */
export interface BulkApi {
  list(at: Address): Promise<{ records: ApiRecord[] }>;
  /** One record by id (an undo reads each row's record just before its write); absent: its parent is listed instead. */
  get?(at: Address, id: number): Promise<{ records: ApiRecord[] }>;
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
  /** A row's pause before its second attempt (default: real timers). */
  sleep?: (ms: number) => Promise<void>;
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
  const listing = new Listing(spec, ctx, index);
  listing.close(parents);
  await listing.done;
  return index;
}

const QUEUED = 1;
const READ = 2;

/**
 * Listings read into a LiveIndex as the parents become known (an import names them as its file is
 * read), the concurrency's worth at a time, each parent's announced as it is in. What is held is
 * a state per parent id and the parents still to read: each listing goes into the index (ids and
 * compared values) and is dropped from the catalog at once.
 */
export class Listing {
  /** Settles once every parent given is read (after close()); rejects when refused credentials or Ctrl-C stopped the load. */
  readonly done: Promise<void>;
  private readonly state: Array<number | undefined> = [];
  private queue: number[] = [];
  private next = 0;
  private active = 0;
  private readonly inFlight = new Set<number>();
  private held = false;
  private closed = false;
  private scheduled = false;
  private finished = false;
  private failure: { why: string } | undefined;
  private readonly waiters = new Map<number, Array<() => void>>();
  private waitingForAll: Array<() => void> = [];
  private settle!: { resolve: () => void; reject: (error: unknown) => void };

  constructor(
    private readonly spec: RowSpec,
    private readonly ctx: BulkContext,
    private readonly index: LiveIndex,
  ) {
    this.done = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    this.done.catch(() => undefined); // awaited by the caller (at once, or at the end of a run that writes while listing)
  }

  /** A parent whose records the rows may need; its listing starts soon (unless held). */
  add(parentId: number): void {
    if (this.state[parentId] !== undefined || this.failure || this.closed) return;
    this.state[parentId] = QUEUED;
    this.queue.push(parentId);
    this.schedule();
  }

  /** No new listing starts (those in flight finish): the input has shown a problem. */
  hold(): void {
    this.held = true;
  }

  /** The last parents: nothing more is added; `done` settles once all are read. A resource without a parent is read whole here. */
  close(parents: Iterable<number> = []): void {
    if (this.closed) return;
    this.held = false;
    if (this.spec.def.parent) for (const parentId of parents) this.add(parentId);
    this.closed = true;
    if (!this.spec.def.parent) {
      this.active++;
      void this.readWhole();
      return;
    }
    this.schedule();
    this.finishIfDone();
  }

  /** Whether whenRead would settle at once: a row is then planned without an await of its own. */
  isRead(parentId: number | undefined): boolean {
    return this.failure !== undefined || this.finished || (parentId !== undefined && this.state[parentId] === READ);
  }

  /** Settles once this parent's records are in the index (or it is marked unread); a parent not given, or none: once every listing is. */
  whenRead(parentId: number | undefined): Promise<void> {
    const state = parentId === undefined ? undefined : this.state[parentId];
    if (this.isRead(parentId)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      if (state === undefined) this.waitingForAll.push(resolve);
      else {
        const waiting = this.waiters.get(parentId!);
        if (waiting) waiting.push(resolve);
        else this.waiters.set(parentId!, [resolve]);
      }
    });
  }

  /** Starts reads on the next turn, so that a batch of rows read at once is checked before any listing starts for it. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    const limit = this.ctx.concurrency ?? DEFAULT_CONCURRENCY;
    while (!this.held && !this.failure && this.active < limit && this.next < this.queue.length) {
      if (this.ctx.signal?.aborted) {
        this.fail(this.ctx.signal.reason);
        return;
      }
      this.active++;
      const parentId = this.queue[this.next++]!;
      this.inFlight.add(parentId);
      void this.read(parentId);
    }
    // The parents read are not kept: the queue holds only those still to start.
    if (this.next > 4096 && this.next * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.next);
      this.next = 0;
    }
  }

  private async read(parentId: number): Promise<void> {
    const catalog = catalogOf(this.ctx);
    const name = this.spec.def.name;
    try {
      if (catalog.holds(name, parentId)) {
        this.index.add(await catalog.list(name, parentId), parentId);
        // The index holds what the plan compares; the records themselves are not kept twice.
        catalog.forget(name, parentId);
      } else {
        // Read past the catalog (its pool, its memo) when it holds no copy: this caps its own reads, and keeps none.
        this.index.add((await this.ctx.api.list(catalog.address(name, parentId))).records, parentId);
      }
    } catch (error) {
      if (error instanceof AuthError || this.ctx.signal?.aborted) {
        this.fail(error);
        return;
      }
      const parentName = resources[this.spec.def.parent!.resource].singular;
      const message = error instanceof Error ? error.message : String(error);
      this.index.markUnread(parentId, `the ${this.spec.def.plural} of ${parentName} ${parentId} could not be read: ${message}`);
    }
    this.active--;
    this.inFlight.delete(parentId);
    this.state[parentId] = READ;
    const waiting = this.waiters.get(parentId);
    if (waiting) {
      this.waiters.delete(parentId);
      for (const resolve of waiting) resolve();
    }
    this.pump();
    this.finishIfDone();
  }

  private async readWhole(): Promise<void> {
    try {
      // In runs as the list arrives: the index holds the compared values, never the whole list.
      for await (const run of catalogOf(this.ctx).scan(this.spec.def.name)) this.index.add(run);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.active--;
    this.finishIfDone();
  }

  private finishIfDone(): void {
    if (!this.closed || this.failure || this.active > 0 || this.next < this.queue.length) return;
    this.finished = true;
    this.releaseAll();
    this.settle.resolve();
  }

  /** Whatever stopped the load, every parent settles: one not read is marked so (its rows are not sent). */
  private fail(error: unknown): void {
    if (this.failure) return;
    const why = error instanceof Error ? error.message : String(error);
    this.failure = { why };
    for (const parentId of [...this.inFlight, ...this.queue.slice(this.next)]) this.index.markUnread(parentId, `not read: ${why}`);
    this.releaseAll();
    this.settle.reject(error);
  }

  private releaseAll(): void {
    for (const waiting of this.waiters.values()) for (const resolve of waiting) resolve();
    this.waiters.clear();
    const all = this.waitingForAll;
    this.waitingForAll = [];
    for (const resolve of all) resolve();
  }
}
