// The rule of the catalog entries the tool takes by name (items, categories: `uniqueLabel` in their
// description): a name names one record. Two records whose names a lookup cannot tell apart
// (names.ts: regardless of case, accents, dashes, quotes and spaces) would make that name stop
// working everywhere the tool takes one (get, booking by item name, completion), so a create, and
// an update that renames, to such a name is refused before anything is sent (a dry run alike),
// naming the record that has it and the command that changes it instead. Every path that writes
// through the writers gets it: the generic verbs, undo, the assistant's tools; bulk import plans
// by the same comparison (bulk/plan.ts). A create is read back: of two records of one name
// written at the same moment, the later backs out. Records that share a name already (written by
// another tool) can still be changed, and renamed apart.

import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import { BeforeCreate } from '../api/unknown-outcome.js';
import { quotedName } from '../common/sanitize.js';
import { shellLine } from '../common/shell-words.js';
import { DomainRefusal } from '../domain/errors.js';
import { type ResourceDef, kebabCase, writableFields } from '../resources/definitions.js';
import { MATCHED_ALIKE, foldName, recordsText } from './names.js';
import { readBackCreate } from './create-race.js';

/** A create or rename to a name another record has: exit 1, nothing sent. */
export class NameTaken extends DomainRefusal {}

interface Namesake {
  id: number;
  name: string;
}

/** The records among `records` (but `self`) whose name a lookup cannot tell from `name`, by id. */
function namesakes(def: ResourceDef, records: Iterable<Record<string, unknown>>, name: string, self?: number): Namesake[] {
  const field = def.labelField ?? 'name';
  const wanted = foldName(name);
  const found: Namesake[] = [];
  for (const record of records) {
    const label = record[field];
    const id = Number(record.id);
    if (typeof label === 'string' && id !== self && foldName(label) === wanted) found.push({ id, name: label });
  }
  return found.sort((a, b) => a.id - b.id);
}

/** `inventory item 25`, `inventory items 25, 26`. */
function whoText(def: ResourceDef, found: readonly Namesake[]): string {
  return recordsText(def, found.map((one) => one.id));
}

/** `inventory item 25 is already named "Tent"`, or `… is named "Tent", which "tent" cannot be told from`. */
function namesakesText(def: ResourceDef, name: string, found: readonly Namesake[]): string {
  const verb = found.length === 1 ? 'is' : 'are';
  if (found.every((one) => one.name.trim() === name.trim())) return `${whoText(def, found)} ${verb} already named ${quotedName(found[0]!.name)}`;
  const names = [...new Set(found.map((one) => quotedName(one.name)))].join(', ');
  return `${whoText(def, found)} ${verb} named ${names}, which ${quotedName(name)} cannot be told from (${MATCHED_ALIKE})`;
}

/**
 * Refuses `body`'s name when another record of the resource has it (`self`: the record being
 * renamed). The way out: the command that changes that record with the values given.
 */
function judgeName(def: ResourceDef, records: readonly Record<string, unknown>[], body: Record<string, unknown>, self?: number): void {
  const name = body[def.labelField ?? 'name'];
  if (typeof name !== 'string') return;
  const found = namesakes(def, records, name, self);
  if (found.length === 0) return;
  const head = `${namesakesText(def, name, found)}: a name stands for one ${def.singular} wherever rentals takes one by name. Nothing was sent.`;
  const id = found.length === 1 ? String(found[0]!.id) : '<id>';
  if (self !== undefined) {
    const change = `  ${updateCommand(def, id, {})}`;
    throw new NameTaken([head, `Give ${def.singular} ${self} a name of its own, or change ${found.length === 1 ? `${def.singular} ${id}` : 'one of them'} instead:`, change].join('\n'));
  }
  // The values the create gives that the record has not (all of them when several records have the name).
  const existing = found.length === 1 ? records.find((record) => Number(record.id) === found[0]!.id) : undefined;
  const flags = changeFlags(def, body, existing);
  if (existing !== undefined && flags.length === 0) {
    throw new NameTaken([head, `${capitalized(def.singular)} ${id} already has the values given: use it as it is.`, `  ${shellLine(['rentals', def.command, 'get'])} ${id}`].join('\n'));
  }
  throw new NameTaken([head, `Change that ${def.singular} instead:`, `  ${updateCommand(def, id, body, existing)}`].join('\n'));
}

