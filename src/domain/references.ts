// A delete of a record that others still refer to (an event with bookings; an item with prices or
// bookings): refused whole before any question and before anything is sent, as the service refuses
// it (409), a dry run alike. The refusal names the record, how many records refer to it and which
// (a few of each kind, then how many more), and the commands to copy that make the delete
// possible: the one-go flag where there is one (`events delete --with-bookings`), else each
// referrer removed by its natural command (`events unbook`, `prices delete`), then the delete again.

import { withArticle } from '../common/text.js';
import { shellLine, shellWord } from '../common/shell-words.js';
import { quotedName } from '../common/sanitize.js';
import { type ResourceDef, type ResourceName, kebabCase, resources } from '../resources/definitions.js';
import { DomainRefusal } from './errors.js';
import { formatMoneyFixed, parseMoney } from './money.js';

/** What a refusal of a delete still referred to knows: the record, its referrers, and how it is said. */
export interface ReferencedParts {
  target: DeleteTarget;
  referrers: readonly Referrers[];
  labelOf: LabelOf;
  /** What was refused, said first when it is not the delete itself (`entry 3f9c2a1b cannot be undone: `). */
  refused?: string;
  /** `Nothing was deleted.`, `Nothing was undone.` */
  nothing: string;
  /** The ways out, as lines; absent: the delete's (the one-go flag, each referrer removed, the delete again). */
  waysOut?: readonly string[];
}

/** Refused: records of other resources still refer to the record to delete; nothing was deleted. */
export class StillReferenced extends DomainRefusal {
  override readonly name: string = 'StillReferenced';

  constructor(readonly parts: ReferencedParts) {
    super(refusalText(parts));
  }

  /** The same refusal said for what refused it (an undo that deletes the record), with its own ways out. */
  with(more: Partial<ReferencedParts>): StillReferenced {
    return new StillReferenced({ ...this.parts, ...more });
  }
}

/** A record that refers to the one to delete, as read. */
export interface ReferringRecord {
  id: number;
  /** Its parent's id (a booking's event, a price's item). */
  parentId?: number;
  record: Readonly<Record<string, unknown>>;
}

/** The records of one resource that refer to the record to delete, through one of its fields. */
export interface Referrers {
  def: ResourceDef;
  field: string;
  records: readonly ReferringRecord[];
}

/** The record a delete is asked for. */
export interface DeleteTarget {
  def: ResourceDef;
  id: number;
  /** What people call it (its label), when it has one. */
  name?: string;
}

/** The records the same plan deletes before this one (they do not hold it). */
export interface RecordRef {
  resource: ResourceName;
  id: number;
}

/** The label of a record another one refers to (an item's name, an event's), when known. */
export type LabelOf = (resource: ResourceName, id: number) => string | undefined;

/** The fields of a referrer besides its references that `describe` says. */
const WORDED = new Set(['quantity', 'price']);

/** How many referrers of each kind are named before "and N more". */
const NAMED_PER_KIND = 5;
/** How many removal commands of each kind (price deletes, unbooks) are written out before the rest are counted. */
const COMMANDS_SHOWN = 10;

/** The record a delete is asked for, named by its label as read when it has one (an empty label names nothing). */
export function deleteTarget(def: ResourceDef, id: number, record: Readonly<Record<string, unknown>> | undefined): DeleteTarget {
  const label = def.labelField === undefined ? undefined : record?.[def.labelField];
  return { def, id, ...(label === undefined || label === null || label === '' ? {} : { name: String(label) }) };
}

/** The fields of a referrer the refusal says beside its id (what it refers to, its quantity, its amount): all a run keeps of it. */
export function referrerAsWorded(def: ResourceDef, record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of def.fields) if (field.references !== undefined || WORDED.has(field.name)) kept[field.name] = record[field.name];
  return kept;
}

/** `event 37 "Del test"`. */
export function targetText(target: DeleteTarget): string {
  return `${target.def.singular} ${target.id}${target.name === undefined ? '' : ` ${quotedName(target.name)}`}`;
}

