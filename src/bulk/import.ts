// `import`: read a file, check every row, resolve names, read the live records the rows name and
// plan. Nothing is written here; `applyPlan` does that.

import { type Draft, type DraftContext, readDraft, resolveNames } from './draft.js';
import { type InputRow, type OpenedInput, columnNumbers } from './input/index.js';
import type { RowIssue } from './issues.js';
import { LiveIndex } from './live.js';
import { type BulkContext, listAsRead, loadLive, loadLookups, prefetchListing } from './loading.js';
import type { Lookups } from './lookups.js';
import { type Money, money, moneyToNumber, roundToStep } from '../domain/money.js';
import { type Plan, type PlanOptions, type PlanRow, planDrafts, rowPlanner } from './plan.js';
import type { ReportLine } from './report.js';
import { type RowSpec, moneyFields, parentField } from './spec.js';
import type { Ids } from './values.js';
import { checkDecimalScale } from '../schemas/values.js';
import { appendAll } from '../common/arrays.js';
import { DEFAULT_CONCURRENCY } from '../data/pool.js';

export interface ImportOptions {
  /** Fields fixed for the run: `{ eventId }` for bookings (required there). */
  scope?: Ids;
  /** --max-change, in percent. */
  maxChange?: Money;
  /** --resume: the lines that already applied (from `resumeFrom`); checked against the file, not planned. */
  carried?: ReadonlyMap<number, ReportLine>;
  /** --round: money values are rounded to this step (half-up) before they are compared and sent. */
  round?: Money;
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

/** An import's file read and checked against itself and the names: everything known before any listing. */
interface CheckedFile {
  drafts: Draft[];
  /** Problems of the file itself (header, a JSON array left open), in no order. */
  fileIssues: RowIssue[];
  /** The header lacks the columns that matter: every row is invalid, said once. */
  header: RowIssue[];
  notices: RowIssue[];
  lookups: Lookups;
  columnOf: (name: string) => number | undefined;
}

async function checkFile(spec: RowSpec, input: OpenedInput, ctx: BulkContext, options: ImportOptions): Promise<CheckedFile> {
  const scope = options.scope ?? {};
  const lookupsLoading = loadLookups(spec, ctx);
  lookupsLoading.catch(() => undefined); // awaited below; not an unhandled rejection while the input is read
  const read = drafting(spec, input, scope);
  const columnOf = read.columnOf;
  const prefetch = prefetcher(spec, ctx, scope, lookupsLoading);

  const drafts: Draft[] = [];
  const fileIssues: RowIssue[] = [];
  const notices: RowIssue[] = [];
  try {
    let first = true;
    for await (const row of input.rows) {
      // A header with problems refuses the file: no listing is started for it.
      if (first && headerIssues(spec, input.columns()).length > 0) prefetch.stop();
      first = false;
      const draft = read.draft(row, options, notices, fileIssues);
      if (fileIssues.length > 0) prefetch.stop();
      if (!draft) continue;
      drafts.push(draft);
      prefetch.add(draft);
    }
  } finally {
    prefetch.stop();
  }
  appendAll(fileIssues, input.issues());
  const header = headerIssues(spec, input.columns());

  const lookups = await lookupsLoading;
  for (const draft of drafts) if (draft.issues.length === 0) resolveNames(draft, spec, lookups, columnOf);
  return { drafts, fileIssues, header, notices, lookups, columnOf };
}

interface Prefetcher {
  /** A row read: its parent's listing is started (once) unless the file has shown a problem. */
  add(draft: Draft): void;
  /** The file is read: nothing more is started (the reads in flight finish; the plan's listing takes over). */
  stop(): void;
}

/**
 * While the file is read and checked, the listings of the parents its rows name by id are read,
 * once the name lookups are in (`after`), the concurrency's worth at a time, into the run's catalog
 * (which keeps them for the plan): the server answers while the client is still busy with the
 * file. Reads only, and none started once a row has a problem (such a file is refused: at most the
 * requests in flight were made for it).
 */
function prefetcher(spec: RowSpec, ctx: BulkContext, scope: Ids, after: Promise<unknown>): Prefetcher {
  const parent = parentField(spec);
  if (parent === undefined || scope[parent] !== undefined) return { add: () => undefined, stop: () => undefined };
  const limit = ctx.concurrency ?? DEFAULT_CONCURRENCY;
  const seen = new Set<number>();
  const queue: number[] = [];
  let next = 0;
  let active = 0;
  let stopped = false;
  let ready = false;
  const startMore = (): void => {
    while (ready && !stopped && !ctx.signal?.aborted && active < limit && next < queue.length) {
      active++;
      void prefetchListing(spec, ctx, queue[next++]!).then(() => {
        active--;
        startMore();
      });
    }
  };
  after.then(
    () => {
      ready = true;
      startMore();
    },
    () => undefined,
  );
  return {
    add(draft) {
      const id = draft.key[parent];
      if (draft.issues.length > 0) stopped = true;
      if (stopped || typeof id !== 'number' || seen.has(id)) return;
      seen.add(id);
      queue.push(id);
      startMore();
    },
    stop() {
      stopped = true;
    },
  };
}

function planOptions(input: OpenedInput, ctx: BulkContext, options: ImportOptions, columnOf: (name: string) => number | undefined): PlanOptions {
  return { source: input.file, scope: options.scope ?? {}, maxChange: options.maxChange, now: ctx.now, columnOf };
}

export async function planImport(spec: RowSpec, input: OpenedInput, ctx: BulkContext, options: ImportOptions = {}): Promise<PlannedImport> {
  const { drafts, fileIssues, header, notices, lookups, columnOf } = await checkFile(spec, input, ctx, options);
  // Every listing is read before the plan is made: problems found only against the live records
  // (an unknown id, a key two records share, one record set twice) are in the plan a dry run
  // shows. A run with --yes may start writing sooner: see importWhileListing.
  const live = await loadLive(spec, ctx, parentsToRead(spec, drafts, lookups, options.scope ?? {}));
  const { plan, issues } = planDrafts(spec, drafts, live, lookups, planOptions(input, ctx, options, columnOf));
  // A header without the columns that matter makes every row invalid: say that once.
  const all = header.length > 0 ? [...fileIssues, ...header] : [...fileIssues, ...issues];
  return { plan, issues: all.sort((a, b) => a.line - b.line), notices, live, lookups };
}

/** An import whose rows are planned as their parents' listings arrive (importWhileListing). */
export interface ListedImport {
  /** Problems found before any listing (the file, its values, the names): when any, nothing may be sent. */
  issues: RowIssue[];
  notices: RowIssue[];
  /** The plan's rows in file order, each settled once its parent's records are in (never rejected). */
  rows: Array<Promise<PlanRow>>;
  /** The records the rows are planned against, filled as listings arrive. */
  live: LiveIndex;
  /** Rows found invalid against the live records, each with its problems (known once its row settles). */
  lateIssues: RowIssue[];
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
export async function importWhileListing(spec: RowSpec, input: OpenedInput, ctx: BulkContext, options: ImportOptions = {}): Promise<ListedImport> {
  const { drafts, fileIssues, header, notices, lookups, columnOf } = await checkFile(spec, input, ctx, options);
  const early = [...fileIssues, ...header];
  for (const draft of drafts) appendAll(early, draft.issues);
  const live = new LiveIndex(spec);
  if (early.length > 0) return { issues: early.sort((a, b) => a.line - b.line), notices, rows: [], live, lateIssues: [], listed: Promise.resolve() };

  const scope = options.scope ?? {};
  const parent = parentField(spec);
  const listed = listAsRead(spec, ctx, live, parentsToRead(spec, drafts, lookups, scope));
  const plan = rowPlanner(spec, live, lookups, planOptions(input, ctx, options, columnOf));
  const lateIssues: RowIssue[] = [];
  // Rows of one parent are planned in file order (then callbacks of one promise run in order), so
  // "set twice" names the same first line as a whole plan would.
  const rows = drafts.map((draft) => {
    const id = parent === undefined ? undefined : (scope[parent] ?? draft.key[parent]);
    return listed.whenRead(typeof id === 'number' ? id : undefined).then(() => {
      const row = plan(draft);
      appendAll(lateIssues, draft.issues);
      return row;
    });
  });
  return { issues: [], notices, rows, live, lateIssues, listed: listed.done };
}

/** Digits a binary float leaves behind: `12.600000000000001`, `20.999999999999996`. */
const FLOAT_NOISE = /\.\d*?(?:0{6,}|9{6,})\d+$/;

/** Money cells that look like floating-point noise (a spreadsheet's or `jq '.price *= 1.1'`'s). */
function floatNoise(spec: RowSpec, row: InputRow, columnOf: (name: string) => number | undefined): RowIssue[] {
  const notices: RowIssue[] = [];
  for (const name of moneyFields(spec)) {
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
  return notices;
}

/** The parents whose records the rows may name: every one when a row gives only an id. */
function parentsToRead(spec: RowSpec, drafts: readonly Draft[], lookups: Lookups, scope: Ids): number[] {
  const parent = parentField(spec);
  if (parent === undefined) return [];
  const valid = drafts.filter((d) => d.issues.length === 0);
  const named = valid.map((d) => d.key[parent]);
  return parentsFor(spec, lookups, scope, named.filter((id) => typeof id === 'number'), named.some((id) => id === undefined));
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
function roundMoney(spec: RowSpec, draft: Draft, step: Money): void {
  for (const name of moneyFields(spec)) {
    const value = draft.values[name];
    if (value !== undefined) draft.values[name] = moneyToNumber(roundToStep(money(value), step));
  }
}

/** A money value must still fit the reference's scale once rounded (schemas/values.ts). */
function checkMoneyScale(spec: RowSpec, draft: Draft, columnOf: (name: string) => number | undefined, rounded: boolean): void {
  for (const name of moneyFields(spec)) {
    const value = draft.values[name];
    const rule = value === undefined ? undefined : checkDecimalScale(Number(value));
    if (rule === undefined) continue;
    delete draft.values[name];
    draft.issues.push({ line: draft.line, column: columnOf(name), field: name, rule: rounded ? rule : `${rule} (--round 0.01 rounds it)`, value });
  }
}

function headerIssues(spec: RowSpec, columns: readonly string[] | undefined): RowIssue[] {
  if (!columns) return [];
  const issues: RowIssue[] = [];
  const identity = ['id', ...spec.key, ...spec.names.map((n) => n.column)];
  if (!identity.some((c) => columns.includes(c))) {
    issues.push({ line: 1, rule: `the header (first line) has none of the columns ${identity.join(', ')}: a header row is required` });
  }
  if (!spec.values.some((c) => columns.includes(c))) {
    issues.push({ line: 1, rule: `the header (first line) has none of the columns ${spec.values.join(', ')}: nothing to set` });
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
      line: draft.line,
      field: name,
      rule: `the report says line ${draft.line} set ${name} ${id}: is the report from this file?`,
      value: given[name],
    },
  ];
}

export interface StreamedImport {
  /** The plan's rows, planned afresh from another read of the input at each call (never held whole). */
  rows(onIssue: (issue: RowIssue) => void): AsyncGenerator<PlanRow>;
  /** Problems of the file (header, a JSON array left open), known after the first read. */
  fileIssues: RowIssue[];
  notices: RowIssue[];
}

/**
 * `import --dry-run` of a file, in bounded memory: a first read checks the rows and gathers the
 * parents to list, the listings are read, and each call of `rows` reads the file again and plans
 * row by row. What is held is the server's records and one key per row (a file sets each record
 * once), not the rows: a 1M-row file is not 1M drafts and 1M plan rows at once.
 */
export async function streamImport(
  spec: RowSpec,
  open: () => Promise<OpenedInput>,
  ctx: BulkContext,
  options: ImportOptions = {},
): Promise<StreamedImport> {
  const scope = options.scope ?? {};
  const parent = parentField(spec);
  const lookupsLoading = loadLookups(spec, ctx);
  lookupsLoading.catch(() => undefined);
  const first = await open();
  const lookups = await lookupsLoading;
  const read = drafting(spec, first, scope);
  const parents = new Set<number>();
  let everyParent = false;
  const notices: RowIssue[] = [];
  const fileIssues: RowIssue[] = [];
  for await (const row of first.rows) {
    const draft = read.draft(row, options, notices);
    if (!draft || draft.issues.length > 0) continue;
    resolveNames(draft, spec, lookups, read.columnOf);
    if (draft.issues.length > 0 || parent === undefined) continue;
    const id = draft.key[parent];
    if (typeof id === 'number') parents.add(id);
    else everyParent = true;
  }
  const headerProblems = headerIssues(spec, first.columns());
  appendAll(appendAll(fileIssues, first.issues()), headerProblems);
  const toRead = parentsFor(spec, lookups, scope, parents, everyParent);
  const live = await loadLive(spec, ctx, toRead);
  const header = headerProblems.length > 0;

  return {
    fileIssues,
    notices,
    async *rows(onIssue) {
      const input = await open();
      const again = drafting(spec, input, scope);
      const plan = rowPlanner(spec, live, lookups, { source: input.file, scope, maxChange: options.maxChange, now: ctx.now, columnOf: again.columnOf });
      for await (const row of input.rows) {
        const carriedIssues: RowIssue[] = [];
        const draft = again.draft(row, options, [], carriedIssues);
        for (const issue of carriedIssues) onIssue(issue);
        if (!draft) continue;
        if (draft.issues.length === 0) resolveNames(draft, spec, lookups, again.columnOf);
        const planned = plan(draft);
        // A header without the columns that matter makes every row invalid: said once, in fileIssues.
        if (!header) for (const issue of draft.issues) onIssue(issue);
        yield planned;
      }
    },
  };
}

/** Reading drafts from one opened input: columns, rounding, float noise, carried lines of --resume. */
function drafting(spec: RowSpec, input: OpenedInput, scope: Ids) {
  let columns: Map<string, number> | undefined;
  const columnOf = (name: string): number | undefined => {
    const header = input.columns();
    if (!header) return undefined;
    columns ??= columnNumbers(header);
    return columns.get(name);
  };
  const context: DraftContext = { spec, columnOf, scope, semicolons: () => input.delimiter?.() === ';' };
  return {
    columnOf,
    /** The row's draft, or undefined for a line --resume carries (checked, not planned). */
    draft(row: InputRow, options: ImportOptions, notices: RowIssue[], carriedIssues: RowIssue[] = []): Draft | undefined {
      const draft = readDraft(row, context);
      if (options.round) roundMoney(spec, draft, options.round);
      else notices.push(...floatNoise(spec, row, columnOf));
      checkMoneyScale(spec, draft, columnOf, options.round !== undefined);
      const previous = options.carried?.get(row.line);
      if (!previous) return draft;
      carriedIssues.push(...checkCarried(draft, previous));
      return undefined;
    },
  };
}
