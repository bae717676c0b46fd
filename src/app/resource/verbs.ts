// The use cases of the generic verbs (list, get, add, update, delete). They take plain input and
// narrow dependencies from the factory, not commander objects nor the session, and return the view to print.

import { validated } from '../../schemas/validated.js';
import { type Address, single } from '../../api/resource-api.js';
import type { Catalog } from '../../data/catalog.js';
import { type FieldIssue, UnknownNameError, UsageError, ValidationError } from '../../errors.js';
import type { DoneView, RequestView, View } from '../../output/views.js';
import { knownColumns, recordsView, resultView } from '../../output/records-view.js';
import {
  type ApiVersion,
  type ResourceDef,
  collectionUrlPath,
  fieldByName,
  peopleColumns,
  recordUrlPath,
  writableFields,
  defaultVersion,
  kebabCase,
} from '../../resources/definitions.js';
import { parseFieldValue, parseId, readRecord } from '../../schemas/values.js';
import { NameResolver, isNameRef, needsResolution } from '../../data/resolver.js';
import { confirmOrDecline } from '../confirm.js';
import type { Factory } from '../factory.js';

/** What the generic verbs use of the factory. */
export type ResourceDeps = Pick<Factory, 'api' | 'names' | 'catalog' | 'fields' | 'describeRequest' | 'asker' | 'booking' | 'stdin' | 'now' | 'wallNow'>;

export interface WriteInput {
  /** Fields from `--file`, by API name. */
  file?: Record<string, unknown>;
  /** Fields from flags, by API name (flags override the file). */
  flags: Record<string, unknown>;
  dryRun?: boolean;
  /** Send dates out of order (dropoff ≤ start ≤ end ≤ teardown ≤ pickup for events). */
  allowDateOrder?: boolean;
  /** Bookings: write even when other events hold the units. */
  allowOverbook?: boolean;
}

function parseIdArgument(value: string | undefined, name = 'id'): number {
  const parsed = parseId(value ?? '');
  if (!parsed.ok) throw new ValidationError([{ field: name, message: parsed.rule, value }]);
  return parsed.value;
}

/**
 * A positional id, or a record's name where the resource has names (`events get "Smith wedding"`):
 * the rules and the words of the id flags (`--event-id "Smith wedding"`), through the run's catalog.
 */
export async function resolveIdArgument(catalog: Catalog, def: ResourceDef, value: string | undefined, name = 'id'): Promise<number> {
  if (!isNameRef(def, value)) return parseIdArgument(value, name);
  const found = (await catalog.names(def.name)).resolve(value);
  if (found.ok) return found.id;
  const issue = [{ field: name, message: found.rule, value }];
  // A name that matches nothing is not found (exit 4), as an id that matches nothing; an ambiguous one is exit 2.
  throw found.reason === 'missing' ? new UnknownNameError(issue, def.singular) : new ValidationError(issue, def.singular);
}

export function chooseVersion(def: ResourceDef, requested: string | undefined): ApiVersion {
  if (requested === undefined) return defaultVersion(def);
  if (requested !== 'v1' && requested !== 'v2') throw new UsageError(`--api-version must be v1 or v2 (got ${JSON.stringify(requested)})`);
  if (!def.versions.includes(requested)) {
    throw new UsageError(`${def.plural} exist only in ${def.versions.join(' and ')} of the API; --api-version ${requested} is not available`);
  }
  return requested;
}

/** Where a verb of `def` reads and writes: the API version asked for (checked) and, for a nested resource, its parent by id or name. */
export async function addressOf(deps: Pick<ResourceDeps, 'names'>, def: ResourceDef, apiVersion: string | undefined, parent: unknown): Promise<Address> {
  const version = chooseVersion(def, apiVersion);
  const parentId = await resolveParentId(def, parent, deps.names());
  return { def, version, parentId };
}

/** The parent id of a nested resource (prices: inventoryId; bookings: eventId), names resolved. */
export async function resolveParentId(
  def: ResourceDef,
  given: unknown,
  resolver: NameResolver,
): Promise<number | undefined> {
  if (!def.parent) return undefined;
  const flag = `--${kebabCase(def.parent.field)}`;
  if (given === undefined || given === null || given === '') throw new UsageError(`${def.plural} belong to a parent: ${flag} <id> is required`);
  const resolved = await resolver.resolve(def, { [def.parent.field]: given });
  return parseIdArgument(String(resolved[def.parent.field]), def.parent.field);
}