/** The referrers that still hold the record once the records the plan deletes first are gone. */
export function remainingReferrers(referrers: readonly Referrers[], deletedFirst: readonly RecordRef[] = []): Referrers[] {
  const gone = new Set(deletedFirst.map((ref) => `${ref.resource}/${ref.id}`));
  return referrers
    .map((group) => ({ ...group, records: group.records.filter((r) => !gone.has(`${group.def.name}/${r.id}`)) }))
    .filter((group) => group.records.length > 0);
}

/** Refuses the delete of `target` while any record still refers to it (StillReferenced); passes when none does. */
export function judgeDelete(target: DeleteTarget, referrers: readonly Referrers[], labelOf: LabelOf, deletedFirst: readonly RecordRef[] = []): void {
  const left = remainingReferrers(referrers, deletedFirst);
  if (left.length === 0) return;
  throw new StillReferenced({ target, referrers: left, labelOf, nothing: 'Nothing was deleted.' });
}

function refusalText(parts: ReferencedParts): string {
  const { target, referrers, labelOf } = parts;
  const kinds = referrers.map((group) => kindText(target, group, labelOf));
  const head = `${parts.refused ?? ''}${targetText(target)} has ${kinds.join(', and ')}; ${withArticle(target.def.singular)} is deleted only once nothing refers to it. ${parts.nothing}`;
  return [head, ...(parts.waysOut ?? waysOut(target, referrers, labelOf))].join('\n');
}

/** `1 booking: 121 (5 × White Folding Chair)`, `7 bookings: 1 (…), …, 5 (…) and 2 more`. */
function kindText(target: DeleteTarget, group: Referrers, labelOf: LabelOf): string {
  const { def, records } = group;
  const named = records.slice(0, NAMED_PER_KIND).map((r) => {
    const what = describe(target, group, r, labelOf);
    return what === '' ? String(r.id) : `${r.id} (${what})`;
  });
  const more = records.length > NAMED_PER_KIND ? ` and ${records.length - NAMED_PER_KIND} more` : '';
  return `${records.length} ${records.length === 1 ? def.singular : def.plural}: ${named.join(', ')}${more}`;
}

/**
 * A referrer for people, by what it holds beside the record to delete: a booking of an event its
 * quantity and item (`5 × White Folding Chair`), one of an item its quantity and event (`2 on event
 * 37 "Gala"`), a price its rental block and amount (`Weekend 150`).
 */
function describe(target: DeleteTarget, group: Referrers, referrer: ReferringRecord, labelOf: LabelOf): string {
  const { record } = referrer;
  const others = group.def.fields.filter((f) => f.references !== undefined && f.name !== group.field && f.references !== target.def.name);
  const named = others.map((f) => {
    const id = Number(record[f.name]);
    const label = labelOf(f.references!, id);
    const singular = resources[f.references!].singular;
    return { resource: f.references!, text: label === undefined ? `${singular} ${id}` : f.references === 'events' ? `${singular} ${id} ${quotedName(label)}` : label };
  });
  const quantity = record.quantity;
  const amount = record.price;
  if (quantity !== undefined && quantity !== null) {
    const onEvent = named.find((n) => n.resource === 'events');
    const rest = named.filter((n) => n !== onEvent).map((n) => n.text);
    return [rest.length > 0 ? `${String(quantity)} × ${rest.join(' ')}` : String(quantity), onEvent ? `on ${onEvent.text}` : undefined].filter(Boolean).join(' ');
  }
  return [...named.map((n) => n.text), amount === undefined || amount === null ? undefined : moneyText(amount)].filter(Boolean).join(' ');
}

/** An amount with its scale (`150.00`), as given when it is not one. */
function moneyText(value: unknown): string {
  const money = typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
  return money === undefined ? String(value) : formatMoneyFixed(money);
}

/** How an item is named on a command line: by its name, or `id:7` when the name could be read as an id. */
function itemWord(id: number, name: string | undefined): string {
  return name !== undefined && name.trim() === name && name !== '' && !/^\d+$/.test(name) && !name.startsWith('id:') ? name : `id:${id}`;
}

