// What each row would do against the live records: create, update (old → new), unchanged,
// invalid or refused (--max-change, or a price moved by a factor of ten or more). A plan is plain JSON data: it can be written to a file,
// read back and applied later, when every write first checks that "old" is still true.

import type { ResourceName } from '../resources/definitions.js';
import { MATCHED_ALIKE, type NameIndex, ambiguous, foldName, recordsText } from '../data/names.js';
import type { Draft } from './draft.js';
import { spreadsheetRewrite } from './sheet-rewrites.js';
import { type RowIssue, describeIssues } from './issues.js';
import { type LiveIndex, type LiveRecord, keyString } from './live.js';
import { type RowPlace, placeOf, rowKey, rowName } from './row-place.js';
import type { Lookups } from './lookups.js';
import { type Money, exceedsChange, formatChangePercent, formatMoney, money } from '../domain/money.js';
import { implausibleChange } from '../domain/implausible-change.js';
import { type RowSpec, bodyFields, field, idFields, moneyFields } from './spec.js';
import { type Ids, type Scalar, type Values, sameValue } from './values.js';

/** The plan file's version written (plan-file.ts: 2 signs its rows as they pass, its digest last). */
export const PLAN_VERSION = 2;
/** How an undo's plan names its source (`undo of run.ndjson`): the only plans that delete. */
export const UNDO_SOURCE_PREFIX = 'undo of ';

/**
 * `unread`: the records the row names could not be read (a listing failed); it fails, --resume retries it.
 * `stale`: an undo's row whose record changed since the report (found when the plan was made): never sent.
 */
export type PlanAction = 'create' | 'update' | 'delete' | 'unchanged' | 'invalid' | 'refused' | 'unread' | 'stale';
export const PLAN_ACTIONS: readonly PlanAction[] = ['create', 'update', 'delete', 'unchanged', 'invalid', 'refused', 'unread', 'stale'];
/** The actions of rows that are never sent: they do not apply. */
export const NOT_SENT: ReadonlySet<PlanAction> = new Set(['invalid', 'refused', 'unread', 'stale']);

export interface PlanRow {
  /** The input line (or ordinal, for adjust) the row comes from. */
  line: number;
  /** JSON: the row's index in its line's array or values, when the line holds several rows: with `line`, its identity. */
  index?: number;
  action: PlanAction;
  ids: Ids;
  /** For people: `Tent 20x20 / Weekend`. */
  label?: string;
  /** The fields the row changes, as they are (update, delete, unchanged); null for create and invalid. */
  old: Values | null;
  /** The same fields as they will be (create: the whole body); null for delete and invalid. */
  new: Values | null;
  /** Why the row is invalid, refused, unread or stale. */
  error?: string;
  /** A refused or stale row's `error` again, under the name scripts read beside `action`. */
  reason?: string;
}

export type PlanTotals = Record<PlanAction, number>;

export interface Plan {
  version: typeof PLAN_VERSION;
  resource: ResourceName;
  createdAt: string;
  /** Where the rows came from: a file name, `adjust --percent 5`, `undo of report.ndjson`. */
  source: string;
  /** Fields fixed for the whole run (`{ eventId: 12 }`). */
  scope: Ids;
  totals: PlanTotals;
  rows: PlanRow[];
}

/**
 * A plan whose rows are read from a spool each time they are iterated (an import's, a plan file's):
 * never held whole. `rows` of a plan run while it lists may each wait for their parent's records.
 */
export interface SpooledPlan extends Omit<Plan, 'rows'> {
  count: number;
  rows: () => AsyncIterable<PlanRow>;
  /** By parent id, how many of its rows will look their record up (create, update, delete): a run drops a parent's listing after its last. */
  lookupsByParent?: ReadonlyArray<number | undefined>;
}

/** Rows that look their record up before a write. */
export function looksUp(row: PlanRow): boolean {
  return row.action === 'create' || row.action === 'update' || row.action === 'delete';
}

export type AnyPlan = Plan | SpooledPlan;

export function rowCount(plan: AnyPlan): number {
  return typeof plan.rows === 'function' ? (plan as SpooledPlan).count : plan.rows.length;
}

export function rowsOf(plan: AnyPlan): Iterable<PlanRow> | AsyncIterable<PlanRow> {
  return typeof plan.rows === 'function' ? plan.rows() : plan.rows;
}

