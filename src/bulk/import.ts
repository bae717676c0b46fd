// `import`: read a file, check every row, resolve names, read the live records the rows name and
// plan. Nothing is written here; `applyPlan` does that.

import { type Draft, type DraftContext, readDraft, resolveNames } from './draft.js';
import { type InputRow, type OpenedInput, columnNumbers } from './input/index.js';
import { FirstIssues, ISSUES_KEPT, type RowIssue } from './issues.js';
import { LiveIndex } from './live.js';
import { type BulkContext, Listing, loadLookups } from './loading.js';
import type { Lookups } from './lookups.js';
import { type Money, money, moneyToNumber, roundToStep } from '../domain/money.js';
import { type Plan, type PlanOptions, type PlanRow, type SpooledPlan, emptyTotals, planHead, rowPlanner } from './plan.js';
import type { ReportLine } from './report.js';
import { type RowSpec, moneyFields, parentField } from './spec.js';
import type { Ids } from './values.js';
import { checkDecimalScale } from '../schemas/values.js';
import { appendAll } from '../common/arrays.js';
import { foldedName } from '../common/text.js';
import { boundOldGenerationGrowth, letOldGenerationGrow, letYoungGenerationGrow } from '../common/heap.js';
import { type Spool, type SpoolFile, memorySpool } from '../common/spool.js';
import { HELD_ITEMS, type ItemFile, heldThenSpooled } from './spool.js';
import { draftColumns } from './draft-columns.js';
import { placeOf, rowKey, rowName } from './row-place.js';
import { type NumberStyle, SEMICOLON_FILE } from './input/numbers.js';
import { mapWhenReady } from './when-ready.js';
import { type WriteRules, writerFill } from './judge.js';

export interface ImportOptions {
  /** Fields fixed for the run: `{ eventId }` for bookings (required there). */
  scope?: Ids;
  /** --max-change, in percent. */
  maxChange?: Money;
  /** Refuse a price moved by a factor of ten or more (the default, unless --allow-large-changes or --max-change). */
  implausible?: boolean;
  /** --locale: how the file writes its numbers (`155,25` in de). */
  locale?: NumberStyle;
  /** --renames: text a spreadsheet rewrote (`007` → `7`) is written as the file has it, not left as it was. */
  renames?: boolean;
  /** --resume: the lines that already applied (from `resumeFrom`); checked against the file, not planned. */
  carried?: ReadonlyMap<string, ReportLine>;
  /** --round: money values are rounded to this step (half-up) before they are compared and sent. */
  round?: Money;
  /** The writers of a resource whose writer fills a field a new record leaves out (bookings: the price from the block). */
  writers?: WriteRules['writers'];
}

export interface PlannedImport {
  plan: Plan;
  /** Every problem of every row and of the file, in line order; empty when all rows are valid. */
  issues: RowIssue[];
  /** Values sent as given but worth a look: floating-point noise such as 12.600000000000001. */
  notices: RowIssue[];
  /** What the plan was made against: the snapshot `applyPlan` checks rows with. */
  live: LiveIndex;
  lookups: Lookups;
}

/** An import's input read and checked against itself and the names, its rows spooled: everything known before any listing. */
interface CheckedImport {
  /** Problems of the file itself (header, a JSON array left open, a --resume line), in no order. */
  fileIssues: RowIssue[];
  /** The reader's own problems (a document cut short, bytes not of the encoding): the input was not read whole. */
  readIssues: number;
  /** The header lacks the columns that matter: every row is invalid, said once. */
  header: RowIssue[];
  /** Each row's own problems (values, names), in line order (the first ISSUES_KEPT, the rest counted). */
  rowIssues: FirstIssues;
  notices: RowIssue[];
  lookups: Lookups;
  columnOf: (name: string) => number | undefined;
  /** Every row's draft (names resolved), in file order. */
  drafts: ItemFile<Draft>;
  live: LiveIndex;
  /** Started while the input is read for the parents valid rows name (held at its first problem). */
  listing: Listing;
  /** Reads every parent the valid rows may need (every one when a row names none); `listing.done` then settles. */
  listAll(): void;
}

