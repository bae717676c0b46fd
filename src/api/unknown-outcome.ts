// A write whose outcome is unknown — answered with a 5xx, or its connection dropped or timed out
// after it was sent — may have been applied. The client's message says so (exit 5); here the
// outcome is settled by evidence, never by a name: before a POST, what already exists is noted
// (BeforeCreate: the ids of the collection), so that afterwards "it was applied" is said only
// of a record that did not exist before and holds every value sent. Whatever falls short of that
// says "may have been applied" with the exact command to check. An update is applied when the
// record now holds the values sent; a delete when the record is gone. The bulk engine settles its
// rows the same way (src/bulk/runner.ts); the booking writer and the resource commands call these.
// A write found applied goes into the run's history like any answered write (ResourceApi.noteApplied),
// so `rentals undo` knows of it; an update or delete only when the record before it is known.

import type { Address, ApiRecord, ResourceApi } from './resource-api.js';
import { NetworkError, NotFoundError, OutcomeUnknownError, TimeoutError } from '../errors.js';
import { sameValue } from '../schemas/same-value.js';

/** An id as a number when it is one (a Set of numbers is a fraction of one of strings), else as text. */
function idKey(id: unknown): number | string {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
  return Number.isSafeInteger(n) ? n : String(id);
}

/**
 * What existed before a POST: the ids of its collection (undefined when they could not be read),
 * every one of them — a record changed to the values sent meanwhile is still not new — but only the
 * ids, read as the list streams in: a collection of 100,000 events costs a pass and a set of
 * numbers, not its records in memory.
 */
export class BeforeCreate {
  private constructor(private readonly ids: Set<number | string> | undefined) {}

  /** What existed before, as ids already known (an undo's note of the records that held the values it sends). */
  static of(ids: Iterable<unknown>): BeforeCreate {
    return new BeforeCreate(new Set([...ids].map(idKey)));
  }

  /** Reads the collection `at` before a POST there. A failed read does not block the write: the outcome then stays unknown. */
  static async note(api: ResourceApi, at: Address): Promise<BeforeCreate> {
    try {
      const ids = new Set<number | string>();
      for await (const piece of api.stream(at)) {
        if (piece.kind === 'records') for (const record of piece.records) ids.add(idKey(record.id));
      }
      return new BeforeCreate(ids);
    } catch {
      return new BeforeCreate(undefined);
    }
  }

  /** A record this run has created since (a later POST's result is not this one). */
  add(id: unknown): void {
    this.ids?.add(idKey(id));
  }

  /** The records of `records` that did not exist before; undefined when what existed is not known. */
  newOnes(records: readonly ApiRecord[]): ApiRecord[] | undefined {
    const ids = this.ids;
    return ids && records.filter((record) => !ids.has(idKey(record.id)));
  }
}

/** The record a failed POST was found to have made (the lookup proved it applied), by the error it failed with. */
const madeBy = new WeakMap<object, ApiRecord>();

/** The record the POST that failed with `error` was found to have made, when a lookup proved it applied. */
export function appliedRecord(error: unknown): ApiRecord | undefined {
  return typeof error === 'object' && error !== null ? madeBy.get(error) : undefined;
}

/** A write the server may have applied although it did not say so. */
export function outcomeUnknown(error: unknown): error is Error {
  return error instanceof OutcomeUnknownError || (error instanceof NetworkError && error.requestSent);
}

/** The fields of `sent` the record has, all with the values sent (as the API means them). */
export function holds(record: ApiRecord, sent: ApiRecord): boolean {
  return Object.entries(sent).every(([name, value]) => !(name in record) || sameValue(record[name], value));
}

/** The command that shows whether it was applied: `rentals bookings list --event-id 12`, `rentals inventory get 7`. */
function checkCommand(at: Address, id?: number): string {
  const { def, parentId } = at;
  const parent = def.parent && parentId !== undefined ? ` --${def.parent.field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${parentId}` : '';
  return id === undefined ? `rentals ${def.command} list${parent}` : `rentals ${def.command} get ${id}${parent}`;
}