/** A command that removes referrers, and what it is for (`event 37`), to count those not written out. */
interface Removal {
  command: string;
  /** The plural of what the command is for (`events`), and its id. */
  nouns: string;
  id: number;
}

/** The commands to copy: the one-go flag where there is one, the natural removal of each referrer, then the delete again. */
function waysOut(target: DeleteTarget, referrers: readonly Referrers[], labelOf: LabelOf): string[] {
  const { def, id } = target;
  const again = `rentals ${def.command} delete ${id}`;
  const out: string[] = [];
  const onlyBookingsOfEvent = def.name === 'events' && referrers.every((group) => group.def.name === 'bookings');
  if (onlyBookingsOfEvent) out.push('To delete it with its bookings in one go (rentals undo puts back both):', `  ${again} --with-bookings`);
  const stopUsing = def.fields.find((f) => f.name === 'active' && f.inverseFlag !== undefined);
  if (stopUsing) out.push('To stop using it and keep what refers to it:', `  rentals ${def.command} update ${id} --${kebabCase(stopUsing.inverseFlag!)}`);
  const one = referrers.length === 1 && referrers[0]!.records.length === 1;
  const them = one ? `the ${referrers[0]!.def.singular}` : 'them';
  out.push(`${out.length > 0 ? 'Or remove' : 'Remove'} ${them} first, then delete the ${def.singular}:`, ...removalLines(target, referrers, labelOf), `  ${again} --yes`);
  return out;
}

/** The commands that remove the referrers, as lines to copy: a few of each kind written out, the rest counted. */
export function removalLines(target: DeleteTarget, referrers: readonly Referrers[], labelOf: LabelOf): string[] {
  const out: string[] = [];
  for (const group of referrers) {
    const removals = removalCommands(target, group, labelOf);
    out.push(...removals.slice(0, COMMANDS_SHOWN).map((r) => `  ${r.command}`));
    const rest = removals.slice(COMMANDS_SHOWN);
    if (rest.length > 0) out.push(`  … and ${rest.length} more of the same, for ${restText(rest)}`);
  }
  return out;
}

/** `events 16, 18 and 20`, `inventory prices 31, 32`: what the commands not written out are for. */
function restText(rest: readonly Removal[]): string {
  const byNoun = new Map<string, number[]>();
  for (const removal of rest) byNoun.set(removal.nouns, [...(byNoun.get(removal.nouns) ?? []), removal.id]);
  return [...byNoun].map(([nouns, ids]) => `${nouns} ${ids.join(', ')}`).join('; ');
}

/** Each referrer's natural removal: an event's bookings unbooked by item (one command per event), any other record deleted by its own command. */
function removalCommands(target: DeleteTarget, group: Referrers, labelOf: LabelOf): Removal[] {
  const { def, records } = group;
  if (def.name === 'bookings') {
    const byEvent = new Map<number, string[]>();
    for (const r of records) {
      const eventId = Number(r.parentId ?? r.record.eventId);
      const itemId = Number(r.record.inventoryId);
      const word = itemWord(itemId, target.def.name === 'inventory' ? target.name : labelOf('inventory', itemId));
      const items = byEvent.get(eventId) ?? [];
      if (!items.includes(word)) items.push(word);
      byEvent.set(eventId, items);
    }
    return [...byEvent].map(([eventId, items]) => ({ command: shellLine(['rentals', 'events', 'unbook', String(eventId), ...items.flatMap((item) => ['--item', item])]), nouns: resources.events.plural, id: eventId }));
  }
  const parent = def.parent;
  return records.map((r) => {
    const parentFlag = parent && r.parentId !== undefined ? ` --${kebabCase(parent.field)} ${r.parentId}` : '';
    return { command: `rentals ${def.command} delete ${shellWord(String(r.id))}${parentFlag} --yes`, nouns: def.plural, id: r.id };
  });
}
