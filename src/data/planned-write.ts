// What every writer answers: a write planned as changes (domain/changes.ts), judged by the
// resource's rules when it was planned, then shown (a dry run) or written — the same plan either
// way, so a dry run never disagrees with its run. Each resource's writer (data/writers.ts) plans
// its creates, updates and deletes this way; a record read before a write must be the one named.

import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import { single } from '../api/resource-api.js';
import type { Change } from '../domain/changes.js';
import type { RecordRef } from '../domain/references.js';
import type { HeldLine } from '../domain/records.js';
import { RentalsError, ValidationError } from '../errors.js';
import type { ResourceName } from '../resources/definitions.js';

/** The request a single-record write sends (what a dry run of the generic verbs shows as well). */
export interface PlannedRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  at: Address;
  /** The record's id (PUT, DELETE). */
  id?: number;
  body?: Readonly<Record<string, unknown>>;
}

export interface PlannedWrite {
  /** Each record it changes, before and after, as judged. */
  readonly changes: readonly Change[];
  /** What the rules let through (--allow-overbook, a quote's units taken): said before anything is sent. */
  readonly warnings: readonly string[];
  /** What needs no write (`already has 4 × Tent; nothing changed`). */
  readonly notes: readonly string[];
  /** The one request of a single-record write (absent for a plan of several). */
  readonly request?: PlannedRequest;
  /** Sends it (read back where it adds firm holds); the changes as written, ids known. */
  write(): Promise<Change[]>;
}

/** What a write may be told beyond its values. */
export interface WriteChoices {
  /** Write even when the calendar's rules find a shortage (a warning says which). */
  allowOverbook?: boolean;
  /** Send an event's dates out of order (dropoff ≤ start ≤ end ≤ teardown ≤ pickup). */
  allowDateOrder?: boolean;
  /** Completes "cannot be …" in a refusal of an event change: confirmed, moved, put back. */
  verb?: string;
  /** The values are a state the record had (an undo puts it back): what was said of them when first written is not said again. */
  putsBack?: boolean;
  /** A create that brings back the deleted record of this id (undo), kept in the history. */
  replaces?: number;
  /** An event's update: the lines it will hold when the write stands (an undo that puts them back too). */
  lines?: readonly HeldLine[];
  /** A delete: the records the same plan deletes before it (an event's bookings): they no longer refer to it. */
  deletedFirst?: readonly RecordRef[];
  /** An update's ends given as a whole day (their 00:00): that whole day where the record's dates before them leave room. */
  wholeDays?: readonly string[];
}

/** Create, update and delete of one resource, each planned as changes and judged by its rules: what every writer offers. */
export interface RecordWrites {
  readonly resource: WritableResource;
  planCreate(at: Address, body: Record<string, unknown>, choices?: WriteChoices): Promise<PlannedWrite>;
  /** `changes`: the fields to change, over the record as read now (a PUT replaces the whole record). */
  planUpdate(at: Address, id: number, changes: Record<string, unknown>, choices?: WriteChoices): Promise<PlannedWrite>;
  planDelete(at: Address, id: number, choices?: WriteChoices): Promise<PlannedWrite>;
}

/** The resources a user writes: every one of them through its writer. */
export type WritableResource = Extract<ResourceName, 'events' | 'bookings' | 'inventory' | 'prices' | 'categories'>;
export const WRITABLE: readonly WritableResource[] = ['events', 'bookings', 'inventory', 'prices', 'categories'];

export function isWritable(name: ResourceName): name is WritableResource {
  return (WRITABLE as readonly string[]).includes(name);
}

/** A read before a write answered with another record than the one named: nothing is written (exit 1). */
export class MisdirectedRecordError extends RentalsError {
  override readonly name: string = 'MisdirectedRecordError';
}

/**
 * The record `id` as the server has it now, to be written: refused when the answer is another
 * record (a proxy or a mock that answers with its example), so a write never goes where the user
 * did not point it.
 */
export async function readForWrite(api: ResourceApi, at: Address, id: number): Promise<ApiRecord> {
  const record = single(await api.get(at, id), `${at.def.singular} ${id}`);
  checkSameRecord(at, id, record);
  return record;
}

export function checkSameRecord(at: Address, id: number, record: ApiRecord): void {
  const answered = Number(record.id);
  if (answered === id) return;
  const what = at.def.singular;
  const other = record.id === undefined ? 'a record without an id' : `${what} ${String(record.id)}`;
  throw new MisdirectedRecordError(`asked for ${what} ${id}, the server answered with ${other}: a write would change a record you did not name. Nothing was written.`);
}

/** A create's, update's or delete's planned change of one record. */
export function recordChange(at: Address, id: number | null, before: ApiRecord | null, after: ApiRecord | null): Change {
  const change: Change = { resource: at.def.name, id, before, after };
  return at.parentId === undefined ? change : { resource: at.def.name, parentId: at.parentId, id, before, after };
}

/** The body's id, when a body names one, must be the record's. */
export function checkBodyId(body: Record<string, unknown>, id: number): void {
  if (body.id !== undefined && body.id !== null && String(body.id) !== String(id)) {
    throw new ValidationError([{ field: 'id', message: `is not the id being written (${id})`, value: body.id }]);
  }
}
