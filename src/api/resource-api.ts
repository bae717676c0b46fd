// Resource operations over the client, addressed by the declarative descriptions.
// Bodies are passed through as given: validation happens before (schemas/resource.ts).

import type { ValidBody } from '../schemas/valid-body.js';
import { ProtocolError } from '../errors.js';
import {
  type ApiVersion,
  type ResourceDef,
  collectionUrlPath,
  recordUrlPath,
} from '../resources/definitions.js';
import { isObject } from '../common/objects.js';
import type { ApiClient } from './client.js';
import { snippet } from './error-mapping.js';
import type { DataPiece } from './data-envelope.js';
import type { HistoryRecord } from '../config/history.js';
import { type WriteGrant, checkGrant } from './write-grant.js';

export type ApiRecord = Record<string, unknown>;

/** A `{ data: [...] }` body as the server sent it (for `--json`) and its records. */
export interface DataResult {
  body: Record<string, unknown>;
  records: ApiRecord[];
}

export interface Address {
  def: ResourceDef;
  version: ApiVersion;
  /** The parent's id for nested resources (prices: inventoryId; bookings: eventId). */
  parentId?: number;
}

/**
 * Where the writes of a run are recorded (the history, config/history.ts): each record a write
 * changed, before and after. A record read in the run (`get`) is remembered as the `before` of a
 * later write that gives none; a write with neither reads it first.
 */
export interface WriteJournal {
  seen: Map<string, ApiRecord>;
  wrote: (record: HistoryRecord) => void;
  /** How many records the run's entry holds: a mark to withdraw back to. */
  mark?: () => number;
  /** The records written since `mark` did not stand (a write that backed out, and its back-out). */
  withdraw?: (mark: number) => void;
  /** How many records `seen` keeps (default JOURNAL_REMEMBERS; a test of the bound keeps a few). */
  remembers?: number;
  /** Called before each write is sent: throws to send it not (the run was interrupted). */
  beforeWrite?: () => void;
  /** Runs writes that take back what the run just wrote (a back-out): sent even after an interrupt. */
  takingBack?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * Records the journal remembers (the last read or written): enough for a command that writes a
 * record it has just read or written, without a 300k-row bulk run holding every record it wrote.
 * An older one is read again when it is written.
 */
export const JOURNAL_REMEMBERS = 1024;

/** What every write may carry: the grant of the writers of events and bookings (write-grant.ts). */
export interface WriteOptions {
  grant?: WriteGrant;
}

export class ResourceApi {
  constructor(
    readonly client: ApiClient,
    private readonly journal?: WriteJournal,
  ) {}

  /** A mark of what the run's history holds, to withdraw a write back to (data/race-guard.ts). */
  historyMark(): number {
    return this.journal?.mark?.() ?? 0;
  }

  /** The writes since `mark` backed out: the history keeps only what stands. */
  withdrawSince(mark: number): void {
    this.journal?.withdraw?.(mark);
  }

  /** Writes that take back what this run just wrote (a back-out, a read-back's removal): a Ctrl-C does not stop them. */
  takingBack<T>(work: () => Promise<T>): Promise<T> {
    return this.journal?.takingBack ? this.journal.takingBack(work) : work();
  }

  async list(at: Address): Promise<DataResult> {
    return this.data('GET', collectionUrlPath(at.def, at.version, at.parentId));
  }

  /** The list's body as pieces, parsed as it arrives (see ApiClient.streamData). */
  stream(at: Address): AsyncGenerator<DataPiece> {
    return this.client.streamData(collectionUrlPath(at.def, at.version, at.parentId));
  }

  async get(at: Address, id: number): Promise<DataResult> {
    const result = await this.data('GET', recordUrlPath(at.def, at.version, id, at.parentId));
    if (this.journal && result.records[0]) this.remember(at, id, withoutLinks(result.records[0]));
    return result;
  }

  /**
   * Events and bookings only with the grant their writers hold (`grant`, write-grant.ts).
   * `replaces`: the id of the deleted record this one brings back (`rentals undo`), kept in the history.
   */
  async create(at: Address, body: ValidBody, { grant, replaces }: WriteOptions & { replaces?: number } = {}): Promise<DataResult> {
    checkGrant(at.def, 'POST', grant);
    this.journal?.beforeWrite?.();
    const result = await this.data('POST', collectionUrlPath(at.def, at.version, at.parentId), body);
    const after = result.records[0];
    if (this.journal && after) this.journal.wrote({ ...this.noted(at, Number(after.id), null, after), ...(replaces === undefined ? {} : { replaces }) });
    return result;
  }