/**
 * Reads the input once: each row is checked (values, names) and kept as its draft (spooled past HELD_ITEMS rows);
 * the listings of the parents its rows name start as they are read (the server answers while the
 * client is still busy with the file), into the run's compact index of the live records. None is
 * started once a row has a problem: such a file may be refused, at most the reads in flight made.
 */
async function checkImport(spec: RowSpec, input: OpenedInput, ctx: BulkContext, options: ImportOptions, spool: Spool): Promise<CheckedImport> {
  const scope = options.scope ?? {};
  const parent = parentField(spec);
  const live = new LiveIndex(spec);
  const listing = new Listing(spec, ctx, live);
  // The listings allocate as writes do (each answer parsed and dropped, a bounded number in flight),
  // and so do the lookups and the rows read meanwhile: set again after the lookups, whose list,
  // when long, is streamed with the young generation held small.
  if (parent !== undefined) await letYoungGenerationGrow();
  // The name lookups come first (every row is checked against them), the listings after them.
  const lookups = await loadLookups(spec, ctx);
  // Rows held in memory and the listings of their parents: a bounded heap (until the rows are spooled).
  let heapBounded = parent === undefined;
  if (!heapBounded) await letYoungGenerationGrow().then(letOldGenerationGrow);
  const read = drafting(spec, input, scope, lookups, options.locale);
  const drafts = heldThenSpooled<Draft>(spool, 'rows', HELD_ITEMS, draftColumns(spec));
  const fileIssues: RowIssue[] = [];
  const rowIssues = new FirstIssues();
  const notices: RowIssue[] = [];
  const prefetch = parent !== undefined && scope[parent] === undefined;
  let everyParent = false;
  let first = true;
  for await (const run of input.runs) {
    for (const row of run) {
      // A header with problems refuses the file: no listing is started for it.
      if (first && headerIssues(spec, input).length > 0) listing.hold();
      first = false;
      const draft = read.draft(row, options, notices, fileIssues);
      if (fileIssues.length > 0) listing.hold();
      if (!draft) continue;
      drafts.append(draft);
      if (!heapBounded && drafts.count > HELD_ITEMS) {
        heapBounded = true;
        await boundOldGenerationGrowth();
      }
      if (draft.issues.length > 0) {
        rowIssues.add(draft.issues);
        listing.hold();
        continue;
      }
      if (parent === undefined) continue;
      const id = draft.key[parent];
      if (typeof id !== 'number') everyParent = true;
      else if (prefetch) listing.add(id);
    }
  }
  drafts.end();
  const readIssues = input.issues();
  appendAll(fileIssues, readIssues);
  const header = headerIssues(spec, input);
  return {
    fileIssues,
    readIssues: readIssues.length,
    header,
    rowIssues,
    notices,
    lookups,
    columnOf: read.columnOf,
    drafts,
    live,
    listing,
    // The parents added while reading are listed too: those of the valid rows.
    listAll: () => listing.close(parent === undefined ? [] : parentsFor(spec, lookups, scope, [], everyParent)),
  };
}

/** The checked rows planned in file order, each once its parent's records are in; `onIssue` gets what planning finds. */
function planChecked(spec: RowSpec, checked: CheckedImport, options: PlanOptions, onIssue: (issue: RowIssue) => void): AsyncIterable<PlanRow> {
  const parent = parentField(spec);
  const scope = options.scope ?? {};
  const plan = rowPlanner(spec, checked.live, checked.lookups, options);
  const parentOf = (draft: Draft): number | undefined => {
    const id = parent === undefined ? undefined : (scope[parent] ?? draft.key[parent]);
    return typeof id === 'number' ? id : undefined;
  };
  return mapWhenReady(
    () => checked.drafts.runs(),
    (draft) => checked.listing.isRead(parentOf(draft)),
    (draft) => checked.listing.whenRead(parentOf(draft)),
    (draft) => {
      const known = draft.issues.length;
      const row = plan(draft);
      for (let i = known; i < draft.issues.length; i++) onIssue(draft.issues[i]!);
      // Planning adds to a draft's issues: the draft as checked is left as it was for another pass.
      draft.issues.length = known;
      return row;
    },
  );
}

