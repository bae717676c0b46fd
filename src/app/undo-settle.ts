// An undo that stopped with a write sent and never answered (killed, or its answer lost) left that
// step in doubt: it may have been applied. Before such an undo is finished or taken back, each step
// in doubt is looked up, by evidence, as api/unknown-outcome.ts settles a lost answer: a record put
// back holds the values it was put back with, a deleted one is gone, a record brought back is a
// record that holds every value sent and is none of those that held them before it was sent. What
// was applied goes into that undo's entry as the record it would have answered with; what was not
// is noted as not sent; what cannot be told refuses, with the command to look.

import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import { BeforeCreate, holding, holds } from '../api/unknown-outcome.js';
import type { HistoryEntry, HistoryRecord } from '../config/history.js';
import { differences } from '../domain/undo-steps.js';
import { NotFoundError, RentalsError } from '../errors.js';
import { type ResourceName, defaultVersion, resources, writableFields } from '../resources/definitions.js';
import { readRecord } from '../schemas/values.js';
import type { HistoryLog } from './factory.js';
import { type StepStatus, stepStates } from './undo-progress.js';

export interface SettleDeps {
  api: () => ResourceApi;
  history: Pick<HistoryLog, 'recordOf' | 'step'>;
}

/** The address of a record of `resource` under `parentId`. */
export function addressOf(resource: string, parentId: number | undefined): Address {
  const def = resources[resource as ResourceName];
  if (!def) throw new RentalsError(`the history names a resource this rentals does not know (${resource}); it cannot be undone`);
  return { def, version: defaultVersion(def), parentId };
}

/** The record `id` now, or null when it is gone. */
export async function readNow(api: ResourceApi, at: Address, id: number): Promise<ApiRecord | null> {
  try {
    return (await api.get(at, id)).records[0] ?? null;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The writable values of a record (what a put-back sends). */
function writableValues(resource: string, record: ApiRecord): ApiRecord {
  const def = resources[resource as ResourceName]!;
  const values = readRecord(def.fields, record);
  const out: ApiRecord = {};
  for (const field of writableFields(def)) if (values[field.name] !== undefined) out[field.name] = values[field.name];
  return out;
}

export type Verdict = { applied: HistoryRecord } | { applied: false } | { unknown: string };

/**
 * Whether the step's write was applied. `undone`: the entry the undo puts back (its record of the
 * step says what was put back); `parentId`: where the record lives now.
 */
export async function lookUp(api: ResourceApi, status: StepStatus, undoing: HistoryEntry, undo: HistoryEntry, parentId: number | undefined): Promise<Verdict> {
  const { ref, target } = status;
  const record = undoing.records.find((r) => r.resource === ref.resource && r.id === ref.id);
  if (!record) return { unknown: `entry ${undoing.id} holds no record of ${ref.resource} ${ref.id}` };
  const at = addressOf(ref.resource, parentId);
  const parent = parentId === undefined ? {} : { parentId };
  const what = `${at.def.singular} ${ref.id}`;
  if (ref.action === 'recreate') {
    const note = undo.undo?.notes[status.index];
    if (!note?.body) return { unknown: `what was sent to bring back ${what} was not noted` };
    const found = BeforeCreate.of(note.twins ?? []).newOnes(await holding(api, at, note.body)) ?? [];
    if (found.length === 0) return { applied: false };
    if (found.length === 1) return { applied: { resource: ref.resource, ...parent, id: Number(found[0]!.id), before: null, after: found[0]!, replaces: ref.id } };
    return { unknown: `${found.length} ${at.def.plural} hold every value sent to bring back ${what} (ids ${found.map((r) => String(r.id)).join(', ')}): check which one is it, and delete the others` };
  }
  const now = await readNow(api, at, target);
  if (ref.action === 'delete') {
    if (now === null) return { applied: { resource: ref.resource, ...parent, id: target, before: record.after, after: null } };
    return differences(record, now, writableFields(at.def).map((f) => f.name)).length === 0 ? { applied: false } : { unknown: `${what} is neither as the entry left it nor gone` };
  }
  if (now !== null && record.before !== null && holds(now, writableValues(ref.resource, record.before))) return { applied: { resource: ref.resource, ...parent, id: target, before: record.after, after: now } };
  if (now !== null && differences(record, now, writableFields(at.def).map((f) => f.name)).length === 0) return { applied: false };
  return { unknown: `${what} is neither as the entry left it nor as it was to be put back: it changed since` };
}

/**
 * Looks up every step in doubt of the unfinished undo `undo` of `undoing`: an applied one goes into
 * its entry, one not applied is noted as not sent (unless `dryRun`: then nothing is noted, and the
 * verdicts come back). Refuses (nothing written) when one cannot be told. This run's entry must be
 * open (the lines go to the history through it).
 */
export async function settleInDoubt(deps: SettleDeps, undo: HistoryEntry, undoing: HistoryEntry, parentOf: (status: StepStatus) => number | undefined, dryRun: boolean): Promise<Map<number, Verdict>> {
  const verdicts = new Map<number, Verdict>();
  const api = deps.api();
  for (const status of stepStates(undo).filter((s) => s.state === 'in doubt')) {
    const verdict = await lookUp(api, status, undoing, undo, parentOf(status));
    verdicts.set(status.index, verdict);
    if ('unknown' in verdict) {
      throw new RentalsError(`entry ${undo.id} sent a write that was never answered, and whether it was applied cannot be told: ${verdict.unknown}. Nothing was written.`);
    }
    if (dryRun) continue;
    if (verdict.applied) deps.history.recordOf(undo.id, verdict.applied);
    else deps.history.step(status.index, { state: 'settled' }, undo.id);
  }
  return verdicts;
}