/** The error, its message ending with what a lookup found; an error of another kind as it is. */
async function settle(error: unknown, lookup: () => Promise<string>, what: string, check: string): Promise<unknown> {
  if (!outcomeUnknown(error)) return error;
  let verdict: string;
  try {
    verdict = await lookup();
  } catch (failure) {
    verdict = `Looking ${what} up failed too (${failure instanceof Error ? failure.message : String(failure)}): it may have been applied; check with \`${check}\` before repeating the request.`;
  }
  error.message = `${error.message}\n${verdict}`;
  return error;
}

/** A request the server did not finish answering in time may still be applied after the lookup. */
function stillRunning(error: unknown): string {
  const late = error instanceof TimeoutError || (error instanceof OutcomeUnknownError && error.status === 504);
  return late ? ' (the server did not answer in time and may still apply it)' : '';
}

/** `so it seems not applied; it may have been applied still: check with `…` before repeating it.` */
function unproven(error: unknown, check: string): string {
  return `so it seems not applied${stillRunning(error)}, but it may have been applied: check with \`${check}\` before repeating it.`;
}

/** The records of `at` that hold every value of `sent` now. */
export async function holding(api: ResourceApi, at: Address, sent: ApiRecord): Promise<ApiRecord[]> {
  const found: ApiRecord[] = [];
  for await (const piece of api.stream(at)) if (piece.kind === 'records') found.push(...piece.records.filter((record) => holds(record, sent)));
  return found;
}

/** After a failed POST: is there now a record that did not exist before and holds every value sent? `replaces`: the deleted record it brings back (undo). */
export function settleCreate(api: ResourceApi, at: Address, sent: ApiRecord, before: BeforeCreate, error: unknown, replaces?: number): Promise<unknown> {
  const { def } = at;
  const check = checkCommand(at);
  return settle(
    error,
    async () => {
      const same = before.newOnes(await holding(api, at, sent));
      if (same === undefined) return `What existed before could not be read, so no ${def.singular} can be shown to be its result: it may have been applied; check with \`${check}\` before repeating it.`;
      if (same.length === 1) {
        api.noteApplied(at, Number(same[0]!.id), null, same[0]!, replaces);
        if (typeof error === 'object' && error !== null) madeBy.set(error, same[0]!);
        return `Looked up: it was applied: ${def.singular} ${String(same[0]!.id)} is new and holds every value sent.`;
      }
      if (same.length > 1) {
        const ids = same.map((record) => String(record.id)).join(', ');
        return `Looked up: ${same.length} new ${def.plural} hold every value sent (ids ${ids}; another client may have written one): it may have been applied; check with \`${check}\` before repeating it.`;
      }
      return `Looked up: no ${def.singular} made since holds every value sent, ${unproven(error, check)}`;
    },
    `the ${def.singular}`,
    check,
  );
}

/** After a failed PUT: does the record hold the values sent (and did it not before)? */
export function settleUpdate(api: ResourceApi, at: Address, id: number, sent: ApiRecord, error: unknown, before?: ApiRecord): Promise<unknown> {
  const what = `${at.def.singular} ${id}`;
  const check = checkCommand(at, id);
  return settle(
    error,
    async () => {
      const [record] = (await api.get(at, id)).records;
      if (record && holds(record, sent)) {
        if (before && holds(before, sent)) return `Looked up: ${what} holds the values sent, as it did before: nothing is left to do.`;
        if (before) api.noteApplied(at, id, before, record);
        return `Looked up: it was applied: ${what} has the values sent.`;
      }
      return `Looked up: ${what} does not have the values sent, ${unproven(error, check)}`;
    },
    what,
    check,
  );
}

/** After a failed DELETE: is the record gone? `before`: the record as read before the DELETE. */
export function settleDelete(api: ResourceApi, at: Address, id: number, error: unknown, before?: ApiRecord): Promise<unknown> {
  const what = `${at.def.singular} ${id}`;
  const check = checkCommand(at, id);
  return settle(
    error,
    async () => {
      try {
        await api.get(at, id);
      } catch (failure) {
        if (failure instanceof NotFoundError) {
          if (before) api.noteApplied(at, id, before, null);
          return `Looked up: it was applied: ${what} is gone.`;
        }
        throw failure;
      }
      return `Looked up: ${what} still exists, ${unproven(error, check)}`;
    },
    what,
    check,
  );
}