export interface PlanOptions {
  /** Refuse rows that move a price by more than this many percent. */
  maxChange?: Money;
  /** Without maxChange: refuse rows that move a price by a factor of ten or more (a spreadsheet's separator or unit mix-up). */
  implausible?: boolean;
  /**
   * Text that differs from the record's only as a spreadsheet rewrites it (`007` → `7`) is left as
   * the record has it and told here; with `renames`, written as the file has it.
   */
  rewritten?: (note: RowIssue) => void;
  renames?: boolean;
  source: string;
  scope?: Ids;
  now?: () => number;
  /** The column number of a name in the input (CSV), for positions in messages. */
  columnOf?: (name: string) => number | undefined;
  /** What the resource's writer fills in a new record's field left out (its `writerFills`), or why it cannot. */
  fill?: WriterFill;
}

/** A value the writer would give a new record's field left out (a booking's price from the block), or why there is none. */
export type WriterFill = (name: string, body: Values) => { value: Scalar } | { error: string } | undefined;

interface Planner {
  spec: RowSpec;
  live: LiveIndex;
  lookups: Lookups;
  options: PlanOptions;
  scope: Ids;
  /** record → the first line that sets it: by id (an array: 300k ids are not 300k map entries), a new one by its key as text */
  /** The line (a number: kept compact) or place of the row that set each record, by id, or a new one's key. */
  claimed: { ids: Array<number | RowPlace>; keys: Map<string, number | RowPlace> };
  /** Found once for the run, not per row: the fields of a row's ids, each key field with the lookup that names it. */
  idNames: readonly string[];
  keyLabels: ReadonlyArray<{ name: string; names: NameIndex | undefined }>;
  /** A resource whose names are unique (items): the names the rows give as folded by a lookup, and the live records' (made on first use). */
  names?: { field: string; given: Map<string, GivenName>; live?: Map<string, Array<{ id: number; name: string }>> };
}

/** A name a row gives a new record, or a record it renames. */
interface GivenName extends RowPlace {
  name: string;
  /** The record renamed; none for a new one. */
  id?: number;
}

export function emptyTotals(): PlanTotals {
  return { create: 0, update: 0, delete: 0, unchanged: 0, invalid: 0, refused: 0, unread: 0, stale: 0 };
}

export function totalsOf(rows: Iterable<PlanRow>): PlanTotals {
  const totals = emptyTotals();
  for (const row of rows) totals[row.action]++;
  return totals;
}

/**
 * The plan with each row found stale by a check against the server (an undo's record changed
 * since its report) marked `stale`, with why: such a row is shown so, counted so, and never sent.
 */
export function markStale(plan: Plan, found: ReadonlyMap<string, { outcome: string; error?: string }>): Plan {
  const rows = plan.rows.map((row): PlanRow => {
    const seen = found.get(rowKey(row));
    if (seen?.outcome !== 'stale' || NOT_SENT.has(row.action) || row.action === 'unchanged') return row;
    const why = seen.error ?? 'changed since the report';
    return { ...row, action: 'stale', error: why, reason: why };
  });
  return { ...plan, rows, totals: totalsOf(rows) };
}

export function newPlan(spec: RowSpec, rows: PlanRow[], options: PlanOptions): Plan {
  return { ...planHead(spec, options), totals: totalsOf(rows), rows };
}

/** What a plan says besides its rows and totals. */
export function planHead(spec: RowSpec, options: PlanOptions): Pick<Plan, 'version' | 'resource' | 'createdAt' | 'source' | 'scope'> {
  return {
    version: PLAN_VERSION,
    resource: spec.def.name,
    createdAt: new Date((options.now ?? Date.now)()).toISOString(),
    source: options.source,
    scope: options.scope ?? {},
  };
}

/**
 * Plans drafts (names already resolved) against the live records. Returns the plan and every
 * issue of every row, in line order; invalid rows stay in the plan with their error.
 */
export function planDrafts(
  spec: RowSpec,
  drafts: readonly Draft[],
  live: LiveIndex,
  lookups: Lookups,
  options: PlanOptions,
): { plan: Plan; issues: RowIssue[] } {
  const plan = rowPlanner(spec, live, lookups, options);
  const issues: RowIssue[] = [];
  const rows = drafts.map((draft) => {
    const row = plan(draft);
    issues.push(...draft.issues);
    return row;
  });
  return { plan: newPlan(spec, rows, options), issues };
}

