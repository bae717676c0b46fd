// From an input row to a draft: what record it names and what it sets, every cell checked against
// the reference's rules. Nothing here needs the server; names are resolved in a second step.

import { bareNumber } from '../data/names.js';
import type { InputRow } from './input/index.js';
import { type NumberStyle, localeProblem } from './input/numbers.js';
import type { RowIssue } from './issues.js';
import type { Lookups } from './lookups.js';
import type { FieldDef } from '../resources/definitions.js';
import { type RowSpec, describeIdentity, field, scopeField } from './spec.js';
import { type Ids, type Values, isBlank, readCell } from './values.js';

export interface Draft {
  line: number;
  /** JSON: the record's index in its array (its rows may share a line). */
  index?: number;
  id?: number;
  /** Key fields the row gives directly (ids, or text such as an inventory item's name). */
  key: Values;
  /** Key fields the row gives by name, still to resolve: inventoryId → "Tent 20x20". */
  names: Record<string, string>;
  /** The key fields whose name stands in their id column (`rentalBlockId: Weekend`), not in the name column. */
  namedInIdColumn?: string[];
  /** What the row sets. */
  values: Values;
  /** Empty when the row is valid. */
  issues: RowIssue[];
}

export interface DraftContext {
  spec: RowSpec;
  /** The column number of a name in the input (CSV), for positions in messages. */
  columnOf: (name: string) => number | undefined;
  /** Fields fixed for the whole run: `{ eventId: 12 }` for bookings. */
  scope: Ids;
  /** How the file writes numbers (--locale, or a `;`-separated file); undefined: as the API does (`1200.50`). */
  numbers?: () => NumberStyle | undefined;
}

/** What readDraft needs of a spec, found once per spec rather than per row. */
export interface DraftShape {
  id: FieldDef;
  values: ReadonlyArray<{ name: string; field: FieldDef; inKey: boolean }>;
  /** Each key field: its own cell (undefined when it is also a value), and the column that names it. */
  key: ReadonlyArray<{ name: string; field: FieldDef | undefined; nameColumn: string | undefined }>;
  scope: string | undefined;
}

const shapes = new WeakMap<RowSpec, DraftShape>();

export function shapeOf(spec: RowSpec): DraftShape {
  let shape = shapes.get(spec);
  if (!shape) {
    shape = {
      id: field(spec, 'id'),
      values: spec.values.map((name) => ({ name, field: field(spec, name), inKey: spec.key.includes(name) })),
      key: spec.key.map((name) => ({
        name,
        field: spec.values.includes(name) ? undefined : field(spec, name),
        nameColumn: spec.names.find((n) => n.field === name)?.column,
      })),
      scope: scopeField(spec),
    };
    shapes.set(spec, shape);
  }
  return shape;
}

function addIssue(draft: Draft, columnOf: DraftContext['columnOf'], name: string | undefined, rule: string, value?: unknown): void {
  draft.issues.push({
    line: draft.line,
    index: draft.index,
    column: name === undefined ? undefined : columnOf(name),
    field: name,
    rule,
    value,
  });
}

/** A cell under its field's rule (undefined when empty); a broken one is an issue of the draft. */
function cell(row: InputRow, ctx: DraftContext, draft: Draft, name: string, f: FieldDef): ReturnType<typeof readCell> {
  const raw = row.values[name];
  const style = f.kind === 'decimal' && typeof raw === 'string' ? ctx.numbers?.() : undefined;
  const plain = style?.plain(raw as string);
  // Under --locale, a number not written as that locale writes it is refused, not read as the API's form.
  const foreign = style !== undefined && style.decimal !== 'either' && plain === undefined ? localeProblem(raw as string, style) : undefined;
  const parsed: ReturnType<typeof readCell> = foreign !== undefined ? { ok: false, rule: foreign } : readCell(f, plain ?? raw);
  if (parsed && !parsed.ok) {
    const rule = foreign ?? (f.kind === 'decimal' && typeof raw === 'string' ? localeProblem(raw, style) : undefined) ?? parsed.rule;
    addIssue(draft, ctx.columnOf, name, rule, raw);
  }
  return parsed;
}