function planOptions(input: OpenedInput, ctx: BulkContext, options: ImportOptions, columnOf: (name: string) => number | undefined, rewrites: FirstIssues): PlanOptions {
  return {
    source: input.file,
    scope: options.scope ?? {},
    maxChange: options.maxChange,
    implausible: options.implausible,
    renames: options.renames,
    rewritten: (note) => rewrites.add([note]),
    now: ctx.now,
    columnOf,
  };
}

/** The first problems in line order and how many in all; a header without the columns that matter makes every row invalid: said once. */
function importIssues(checked: CheckedImport, late: FirstIssues): { issues: RowIssue[]; count: number } {
  if (checked.header.length > 0) return firstIssues([...checked.fileIssues, ...checked.header]);
  const { issues } = firstIssues([...checked.fileIssues, ...checked.rowIssues.kept, ...late.kept]);
  return { issues, count: checked.fileIssues.length + checked.rowIssues.count + late.count };
}

function firstIssues(all: RowIssue[]): { issues: RowIssue[]; count: number } {
  return { issues: all.sort((a, b) => a.line - b.line).slice(0, ISSUES_KEPT), count: all.length };
}

export interface SpooledImport {
  plan: SpooledPlan;
  /** The problems of the rows and of the file, in line order (the first ISSUES_KEPT); empty when all rows are valid. */
  issues: RowIssue[];
  /** How many problems in all. */
  issueCount: number;
  /** The input was not read whole (a document cut short, bytes not of the encoding): no --skip-invalid runs it. */
  readIncomplete: boolean;
  /** Problems of lines that are not rows of the plan (a --resume line that changed): --skip-invalid skips them, unapplied. */
  unplanned: number;
  /** Values sent as given but worth a look: floating-point noise such as 12.600000000000001. */
  notices: RowIssue[];
  /** Text a spreadsheet rewrote (`007` → `7`), left as the records have it (the first ISSUES_KEPT, and how many). */
  rewrites: FirstIssues;
  /** What the plan was made against: the snapshot `applyPlan` checks rows with. */
  live: LiveIndex;
  lookups: Lookups;
}

/**
 * Plans an import in memory independent of its size: the input read once (rows spooled, listings
 * started), every listing read (problems found only against the live records, an unknown id, a
 * key two records share, one record set twice, are in the plan a dry run shows), then the rows
 * planned from the spool into it. What is held is the compact index of the live records and one
 * entry per record the file sets; a run that writes at once may start sooner: importWhileListing.
 */
export async function spoolImport(spec: RowSpec, input: OpenedInput, ctx: BulkContext, options: ImportOptions, spool: Spool): Promise<SpooledImport> {
  const checked = await checkImport(spec, input, ctx, options, spool);
  checked.listAll();
  await checked.listing.done;
  const rewrites = new FirstIssues();
  const planning = planOptions(input, ctx, options, checked.columnOf, rewrites);
  const fill = await writerFill(spec, options.scope ?? {}, checked.drafts, options.writers);
  if (fill) planning.fill = fill;
  const late = new FirstIssues();
  const planned = spool.file('plan');
  const totals = emptyTotals();
  for await (const row of planChecked(spec, checked, planning, (issue) => late.add([issue]))) {
    totals[row.action]++;
    planned.append(JSON.stringify(row));
  }
  planned.end();
  const plan: SpooledPlan = { ...planHead(spec, planning), totals, count: planned.count, rows: () => parsedLines<PlanRow>(planned) };
  const { issues, count } = importIssues(checked, late);
  // Lines of --resume skipped before the plan (changed since the report): one row each, however many issues it has.
  const carriedIssues = checked.fileIssues.slice(0, checked.fileIssues.length - checked.readIssues);
  const unplanned = new Set(carriedIssues.map((issue) => rowKey(issue))).size;
  return { plan, issues, issueCount: count, readIncomplete: checked.readIssues > 0, unplanned, notices: checked.notices, rewrites, live: checked.live, lookups: checked.lookups };
}

