// Names → ids for the resources that have a label (items by name, rental blocks by pricingType,
// statuses by statusType), and back. One implementation and one wording for the CLI's id flags
// (`--rental-block-id Weekend`), positional ids, and the bulk engine's name columns (`inventoryName`).
// Exact names first; then the name as a spreadsheet export wrote it (`'=Tent`, the formula guard's
// quote); then regardless of case; then regardless of accents and the style of dashes and quotes
// (common/fold.ts). Several names at the first level that matches: ambiguous, never a guess.
// A reference (`resolveRef`) is an id or a name: `id:7` and `name:007` say which; a bare number
// that is both some record's id and another's name is ambiguous.

import { quotedName } from '../common/sanitize.js';
import { closest } from '../common/similar.js';
import { restoreFormula } from '../common/spreadsheet.js';
import { parseWallTime, shortWallTime } from '../domain/wall-time.js';
import type { ResourceDef } from '../resources/definitions.js';
import { parseId } from '../schemas/values.js';

/**
 * `missing`: no record has the name (not found, exit 4); `ambiguous`: several do, or a number is
 * both an id and a name (a usage error, exit 2); `invalid`: `id:x` is no id (exit 2).
 */
export type LookupResult = { ok: true; id: number } | { ok: false; rule: string; reason: 'missing' | 'ambiguous' | 'invalid' };

/** How names are found alike (foldName), said wherever a name is refused for another's. */
export const MATCHED_ALIKE = 'names are matched regardless of case, accents, dashes, quotes and spaces';

/** Up to this many names are listed when a name is not found; beyond it, the list command is named. */
const KNOWN_LISTED = 12;

// Names as people type them: "harper-nguyen wedding" for "Harper–Nguyen Wedding", "cafe" for
// "Café", 'O'Brien' for "O’Brien": equal once folded (case, accents, the style of dashes and
// quotes, runs of spaces).

/** Hyphens, en and em dashes, the minus sign and their full-width and small forms. */
const DASHES = /[\u2010-\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d]/g;
/** Curly, low and prime single quotes, the acute accent and the backtick written for an apostrophe. */
const SINGLE_QUOTES = /[\u2018-\u201b\u2032\u00b4\u0060\uff07]/g;
/** Curly, low and prime double quotes and guillemets. */
const DOUBLE_QUOTES = /[\u201c-\u201f\u2033\u00ab\u00bb\uff02]/g;
/** Combining marks: what NFKD leaves of an accent. Made at the first fold: a Unicode property costs every start that loads this module (~30 µs). */
let marks: RegExp | undefined;