export function readDraft(row: InputRow, ctx: DraftContext): Draft {
  const { spec } = ctx;
  const shape = shapeOf(spec);
  const draft: Draft = { line: row.line, key: {}, names: {}, values: {}, issues: [] };
  if (row.index !== undefined) draft.index = row.index;
  if (row.problem !== undefined) {
    addIssue(draft, ctx.columnOf, undefined, row.problem);
    return draft;
  }
  if (row.unread) {
    // A formula never calculated is no blank cell: the fields read from one say so.
    const used = new Set(['id', ...shape.values.map((v) => v.name), ...shape.key.flatMap((k) => [k.name, k.nameColumn ?? k.name]), ...(shape.scope === undefined ? [] : [shape.scope])]);
    for (const [name, rule] of Object.entries(row.unread)) if (used.has(name)) addIssue(draft, ctx.columnOf, name, rule);
    if (draft.issues.length > 0) return draft;
  }

  const id = cell(row, ctx, draft, 'id', shape.id);
  if (id?.ok) draft.id = id.value as number;
  for (const { name, field: f } of shape.values) {
    const parsed = cell(row, ctx, draft, name, f);
    if (parsed?.ok) draft.values[name] = parsed.value;
  }
  for (const { name, field: f, nameColumn } of shape.key) {
    const raw = row.values[name];
    if (f?.kind === 'id' && nameColumn !== undefined && isReference(raw) && isBlank(row.values[nameColumn])) {
      // A name in an id column, read as the id flags read one (`--rental-block-id Weekend`, `name:2026`, `id:7`).
      draft.names[name] = raw.trim();
      (draft.namedInIdColumn ??= []).push(name);
      continue;
    }
    const given = f === undefined ? undefined : cell(row, ctx, draft, name, f);
    const value = given?.ok ? given.value : draft.values[name];
    if (value !== undefined) draft.key[name] = value;
    else if (given === undefined) readName(row, nameColumn, name, draft);
  }
  if (shape.scope !== undefined) checkScope(row, ctx, shape.scope, draft);

  if (draft.issues.length > 0) return draft;
  let named = true;
  for (const { name } of shape.key) if (draft.key[name] === undefined && draft.names[name] === undefined) named = false;
  if (draft.id === undefined && !named) {
    addIssue(draft, ctx.columnOf, undefined, `does not say which ${spec.def.singular}: give ${describeIdentity(spec)}`);
  }
  // Without an id, a key field that is also a value (an item's name) finds the record; it sets nothing.
  let setting = false;
  for (const { name, inKey } of shape.values) if (draft.values[name] !== undefined && (draft.id !== undefined || !inKey)) setting = true;
  if (!setting) {
    const settable = spec.values.filter((v) => draft.id !== undefined || !spec.key.includes(v));
    addIssue(draft, ctx.columnOf, undefined, `sets nothing: give ${settable.length === 1 ? settable[0] : `one of ${settable.join(', ')}`}`);
  }
  return draft;
}

/** Text other than a plain id (`Weekend`, `1.5`, `name:2026`, `id:7`, not `7`): a reference the id flags would resolve. */
function isReference(raw: unknown): raw is string {
  return typeof raw === 'string' && raw.trim() !== '' && bareNumber(raw) === undefined;
}

function readName(row: InputRow, column: string | undefined, keyField: string, draft: Draft): void {
  const raw = column === undefined ? undefined : row.values[column];
  if (column !== undefined && typeof raw === 'string' && raw.trim() !== '') draft.names[keyField] = raw.trim();
}

function checkScope(row: InputRow, ctx: DraftContext, scope: string, draft: Draft): void {
  const wanted = ctx.scope[scope];
  if (wanted === undefined) throw new Error(`a ${ctx.spec.def.name} import needs ${scope} as its scope`);
  const parsed = readCell(field(ctx.spec, scope), row.values[scope]);
  if (parsed === undefined) return;
  if (!parsed.ok) addIssue(draft, ctx.columnOf, scope, parsed.rule, row.values[scope]);
  else if (parsed.value !== wanted) addIssue(draft, ctx.columnOf, scope, `this import is for ${scope} ${wanted}`, row.values[scope]);
}

/** Replaces names by ids (`inventoryName` → `inventoryId`); a missing or ambiguous name is an issue. */
export function resolveNames(draft: Draft, spec: RowSpec, lookups: Lookups, columnOf: DraftContext['columnOf']): void {
  for (const column of spec.names) {
    const index = lookups[column.resource];
    if (!index) throw new Error(`the ${column.resource} lookup was not loaded`);
    const name = draft.names[column.field];
    const inIdColumn = draft.namedInIdColumn?.includes(column.field) === true;
    const shownIn = name === undefined || inIdColumn ? column.field : column.column;
    // A name in its own column is a name; in the id column, a reference as the id flags read one (`name:2026`, `id:7`).
    const found = name === undefined ? undefined : inIdColumn ? index.resolveRef(name) : index.resolve(name);
    if (found && !found.ok) addIssue(draft, columnOf, shownIn, found.rule, name);
    const id = found ? (found.ok ? found.id : undefined) : draft.key[column.field];
    if (typeof id !== 'number') continue;
    if (!index.has(id)) addIssue(draft, columnOf, shownIn, `no ${index.def.singular} has this id`, name ?? id);
    else draft.key[column.field] = id;
  }
}