async function* parsedLines<T>(file: SpoolFile): AsyncGenerator<T> {
  for await (const line of file.lines()) yield JSON.parse(line) as T;
}

/** spoolImport held in memory, its rows an array: a few rows (`prices set`, tests). */
export async function planImport(spec: RowSpec, input: OpenedInput, ctx: BulkContext, options: ImportOptions = {}): Promise<PlannedImport> {
  const { plan, issueCount: _issueCount, readIncomplete: _readIncomplete, unplanned: _unplanned, ...rest } = await spoolImport(spec, input, ctx, options, memorySpool());
  const rows: PlanRow[] = [];
  for await (const row of plan.rows()) rows.push(row);
  const { count: _count, lookupsByParent: _none, ...head } = plan;
  return { ...rest, plan: { ...head, rows } };
}

/** An import whose rows are planned as their parents' listings arrive (importWhileListing). */
export interface ListedImport {
  /** Problems found before any listing (the file, its values, the names; the first ISSUES_KEPT): when any, nothing may be sent. */
  issues: RowIssue[];
  /** How many in all. */
  issueCount: number;
  notices: RowIssue[];
  /** Text a spreadsheet rewrote, left as the records have it: known as the rows are planned. */
  rewrites: FirstIssues;
  /** The rows in file order, each planned once its parent's records are in (read once). */
  plan: SpooledPlan;
  /** The records the rows are planned against, filled as listings arrive. */
  live: LiveIndex;
  /** Rows found invalid against the live records, each with its problems (known once its row is planned; the first ISSUES_KEPT). */
  lateIssues: RowIssue[];
  /** How many in all. */
  lateIssueCount: () => number;
  /** Every listing in; rejects when refused credentials or Ctrl-C stopped them (await it after the run). */
  listed: Promise<void>;
}

/**
 * The rule of a run that writes while it lists (`import --yes`): every check that needs no
 * listing (each row's values and names, the header, the file's shape) is made for the whole file
 * before anything is sent, and any problem there sends nothing. The checks that need the records
 * (the id exists under that parent, no two records share the key, a record set twice, --max-change
 * against the current value) need only the row's parent's listing, so a row is planned, and may be
 * sent, as soon as its parent's records are in. A row that fails them then is never sent: it is
 * reported invalid, like a row found stale, while the rows already known good go on.
 */
export async function importWhileListing(spec: RowSpec, input: OpenedInput, ctx: BulkContext, options: ImportOptions, spool: Spool): Promise<ListedImport> {
  const checked = await checkImport(spec, input, ctx, options, spool);
  const early = firstIssues([...checked.fileIssues, ...checked.header, ...checked.rowIssues.kept]);
  const earlyCount = checked.fileIssues.length + checked.header.length + checked.rowIssues.count;
  const rewrites = new FirstIssues();
  const planning = planOptions(input, ctx, options, checked.columnOf, rewrites);
  const late = new FirstIssues();
  const rows = () => planChecked(spec, checked, planning, (issue) => late.add([issue]));
  const plan: SpooledPlan = { ...planHead(spec, planning), totals: emptyTotals(), count: checked.drafts.count, rows };
  const listed = { notices: checked.notices, rewrites, plan, live: checked.live, lateIssues: late.kept, lateIssueCount: () => late.count };
  if (earlyCount > 0) return { ...listed, issues: early.issues, issueCount: earlyCount, listed: Promise.resolve() };
  checked.listAll();
  return { ...listed, issues: [], issueCount: 0, listed: checked.listing.done };
}

/** Digits a binary float leaves behind: `12.600000000000001`, `20.999999999999996`. */
const FLOAT_NOISE = /\.\d*?(?:0{6,}|9{6,})\d+$/;

/** Money cells (`moneyNames`: the spec's moneyFields) that look like floating-point noise (a spreadsheet's or `jq '.price *= 1.1'`'s), added to `notices`. */
function floatNoise(moneyNames: readonly string[], row: InputRow, columnOf: (name: string) => number | undefined, notices: RowIssue[]): void {
  for (const name of moneyNames) {
    const raw = row.values[name];
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (!FLOAT_NOISE.test(text)) continue;
    const rounded = moneyToNumber(roundToStep(money(text), money('0.01')));
    notices.push({
      line: row.line,
      column: columnOf(name),
      field: name,
      rule: `looks like floating-point noise; --round 0.01 would send ${rounded.toFixed(2)}`,
      value: text,
    });
  }
}