/**
 * A list is printed as it is read. --fields naming a column the resource does not define reads
 * it whole: only the records can tell whether the server sends that column.
 */
export async function listView(deps: Pick<ResourceDeps, 'api' | 'fields'>, at: Address): Promise<View> {
  const { def } = at;
  const known = knownColumns(def);
  if ((deps.fields() ?? []).every((f) => known.includes(f))) {
    return { kind: 'stream', pieces: deps.api().stream(at), row: (record) => readRecord(def.fields, record), columns: def.columns, ...peopleColumns(def) };
  }
  return resultView(def, await deps.api().list(at));
}

export async function getView(deps: Pick<ResourceDeps, 'api'>, at: Address, id: number): Promise<View> {
  return resultView(at.def, await deps.api().get(at, id));
}

/** Fixed defaults, then values copied from another field (events: dropoff = start, pickup = end). */
function applyCreateDefaults(def: ResourceDef, body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...(def.createDefaults ?? {}), ...body };
  for (const [target, source] of Object.entries(def.createDefaultsFrom ?? {})) out[target] ??= out[source];
  return out;
}

/** The rule of each value given, checked before any request (even a name lookup or the read of update). */
export function checkGivenValues(def: ResourceDef, values: Record<string, unknown>): void {
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = fieldByName(def, name);
    if (!field || field.responseOnly) {
      issues.push({ field: name, message: 'is not a field of this resource' });
      continue;
    }
    if (value === undefined || value === null || needsResolution(field, value)) continue;
    const parsed = parseFieldValue(field, value);
    if (!parsed.ok) issues.push({ field: name, message: parsed.rule, value });
  }
  if (issues.length > 0) throw new ValidationError(issues, def.singular);
}


/** Dates out of order are refused unless allowed; an update is judged only when it changes a date. */
async function checkDateOrder(def: ResourceDef, canonical: Record<string, unknown>, input: WriteInput, changed?: Record<string, unknown>): Promise<void> {
  if (input.allowDateOrder) return;
  const { dateOrderFields, dateOrderIssue } = await import('../../schemas/date-order.js');
  const fields = dateOrderFields(def.name);
  if (!fields || (changed && !fields.some((name) => changed[name] !== undefined))) return;
  const issue = dateOrderIssue(def.name, canonical);
  if (issue) throw new ValidationError([issue], def.singular);
}

export async function addView(deps: ResourceDeps, def: ResourceDef, version: ApiVersion, input: WriteInput): Promise<View> {
  const resolver = deps.names();
  // A record copied from `get --json` carries its id and Links: neither belongs in a create.
  const { id: _id, Links: _links, ...fromFile } = input.file ?? {};
  let body: Record<string, unknown> = { ...fromFile, ...input.flags };
  checkGivenValues(def, body);
  const parentId = await resolveParentId(def, def.parent ? body[def.parent.field] : undefined, resolver);
  if (def.parent) body[def.parent.field] = parentId;
  body = applyCreateDefaults(def, await resolver.resolve(def, body));
  if (def.writeRules === 'bookings') {
    const { addBooking } = await import('./booking-writes.js');
    return addBooking(deps, version, body, input);
  }
  const canonical = await validated(def, body, 'create');
  await checkDateOrder(def, canonical, input);
  const at: Address = { def, version, parentId };
  if (input.dryRun) return deps.describeRequest('POST', collectionUrlPath(def, version, parentId), canonical);
  // A new event holds nothing yet; it is still written by the one event writer.
  if (def.writeRules === 'events') return recordsView(def, [(await (await deps.booking()).events.create(canonical)).after]);
  const api = deps.api();
  const { BeforeCreate, settleCreate } = await import('../../api/unknown-outcome.js');
  const before = await BeforeCreate.note(api, at);
  const created = await api.create(at, canonical).catch(async (error: unknown) => {
    throw await settleCreate(api, at, canonical, before, error);
  });
  return resultView(def, created);
}

