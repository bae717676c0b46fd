// Names → ids for the resources that have a label (items by name, rental blocks by pricingType,
// statuses by statusType), and back. One implementation and one wording for the CLI's id flags
// (`--rental-block-id Weekend`) and the bulk engine's name columns (`inventoryName`).
// Exact names first; a name that matches nothing exactly may match regardless of case.

import { closest } from '../common/similar.js';
import type { ResourceDef } from '../resources/definitions.js';

/** `missing`: no record has the name (not found, exit 4); `ambiguous`: several do (a usage error, exit 2). */
export type LookupResult = { ok: true; id: number } | { ok: false; rule: string; reason: 'missing' | 'ambiguous' };

/** Up to this many names are listed when a name is not found; beyond it, the list command is named. */
const KNOWN_LISTED = 12;

export class NameIndex {
  /** Built on the first `resolve`: a run that only labels ids (an export of 300k rows) never needs them. */
  private names?: { byName: Map<string, number[]>; byFoldedName: Map<string, number[]> };
  private readonly labels = new Map<number, string>();

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
    }
    this.names = undefined;
  }

  has(id: number): boolean {
    return this.labels.has(id);
  }

  label(id: number): string | undefined {
    return this.labels.get(id);
  }

  ids(): number[] {
    return [...this.labels.keys()];
  }

  resolve(name: string): LookupResult {
    const wanted = name.trim();
    const { byName, byFoldedName } = this.byNames();
    const ids = byName.get(wanted) ?? byFoldedName.get(wanted.toLowerCase()) ?? [];
    if (ids.length === 1) return { ok: true, id: ids[0]! };
    if (ids.length === 0) return { ok: false, rule: this.notFound(wanted), reason: 'missing' };
    return { ok: false, rule: ambiguous(this.def, wanted, ids), reason: 'ambiguous' };
  }

  private byNames(): NonNullable<NameIndex['names']> {
    if (this.names) return this.names;
    const names = { byName: new Map<string, number[]>(), byFoldedName: new Map<string, number[]>() };
    for (const [id, label] of this.labels) {
      push(names.byName, label.trim(), id);
      push(names.byFoldedName, label.trim().toLowerCase(), id);
    }
    return (this.names = names);
  }

  /** `no event status is named "Maybe"; known: Quoted (1), Confirmed (2)`. */
  private notFound(name: string): string {
    const head = `no ${this.def.singular} is named ${JSON.stringify(name)}`;
    if (this.labels.size === 0) return `${head}; there are none`;
    const near = closest(name, this.labels.values());
    // With its id: a name that cannot be typed back (control characters, look-alikes) still has a way in.
    const { byName } = this.byNames();
    const withIds = (label: string) => {
      const ids = [...(byName.get(label.trim()) ?? [])].sort((a, b) => a - b);
      return `${JSON.stringify(label)}${ids.length === 0 ? '' : ` (${ids.length === 1 ? 'id' : 'ids'} ${ids.join(', ')})`}`;
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

/** `2 inventory items are named "Tent": ids 4, 9 (give the id instead)`. */
export function ambiguous(def: ResourceDef, name: string, ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  return `${ids.length} ${def.plural} are named ${JSON.stringify(name)}: ids ${sorted.join(', ')} (give the id instead)`;
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
