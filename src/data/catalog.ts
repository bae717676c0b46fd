// The one layer commands read the service through. Per run (one Catalog per Session):
// every list is fetched at most once (a memoized promise, so concurrent readers share the
// request), nested lists (prices per item, bookings per event) go over one bounded pool on the
// client's keep-alive agent, and records are found by id or by name with one wording.
// Writes say what they changed (`forget`) so the next read fetches it again.

import type { Address, ApiRecord } from '../api/resource-api.js';
import type { DataPiece } from '../api/data-envelope.js';
import { AuthError, NotFoundError, UsageError } from '../errors.js';
import { type ApiVersion, type ResourceDef, type ResourceName, defaultVersion, resources } from '../resources/definitions.js';
import { type LookupResult, NameIndex, bareNumber, idFromText, parseReference } from './names.js';
import { parseId } from '../schemas/values.js';
import { Limiter, mapLimit } from './pool.js';

/** The reads the catalog makes; `ResourceApi` is one, and so is the bulk engine's `BulkApi`. */
export interface CatalogSource {
  list(at: Address): Promise<{ records: ApiRecord[] }>;
  /** The list's body parsed as it arrives (`ResourceApi` streams; a source without it is listed whole). */
  stream?(at: Address): AsyncIterable<DataPiece>;
}

export interface CatalogOptions {
  /** The API version to prefer; a resource that lacks it uses its own default. */
  version?: ApiVersion;
  /** Nested lists in flight at once (default 16). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Told once when a read falls back (statuses of a server without the status endpoint). */
  warn?: (text: string) => void;
  /**
   * The names of a resource's records known without a request (the completion cache, while
   * fresh); undefined when none are: a bare number is then taken for the id (Catalog.reference).
   */
  knownNames?: (name: ResourceName) => Promise<readonly string[] | undefined>;
}

/**
 * The statuses the vendor documents (API-NOTES.md), for a server whose status endpoint answers 404
 * or 403: the list only names ids, and no booking may be refused because it failed.
 */
const DOCUMENTED_STATUSES: readonly ApiRecord[] = [
  { id: 1, statusType: 'Quoted' },
  { id: 2, statusType: 'Confirmed' },
];

/** Nested lists in flight at once: the client's keep-alive agent holds 16 sockets. */
const CATALOG_CONCURRENCY = 16;

export class Catalog {
  private readonly lists = new Map<string, Promise<ApiRecord[]>>();
  private readonly indexes = new Map<ResourceName, Promise<NameIndex>>();
  private readonly idMaps = new Map<ResourceName, Promise<Map<number, ApiRecord>>>();
  /** What readers build from whole lists (see `derived`), with the resources each is built from. */
  private readonly builtFrom = new Map<string, { over: readonly ResourceName[]; value: Promise<unknown> }>();
  /** Every nested list goes through it: at most this many in flight, whoever asks. */
  private readonly nested: Limiter;

  /** `source` is called on the first read only: a catalog costs nothing until it is used. */
  constructor(
    private readonly source: () => CatalogSource,
    readonly options: CatalogOptions = {},
  ) {
    this.nested = new Limiter(options.concurrency ?? CATALOG_CONCURRENCY);
  }

  address(name: ResourceName, parentId?: number): Address {
    const def = resources[name];
    const wanted = this.options.version;
    const version = wanted && def.versions.includes(wanted) ? wanted : defaultVersion(def);
    return parentId === undefined ? { def, version } : { def, version, parentId };
  }

  /** Every record of a top-level resource, or the children of one parent; one request per run. */
  list(name: ResourceName, parentId?: number): Promise<ApiRecord[]> {
    const key = parentId === undefined ? name : `${name}/${parentId}`;
    let pending = this.lists.get(key);
    if (!pending) {
      const at = this.address(name, parentId);
      const read = () =>
        this.source()
          .list(at)
          .then((r) => r.records, (error: unknown) => (name === 'statuses' ? this.documentedStatuses(error) : Promise.reject(error)));
      pending = parentId === undefined ? read() : this.nested.run(read);
      // A failed read is not remembered: a later caller may try again.
      pending.catch(() => this.lists.delete(key));
      this.lists.set(key, pending);
    }
    return pending;
  }

  /** Whether `name` was not listed by the service but stood in for by what the vendor documents (statuses). */
  isDocumentedStandIn(name: ResourceName): boolean {
    return name === 'statuses' && this.statusesStoodIn;
  }

  private statusesStoodIn = false;