/**
 * Plans drafts one at a time, in file order (a draft's issues gain what planning finds): what
 * planDrafts does for an array, for a stream that is never held whole.
 */
export function rowPlanner(spec: RowSpec, live: LiveIndex, lookups: Lookups, options: PlanOptions): (draft: Draft) => PlanRow {
  const keyLabels = spec.key.map((name) => {
    const column = spec.names.find((n) => n.field === name);
    return { name, names: column && lookups[column.resource] };
  });
  const claimed = { ids: [], keys: new Map() };
  const names = spec.def.uniqueLabel ? { field: spec.def.labelField ?? 'name', given: new Map<string, GivenName>() } : undefined;
  const planner: Planner = { spec, live, lookups, options, scope: options.scope ?? {}, claimed, idNames: idFields(spec).filter((name) => name !== 'id'), keyLabels, names };
  return (draft) => planDraft(planner, draft);
}

function planDraft(planner: Planner, draft: Draft): PlanRow {
  const { spec, options, claimed } = planner;
  if (draft.issues.length > 0) return invalidRow(planner, draft);
  const unread = planner.live.anyUnread() ? planner.live.unreadFor({ ...planner.scope, ...draft.key, ...(draft.id === undefined ? {} : { id: draft.id }) }) : undefined;
  if (unread !== undefined) return unreadRow(planner, draft, unread);
  const record = matchRecord(planner, draft);
  if (draft.issues.length > 0) return invalidRow(planner, draft);

  const key = record ? undefined : `+${keyString(spec, draft.key)}`;
  const first = record ? claimed.ids[record.id] : claimed.keys.get(key!);
  if (first !== undefined) {
    const earlier = typeof first === 'number' ? { line: first } : first;
    addIssue(planner, draft, undefined, `sets the same ${spec.def.singular} as ${rowName(earlier)}; a file may set each once`);
    return invalidRow(planner, draft);
  }
  const place = draft.index === undefined ? draft.line : placeOf(draft);
  if (record) claimed.ids[record.id] = place;
  else claimed.keys.set(key!, place);

  if (!record) return createRow(planner, draft);
  const ids = idsOf(planner, record.id, record.values);
  // The record's values first, then the row's key: the label of what the row names.
  const label = labelOf(planner, record.values, draft.key);
  // The fields the row sets, as the record has them, and those it changes.
  const current: Values = {};
  const changed: string[] = [];
  for (const name in draft.values) {
    const value = record.values[name];
    if (value !== undefined) current[name] = value;
    if (sameValue(field(spec, name), value, draft.values[name])) continue;
    if (!options.renames && rewrittenBySheet(planner, draft, name, value)) continue;
    changed.push(name);
  }
  if (changed.length === 0) return { ...placeOf(draft), action: 'unchanged', ids, label, old: current, new: current };
  if (planner.names && changed.includes(planner.names.field) && !nameOfItsOwn(planner, draft, draft.values[planner.names.field], record.id)) return invalidRow(planner, draft);
  const row: PlanRow = {
    ...placeOf(draft),
    action: 'update',
    ids,
    label,
    old: pick(record.values, changed),
    new: pick(draft.values, changed),
  };
  const refusal = options.maxChange ? refuse(spec, row, options.maxChange) : options.implausible ? refuseImplausible(spec, row) : undefined;
  return refusal ? { ...row, action: 'refused', error: refusal, reason: refusal } : row;
}

/** The record's text and the file's differ only as a spreadsheet rewrites text: told, and left as the record has it. */
function rewrittenBySheet(planner: Planner, draft: Draft, name: string, live: Scalar | undefined): boolean {
  const written = draft.values[name];
  if (typeof live !== 'string' || typeof written !== 'string') return false;
  const how = spreadsheetRewrite(live, written);
  if (how === undefined) return false;
  const column = planner.options.columnOf?.(name);
  planner.options.rewritten?.({ line: draft.line, column, field: name, rule: `${JSON.stringify(written)} is ${JSON.stringify(live)} as a spreadsheet rewrote it (${how}): left as it is`, value: written });
  return true;
}