  /** `before`: the record as the caller read it (else as this run last read it, else read now), for the history. */
  // Not async: with `before` given (a bulk run's every row), the request's own promise and one step after it.
  update(at: Address, id: number, body: ValidBody, { grant, before }: WriteOptions & { before?: ApiRecord } = {}): Promise<DataResult> {
    try {
      checkGrant(at.def, 'PUT', grant);
      this.journal?.beforeWrite?.();
      if (this.journal && !before) return this.before(at, id).then((was) => this.put(at, id, body, was, true));
      return this.put(at, id, body, before && this.journal ? given(before, id) : undefined, false);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * `remember`: false when the caller gave the record before (a bulk row's write, each record
   * written once): what the run knew of it is forgotten rather than replaced, so a later write
   * that gives none reads it again, and a run that never read with `get` does no bookkeeping.
   */
  private put(at: Address, id: number, body: ValidBody, was: ApiRecord | undefined, remember: boolean): Promise<DataResult> {
    const path = recordUrlPath(at.def, at.version, id, at.parentId);
    return this.client.request('PUT', path, { body, expect: 'data' }).then((response) => {
      const result = dataOf('PUT', path, response);
      if (this.journal) this.journal.wrote(this.noted(at, id, was ?? null, result.records[0] ?? { ...body, id }, remember));
      return result;
    });
  }

  /** DELETE; returns the `{ id }` body (or `{ id }` of the request when the server sent no body). */
  async remove(at: Address, id: number, { grant, before }: WriteOptions & { before?: ApiRecord } = {}): Promise<{ id: number }> {
    checkGrant(at.def, 'DELETE', grant);
    this.journal?.beforeWrite?.();
    const was = this.journal ? (before ? given(before, id) : await this.before(at, id)) : undefined;
    const path = recordUrlPath(at.def, at.version, id, at.parentId);
    const response = await this.client.request('DELETE', path, { expect: 'id' });
    if (this.journal) this.journal.wrote(this.noted(at, id, was ?? null, null));
    if (response.body === undefined) return { id };
    if (!isObject(response.body) || response.body.id === undefined) {
      throw new ProtocolError(`the server's answer to DELETE ${path} has no "id": ${snippet(response.text)}`);
    }
    return { id: Number(response.body.id) };
  }

  /**
   * A write whose answer was lost, found applied by a lookup (api/unknown-outcome.ts): recorded in
   * the history as if it had been answered, so that undo knows of it.
   */
  noteApplied(at: Address, id: number, before: ApiRecord | null, after: ApiRecord | null, replaces?: number): void {
    if (!this.journal) return;
    this.journal.wrote({ ...this.noted(at, id, before === null ? null : given(before, id), after), ...(replaces === undefined ? {} : { replaces }) });
  }

  /** The record for the history; what this run knows of it now is its `after`. */
  private noted(at: Address, id: number, before: ApiRecord | null, after: ApiRecord | null, remember = true): HistoryRecord {
    const kept = withoutLinks(after);
    if (kept && remember) this.remember(at, id, kept);
    else if (this.journal!.seen.size > 0) this.journal!.seen.delete(recordKey(at, id));
    const resource = at.def.name;
    const was = withoutLinks(before);
    // parentId only for a nested record, in this order of fields (the history's lines keep it).
    return at.parentId === undefined ? { resource, id, before: was, after: kept } : { resource, parentId: at.parentId, id, before: was, after: kept };
  }

  /**
   * The newest last: past JOURNAL_REMEMBERS, the one remembered longest ago is forgotten. Kept as
   * the history keeps it, without the service's Links: a bulk run holds 1,024 records at a time,
   * each of which outlives many young-generation collections, not their navigation as well.
   */
  private remember(at: Address, id: number, record: ApiRecord): void {
    const seen = this.journal!.seen;
    const key = recordKey(at, id);
    seen.delete(key);
    seen.set(key, record);
    if (seen.size > (this.journal!.remembers ?? JOURNAL_REMEMBERS)) seen.delete(seen.keys().next().value!);
  }

  /** The record before a write that was given none: as this run last read or wrote it, else read now. */
  private async before(at: Address, id: number): Promise<ApiRecord | undefined> {
    const seen = this.journal!.seen.get(recordKey(at, id));
    if (seen) return seen;
    return (await this.get(at, id).catch(() => undefined))?.records[0];
  }

  private data(method: 'GET' | 'POST' | 'PUT', path: string, body?: ApiRecord): Promise<DataResult> {
    return this.client.request(method, path, { body, expect: 'data' }).then((response) => dataOf(method, path, response));
  }
}

/** The records of a `{ data: [...] }` answer. The client checked the shape (expect: 'data'); checked again here rather than cast. */
function dataOf(method: string, path: string, response: { body?: unknown; text: string }): DataResult {
  const envelope = response.body;
  if (isObject(envelope) && Array.isArray(envelope.data) && envelope.data.every(isObject)) return { body: envelope, records: envelope.data };
  throw new ProtocolError(`the server's answer to ${method} ${path} has no "data" array of records: ${snippet(response.text)}`);
}

/** The record a write's caller gave as `before`, with the id written to (the caller's own object when it has that id first). */
function given(before: ApiRecord, id: number): ApiRecord {
  for (const key in before) return key === 'id' && before.id === id ? before : { ...before, id };
  return { id };
}

/** The record without the service's `Links` (navigation, not data): what the history keeps. */
function withoutLinks(record: ApiRecord): ApiRecord;
function withoutLinks(record: ApiRecord | null): ApiRecord | null;
function withoutLinks(record: ApiRecord | null): ApiRecord | null {
  if (record === null || !('Links' in record)) return record;
  const { Links: _links, ...rest } = record;
  return rest;
}

function recordKey(at: Address, id: number): string {
  return `${at.def.name}/${at.parentId ?? ''}/${id}`;
}

/** The single record of a get/create/update answer. */
export function single(result: { body?: unknown; records: ApiRecord[] }, what: string): ApiRecord {
  const record = result.records[0];
  if (!record) throw new ProtocolError(`the server answered with an empty "data" array for ${what}`);
  return record;
}
