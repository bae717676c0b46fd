// A write whose outcome is unknown — answered with a 5xx, or its connection dropped or timed out
// after it was sent — may have been applied. The client's message says so (exit 5); here the
// record is looked up to say which: an add by its natural key (inventory: its name; prices: item
// and rental block), an update or a delete by its id. As
// the bulk engine does after such a row (src/bulk/runner.ts), but for one record.

import type { Address, ApiRecord, ResourceApi } from './resource-api.js';
import { NetworkError, NotFoundError, OutcomeUnknownError, TimeoutError } from '../errors.js';
import { sameValue } from '../schemas/same-value.js';

/** A write the server may have applied although it did not say so. */
function outcomeUnknown(error: unknown): error is Error {
  return error instanceof OutcomeUnknownError || (error instanceof NetworkError && error.requestSent);
}

/** The fields of `sent` the record has, all with the values sent (as the API means them). */
function holds(record: ApiRecord, sent: ApiRecord): boolean {
  return Object.entries(sent).every(([name, value]) => !(name in record) || sameValue(record[name], value));
}

/** The error, its message ending with what a lookup found; an error of another kind as it is. */
async function settle(error: unknown, lookup: () => Promise<string>, what: string): Promise<unknown> {
  if (!outcomeUnknown(error)) return error;
  let verdict: string;
  try {
    verdict = await lookup();
  } catch (failure) {
    verdict = `Looking ${what} up failed too (${failure instanceof Error ? failure.message : String(failure)}): check before repeating the request.`;
  }
  error.message = `${error.message}\n${verdict}`;
  return error;
}

/** A request the server did not finish answering in time may still be applied after the lookup. */
function stillRunning(error: unknown): string {
  const late = error instanceof TimeoutError || (error instanceof OutcomeUnknownError && error.status === 504);
  return late ? '; the server did not answer in time and may still apply it: look again before repeating it' : '';
}

/** After a failed POST: is there now a record with the natural key of the one sent? */
export function settleCreate(api: ResourceApi, at: Address, sent: ApiRecord, error: unknown): Promise<unknown> {
  const { def } = at;
  const key = def.naturalKey;
  if (!key || key.some((name) => sent[name] === undefined)) return Promise.resolve(error);
  const by = key.map((name) => `${name} ${JSON.stringify(sent[name])}`).join(', ');
  return settle(
    error,
    async () => {
      const matches = (await api.list(at)).records.filter((record) => key.every((name) => sameValue(record[name], sent[name])));
      const same = matches.filter((record) => holds(record, sent));
      if (same.length === 1) return `Looked up by ${by}: it was applied: id ${String(same[0]!.id)}.`;
      if (matches.length === 0) return `Looked up by ${by}: it was not applied (no ${def.singular} has it now)${stillRunning(error)}.`;
      const ids = matches.map((record) => String(record.id)).join(', ');
      return `Looked up by ${by}: ${def.singular} ${ids} ${matches.length === 1 ? 'has' : 'have'} it, not with all the values sent: check before repeating the request.`;
    },
    `the ${def.singular}`,
  );
}

/** After a failed PUT: does the record hold the values sent? */
export function settleUpdate(api: ResourceApi, at: Address, id: number, sent: ApiRecord, error: unknown): Promise<unknown> {
  const what = `${at.def.singular} ${id}`;
  return settle(
    error,
    async () => {
      const [record] = (await api.get(at, id)).records;
      if (record && holds(record, sent)) return `Looked up: it was applied: ${what} has the values sent.`;
      return `Looked up: it was not applied: ${what} does not have the values sent${stillRunning(error)}.`;
    },
    what,
  );
}

/** After a failed DELETE: is the record gone? */
export function settleDelete(api: ResourceApi, at: Address, id: number, error: unknown): Promise<unknown> {
  const what = `${at.def.singular} ${id}`;
  return settle(
    error,
    async () => {
      try {
        await api.get(at, id);
      } catch (failure) {
        if (failure instanceof NotFoundError) return `Looked up: it was applied: ${what} is gone.`;
        throw failure;
      }
      return `Looked up: it was not applied: ${what} still exists${stillRunning(error)}.`;
    },
    what,
  );
}