/** The live record a valid draft names, or undefined for a new one; a problem becomes an issue. */
function matchRecord(planner: Planner, draft: Draft): LiveRecord | undefined {
  const { spec, live } = planner;
  if (draft.id !== undefined) {
    const record = live.get(draft.id);
    if (!record) {
      addIssue(planner, draft, 'id', `no ${spec.def.singular} has this id`, draft.id);
      return undefined;
    }
    for (const name of spec.key) {
      if (spec.values.includes(name) || draft.key[name] === undefined) continue;
      if (!sameValue(field(spec, name), record.values[name], draft.key[name])) {
        const rule = `${spec.def.singular} ${draft.id} has ${name} ${String(record.values[name])}`;
        addIssue(planner, draft, name, rule, draft.key[name]);
      }
    }
    return record;
  }
  const matches = live.withKey(draft.key);
  if (matches.length <= 1) return matches[0];
  const ids = matches.map((m) => m.id);
  const [only] = spec.key;
  const byName = spec.key.length === 1 && field(spec, only!).kind === 'string';
  const rule = byName
    ? ambiguous(spec.def, String(draft.key[only!]), ids)
    : `${matches.length} ${spec.def.plural} match ${describeKey(spec, draft.key)}: ids ${ids.join(', ')} (give the id instead)`;
  addIssue(planner, draft, byName ? only : undefined, rule);
  return undefined;
}

function createRow(planner: Planner, draft: Draft): PlanRow {
  const { spec, scope } = planner;
  const defaults = (spec.def.createDefaults ?? {}) as Values;
  const body: Values = {};
  const missing: string[] = [];
  for (const name of bodyFields(spec)) {
    const value = draft.values[name] ?? draft.key[name] ?? scope[name] ?? defaults[name];
    if (value !== undefined) body[name] = value;
    else if (field(spec, name).required) missing.push(name);
  }
  for (const name of missing) {
    // The writer fills it as every write of the resource does (a booking's price from the block): it is planned so.
    const filled = spec.def.writerFills?.includes(name) ? planner.options.fill?.(name, body) : undefined;
    if (filled && 'value' in filled) body[name] = filled.value;
    else addIssue(planner, draft, name, filled?.error ?? `is required to create a new ${spec.def.singular} (none matches ${describeKey(spec, draft.key)})`);
  }
  if (draft.issues.length > 0) return invalidRow(planner, draft);
  if (planner.names && !nameOfItsOwn(planner, draft, body[planner.names.field])) return invalidRow(planner, draft);
  const ids = idsOf(planner, undefined, body);
  const valuesOnly = pick(body, Object.keys(body).filter((f) => !(f in ids)));
  return { ...placeOf(draft), action: 'create', ids, label: labelOf(planner, body), old: null, new: valuesOnly };
}

/**
 * Whether `name`, given to a new record or to record `self`, is its own: a lookup tells it from
 * every other record's (data/unique-names.ts) and from the names earlier rows give. Else an issue
 * names the record or the line that has it. A name kept, it is noted for the rows after.
 */
function nameOfItsOwn(planner: Planner, draft: Draft, name: Scalar | undefined, self?: number): boolean {
  const names = planner.names!;
  if (typeof name !== 'string') return true;
  const folded = foldName(name);
  const { singular } = planner.spec.def;
  const said = (other: string, what: string) => `${JSON.stringify(name)} cannot be told from ${JSON.stringify(other)}, ${what} (${MATCHED_ALIKE}): a name names one ${singular}`;
  const earlier = names.given.get(folded);
  // Never the row's own record: a file sets each record once.
  if (earlier) {
    const what = earlier.id === undefined ? `the new ${singular} of ${rowName(earlier)}` : `the name ${rowName(earlier)} gives ${singular} ${earlier.id}`;
    addIssue(planner, draft, names.field, said(earlier.name, what));
    return false;
  }
  names.live ??= liveNames(planner.live, names.field);
  const taken = (names.live.get(folded) ?? []).filter((one) => one.id !== self);
  if (taken.length > 0) {
    const ids = taken.map((one) => one.id);
    const whose = recordsText(planner.spec.def, ids);
    addIssue(planner, draft, names.field, `${said(taken[0]!.name, `the name of ${whose}`)}; to change ${ids.length === 1 ? 'it' : 'one'}, give its id in an id column`);
    return false;
  }
  names.given.set(folded, { ...placeOf(draft), name, ...(self === undefined ? {} : { id: self }) });
  return true;
}