/** The scope's parent; else every parent when some row names none (`everyParent`); else those named. */
function parentsFor(spec: RowSpec, lookups: Lookups, scope: Ids, named: Iterable<number>, everyParent: boolean): number[] {
  const parent = parentField(spec);
  if (parent === undefined) return [];
  if (scope[parent] !== undefined) return [scope[parent]];
  if (everyParent) {
    const all = lookups[spec.def.parent!.resource];
    if (!all) throw new Error(`finding ${spec.def.plural} by id alone needs the ${spec.def.parent!.resource} lookup`);
    return all.ids();
  }
  return [...new Set(named)];
}

/** `jq '.price *= 1.1'` writes 132.00000000000003: --round 0.01 makes it 132. */
function roundMoney(moneyNames: readonly string[], draft: Draft, step: Money): void {
  for (const name of moneyNames) {
    const value = draft.values[name];
    if (value !== undefined) draft.values[name] = moneyToNumber(roundToStep(money(value), step));
  }
}

/** Money cells with more decimals than the reference allows, refused (the fields refused); a cell in `noise` says so. */
function checkMoneyScale(moneyNames: readonly string[], draft: Draft, columnOf: (name: string) => number | undefined, rounded: boolean, noise: readonly RowIssue[]): Set<string> {
  const refused = new Set<string>();
  for (const name of moneyNames) {
    const value = draft.values[name];
    const rule = value === undefined ? undefined : checkDecimalScale(Number(value));
    if (rule === undefined) continue;
    delete draft.values[name];
    refused.add(name);
    const noisy = noise.find((notice) => notice.field === name);
    const why = rounded ? rule : noisy ? `${rule}: it ${noisy.rule}` : `${rule} (--round 0.01 rounds it)`;
    draft.issues.push({ line: draft.line, index: draft.index, column: columnOf(name), field: name, rule: why, value });
  }
  return refused;
}

/** The columns that name a row's record: its id, its key, the names that stand for them. */
function identityColumns(spec: RowSpec): string[] {
  return ['id', ...spec.key, ...spec.names.map((n) => n.column)];
}

/**
 * A column (or JSON key) renamed by hand (`Price`, `Quantity Available`) with the name it stands for:
 * not another column to ignore, since its edits would be lost.
 */
function renamedColumns(spec: RowSpec, columns: readonly string[]): Array<[string, string]> {
  const known = [...identityColumns(spec), ...spec.values];
  return columns.flatMap((column) => {
    const meant = known.find((c) => c !== column && !columns.includes(c) && foldedName(c) === foldedName(column));
    return meant === undefined ? [] : [[column, meant] as [string, string]];
  });
}

/**
 * What is wrong with the header line. A tab-separated file without one whose first cell is an id
 * is most likely what `export -o tsv` prints (rows for scripts, never a header): the message names
 * the formats that read back. One with a header of other names is told which columns it needs.
 */
function headerIssues(spec: RowSpec, input: OpenedInput): RowIssue[] {
  const columns = input.columns();
  const delimiter = input.delimiter?.();
  if (!columns) return [];
  const issues: RowIssue[] = [];
  // A sheet's header is its first non-empty row: named by the row number the spreadsheet shows.
  const row = input.headerRow?.();
  const line = row ?? 1;
  const where = row === undefined ? 'the header (first line)' : `the header (row ${row}, the sheet's first non-empty row)`;
  const identity = identityColumns(spec);
  const named = [...identity, ...spec.values].some((c) => columns.includes(c));
  if (!named && delimiter === '\t' && /^\d+$/.test(columns[0]?.trim() ?? '')) {
    return [{ line: 1, rule: `the first line is not a header (none of the columns ${identity.join(', ')}): tab-separated rows without a header, as \`export -o tsv\` prints them for scripts, cannot be read back; export with -o csv (or ndjson, json, xlsx) to import the file` }];
  }
  for (const [column, meant] of renamedColumns(spec, columns)) {
    issues.push({ line, rule: `the header's column ${JSON.stringify(column)} is not read: name it ${meant}, as the export does (a column's name is matched as written)` });
  }
  if (!identity.some((c) => columns.includes(c))) {
    // What was taken for the header: a title row above it (`Price list 2026`) is then plain to see.
    const held = columns.filter((c) => c !== '').map((c) => JSON.stringify(c));
    const holds = held.length === 0 ? '' : ` (it holds ${held.slice(0, 6).join(', ')}${held.length > 6 ? ', …' : ''})`;
    issues.push({ line, rule: `${where} has none of the columns ${identity.join(', ')}: a header row is required${holds}` });
  }
  if (!spec.values.some((c) => columns.includes(c))) {
    issues.push({ line, rule: `${where} has none of the columns ${spec.values.join(', ')}: nothing to set` });
  }
  return issues;
}

