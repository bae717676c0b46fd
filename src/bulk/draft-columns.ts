// The checked rows of an import held until they are planned (up to HELD_ITEMS, the whole check
// long): a draft of the usual shape (valid, no name left to resolve) as a few numbers in columns
// rather than five objects that each young collection copies and each full one marks; any other
// draft as it is. Each is made again, as readDraft made it, when it is read.

import { type Draft, shapeOf } from './draft.js';
import type { RowSpec } from './spec.js';
import type { HeldItems } from './spool.js';
import type { Scalar } from './values.js';

/** Drafts made again per run: a run is planned and dropped before the next is made. */
const RUN_DRAFTS = 512;

/** A cell the draft does not have (NaN is never a checked value). */
const NONE = Number.NaN;

const absent = (value: Scalar): boolean => value !== value;

export function draftColumns(spec: RowSpec): HeldItems<Draft> {
  const shape = shapeOf(spec);
  const values = shape.values.map((v) => v.name);
  /** The key fields with a cell of their own; the others (an item's name) are values too. */
  const ownKeys = shape.key.filter((k) => k.field !== undefined).map((k) => k.name);
  const keyOrder = shape.key.map((k) => ({ name: k.name, own: ownKeys.indexOf(k.name), value: values.indexOf(k.name) }));
  const lines: number[] = [];
  const ids: number[] = [];
  /** JSON: each record's index in its array (NONE for none). */
  const indexes: number[] = [];
  const keyColumns: Scalar[][] = ownKeys.map(() => []);
  const valueColumns: Scalar[][] = values.map(() => []);
  /** Drafts of another shape, by position. */
  const others = new Map<number, Draft>();

  /** Whether the columns say all there is of the draft: readDraft's fields, nothing else. */
  const fits = (draft: Draft): boolean => {
    if (draft.issues.length > 0) return false;
    for (const _ in draft.names) return false;
    let keys = 0;
    for (const { name, own } of keyOrder) {
      const given = draft.key[name];
      // A key field without a cell of its own is the value of the same name (an item's name).
      if (own < 0 && given !== draft.values[name]) return false;
      if (given !== undefined) keys++;
    }
    let set = 0;
    for (const name of values) if (draft.values[name] !== undefined) set++;
    for (const _ in draft.key) keys--;
    for (const _ in draft.values) set--;
    return keys === 0 && set === 0;
  };

  const made = (at: number): Draft => {
    const draft: Draft = { line: lines[at]!, key: {}, names: {}, values: {}, issues: [] };
    const id = ids[at]!;
    if (!absent(id)) draft.id = id;
    const index = indexes[at]!;
    if (!absent(index)) draft.index = index;
    for (let v = 0; v < values.length; v++) {
      const value = valueColumns[v]![at]!;
      if (!absent(value)) draft.values[values[v]!] = value;
    }
    for (const { name, own, value } of keyOrder) {
      const given = own >= 0 ? keyColumns[own]![at]! : valueColumns[value]![at]!;
      if (!absent(given)) draft.key[name] = given;
    }
    return draft;
  };

  return {
    push(draft) {
      const at = lines.length;
      lines.push(draft.line);
      const packed = fits(draft);
      if (!packed) others.set(at, draft);
      ids.push(packed && draft.id !== undefined ? draft.id : NONE);
      indexes.push(packed && draft.index !== undefined ? draft.index : NONE);
      for (let k = 0; k < ownKeys.length; k++) keyColumns[k]!.push((packed ? draft.key[ownKeys[k]!] : undefined) ?? NONE);
      for (let v = 0; v < values.length; v++) valueColumns[v]!.push((packed ? draft.values[values[v]!] : undefined) ?? NONE);
    },
    get length() {
      return lines.length;
    },
    *runs() {
      for (let start = 0; start < lines.length; start += RUN_DRAFTS) {
        const end = Math.min(lines.length, start + RUN_DRAFTS);
        const run: Draft[] = [];
        for (let at = start; at < end; at++) run.push((others.size === 0 ? undefined : others.get(at)) ?? made(at));
        yield run;
      }
    },
  };
}
