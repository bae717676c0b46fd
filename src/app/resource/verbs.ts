// The use cases of the generic verbs (list, get, add, update, delete). They take plain input and
// narrow dependencies from the factory, not commander objects nor the session, and return the view to print.

import type { Address } from '../../api/resource-api.js';
import type { Catalog } from '../../data/catalog.js';
import type { PlannedWrite, RecordWrites } from '../../data/planned-write.js';
import type { Change } from '../../domain/changes.js';
import { type DateSource, DateOrderError, type FieldIssue, NotFoundError, UnknownNameError, UsageError, ValidationError } from '../../errors.js';
import type { Notices } from '../../output/notices.js';
import type { View } from '../../output/views.js';
import { knownColumns, resultView } from '../../output/records-view.js';
import {
  type ApiVersion,
  type ResourceDef,
  collectionUrlPath,
  fieldByName,
  peopleColumns,
  recordUrlPath,
  defaultVersion,
  kebabCase,
  requiredToCreate,
} from '../../resources/definitions.js';
import { parseFieldValue, parseId, readRecord } from '../../schemas/values.js';
import { NameResolver, isReference, needsResolution } from '../../data/resolver.js';
import { type LookupResult, parseReference } from '../../data/names.js';
import { confirmOrDecline } from '../confirm.js';
import type { Factory } from '../factory.js';
import { quotedName } from '../../common/sanitize.js';

/** What the generic verbs use of the factory. */
export type ResourceDeps = Pick<Factory, 'api' | 'names' | 'catalog' | 'fields' | 'describeRequest' | 'asker' | 'booking' | 'stdin' | 'now' | 'wallNow' | 'wallAt'>;

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
  /** Ends given as a whole day (their 00:00 in `flags`): that whole day where the dates before them leave room (domain/dates.ts throughTheDay). */
  wholeDays?: readonly string[];
}

/** `id:7` needs no list; a bare number may be some record's name, so it does. */
function needsNames(value: string): boolean {
  return parseReference(value).kind !== 'id';
}

/** The id's text of `id:7`, or the value as given. */
function idText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const written = parseReference(value);
  return written.kind === 'id' ? written.text : value;
}

function parseIdArgument(value: string | undefined, name = 'id'): number {
  const parsed = parseId(value ?? '');
  if (!parsed.ok) throw new ValidationError([{ field: name, message: parsed.rule, value }]);
  return parsed.value;
}

/**
 * A positional id, or a record's name where the resource has names (`events get "Smith wedding"`):
 * the rules and the words of the id flags (`--event-id "Smith wedding"`), through the run's catalog.
 * `assumed`: a bare number taken for the id without reading the list (Catalog.reference).
 */
async function positionalId(catalog: Catalog, def: ResourceDef, value: string | undefined, name: string): Promise<{ id: number; assumed: boolean }> {
  if (!isReference(def, value) || !needsNames(value)) return { id: parseIdArgument(idText(value), name), assumed: false };
  const { found, assumed } = await catalog.reference(def.name, value);
  return { id: foundId(found, def, value, name), assumed };
}

function foundId(found: LookupResult, def: ResourceDef, value: string, name: string): number {
  if (found.ok) return found.id;
  const issue = [{ field: name, message: found.rule, value }];
  // A name that matches nothing is not found (exit 4), as an id that matches nothing; an ambiguous one is exit 2,
  // said alone (`2 inventory items are named "Tent": ids 4, 9 (give the id instead)`): a read is not invalid.
  if (found.reason === 'missing') throw new UnknownNameError(issue, def.singular);
  throw found.reason === 'ambiguous' ? new UsageError(found.rule) : new ValidationError(issue, def.singular);
}

/**
 * `read` (a GET, a write's plan) of the record a positional reference names. A bare number taken
 * for the id without reading the list, that no record has (404): the list is read once, and a
 * record named so is read instead (`inventory get 0999999`, the item named "0999999").
 */