/** On --resume, an applied line of the report must still be the same record in the file. */
function checkCarried(draft: Draft, previous: ReportLine): RowIssue[] {
  const given: Record<string, unknown> = { id: draft.id, ...draft.key };
  const differs = Object.entries(previous.ids).find(([name, id]) => typeof given[name] === 'number' && given[name] !== id);
  if (!differs) return [];
  const [name, id] = differs;
  return [
    {
      ...placeOf(draft),
      field: name,
      rule: `the report says ${rowName(draft)} set ${name} ${id}: is the report from this file?`,
      value: given[name],
    },
  ];
}

/** Reading drafts from one opened input: columns, rounding, float noise, carried lines of --resume. */
function drafting(spec: RowSpec, input: OpenedInput, scope: Ids, lookups: Lookups, locale?: NumberStyle) {
  let columns: Map<string, number> | undefined;
  const columnOf = (name: string): number | undefined => {
    const header = input.columns();
    if (!header) return undefined;
    columns ??= columnNumbers(header);
    return columns.get(name);
  };
  // --locale says how the file writes numbers; else a `;` between fields does (a decimal-comma locale's).
  // An .xlsx holds typed numbers: no locale applies.
  const numbers = (): NumberStyle | undefined => (input.format === 'xlsx' ? undefined : (locale ?? (input.delimiter?.() === ';' ? SEMICOLON_FILE : undefined)));
  const context: DraftContext = { spec, columnOf, scope, numbers };
  const moneyNames = moneyFields(spec);
  return {
    columnOf,
    /** The row's draft, its names resolved; undefined for a line --resume carries (checked, not planned). */
    draft(row: InputRow, options: ImportOptions, notices: RowIssue[], carriedIssues: RowIssue[] = []): Draft | undefined {
      const draft = readDraft(row, context);
      // A JSON record names its fields by its keys, each record its own: a renamed one as the header's column is.
      if (!input.columns() && row.problem === undefined) {
        for (const [key, meant] of renamedColumns(spec, Object.keys(row.values))) {
          draft.issues.push({ line: draft.line, index: draft.index, field: key, rule: `is not read: name it ${meant}, as the export does (a key's name is matched as written)`, value: row.values[key] });
        }
      }
      const noise: RowIssue[] = [];
      if (options.round) roundMoney(moneyNames, draft, options.round);
      else floatNoise(moneyNames, row, columnOf, noise);
      const refused = checkMoneyScale(moneyNames, draft, columnOf, options.round !== undefined, noise);
      // Noise in a cell the scale refuses is said in that refusal, not warned of as sent beside it.
      notices.push(...noise.filter((notice) => !refused.has(notice.field!)));
      // Resolved before a carried line is checked: a row naming its record by name is compared by id too.
      const checked = draft.issues.length === 0;
      if (checked) resolveNames(draft, spec, lookups, columnOf);
      const previous = options.carried?.get(rowKey(row));
      if (!previous) return draft;
      // A name that no longer names a record is as much a changed line as an id that differs.
      carriedIssues.push(...(checked && draft.issues.length > 0 ? draft.issues : checkCarried(draft, previous)));
      return undefined;
    },
  };
}