/** Whether a bool field's value is on (1, true, "1", "true"). */
function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** The flags that give `body`'s values but the name; with `existing`, only those it does not have already. */
function changeFlags(def: ResourceDef, body: Record<string, unknown>, existing?: Record<string, unknown>): string[] {
  const flags: string[] = [];
  for (const field of writableFields(def)) {
    const value = body[field.name];
    if (field.name === (def.labelField ?? 'name') || value === undefined || value === null) continue;
    const had = existing?.[field.name];
    if (field.kind === 'bool') {
      if (had !== undefined && had !== null && isOn(had) === isOn(value)) continue;
      flags.push(isOn(value) ? `--${kebabCase(field.name)}` : `--${field.inverseFlag ?? `no-${kebabCase(field.name)}`}`);
    } else if (had === undefined || had === null || String(had) !== String(value)) flags.push(`--${kebabCase(field.name)}`, String(value));
  }
  return flags;
}

/** `rentals inventory update 25 --quantity-available 3`: the values of `body` but the name (and those `existing` has), as flags. */
function updateCommand(def: ResourceDef, id: string, body: Record<string, unknown>, existing?: Record<string, unknown>): string {
  const words = ['rentals', def.command, 'update'];
  const flags = changeFlags(def, body, existing);
  // The id is a placeholder when several records have the name: written as is, not quoted.
  return `${shellLine(words)} ${id}${flags.length ? ` ${shellLine(flags)}` : ''}`;
}

/** The judgement and the read-back of the writer of a resource whose label is unique. */
export class UniqueNames {
  constructor(
    private readonly api: () => ResourceApi,
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  /** The records of the collection written to, as the server has them now (at the write's own API version). */
  private async records(at: Address): Promise<ApiRecord[]> {
    return (await this.api().list(at)).records;
  }

  /** Refuses a create's name another record has; what it read is what exists before the create. */
  async judgeCreate(at: Address, body: Record<string, unknown>): Promise<BeforeCreate | undefined> {
    if (!at.def.uniqueLabel) return undefined;
    const records = await this.records(at);
    judgeName(at.def, records, body);
    return BeforeCreate.of(records.map((record) => record.id));
  }

  /** Refuses an update that renames the record to a name another record has (one that keeps its name is not judged). */
  async judgeUpdate(at: Address, id: number, before: ApiRecord, body: Record<string, unknown>): Promise<void> {
    const field = at.def.labelField ?? 'name';
    if (!at.def.uniqueLabel || typeof body[field] !== 'string' || body[field] === before[field]) return;
    judgeName(at.def, await this.records(at), body, id);
  }

  /**
   * After a create: the records read back; when another of the name was added at the same moment
   * (a lower id), this one is taken back (`remove`) and withdrawn from the run's history back to
   * `mark`, so of two the earlier stays and both never back out (create-race.ts).
   */
  async readBack(at: Address, created: ApiRecord, mark: number, remove: () => Promise<unknown>): Promise<void> {
    if (!at.def.uniqueLabel) return;
    const id = Number(created.id);
    const name = created[at.def.labelField ?? 'name'];
    if (typeof name !== 'string') return;
    const other = (earlier: Namesake[]) => `another write added ${whoText(at.def, earlier)} named ${quotedName(earlier[0]!.name)} at the same moment`;
    await readBackCreate({
      api: this.api(),
      mark,
      earlier: async () => namesakes(at.def, await this.records(at), name, id).filter((one) => one.id < id),
      takeBack: remove,
      warn: this.warn,
      unreadText: (reason) =>
        `warning: ${at.def.singular} ${id} was written, but whether another ${at.def.singular} of its name was added at the same moment could not be read (${reason}); rentals ${at.def.command} list shows them`,
      notTakenBackText: (earlier, reason) =>
        `${other(earlier)}. ${capitalized(at.def.singular)} ${id}, written after it, could not be taken back (${reason}): the name names two. Remove it:\n  ${shellLine(['rentals', at.def.command, 'delete', String(id), '--yes'])}`,
      takenBackText: (earlier) => `${other(earlier)}. ${capitalized(at.def.singular)} ${id}, written after it, was taken back: a name names one ${at.def.singular}. Nothing was changed.`,
    });
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
