// Names → ids for the columns that name a record (`inventoryName`, `pricingType`), and back for
// labels. Exact names first; a name that matches nothing exactly may match regardless of case.

import type { ResourceDef, ResourceName } from '../resources/definitions.js';

export type LookupResult = { ok: true; id: number } | { ok: false; rule: string };

export class NameIndex {
  private readonly byName = new Map<string, number[]>();
  private readonly byFoldedName = new Map<string, number[]>();
  private readonly labels = new Map<number, string>();

  constructor(
    readonly def: ResourceDef,
    records: Iterable<Record<string, unknown>>,
  ) {
    const labelField = def.labelField ?? 'name';
    for (const record of records) {
      const id = Number(record.id);
      const label = record[labelField];
      if (!Number.isInteger(id) || typeof label !== 'string') continue;
      this.labels.set(id, label);
      push(this.byName, label.trim(), id);
      push(this.byFoldedName, label.trim().toLowerCase(), id);
    }
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
    const ids = this.byName.get(wanted) ?? this.byFoldedName.get(wanted.toLowerCase()) ?? [];
    if (ids.length === 1) return { ok: true, id: ids[0]! };
    if (ids.length === 0) return { ok: false, rule: `no ${this.def.singular} named ${JSON.stringify(wanted)}` };
    return { ok: false, rule: ambiguous(this.def, wanted, ids) };
  }
}

/** `2 inventory items are named "Tent": ids 4, 9 (use the id)`. */
export function ambiguous(def: ResourceDef, name: string, ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  return `${ids.length} ${def.plural} are named ${JSON.stringify(name)}: ids ${sorted.join(', ')} (give the id instead)`;
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

export type Lookups = Partial<Record<ResourceName, NameIndex>>;