export async function updateView(
  deps: ResourceDeps,
  def: ResourceDef,
  version: ApiVersion,
  idArgument: number | string | undefined,
  input: WriteInput,
  parentGiven: unknown,
): Promise<View> {
  // Every rule that needs no request first: a name is looked up only once the values are known good.
  const byName = typeof idArgument === 'string' && isNameRef(def, idArgument);
  const given = typeof idArgument === 'number' ? idArgument : byName ? undefined : parseIdArgument(idArgument);
  const changes: Record<string, unknown> = { ...(input.file ?? {}), ...input.flags };
  delete changes.Links;
  const bodyId = changes.id;
  delete changes.id;
  if (Object.keys(changes).length === 0) {
    throw new UsageError('nothing to change: give at least one field flag (see --help) or --file');
  }
  checkGivenValues(def, changes);
  const id = given ?? (await resolveIdArgument(deps.catalog(), def, String(idArgument)));
  if (bodyId !== undefined && String(bodyId) !== String(id)) {
    throw new UsageError(`the body's id ${JSON.stringify(bodyId)} is not the id being updated (${id})`);
  }
  const resolver = deps.names();
  const parentId = await resolveParentId(def, parentGiven ?? (def.parent ? changes[def.parent.field] : undefined), resolver);
  const at: Address = { def, version, parentId };
  if (def.writeRules === 'bookings') {
    const { updateBooking } = await import('./booking-writes.js');
    return updateBooking(deps, version, id, parentId, await resolver.resolve(def, changes), input);
  }
  if (def.writeRules === 'events') {
    const { updateEvent } = await import('./event-writes.js');
    return updateEvent(deps, id, () => resolver.resolve(def, changes), input, (canonical) => checkDateOrder(def, canonical, input, changes));
  }
  const current = single(await deps.api().get(at, id), `${def.singular} ${id}`);
  const currentValues = readRecord(def.fields, current);
  const base: Record<string, unknown> = { id };
  for (const field of writableFields(def)) base[field.name] = currentValues[field.name];
  const unknown = Object.keys(changes).filter((k) => !fieldByName(def, k));
  const merged = await resolver.resolve(def, { ...base, ...changes }, changes);
  for (const key of unknown) merged[key] = changes[key];
  const canonical = await validated(def, merged, 'update');
  await checkDateOrder(def, canonical, input, changes);
  if (def.writeRules === 'inventory') {
    // Units owned never below what events hold from now on (judged, then read back).
    const { stock } = await deps.booking();
    const planned = await stock.plan(at, current, canonical, { allowOverbook: input.allowOverbook === true });
    if (input.dryRun) return deps.describeRequest('PUT', recordUrlPath(def, version, id, parentId), canonical);
    return recordsView(def, [(await stock.write(planned)).after]);
  }
  if (input.dryRun) return deps.describeRequest('PUT', recordUrlPath(def, version, id, parentId), canonical);
  const api = deps.api();
  const updated = await api.update(at, id, canonical).catch(async (error: unknown) => {
    const { settleUpdate } = await import('../../api/unknown-outcome.js');
    throw await settleUpdate(api, at, id, canonical, error, current);
  });
  return resultView(def, updated);
}

export interface DeleteInput {
  yes?: boolean;
  dryRun?: boolean;
}

/** `Deleted event 3.` for people; `{ "data": [{ "id": 3 }] }` for machines (the one JSON shape). */
export async function deleteView(deps: ResourceDeps, at: Address, id: number, input: DeleteInput): Promise<RequestView | DoneView> {
  const path = recordUrlPath(at.def, at.version, id, at.parentId);
  if (input.dryRun) return deps.describeRequest('DELETE', path, undefined);
  if (!input.yes) {
    const confirm = deps.asker();
    if (!confirm) {
      throw new UsageError(`deleting needs confirmation: pass --yes to delete ${at.def.singular} ${id} without a prompt`);
    }
    const label = await describeRecord(deps, at, id);
    await confirmOrDecline(confirm, `Delete ${at.def.singular} ${id}${label}?`, 'Nothing deleted.');
  }
  const result = await removeRecord(deps, at, id);
  return { kind: 'done', message: `Deleted ${at.def.singular} ${result.id}.`, records: [result] };
}

/** Events and bookings through their writers (the only holders of the grant to write them); the rest straight. */
async function removeRecord(deps: ResourceDeps, at: Address, id: number): Promise<{ id: number }> {
  if (at.def.writeRules === 'events') return (await deps.booking()).events.remove(id);
  if (at.def.writeRules === 'bookings') return (await deps.booking()).bookings.removeLine(at, id);
  const api = deps.api();
  return api.remove(at, id).catch(async (error: unknown) => {
    const { settleDelete } = await import('../../api/unknown-outcome.js');
    throw await settleDelete(api, at, id, error);
  });
}

async function describeRecord(deps: ResourceDeps, at: Address, id: number): Promise<string> {
  const labelField = at.def.labelField;
  if (!labelField) return '';
  const record = single(await deps.api().get(at, id), `${at.def.singular} ${id}`);
  return record[labelField] ? ` (${String(record[labelField])})` : '';
}
