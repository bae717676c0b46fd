// From an input row to a draft: what record it names and what it sets, every cell checked against
// the reference's rules. Nothing here needs the server; names are resolved in a second step.

import type { InputRow } from './input/index.js';
import type { RowIssue } from './issues.js';
import type { Lookups } from './lookups.js';
import { type RowSpec, describeIdentity, field, scopeField } from './spec.js';
import { type Ids, type Values, readCell } from './values.js';

export interface Draft {
  line: number;
  id?: number;
  /** Key fields the row gives directly (ids, or text such as an inventory item's name). */
  key: Values;
  /** Key fields the row gives by name, still to resolve: inventoryId → "Tent 20x20". */
  names: Record<string, string>;
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
  /** The CSV separates fields with `;`: a comma in a number is a decimal comma. */
  semicolons?: () => boolean;
}

/** `12,50`: a decimal comma, as European spreadsheets write numbers. */
const DECIMAL_COMMA = /^\s*-?\d+,\d+\s*$/;

export function readDraft(row: InputRow, ctx: DraftContext): Draft {
  const { spec } = ctx;
  const draft: Draft = { line: row.line, key: {}, names: {}, values: {}, issues: [] };
  const issue = (name: string | undefined, rule: string, value?: unknown): void => {
    draft.issues.push({
      line: row.line,
      column: name === undefined ? undefined : ctx.columnOf(name),
      field: name,
      rule,
      value,
    });
  };
  if (row.problem !== undefined) {
    issue(undefined, row.problem);
    return draft;
  }
  const cell = (name: string): ReturnType<typeof readCell> => {
    const raw = row.values[name];
    const f = field(spec, name);
    const parsed = readCell(f, raw);
    if (parsed && !parsed.ok) {
      const decimalComma = f.kind === 'decimal' && typeof raw === 'string' && DECIMAL_COMMA.test(raw) && ctx.semicolons?.() === true;
      const rule = decimalComma
        ? `has a decimal comma: write ${raw.trim().replace(',', '.')}, not ${raw.trim()} (export the sheet with a decimal point; the ; between fields is fine)`
        : parsed.rule;
      issue(name, rule, raw);
    }
    return parsed;
  };

  const id = cell('id');
  if (id?.ok) draft.id = id.value as number;
  for (const name of spec.values) {
    const parsed = cell(name);
    if (parsed?.ok) draft.values[name] = parsed.value;
  }
  for (const name of spec.key) {
    const given = spec.values.includes(name) ? undefined : cell(name);
    const value = given?.ok ? given.value : draft.values[name];
    if (value !== undefined) draft.key[name] = value;
    else if (given === undefined) readName(row, spec, name, draft);
  }
  const scope = scopeField(spec);
  if (scope !== undefined) checkScope(row, ctx, scope, issue);

  if (draft.issues.length > 0) return draft;
  const named = spec.key.every((k) => draft.key[k] !== undefined || draft.names[k] !== undefined);
  if (draft.id === undefined && !named) {
    issue(undefined, `does not say which ${spec.def.singular}: give ${describeIdentity(spec)}`);
  }
  // Without an id, a key field that is also a value (an item's name) finds the record; it sets nothing.
  const setting = spec.values.filter((v) => draft.values[v] !== undefined && (draft.id !== undefined || !spec.key.includes(v)));
  if (setting.length === 0) {
    const settable = spec.values.filter((v) => draft.id !== undefined || !spec.key.includes(v));
    issue(undefined, `sets nothing: give ${settable.length === 1 ? settable[0] : `one of ${settable.join(', ')}`}`);
  }
  return draft;
}

function readName(row: InputRow, spec: RowSpec, keyField: string, draft: Draft): void {
  const column = spec.names.find((n) => n.field === keyField)?.column;
  const raw = column === undefined ? undefined : row.values[column];
  if (column !== undefined && typeof raw === 'string' && raw.trim() !== '') draft.names[keyField] = raw.trim();
}

function checkScope(row: InputRow, ctx: DraftContext, scope: string, issue: (n: string, r: string, v?: unknown) => void): void {
  const wanted = ctx.scope[scope];
  if (wanted === undefined) throw new Error(`a ${ctx.spec.def.name} import needs ${scope} as its scope`);
  const parsed = readCell(field(ctx.spec, scope), row.values[scope]);
  if (parsed === undefined) return;
  if (!parsed.ok) issue(scope, parsed.rule, row.values[scope]);
  else if (parsed.value !== wanted) issue(scope, `this import is for ${scope} ${wanted}`, row.values[scope]);
}

/** Replaces names by ids (`inventoryName` → `inventoryId`); a missing or ambiguous name is an issue. */
export function resolveNames(draft: Draft, spec: RowSpec, lookups: Lookups, columnOf: DraftContext['columnOf']): void {
  for (const column of spec.names) {
    const index = lookups[column.resource];
    if (!index) throw new Error(`the ${column.resource} lookup was not loaded`);
    const name = draft.names[column.field];
    const given = draft.key[column.field];
    if (name !== undefined) {
      const found = index.resolve(name);
      if (found.ok) draft.key[column.field] = found.id;
      else draft.issues.push({ line: draft.line, column: columnOf(column.column), field: column.column, rule: found.rule, value: name });
    } else if (typeof given === 'number' && !index.has(given)) {
      draft.issues.push({
        line: draft.line,
        column: columnOf(column.field),
        field: column.field,
        rule: `no ${index.def.singular} has this id`,
        value: given,
      });
    }
  }
}
