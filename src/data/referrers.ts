// The records that refer to a record about to be deleted, read as the service counts them: every
// field of the resource table that holds its id (resources/definitions.ts referencesTo), the rule
// the sandbox refuses a delete by (409). A child that refers to its parent is read from its
// parent's list (an event's bookings: one request); one that refers to a record beside its parent
// (a booking's item) is found in every parent's list, read a few parents at a time and let go.
// A resource nothing refers to (a category, a booking) reads nothing.

import type { Address, ApiRecord } from '../api/resource-api.js';
import { errorMessageFromBody } from '../api/error-mapping.js';
import { stripControl } from '../common/sanitize.js';
import { type DeleteTarget, type RecordRef, type Referrers, type ReferringRecord, judgeDelete, remainingReferrers, targetText } from '../domain/references.js';
import { ApiError, RentalsError } from '../errors.js';
import { type Reference, type ResourceName, referencesTo, resources } from '../resources/definitions.js';
import type { Catalog } from './catalog.js';

/** Every record that refers to `id` of `name`, by the resource and field that refer. */
export async function readReferrers(catalog: Catalog, name: ResourceName, id: number): Promise<Referrers[]> {
  const groups = await Promise.all(referencesTo(name).map(async (reference) => ({ def: reference.def, field: reference.field.name, records: await referring(catalog, reference, id) })));
  return groups.filter((group) => group.records.length > 0);
}

async function referring(catalog: Catalog, { def, field }: Reference, id: number): Promise<ReferringRecord[]> {
  const parent = def.parent;
  const holds = (record: ApiRecord) => Number(record[field.name]) === id;
  if (parent && parent.field === field.name) return (await catalog.list(def.name, id)).map((record) => referringRecord(record, id));
  if (!parent) {
    const found: ReferringRecord[] = [];
    for await (const run of catalog.scan(def.name)) for (const record of run) if (holds(record)) found.push(referringRecord(record));
    return found;
  }
  const parentIds: number[] = [];
  for await (const run of catalog.scan(parent.resource)) for (const record of run) parentIds.push(Number(record.id));
  const found: ReferringRecord[] = [];
  for await (const { parentId, records } of catalog.childrenInOrder(def.name, parentIds)) {
    for (const record of records) if (holds(record)) found.push(referringRecord(record, parentId));
  }
  return found;
}

function referringRecord(record: ApiRecord, parentId?: number): ReferringRecord {
  return { id: Number(record.id), ...(parentId === undefined ? {} : { parentId }), record };
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
  const label = target.def.labelField === undefined ? undefined : before[target.def.labelField];
  const named: DeleteTarget = { ...target, ...(label === undefined || label === null || label === '' ? {} : { name: String(label) }) };
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
  const label = at.def.labelField === undefined ? undefined : before?.[at.def.labelField];
  const target = targetText({ def: at.def, id, ...(label === undefined || label === null || label === '' ? {} : { name: String(label) }) });
  const said = errorMessageFromBody(error.body);
  const words = said === undefined ? 'it is in use (HTTP 409 Conflict, no reason given)' : stripControl(said);
  return new ServerRefusedDelete(`the server refused to delete ${target}: ${words}. Nothing was deleted.`);
}