  private documentedStatuses(error: unknown): ApiRecord[] {
    const status = error instanceof NotFoundError || error instanceof AuthError ? error.status : undefined;
    if (status !== 404 && status !== 403) throw error;
    this.statusesStoodIn = true;
    this.options.warn?.(
      `warning: the server answered ${status} to its status list (GET /v2/status): using the documented statuses (1 Quoted, 2 Confirmed) and the holds setting`,
    );
    return DOCUMENTED_STATUSES.map((record) => ({ ...record }));
  }

  /**
   * Every record of a top-level resource, in runs as they arrive, without keeping them: for a
   * reader that keeps less than the records (a snapshot's ids, the events in a range). A list
   * this run has read already is handed over from memory.
   */
  async *scan(name: ResourceName): AsyncGenerator<ApiRecord[]> {
    const held = this.lists.get(name);
    const source = this.source();
    if (held || !source.stream) return yield await this.list(name);
    for await (const piece of source.stream(this.address(name))) if (piece.kind === 'records') yield piece.records;
  }

  /**
   * The children of each parent (prices per item, bookings per event) over the bounded pool;
   * `each` sees every parent's list as it arrives (to start dependent reads early).
   */
  async children(
    name: ResourceName,
    parentIds: Iterable<number>,
    each?: (parentId: number, records: ApiRecord[]) => void,
  ): Promise<Map<number, ApiRecord[]>> {
    const parents = [...new Set(parentIds)];
    const lists = await mapLimit(
      parents,
      this.nested.limit,
      async (id) => {
        const records = await this.list(name, id);
        each?.(id, records);
        return records;
      },
      this.options.signal,
    );
    return new Map(parents.map((id, i) => [id, lists[i]!]));
  }

  /**
   * The children of each parent in the given order, read `readAhead` parents ahead over the
   * bounded pool and forgotten once handed on: memory holds those lists, never all of them. A
   * list this run held already is handed over from memory and kept.
   */
  async *childrenInOrder(name: ResourceName, parentIds: readonly number[], readAhead = CATALOG_CONCURRENCY): AsyncGenerator<{ parentId: number; records: ApiRecord[] }> {
    const pending: Array<{ records: Promise<ApiRecord[]>; held: boolean }> = [];
    let next = 0;
    const fill = (): void => {
      while (next < parentIds.length && pending.length < readAhead) {
        const parentId = parentIds[next++]!;
        const held = this.holds(name, parentId);
        pending.push({ records: this.list(name, parentId), held });
      }
    };
    fill();
    for (const parentId of parentIds) {
      const { records, held } = pending.shift()!;
      const read = await records;
      if (!held) this.lists.delete(`${name}/${parentId}`);
      fill();
      yield { parentId, records: read };
    }
  }

  /**
   * What a reader builds from whole lists (the records that refer to each item, over every event's
   * bookings), built once per run and shared by every reader that asks for `key`; let go when a
   * list of a resource it is built from (`over`) is forgotten after a write, so the next ask
   * builds it again. A failed build is not remembered.
   */
  derived<T>(key: string, over: readonly ResourceName[], build: () => Promise<T>): Promise<T> {
    const held = this.builtFrom.get(key);
    if (held) return held.value as Promise<T>;
    const value = build();
    const entry = { over, value };
    value.catch(() => this.builtFrom.get(key) === entry && this.builtFrom.delete(key));
    this.builtFrom.set(key, entry);
    return value;
  }

  /** Records by id (from the list). */
  byId(name: ResourceName): Promise<Map<number, ApiRecord>> {
    let pending = this.idMaps.get(name);
    if (!pending) {
      pending = this.list(name).then((records) => new Map(records.map((r) => [Number(r.id), r])));
      pending.catch(() => this.idMaps.delete(name));
      this.idMaps.set(name, pending);
    }
    return pending;
  }

  /** Labels → ids for a resource with a label (items by name, blocks by pricingType, …). */
  names(name: ResourceName): Promise<NameIndex> {
    let pending = this.indexes.get(name);
    if (!pending) {
      pending = this.list(name).then((records) => new NameIndex(resources[name], records));
      pending.catch(() => this.indexes.delete(name));
      this.indexes.set(name, pending);
    }
    return pending;
  }

  /**
   * Labels → ids as `names`, built as the list is read when this run holds no copy of it: for a
   * run that needs an item's name and id but never its record (a bulk run over 300k items). The
   * index is kept (a later `names` uses it); the records are not.
   */
  labels(name: ResourceName): Promise<NameIndex> {
    if (this.indexes.has(name) || this.lists.has(name) || !this.source().stream) return this.names(name);
    const pending = (async () => {
      const index = new NameIndex(resources[name], []);
      for await (const run of this.scan(name)) index.add(run);
      return index;
    })();
    pending.catch(() => this.indexes.delete(name));
    this.indexes.set(name, pending);
    return pending;
  }