export async function readNamed<T>(catalog: Catalog, def: ResourceDef, value: string | undefined, read: (id: number) => Promise<T>, name = 'id'): Promise<T> {
  const { id, assumed } = await positionalId(catalog, def, value, name);
  try {
    return await read(id);
  } catch (error) {
    if (!assumed || !(error instanceof NotFoundError)) throw error;
    const found = (await catalog.names(def.name)).resolveRef(value!);
    if ((found.ok && found.id === id) || (!found.ok && found.reason === 'missing')) throw error;
    return read(foundId(found, def, value!, name));
  }
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

/**
 * Where each date of the resource's order came from, for a refusal of their order to say
 * (DateOrderError.sources): a flag (with the day it gave as a whole day), else the file, else a
 * default of `add` (`defaults`: an event's teardown from its end), else the record as stored.
 */
function dateSources(def: ResourceDef, input: WriteInput, defaults: boolean): Record<string, DateSource> {
  const sources: Record<string, DateSource> = {};
  for (const name of def.dateOrder ?? []) {
    const of = defaults ? def.createDefaultsFrom?.[name] : undefined;
    if (input.flags[name] !== undefined) sources[name] = input.wholeDays?.includes(name) ? { from: 'flag', day: String(input.flags[name]) } : { from: 'flag' };
    else if (input.file?.[name] !== undefined) sources[name] = { from: 'file' };
    else sources[name] = of === undefined ? { from: 'record' } : { from: 'default', of };
  }
  return sources;
}

/** `work`, a refusal of dates out of order told where each date came from. */
async function withDateSources<T>(sources: Record<string, DateSource>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DateOrderError) error.sources = sources;
    throw error;
  }
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


/**
 * The fields a new record must be given (requiredToCreate: what `add --help` lists) that no flag
 * gave, each by the flag that gives it (`--start-date`); the parent is asked for on its own.
 */
function checkRequiredFlags(def: ResourceDef, given: Record<string, unknown>): void {
  const missing = (name: string) => given[name] === undefined || given[name] === null;
  const issues: FieldIssue[] = [];
  for (const field of requiredToCreate(def)) {
    if (!missing(field.name) || field.name === def.parent?.field) continue;
    // Copied from its source when that is given.
    const source = def.createDefaultsFrom?.[field.name];
    if (source !== undefined && !missing(source)) continue;
    const aliases = (field.aliases ?? []).map((alias) => `--${alias}`);
    issues.push({ field: `--${kebabCase(field.name)}`, message: `is required${aliases.length > 0 ? ` (also ${aliases.join(', ')})` : ''}` });
  }
  if (issues.length > 0) throw new ValidationError(issues, def.singular);
}

/** The writer of the resource (data/writers.ts): the one that holds its rules, chosen by the resource, never by a string branch here; with the run's calendar it writes through. */
async function writerOf(deps: Pick<ResourceDeps, 'booking'>, def: ResourceDef): Promise<{ writer: RecordWrites; notices: Notices; calendar: Awaited<ReturnType<ResourceDeps['booking']>> }> {
  const calendar = await deps.booking();
  return { writer: calendar.writers.for(def), notices: calendar.notices, calendar };
}

/**
 * A planned write shown (--dry-run: its changes, and for `-o json` the request it would send, as
 * before) or written (its changes, and the records the server answered). The same plan either way;
 * one that changes nothing says so, and sends nothing (app/carry-out.ts).
 */
async function shownOrWritten(deps: Pick<ResourceDeps, 'describeRequest' | 'catalog'>, planned: PlannedWrite, dryRun: boolean, notices: Notices, records: (changes: readonly Change[]) => unknown[]): Promise<View> {
  // Loaded by a write only: a list or a get never pays for them.
  const [{ carryOut }, { changesView, unchangedView }] = await Promise.all([import('../carry-out.js'), import('../changes-view.js')]);
  const { changes, unchanged } = await carryOut(planned, dryRun, notices);
  if (unchanged) return unchangedView(unchanged, dryRun);
  const catalog = () => deps.catalog();
  if (!dryRun) return changesView(changes, { dryRun, json: { data: records(changes) }, catalog, narrate: 'summary' });
  const { request } = planned;
  if (!request) return changesView(changes, { dryRun, catalog, narrate: 'summary' });
  const { at, id, method, body } = request;
  const path = id === undefined ? collectionUrlPath(at.def, at.version, at.parentId) : recordUrlPath(at.def, at.version, id, at.parentId);
  const shown = await deps.describeRequest(method, path, body);
  return changesView(changes, { dryRun, json: { data: [{ dryRun: true, method: shown.method, url: shown.url, headers: shown.headers, body: body ?? null }] }, catalog, narrate: 'summary' });
}

/** The records a create or update answered with. */
const afterRecords = (changes: readonly Change[]): unknown[] => changes.flatMap((change) => (change.after ? [change.after] : []));