/** The live records' names as a lookup folds them. */
function liveNames(live: LiveIndex, field: string): Map<string, Array<{ id: number; name: string }>> {
  const byName = new Map<string, Array<{ id: number; name: string }>>();
  for (const [id, name] of live.valuesOf(field)) {
    if (typeof name !== 'string') continue;
    const key = foldName(name);
    const list = byName.get(key);
    if (list) list.push({ id, name });
    else byName.set(key, [{ id, name }]);
  }
  return byName;
}

function addIssue(planner: Planner, draft: Draft, name: string | undefined, rule: string, value?: unknown): void {
  const column = name === undefined ? undefined : planner.options.columnOf?.(name);
  draft.issues.push({ line: draft.line, index: draft.index, column, field: name, rule, value });
}

function invalidRow(planner: Planner, draft: Draft): PlanRow {
  const { spec, scope } = planner;
  const ids = idsOf(planner, draft.id, { ...scope, ...draft.key });
  const named = { ...draft.names, ...draft.key }; // names as written where they did not resolve
  const label = spec.key.every((k) => named[k] !== undefined) ? labelOf(planner, named) : undefined;
  return { ...placeOf(draft), action: 'invalid', ids, label, old: null, new: null, error: describeIssues(draft.issues) };
}

function unreadRow(planner: Planner, draft: Draft, why: string): PlanRow {
  const { scope } = planner;
  const ids = idsOf(planner, draft.id, { ...scope, ...draft.key });
  return { ...placeOf(draft), action: 'unread', ids, label: labelOf(planner, { ...scope, ...draft.key }), old: null, new: null, error: why };
}

function refuse(spec: RowSpec, row: PlanRow, maxChange: Money): string | undefined {
  for (const name of moneyFields(spec)) {
    const before = row.old?.[name];
    const after = row.new?.[name];
    if (before === undefined || after === undefined) continue;
    if (exceedsChange(money(before), money(after), maxChange)) {
      const change = formatChangePercent(money(before), money(after));
      return `${name}: changes by ${change}, more than --max-change ${formatMoney(maxChange)}%`;
    }
  }
  return undefined;
}

/** `price: ×1000 (a separator or unit mix-up?)` for a money field moved by a factor of ten or more. */
function refuseImplausible(spec: RowSpec, row: PlanRow): string | undefined {
  for (const name of moneyFields(spec)) {
    const before = row.old?.[name];
    const after = row.new?.[name];
    if (before === undefined || after === undefined) continue;
    const change = implausibleChange(money(before), money(after));
    if (change) return `${name}: ${change.factor}, the mark of a separator or unit mix-up (--allow-large-changes if meant)`;
  }
  return undefined;
}

function idsOf(planner: Planner, id: number | undefined, values: Record<string, Scalar | undefined>): Ids {
  const ids: Ids = {};
  if (id !== undefined) ids.id = id;
  for (const name of planner.idNames) {
    const value = values[name];
    if (typeof value === 'number') ids[name] = value;
  }
  return ids;
}

/** `Tent 20x20 / Weekend`: the key fields by their names where a lookup knows them (a value from `values`, else from `more`). */
function labelOf(planner: Planner, values: Record<string, Scalar | undefined>, more?: Record<string, Scalar | undefined>): string {
  let label = '';
  for (const { name, names } of planner.keyLabels) {
    const value = values[name] ?? more?.[name];
    const named = names && typeof value === 'number' ? names.label(value) : undefined;
    if (label !== '') label += ' / ';
    label += named ?? (typeof value === 'string' ? value : `${name} ${String(value)}`);
  }
  return label;
}

function describeKey(spec: RowSpec, key: Values): string {
  return spec.key.map((name) => `${name} ${JSON.stringify(key[name])}`).join(', ');
}

function pick(values: Values, names: readonly string[]): Values {
  const picked: Values = {};
  for (const name of names) {
    const value = values[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** Whether the live record still has these values (the check before every write). */
export function hasValues(spec: RowSpec, record: LiveRecord, values: Values | null): boolean {
  if (!values) return true;
  return Object.keys(values).every((name) => sameValue(field(spec, name), record.values[name], values[name]));
}