/** `name` compared as people mean it: no accents, one dash, one of each quote, lower case, single spaces. */
export function foldName(name: string): string {
  marks ??= new RegExp('\\p{M}', 'gu');
  return name
    .normalize('NFKD')
    .replace(marks, '')
    .replace(DASHES, '-')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** How a reference was written: `id:7`, `name:007`, or bare (`7`: an id unless some record is named so; `Tent`: a name). */
export type Reference = { kind: 'id'; text: string } | { kind: 'name'; name: string } | { kind: 'bare'; text: string };

const ID_PREFIX = /^\s*id:/;
const NAME_PREFIX = /^\s*name:/;
/** A bare reference that may be an id: digits only. */
const DIGITS = /^\s*\d+\s*$/;
/** Text written as a number (`-1`, `1.5`): meant as an id when no record is named so. */
const NUMBER_LIKE = /^\s*[-+]?\d*\.?\d+\s*$/;

export function parseReference(text: string): Reference {
  if (ID_PREFIX.test(text)) return { kind: 'id', text: text.replace(ID_PREFIX, '') };
  if (NAME_PREFIX.test(text)) return { kind: 'name', name: text.replace(NAME_PREFIX, '') };
  return { kind: 'bare', text };
}

/** `7` as typed, not `id:7` nor `name:7`: an id, unless some record is named so. */
export function bareNumber(text: string): string | undefined {
  const ref = parseReference(text);
  return ref.kind === 'bare' && DIGITS.test(ref.text) ? ref.text.trim() : undefined;
}

/** The id `text` gives. */
export function idFromText(text: string): LookupResult {
  const id = parseId(text.trim());
  return id.ok ? { ok: true, id: id.value } : { ok: false, rule: id.rule, reason: 'invalid' };
}

/**
 * Whether a record (its id and label) could be what one of `refs` names: by id, or by its label at
 * any level `resolve` matches (all fold to the same). A reader that keeps only these records
 * resolves each ref among them as among all.
 */
export function couldName(refs: Iterable<string>): (id: number, label: unknown) => boolean {
  const ids = new Set<number>();
  const names = new Set<string>();
  for (const text of refs) {
    const ref = parseReference(text);
    const name = ref.kind === 'name' ? ref.name : ref.text;
    if (ref.kind !== 'name' && DIGITS.test(ref.text)) ids.add(Number(ref.text.trim()));
    if (ref.kind !== 'id') {
      names.add(foldName(name));
      names.add(foldName(restoreFormula(name.trim())));
    }
  }
  return (id, label) => ids.has(id) || (typeof label === 'string' && names.has(foldName(label)));
}

export class NameIndex {
  /** Built on the first `resolve`: a run that only labels ids (an export of 300k rows) never needs them. */
  private names?: { byName: Map<string, number[]>; byLowerName: Map<string, number[]>; byFoldedName: Map<string, number[]> };
  private readonly labels = new Map<number, string>();
  /** The def's labelHint of each record (`starts 2027-01-01 08:00`), said when a name is shared. */
  private readonly hints = new Map<number, string>();

  constructor(
    readonly def: ResourceDef,
    records: Iterable<Record<string, unknown>>,
  ) {
    this.add(records);
  }

  /** More records of the resource (an index built as a list is read). */
  add(records: Iterable<Record<string, unknown>>): void {
    const labelField = this.def.labelField ?? 'name';
    for (const record of records) {
      const id = Number(record.id);
      const label = record[labelField];
      if (!Number.isInteger(id) || typeof label !== 'string') continue;
      this.labels.set(id, label);
      const hint = this.def.labelHint && parseWallTime(record[this.def.labelHint.field]);
      if (hint !== undefined) this.hints.set(id, `${this.def.labelHint!.word} ${shortWallTime(hint)}`);
    }
    this.names = undefined;
  }

  has(id: number): boolean {
    return this.labels.has(id);
  }

  label(id: number): string | undefined {
    return this.labels.get(id);
  }

  /** The def's labelHint of the record (`starts 2027-01-01 08:00`), said beside its name where the name is shared. */
  hint(id: number): string | undefined {
    return this.hints.get(id);
  }

  ids(): number[] {
    return [...this.labels.keys()];
  }

  /** The record named `name`: exact, as the formula guard wrote it, regardless of case, then of accents, dashes and quotes. */
  resolve(name: string): LookupResult {
    const wanted = name.trim();
    const { byName, byLowerName, byFoldedName } = this.byNames();
    const unguarded = restoreFormula(wanted);
    const exact = byName.get(wanted) ?? (unguarded === wanted ? undefined : byName.get(unguarded));
    if (exact) return this.oneOf(wanted, exact);
    const lower = byLowerName.get(wanted.toLowerCase());
    if (lower) return this.oneOf(wanted, lower);
    const folded = byFoldedName.get(foldName(wanted));
    if (folded) return this.oneOf(wanted, folded, true);
    return { ok: false, rule: this.notFound(wanted), reason: 'missing' };
  }

  /**
   * What a reference names: `id:7` the id, `name:007` the name; a bare number the id, unless some
   * other record is named so (then ambiguous, both ways to ask said); anything else a name.
   */
  resolveRef(text: string): LookupResult {
    const ref = parseReference(text);
    if (ref.kind === 'name') return this.resolve(ref.name);
    if (ref.kind === 'id') return idFromText(ref.text);
    if (!DIGITS.test(ref.text)) {
      const found = this.resolve(ref.text);
      // `-1`, `1.5`: a malformed id, unless some record is named so.
      return !found.ok && found.reason === 'missing' && NUMBER_LIKE.test(ref.text) ? idFromText(ref.text) : found;
    }
    const wanted = ref.text.trim();
    const named = (this.byNames().byName.get(wanted) ?? []).filter((id) => String(id) !== wanted || !this.labels.has(id));
    if (named.length === 0) return idFromText(wanted);
    const id = parseId(wanted);
    if (id.ok && this.labels.has(id.value) && !named.includes(id.value)) {
      return { ok: false, rule: bothIdAndName(this.def, wanted, id.value, this.labels.get(id.value)!, named), reason: 'ambiguous' };
    }
    return this.oneOf(wanted, named);
  }

  private oneOf(wanted: string, ids: readonly number[], folded = false): LookupResult {
    if (ids.length === 1) return { ok: true, id: ids[0]! };
    return { ok: false, rule: folded ? this.ambiguousFolded(wanted, ids) : ambiguous(this.def, wanted, ids, (id) => this.hints.get(id)), reason: 'ambiguous' };
  }

  /** `2 events match "harper-nguyen wedding" …: "Harper–Nguyen Wedding" (id 3), "Harper-Nguyen wedding" (id 9); …`. */
  private ambiguousFolded(wanted: string, ids: readonly number[]): string {
    const named = [...ids].sort((a, b) => a - b).map((id) => `${quotedName(this.labels.get(id) ?? '')} (${[`id ${id}`, this.hints.get(id)].filter(Boolean).join(', ')})`);
    return `${ids.length} ${this.def.plural} match ${quotedName(wanted)} when case, accents, dashes and quotes are ignored: ${named.join(', ')} (give the exact name or the id)`;
  }

  private byNames(): NonNullable<NameIndex['names']> {
    if (this.names) return this.names;
    const names = { byName: new Map<string, number[]>(), byLowerName: new Map<string, number[]>(), byFoldedName: new Map<string, number[]>() };
    for (const [id, label] of this.labels) {
      push(names.byName, label.trim(), id);
      push(names.byLowerName, label.trim().toLowerCase(), id);
      push(names.byFoldedName, foldName(label), id);
    }
    return (this.names = names);
  }

  /** `no event status is named "Maybe"; known: Quoted (1), Confirmed (2)`. */
  private notFound(name: string): string {
    const head = `no ${this.def.singular} is named ${quotedName(name)}`;
    if (this.labels.size === 0) return `${head}; there are none`;
    const near = closest(name, this.labels.values());
    // With its id: a name that cannot be typed back (control characters, look-alikes) still has a way in.
    const { byName } = this.byNames();
    const withIds = (label: string) => {
      const ids = [...(byName.get(label.trim()) ?? [])].sort((a, b) => a - b);
      return `${quotedName(label)}${ids.length === 0 ? '' : ` (${ids.length === 1 ? 'id' : 'ids'} ${ids.join(', ')})`}`;
    };
    if (near.length > 0) return `${head}; did you mean ${near.map(withIds).join(' or ')}?`;
    return this.withKnown(head);
  }

  /** `no event status has id 99; known: Quoted (1), …`, or undefined when one has. */
  unknownId(id: number): string | undefined {
    if (this.labels.has(id)) return undefined;
    const head = `no ${this.def.singular} has id ${id}`;
    return this.labels.size === 0 ? `${head}; there are none` : this.withKnown(head);
  }

  private withKnown(head: string): string {
    if (this.labels.size > KNOWN_LISTED) return `${head} (see \`rentals ${this.def.command} list\`)`;
    const known = [...this.labels].sort(([a], [b]) => a - b).map(([id, label]) => `${label} (${id})`);
    return `${head}; known: ${known.join(', ')}`;
  }
}

/** `inventory item 25`, `inventory items 25, 26`. */
export function recordsText(def: Pick<ResourceDef, 'singular' | 'plural'>, ids: readonly number[]): string {
  return ids.length === 1 ? `${def.singular} ${ids[0]}` : `${def.plural} ${ids.join(', ')}`;
}

/** `2 inventory items are named "Tent": ids 4, 9 (give the id instead)`; events with when each starts. */
export function ambiguous(def: ResourceDef, name: string, ids: readonly number[], hintOf: (id: number) => string | undefined = () => undefined): string {
  const sorted = [...ids].sort((a, b) => a - b).map((id) => (hintOf(id) === undefined ? `${id}` : `${id} (${hintOf(id)})`));
  return `${ids.length} ${def.plural} are named ${quotedName(name)}: ids ${sorted.join(', ')} (give the id instead)`;
}

/** `"7" is both the id of inventory item 7 ("Ladder") and the name of inventory item 12: …`. */
function bothIdAndName(def: ResourceDef, text: string, id: number, label: string, named: readonly number[]): string {
  const which = recordsText(def, [...named].sort((a, b) => a - b));
  return `${quotedName(text)} is both the id of ${def.singular} ${id} (${quotedName(label)}) and the name of ${which}: write id:${id} for the first or name:${text} for the other`;
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
