// The records that refer to a record about to be deleted, read as the service counts them: every
// field of the resource table that holds its id (resources/definitions.ts referencesTo), the rule
// the sandbox refuses a delete by (409). A child that refers to its parent is read from its
// parent's list (an event's bookings: one request, kept for the run). One that refers to a record
// beside its parent (a booking's item), or a top-level record, is found by one scan of them all
// (every event's bookings, a few events at a time and let go), indexed by the id they refer to and
// kept for the run: every delete the run plans (an undo of an import: one per item) asks the index,
// and the scan is made again only after a write of what it read. The index keeps ids and what a
// refusal says of each referrer, never the whole records.
// A resource nothing refers to (a category, a booking) reads nothing.

import type { Address, ApiRecord } from '../api/resource-api.js';
import { errorMessageFromBody } from '../api/error-mapping.js';
import { stripControl } from '../common/sanitize.js';
import { type DeleteTarget, type RecordRef, deleteTarget, type Referrers, type ReferringRecord, judgeDelete, referrerAsWorded, remainingReferrers, targetText } from '../domain/references.js';
import { ApiError, RentalsError } from '../errors.js';
import { type Reference, type ResourceName, referencesTo, resources } from '../resources/definitions.js';
import type { Catalog } from './catalog.js';

/** Every record that refers to `id` of `name`, by the resource and field that refer. */
export async function readReferrers(catalog: Catalog, name: ResourceName, id: number): Promise<Referrers[]> {
  const groups = await Promise.all(referencesTo(name).map(async (reference) => ({ def: reference.def, field: reference.field.name, records: await referring(catalog, reference, id) })));
  return groups.filter((group) => group.records.length > 0);
}

async function referring(catalog: Catalog, reference: Reference, id: number): Promise<readonly ReferringRecord[]> {
  const { def, field } = reference;
  if (def.parent?.field === field.name) return (await catalog.list(def.name, id)).map((record) => referringRecord(reference, record, id));
  return (await referrerIndex(catalog, reference)).get(id) ?? [];
}

/** The records of `reference` by the id they hold in its field: one scan per run, shared by every delete it plans. */
function referrerIndex(catalog: Catalog, reference: Reference): Promise<ReadonlyMap<number, readonly ReferringRecord[]>> {
  const { def, field } = reference;
  const parent = def.parent;
  return catalog.derived(`referrers ${def.name}.${field.name}`, parent ? [def.name, parent.resource] : [def.name], async () => {
    const index = new Map<number, ReferringRecord[]>();
    const add = (record: ApiRecord, parentId?: number) => {
      const held = Number(record[field.name]);
      const found = index.get(held);
      const referrer = referringRecord(reference, record, parentId);
      if (found) found.push(referrer);
      else index.set(held, [referrer]);
    };
    if (!parent) {
      for await (const run of catalog.scan(def.name)) for (const record of run) add(record);
      return index;
    }
    const parentIds: number[] = [];
    for await (const run of catalog.scan(parent.resource)) for (const record of run) parentIds.push(Number(record.id));
    for await (const { parentId, records } of catalog.childrenInOrder(def.name, parentIds)) for (const record of records) add(record, parentId);
    return index;
  });
}

function referringRecord({ def }: Reference, record: ApiRecord, parentId?: number): ReferringRecord {
  return { id: Number(record.id), ...(parentId === undefined ? {} : { parentId }), record: referrerAsWorded(def, record) };
}

/**
 * Refuses the delete of `id` (as read: `before`) while records still refer to it, beyond those the
 * same plan deletes first (`deletedFirst`): StillReferenced, naming them and the ways to a delete
 * that can be made. The names it says (items, events, rental blocks) are read only then.
 */
export async function judgeReferences(catalog: Catalog, target: Omit<DeleteTarget, 'name'>, before: ApiRecord, deletedFirst: readonly RecordRef[] = []): Promise<void> {
  if (referencesTo(target.def.name).length === 0) return;
  const referrers = await readReferrers(catalog, target.def.name, target.id);
  const left = remainingReferrers(referrers, deletedFirst);
  if (left.length === 0) return;
  const named = deleteTarget(target.def, target.id, before);
  const labels = await labelsOf(catalog, left);
  judgeDelete(named, left, (resource, id) => labels.get(resource)?.label(id), deletedFirst);
}

/** The name indexes of the resources the referrers refer to beside the record (their items, events, blocks): one list each. */
async function labelsOf(catalog: Catalog, referrers: readonly Referrers[]): Promise<Map<ResourceName, { label(id: number): string | undefined }>> {
  const wanted = new Set<ResourceName>();
  for (const group of referrers) for (const field of group.def.fields) if (field.references && field.name !== group.field && resources[field.references].labelField) wanted.add(field.references);
  const indexes = await Promise.all([...wanted].map(async (name) => [name, await catalog.names(name).catch(() => undefined)] as const));
  return new Map(indexes.flatMap(([name, index]) => (index ? [[name, index]] : [])));
}

/** The server refused a delete with 409 (a record refers to it that this run could not see, or one made since it was judged): said in words. Exit 1. */
export class ServerRefusedDelete extends RentalsError {
  override readonly name: string = 'ServerRefusedDelete';
}

/** A 409 answered to a DELETE, as ServerRefusedDelete naming the record and what the server said; undefined for any other error. */
export function refusedAsReferenced(error: unknown, at: Address, id: number, before: ApiRecord | undefined): ServerRefusedDelete | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const target = targetText(deleteTarget(at.def, id, before));
  const said = errorMessageFromBody(error.body);
  const words = said === undefined ? 'it is in use (HTTP 409 Conflict, no reason given)' : stripControl(said);
  return new ServerRefusedDelete(`the server refused to delete ${target}: ${words}. Nothing was deleted.`);
}