export async function addView(deps: ResourceDeps, def: ResourceDef, version: ApiVersion, input: WriteInput): Promise<View> {
  const resolver = deps.names();
  // A record copied from `get --json` carries its id and Links: neither belongs in a create.
  const { id: _id, Links: _links, ...fromFile } = input.file ?? {};
  let body: Record<string, unknown> = { ...fromFile, ...input.flags };
  checkGivenValues(def, body);
  // A body from --file is told by the fields it writes (the validator's), the flags by the flags.
  if (input.file === undefined) checkRequiredFlags(def, body);
  const parentId = await resolveParentId(def, def.parent ? body[def.parent.field] : undefined, resolver);
  if (def.parent) body[def.parent.field] = parentId;
  // The whole day of an end given as a day, before the dates that default to it (an event's teardown and pickup to its end).
  const { throughTheDay } = await import('../../domain/dates.js');
  body = applyCreateDefaults(def, throughTheDay(await resolver.resolve(def, body), input.wholeDays ?? [], def));
  const { writer, notices } = await writerOf(deps, def);
  const planned = await withDateSources(dateSources(def, input, true), () => writer.planCreate({ def, version, parentId }, body, { allowOverbook: input.allowOverbook === true, allowDateOrder: input.allowDateOrder === true }));
  return shownOrWritten(deps, planned, input.dryRun === true, notices, afterRecords);
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
  const byName = typeof idArgument === 'string' && isReference(def, idArgument) && needsNames(idArgument);
  const given = typeof idArgument === 'number' ? idArgument : byName ? undefined : parseIdArgument(idText(idArgument));
  const changes: Record<string, unknown> = { ...(input.file ?? {}), ...input.flags };
  delete changes.Links;
  const bodyId = changes.id;
  delete changes.id;
  if (Object.keys(changes).length === 0) {
    throw new UsageError('nothing to change: give at least one field flag (see --help) or --file');
  }
  checkGivenValues(def, changes);
  const resolver = deps.names();
  const parentId = await resolveParentId(def, parentGiven ?? (def.parent ? changes[def.parent.field] : undefined), resolver);
  const values = await resolver.resolve(def, changes);
  const { writer, notices } = await writerOf(deps, def);
  const plan = (id: number) => {
    if (bodyId !== undefined && String(bodyId) !== String(id)) {
      throw new UsageError(`the body's id ${JSON.stringify(bodyId)} is not the id being updated (${id})`);
    }
    return writer.planUpdate({ def, version, parentId }, id, values, { allowOverbook: input.allowOverbook === true, allowDateOrder: input.allowDateOrder === true, wholeDays: input.wholeDays });
  };
  const planned = await withDateSources(dateSources(def, input, false), () => (given === undefined ? readNamed(deps.catalog(), def, String(idArgument), plan) : plan(given)));
  return shownOrWritten(deps, planned, input.dryRun === true, notices, afterRecords);
}

export interface DeleteInput {
  yes?: boolean;
  dryRun?: boolean;
  /** Events: delete the event's bookings first, then the event (one plan, one history entry). */
  withBookings?: boolean;
}

/**
 * The record as read, judged by its writer (refused while others refer to it: an event's bookings,
 * an item's prices and bookings), then deleted through it: `Deleted event 3 "Smith wedding"` for
 * people; `{ "data": [{ "id": 3 }], "changes": [...] }` for machines. `ref`: the record as the user
 * named it (an id or a name), resolved once no question stands in the way. The judgement comes
 * before the question: a delete that cannot be made is never asked about, and a dry run judges the same.
 */
export async function deleteView(deps: ResourceDeps, at: Address, ref: string, input: DeleteInput): Promise<View> {
  if (input.withBookings && at.def.name !== 'events') throw new UsageError(`--with-bookings is for an event's delete: ${at.def.plural} have no bookings of their own`);
  const confirm = input.dryRun || input.yes ? undefined : deps.asker();
  // Nobody to ask: said before any request.
  if (!input.dryRun && !input.yes && !confirm) {
    const named = /^\s*\d+\s*$/.test(ref) ? ref.trim() : quotedName(ref);
    throw new UsageError(`deleting needs confirmation: pass --yes to delete ${at.def.singular} ${named} without a prompt`);
  }
  const { writer, notices, calendar } = await writerOf(deps, at.def);
  const plan = async (id: number) => {
    if (!input.withBookings) return { planned: await writer.planDelete(at, id), bookings: 0 };
    const { planEventDelete } = await import('../events/delete.js');
    return planEventDelete(calendar, at, id);
  };
  const { planned, bookings } = await readNamed(deps.catalog(), at.def, ref, plan);
  const record = planned.changes[planned.changes.length - 1];
  const withThem = bookings === 0 ? '' : ` and its ${bookings} booking${bookings === 1 ? '' : 's'}`;
  if (confirm) await confirmOrDecline(confirm, `Delete ${at.def.singular} ${String(record?.id)}${recordLabel(at.def, record?.before)}${withThem}?`, 'Nothing deleted.');
  return shownOrWritten(deps, planned, input.dryRun === true, notices, (changes) => changes.map((change) => ({ id: change.id })));
}

function recordLabel(def: ResourceDef, record: Record<string, unknown> | null | undefined): string {
  const value = def.labelField === undefined ? undefined : record?.[def.labelField];
  return value ? ` ${quotedName(String(value))}` : '';
}