  /** Whether this run holds the list (read, or being read): a scan of it then costs no request. */
  holds(name: ResourceName, parentId?: number): boolean {
    return this.lists.has(parentId === undefined ? name : `${name}/${parentId}`);
  }

  /**
   * What a reference names, the list read only where it can change the answer: `id:7` never, a
   * name always. A bare number (`7`) is the id unless this run holds the list already, or the
   * names known without a request (the completion cache, fresh) have it as a name: then the list
   * decides (the name of a record, or ambiguous when another record has it as its id). `assumed`:
   * a bare number taken for the id without the list (it may still be some record's name).
   */
  async reference(name: ResourceName, ref: string): Promise<{ found: LookupResult; assumed: boolean }> {
    const written = parseReference(ref);
    if (written.kind === 'id') return { found: idFromText(written.text), assumed: false };
    const number = bareNumber(ref);
    if (number !== undefined && !this.indexes.has(name) && !this.lists.has(name) && !(await this.mayBeNamed(name, number))) {
      return { found: idFromText(number), assumed: true };
    }
    return { found: (await this.names(name)).resolveRef(ref), assumed: false };
  }

  /** Whether the names known without a request have `text` as a record's name (none known: no). */
  private async mayBeNamed(name: ResourceName, text: string): Promise<boolean> {
    const known = await this.options.knownNames?.(name).catch(() => undefined);
    return known?.some((label) => label.trim() === text) === true;
  }

  /** The id whose label is `label`; a name that matches nothing is not found (exit 4), an ambiguous one a usage error (exit 2). */
  async idOfName(name: ResourceName, label: string, argument: string): Promise<number> {
    return idOrThrow((await this.names(name)).resolve(label), argument, label);
  }

  /** The id a reference names (`7`, `id:7`, `name:007`, `Confirmed`): what `find` resolves, without the record. */
  async idOf(name: ResourceName, ref: string, argument: string): Promise<number> {
    return idOrThrow((await this.names(name)).resolveRef(ref), argument, ref);
  }

  /**
   * The record a command argument names: an id (`12`) or a label (`"Smith wedding"`).
   * As the id flags: an id out of range or an ambiguous name → exit 2; a name or a well-formed id
   * that no record has → not found, exit 4 (a close name suggested).
   */
  async find(name: ResourceName, ref: string, argument = resources[name].singular): Promise<ApiRecord> {
    return findIn(resources[name], ref, argument, () => this.names(name), async (id) => (await this.byId(name)).get(id));
  }

  /** After a write: the next read of this list (and its indexes) asks the server again. */
  forget(name: ResourceName, parentId?: number): void {
    this.lists.delete(parentId === undefined ? name : `${name}/${parentId}`);
    for (const [key, { over }] of this.builtFrom) if (over.includes(name)) this.builtFrom.delete(key);
    if (parentId === undefined) {
      this.indexes.delete(name);
      this.idMaps.delete(name);
    }
  }

  /** After a write by someone else may have happened: every list of `name`, nested ones too, is read again. */
  forgetAll(name: ResourceName): void {
    this.forget(name);
    for (const key of this.lists.keys()) if (key.startsWith(`${name}/`)) this.lists.delete(key);
  }
}

function idOrThrow(found: LookupResult, argument: string, ref: string): number {
  if (found.ok) return found.id;
  if (found.reason === 'missing') throw new NotFoundError(`${argument}: ${found.rule}`, 404);
  throw new UsageError(`${argument}: ${found.rule}${found.reason === 'invalid' ? ` (got ${JSON.stringify(ref)})` : ''}`);
}

/**
 * What a command argument names, by id (`12`, `id:12`) or label (`name:007`, or any text that is
 * not a number), with Catalog.find's wording, among records held any way (`names` and `get` over
 * them): for a reader that keeps less than the list. A bare number some record is named is
 * ambiguous when another record has it as its id.
 */
export async function findIn<T>(def: ResourceDef, ref: string, argument: string, names: () => Promise<NameIndex>, get: (id: number) => Promise<T | undefined>): Promise<T> {
  let id: number;
  if (def.labelField === undefined || ref.trim() === '') {
    const written = parseReference(ref);
    const parsed = parseId(written.kind === 'name' ? written.name : written.text);
    if (!parsed.ok) throw new UsageError(`${argument}: ${parsed.rule} (got ${JSON.stringify(ref)})`);
    id = parsed.value;
  } else {
    id = idOrThrow((await names()).resolveRef(ref), argument, ref);
  }
  const record = await get(id);
  if (!record) throw new NotFoundError(`${argument}: there is no ${def.singular} with id ${id}`, 404);
  return record;
}
