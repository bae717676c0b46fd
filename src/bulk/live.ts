// The records as the server has them, indexed by id and by the spec's key, in the bulk value form.
// Held as their values only (the compared fields), never as the records the server sent.

import type { FieldDef } from '../resources/definitions.js';
import { type RowSpec, field, parentField } from './spec.js';
import { type Ids, type Scalar, type Values, readLiveValue } from './values.js';

export interface LiveRecord {
  id: number;
  /** Every field of the resource (but id), normalised: what a PUT body is merged from. */
  values: Values;
}

/**
 * Held compactly, a column per field and a row per record (300k prices are a few arrays of
 * numbers, not 300k records): a LiveRecord is made when one is asked for. The key index is built
 * on the first look-up by key; a file whose rows all give ids never needs it.
 */
export class LiveIndex {
  private readonly fields: string[];
  /** Each field's description, in the order of `fields` (found on the first add). */
  private defs?: FieldDef[];
  /** Each key field with its column (found once, on the first key built). */
  private keyColumns?: ReadonlyArray<readonly [string, number]>;
  private readonly columns: Array<Array<Scalar | undefined>>;
  private readonly ids: number[] = [];
  /** id → row: an array (dense ids are a few MB, not a map entry each; V8 turns a sparse one into a dictionary itself) */
  private readonly rowOfId: number[] = [];
  private rowsOfKey?: Map<string, number | number[]>;
  /** Parent id → why its records could not be read: the rows under it cannot be planned. */
  private readonly unread = new Map<number, string>();

  constructor(readonly spec: RowSpec) {
    this.fields = spec.def.fields.map((f) => f.name).filter((name) => name !== 'id');
    this.columns = this.fields.map(() => []);
  }

  /** A parent whose listing failed (after the client's retries). */
  markUnread(parentId: number, why: string): this {
    this.unread.set(parentId, why);
    return this;
  }

  /** Whether some parent's listing failed. */
  anyUnread(): boolean {
    return this.unread.size > 0;
  }

  /** Why the records under these values' parent are unknown; undefined when they were read. */
  unreadFor(values: Record<string, Scalar | undefined>): string | undefined {
    const parent = parentField(this.spec);
    if (parent === undefined || this.unread.size === 0) return undefined;
    const parentId = values[parent];
    if (typeof parentId === 'number') return this.unread.get(parentId);
    // A row that names its record by id alone may be under any parent, an unread one too.
    return values.id !== undefined && this.get(values.id as number) === undefined ? this.unread.values().next().value : undefined;
  }

  /** Adds the records of one listing; `parentId` fills the parent field when a server omits it. */
  add(records: Iterable<Record<string, unknown>>, parentId?: number): this {
    // Straight into the columns (as toLiveRecord reads each field), without a record made per entry.
    this.defs ??= this.fields.map((name) => field(this.spec, name));
    const defs = this.defs;
    const parent = parentId === undefined ? -1 : this.fields.indexOf(parentField(this.spec) ?? '');
    for (const raw of records) {
      const id = Number(raw.id);
      if (!Number.isInteger(id)) continue;
      // A record listed again replaces what was held of it, as a map by id would.
      let row = this.rowOfId[id];
      const again = row !== undefined;
      if (row === undefined) {
        row = this.ids.length;
        this.rowOfId[id] = row;
        this.ids.push(id);
      }
      for (let f = 0; f < defs.length; f++) {
        const def = defs[f]!;
        const value = readLiveValue(def, raw[def.name]);
        this.columns[f]![row] = value === undefined && f === parent ? parentId : value;
      }
      // A record listed again may have a new key: the key index is made afresh when next asked.
      if (again) this.rowsOfKey = undefined;
      else if (this.rowsOfKey) this.addKey(row);
    }
    return this;
  }

  get(id: number): LiveRecord | undefined {
    const row = Number.isInteger(id) ? this.rowOfId[id] : undefined;
    return row === undefined ? undefined : this.recordAt(row);
  }

  /** Records whose key fields equal these (several when the key is not unique on the server). */
  withKey(values: Values): LiveRecord[] {
    const key = keyString(this.spec, values);
    if (key === undefined) return [];
    if (!this.rowsOfKey) {
      this.rowsOfKey = new Map();
      for (let row = 0; row < this.ids.length; row++) this.addKey(row);
    }
    const rows = this.rowsOfKey.get(key);
    if (rows === undefined) return [];
    return typeof rows === 'number' ? [this.recordAt(rows)] : rows.map((row) => this.recordAt(row));
  }

  /** Each record's id with its value of one field (a name index made without a record per row). */
  *valuesOf(name: string): Generator<[number, Scalar | undefined]> {
    const column = this.columns[this.fields.indexOf(name)];
    if (!column) return;
    for (let row = 0; row < this.ids.length; row++) yield [this.ids[row]!, column[row]];
  }

  /** The record a plan or report row names: by id when it has one, else by its key. */
  find(ids: Ids, values: Values): LiveRecord | undefined {
    if (ids.id !== undefined) return this.get(ids.id);
    const matches = this.withKey({ ...values, ...ids });
    return matches.length === 1 ? matches[0] : undefined;
  }

  private recordAt(row: number): LiveRecord {
    const values: Values = {};
    for (let f = 0; f < this.fields.length; f++) {
      const value = this.columns[f]![row];
      if (value !== undefined) values[this.fields[f]!] = value;
    }
    return { id: this.ids[row]!, values };
  }

  /** The key of a row from its key columns only (not a whole record per row, as the index is built over every row). */
  private addKey(row: number): void {
    const keyValues: Values = {};
    this.keyColumns ??= this.spec.key.map((name) => [name, this.fields.indexOf(name)] as const);
    for (const [name, column] of this.keyColumns) {
      const value = this.columns[column]?.[row];
      if (value !== undefined) keyValues[name] = value;
    }
    const key = keyString(this.spec, keyValues);
    if (key === undefined) return;
    const rows = this.rowsOfKey!.get(key);
    if (rows === undefined) this.rowsOfKey!.set(key, row);
    else if (typeof rows === 'number') this.rowsOfKey!.set(key, [rows, row]);
    else rows.push(row);
  }

  /** By key fields (numbers numerically, text alphabetically), then id. */
  sorted(): LiveRecord[] {
    return this.ids.map((_, row) => this.recordAt(row)).sort(byKey(this.spec));
  }
}

/** The order of records by the spec's key fields (numbers numerically, text alphabetically), then id. */
export function byKey(spec: RowSpec): (a: LiveRecord, b: LiveRecord) => number {
  return (a, b) => {
    for (const name of spec.key) {
      const x = a.values[name];
      const y = b.values[name];
      if (x === y) continue;
      return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    }
    return a.id - b.id;
  };
}

export function toLiveRecord(spec: RowSpec, raw: Record<string, unknown>): LiveRecord | undefined {
  const id = Number(raw.id);
  if (!Number.isInteger(id)) return undefined;
  const values: Values = {};
  for (const f of spec.def.fields) {
    if (f.name === 'id') continue;
    const value = readLiveValue(f, raw[f.name]);
    if (value !== undefined) values[f.name] = value;
  }
  return { id, values };
}

/** The key fields' values joined; undefined when one is missing. */
export function keyString(spec: RowSpec, values: Record<string, Scalar | undefined>): string | undefined {
  const parts: string[] = [];
  for (const name of spec.key) {
    const value = values[name];
    if (value === undefined) return undefined;
    parts.push(field(spec, name).kind === 'string' ? String(value).trim() : String(value));
  }
  return parts.join('\u0000');
}
