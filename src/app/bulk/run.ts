// The bulk use cases around the engine (import, adjust, apply, undo): the client sized to the
// concurrency, Ctrl-C as an AbortSignal, input from a file or stdin, the plan shown (a view the
// runner prints) or written, the run with its progress, report and summary (stderr), and the exit
// code. Loaded only by the commands' handlers (dynamic import), like the engine itself.

import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { boundHeapGrowth } from '../../common/heap.js';
import { reusedChunks } from '../../common/file-chunks.js';
import { type Spool, diskSpool } from '../../common/spool.js';
import { FileWriteError, writeFileAtomically } from '../../common/atomic-file.js';
import {
  APPLIED,
  type AnyPlan,
  type BulkContext,
  type CsvDelimiter,
  type InputFormat,
  type LiveIndex,
  type OpenedInput,
  type Plan,
  type PlanRow,
  type PredictedOutcomes,
  type Prediction,
  type ReportLine,
  type RowSpec,
  type RunSummary,
  type SpooledPlan,
  type WriteRules,
  NOT_SENT,
  applyPlan,
  formatSummary,
  intendedChange,
  judgePlan,
  mergeCarried,
  openInput,
  planFileChunks,
  predictedTotalsLine,
  progressRenderer,
  readPlanFile,
  readReportAndRun,
  type ReportRun,
  formatReportRun,
  rowChange,
  rowCount,
  rowsOf,
  totalsLine,
} from '../../bulk/index.js';
import type { Change } from '../../domain/changes.js';
import { BULK_CHANGE_COLUMNS, changeRecord, reasonRows, undoToolWith } from '../../output/changes.js';
import type { Row } from '../../output/format.js';
import { AuthError, PartialFailureError, RunStoppedError, UsageError, type ValidationError, formatIssue } from '../../errors.js';
import type { Outcome, PlanView } from '../../output/views.js';
import { confirmOrDecline } from '../confirm.js';
import type { Factory } from '../factory.js';
import { announce } from '../../output/booking-notices.js';
import { flatMapAsync, mapAsync, writtenRows, writtenView } from './written.js';

/** What a bulk run uses of the factory. */
export type BulkDeps = Pick<
  Factory,
  'api' | 'names' | 'catalog' | 'sizeClient' | 'notices' | 'progress' | 'stderr' | 'interrupts' | 'asker' | 'planKey' | 'booking' | 'stdin' | 'now' | 'sleep' | 'dataDir' | 'toolCall' | 'history' | 'timeZone' | 'wallAt'
>;
import { checkReadableFile } from '../../common/readable-file.js';
import { isObject } from '../../common/objects.js';
import { shownPath } from '../../common/sanitize.js';
import { shellWord } from '../../common/shell-words.js';

/**
 * The report a mass price change writes when none is named (--report) or resumed (--resume): a new
 * file under the data directory's `reports/`, so that `--undo` always has one to read. None in a
 * tool call of `rentals mcp`, which writes no file on this machine unasked: the undo tool takes
 * the run back through its history entry.
 */
export async function defaultReport(deps: Pick<BulkDeps, 'dataDir' | 'toolCall' | 'now'>, label: string): Promise<string | undefined> {
  if (deps.toolCall()) return undefined;
  const { mkdir } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const dir = join(deps.dataDir(), 'reports');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { existsSync } = await import('node:fs');
  const stamp = new Date(deps.now()).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const base = join(dir, `${label.replace(/[^a-z0-9]+/gi, '-')}-${stamp}`);
  let path = `${base}.ndjson`;
  for (let n = 2; existsSync(path); n++) path = `${base}-${n}.ndjson`;
  return path;
}

/** Invalid rows listed on stderr with --skip-invalid before "… and N more". */
const SKIPPED_SHOWN = 20;
/** A run that would change more rows than this asks first (at a terminal) or needs --yes. */
const CONFIRM_ABOVE = 50;

export interface BulkRun {
  ctx: BulkContext;
  signal: AbortSignal;
  /** The report being written, if any: flushed before a second Ctrl-C ends the process. */
  report?: ReportFile;
  /** Where the run keeps its rows between passes (a private directory, removed when the run ends). */
  spool: Spool;
}

/*
 * Transport: bulk traffic goes through the one client (node:http, keep-alive, a socket per
 * concurrent request), not an undici Pool of its own. A raw loop of 10,000 PUTs against the
 * sandbox ran faster on an undici Pool here (medians ~6,400 vs ~3,000 PUT/s over 6 alternating
 * rounds, on a loaded 2-core machine: noisy), but the client is where credentials are bound to
 * their server, retries and Retry-After, 401 renewal, --verbose logs and the error messages live,
 * and where the tests mock HTTP (nock does not see undici). A second transport for bulk would fork
 * all of that; the whole-process import is bound as much by planning (the listings must all be
 * read before the first write: see planImport) and by the two processes sharing two cores.
 */

/**
 * Runs `body` with the engine's context: a client with a socket per concurrent request (created
 * first: the session caches it), and Ctrl-C → stop taking rows, let the requests in flight finish;
 * a second Ctrl-C ends the process at once, the report written up to the last finished row.
 */
export async function withBulk<T>(deps: BulkDeps, concurrency: number, body: (run: BulkRun) => Promise<T>): Promise<T> {
  deps.sizeClient(concurrency);
  await boundHeapGrowth();
  const controller = new AbortController();
  // One catalog for the run: a list the command read (a --event-id name) is not read again by the engine.
  const catalog = deps.catalog({ concurrency, signal: controller.signal });
  const run: BulkRun = { ctx: { api: deps.api(), concurrency, signal: controller.signal, now: deps.now, sleep: (ms) => deps.sleep(ms), catalog }, signal: controller.signal, spool: diskSpool() };
  const interrupts = deps.interrupts();
  const stopListening = interrupts.listen(() => {
    if (controller.signal.aborted && interrupts.exitNow) {
      run.report?.flushSync();
      deps.stderr(`\nInterrupted again: stopped at once${run.report ? `; ${shownPath(run.report.path)} has every row that finished` : ''}.\n`);
      interrupts.exitNow(130);
    }
    if (!controller.signal.aborted) deps.notices().warn('\nInterrupted: no new row starts; waiting for the requests in flight… (Ctrl-C again to stop at once)');
    controller.abort();
  });
  let printedLater = false;
  try {
    const result = await body(run);
    // A plan shown (--dry-run) is read from the spool as it is printed, after this returns: the spool goes once it is.
    if (isObject(result) && (result as Outcome).view?.kind === 'plan') {
      printedLater = true;
      const outcome = result as Outcome;
      const after = outcome.afterPrinting;
      // Ctrl-C while it is printed (a pager, a stalled pipe) ends the process: the spool goes first.
      const stopPrinting = interrupts.listen(() => {
        run.spool.close();
        interrupts.exitNow?.(130);
      });
      outcome.afterPrinting = async () => {
        try {
          await after?.();
        } finally {
          stopPrinting();
          run.spool.close();
        }
      };
    }
    return result;
  } catch (error) {
    // Interrupted while reading what the server has: nothing was written yet.
    if (controller.signal.aborted && !(error instanceof PartialFailureError)) {
      throw new PartialFailureError('interrupted before any change was sent: nothing was changed');
    }
    throw error;
  } finally {
    stopListening();
    if (!printedLater) run.spool.close();
  }
}

/** A file, or stdin for `-`, as the engine's input. */
export async function openSource(deps: BulkDeps, path: string, format?: InputFormat, delimiter?: CsvDelimiter): Promise<OpenedInput> {
  if (path === '-') return openInput(deps.stdin(), { file: '(stdin)', format, delimiter });
  await checkReadable(path);
  return openInput(createReadStream(path), { file: shownPath(path), format, delimiter });
}

function checkReadable(path: string): Promise<void> {
  return checkReadableFile(path, `cannot read ${path}`);
}

/** A plan file (`-`: stdin), read and verified into the run's spool: see readPlanFile. */
export async function readPlan(deps: BulkDeps, path: string, spec: RowSpec, spool: Spool): Promise<SpooledPlan> {
  if (path !== '-') await checkReadable(path);
  // A plan file's chunks are each parsed at once and not kept (readPlanFile): one buffer serves them all.
  const chunks = path === '-' ? asBuffers(deps.stdin()) : reusedChunks(path);
  return readPlanFile(chunks, shownPath(path), spec, await deps.planKey(), spool);
}

async function* asBuffers(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

/** A report of an earlier run (--resume, --undo; `-`: stdin), every malformed line named at once. */
export async function readReportFile(deps: BulkDeps, path: string, spec: RowSpec): Promise<ReportLine[]> {
  return (await readReportFileAndRun(deps, path, spec)).lines;
}

/** readReportFile, and the run the report's first line records, if it does. */
export async function readReportFileAndRun(deps: BulkDeps, path: string, spec: RowSpec): Promise<{ lines: ReportLine[]; run?: ReportRun }> {
  if (path === '-') return readReportAndRun(deps.stdin(), '(stdin)', spec);
  await checkReadable(path);
  return readReportAndRun(createReadStream(path), shownPath(path), spec);
}

function describeFsError(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'no such file';
  if (error.code === 'EACCES') return 'permission denied';
  return error.message;
}

export interface PlanChoices {
  dryRun: boolean;
  /** --plan <file> */
  planFile?: string;
  skipInvalid: boolean;
  /** The invalid rows, as the error that refuses the whole run. */
  invalid?: ValidationError;
  /** Invalid rows beyond those listed in `invalid`, counted. */
  invalidMore?: number;
  /** The input was not read whole (a document cut short): `invalid` refuses the run, --skip-invalid or not. */
  readIncomplete?: boolean;
  /** Invalid lines that are not rows of the plan (a --resume line that changed): skipped, they too would not apply. */
  unplanned?: number;
  /** Rows that move a price by a factor of ten or more: the whole run refused, --skip-invalid or not. */
  implausible?: UsageError;
  /** `rentals prices apply`, for the hint after --plan. */
  applyCommand: string;
  /** --yes: no question before a mass change. */
  yes?: boolean;
  /** An undo's dry run: what each row would do against the server now (its stale rows marked so in the plan). */
  predicted?: Prediction;
  /** Bookings: let a shortage through. */
  allowOverbook?: boolean;
}

/**
 * Shows (--dry-run: the plan's view, then what follows it once printed) or writes (--plan) the
 * plan, and refuses it when rows are invalid and --skip-invalid was not given (exit 2, every
 * problem listed, after the plan). What to print when the plan is not to run now; undefined when it is.
 */
export async function settlePlan(deps: BulkDeps, spec: RowSpec, plan: AnyPlan, choices: PlanChoices): Promise<Outcome | undefined> {
  // Signed and written in pieces, for stdout (--dry-run -o json) and the --plan file alike.
  const serialized = async function* (): AsyncGenerator<string> {
    yield* planFileChunks(plan, await deps.planKey());
  };
  const notices = deps.notices();
  // A plan that is not run now is judged by the resource's rules as the run would be, before it is
  // shown or kept: refused alike (exit 1, the shortage named, nothing written or printed).
  if (choices.dryRun || choices.planFile !== undefined) await checkWriteRules(deps, spec, plan, choices.allowOverbook === true);
  const settle = async (): Promise<void> => {
    if (choices.invalid) {
      if (!choices.skipInvalid || choices.readIncomplete === true) throw choices.invalid;
      warnSkipped(deps, choices.invalid, choices.invalidMore);
    }
    if (choices.implausible) throw choices.implausible;
    if (choices.planFile !== undefined) {
      await writeFileAtomically(choices.planFile, serialized()).catch((error: unknown) => {
        throw error instanceof FileWriteError ? new UsageError(`cannot write the plan to ${shownPath(choices.planFile!)}: ${error.reason}`) : error;
      });
      notices.info(`Plan written to ${shownPath(choices.planFile)} (${planTotals(plan)}); nothing was sent.`);
      notices.info(`Apply it with: ${choices.applyCommand} ${shellWord(choices.planFile)}`);
    } else if (choices.dryRun) {
      notices.info('Dry run: nothing was sent.');
    }
  };
  // A dry run ends as its run would: exit 6 when rows would not apply (after the plan, and after an exit 2 for invalid rows).
  if (choices.dryRun) return { view: planView(spec, plan, serialized, choices.predicted), afterPrinting: settle, failure: wouldNotApply(plan, choices) };
  await settle();
  if (choices.planFile !== undefined) return {};
  await confirmMassChange(deps, plan, choices.yes === true);
  return undefined;
}

/** The writers' rules a plan is judged by (bulk/judge.ts): the run's calendar writers, warnings on stderr. */
async function writeRules(deps: BulkDeps, allowOverbook: boolean): Promise<WriteRules> {
  const writers = await deps.booking();
  return { writers, allowOverbook, announce: (planned) => announce(planned, writers.notices, writers.money), warn: (text) => writers.notices.warn(text) };
}

/** The resource's own write rules over the whole plan (bookings: the booking planner; inventory: the stock), before anything is sent. */
async function checkWriteRules(deps: BulkDeps, spec: RowSpec, plan: AnyPlan, allowOverbook: boolean): Promise<void> {
  if (spec.def.writeRules === undefined) return;
  await judgePlan(spec, plan, await writeRules(deps, allowOverbook));
}

/** The rows of a dry run's plan that its run would not apply (stale, refused, unread, invalid with --skip-invalid; a read that failed), as the error of its exit 6. */
function wouldNotApply(plan: AnyPlan, choices: PlanChoices): PartialFailureError | undefined {
  const { totals } = plan;
  // Checks stopped (the server gone, the credentials refused): the dry run exits as its run would.
  const stop = choices.predicted?.stopError;
  if (stop) {
    const unchecked = [...choices.predicted!.values()].filter((seen) => seen.outcome === 'failed' || seen.outcome === 'not_run').length;
    const what = stop instanceof AuthError ? 'the credentials were refused' : 'the server could not be reached';
    return new RunStoppedError(`${what}: ${unchecked} of ${rowCount(plan)} rows could not be checked; nothing was sent`, stop.exitCode);
  }
  const counts: Array<[string, number]> = [
    ['stale', totals.stale],
    ['refused', totals.refused],
    ['unread', totals.unread],
    ['invalid', choices.skipInvalid ? totals.invalid + (choices.unplanned ?? 0) : 0],
    ['failed', [...(choices.predicted?.values() ?? [])].filter((seen) => seen.outcome === 'failed').length],
  ];
  const held = counts.filter(([, n]) => n > 0);
  const count = held.reduce((sum, [, n]) => sum + n, 0);
  if (count === 0) return undefined;
  // Lines skipped before the plan are rows too, as the run counts them.
  const total = rowCount(plan) + (choices.skipInvalid ? (choices.unplanned ?? 0) : 0);
  return new PartialFailureError(`${count} of ${total} ${total === 1 ? 'row' : 'rows'} would not apply (${held.map(([name, n]) => `${n} ${name}`).join(', ')}); nothing was sent`);
}

/** More than CONFIRM_ABOVE changes to send and no --yes: the run asks first (an undo counts what it would send: see import.ts). */
export function asksFirst(plan: AnyPlan, yes: boolean): boolean {
  return !yes && changesToSend(plan) > CONFIRM_ABOVE;
}

function changesToSend(plan: AnyPlan): number {
  return plan.totals.create + plan.totals.update + plan.totals.delete;
}

/**
 * More than CONFIRM_ABOVE changes: at a terminal, the totals and a [y/N] question; elsewhere
 * (scripts, cron) exit 2 with the totals unless --yes; a "no" is declined (exit 7).
 */
export async function confirmMassChange(deps: BulkDeps, plan: AnyPlan, yes: boolean): Promise<void> {
  const changes = changesToSend(plan);
  if (!asksFirst(plan, yes)) return;
  const summary = `${planTotals(plan)}: ${changes} ${changes === 1 ? 'change' : 'changes'} to send`;
  const confirm = deps.asker();
  if (!confirm) {
    throw new UsageError(`${summary}.\nMore than ${CONFIRM_ABOVE} changes need confirmation: pass --yes to apply them without a prompt (nothing was sent).`);
  }
  deps.stderr(`${summary}.\n`);
  await confirmOrDecline(confirm, `Apply ${changes} changes?`, 'Nothing was sent.');
}

function warnSkipped(deps: BulkDeps, invalid: ValidationError, uncounted = 0): void {
  warnIssues(deps, 'Skipping invalid rows (--skip-invalid):', invalid.issues, uncounted);
}

/** Problems under a heading on stderr, the first SKIPPED_SHOWN of them. */
export function warnIssues(deps: BulkDeps, heading: string, issues: ValidationError['issues'], uncounted = 0): void {
  const shown = issues.slice(0, SKIPPED_SHOWN).map((issue) => `  - ${formatIssue(issue)}`);
  const more = issues.length - shown.length + uncounted;
  deps.notices().warn(`${heading}\n${shown.join('\n')}${more > 0 ? `\n  … and ${more} more` : ''}`);
}

/** `3 rows: 1 create, …`. */
function planTotals(plan: AnyPlan): string {
  return totalsLine({ rows: { length: rowCount(plan) }, totals: plan.totals });
}

/**
 * -o json: the plan file's form, its `changes` at its end; -o ndjson: one row per line, with
 * its change's keys (`resource`, `id`, `before`, `after`) where it makes one or would (a refused or
 * stale row: its action and `reason` kept); -o tsv/csv: the rows of its changes (output/changes.ts),
 * and of the changes its refused, stale and unread rows would have made, under their action with
 * their reason; otherwise a line per row for people, then totals (stderr for machines). A spooled
 * plan is read from its spool as it is printed (for people twice: once to measure the columns,
 * once to print), never held whole.
 */
function planView(spec: RowSpec, plan: AnyPlan, serialized: () => AsyncIterable<string>, predicted?: PredictedOutcomes): PlanView {
  const rows = (): Iterable<PlanRow> | AsyncIterable<PlanRow> => rowsOf(plan);
  const changes = async function* (): AsyncGenerator<Change> {
    for await (const row of rows()) {
      const change = rowChange(spec, row);
      if (change) yield change;
    }
  };
  const common = {
    kind: 'plan' as const,
    document: () => withChanges(serialized(), changes()),
    records: () =>
      mapAsync(rows(), (row) => {
        const change = rowChange(spec, row) ?? heldChange(spec, row);
        return JSON.stringify(change ? { ...row, ...changeRecord(change), action: row.action } : row);
      }),
    rows: () => flatMapAsync(rows(), (row) => planRows(spec, row)),
    columns: BULK_CHANGE_COLUMNS,
    totals: predicted && typeof plan.rows !== 'function' ? predictedTotalsLine(plan as Plan, predicted) : planTotals(plan),
  };
  if (typeof plan.rows === 'function') {
    const spooled = plan as SpooledPlan;
    return {
      ...common,
      lines: async function* (changesOnly) {
        const { spooledPlanLines } = await import('../../bulk/plan-lines.js');
        yield* spooledPlanLines(spec, spooled, changesOnly);
      },
    };
  }
  const held = plan as Plan;
  return {
    ...common,
    lines: async function* (changesOnly) {
      const { planLines } = await import('../../bulk/plan-lines.js');
      yield* planLines(spec, held, predicted, changesOnly);
      yield common.totals;
    },
  };
}

/** A row that is not sent but names a change (refused, stale, unread): the change it would have made. */
function heldChange(spec: RowSpec, row: PlanRow): Change | undefined {
  return NOT_SENT.has(row.action) && row.action !== 'invalid' ? intendedChange(spec, row) : undefined;
}

/** A plan row's -o tsv/csv rows: its change's; a held row's under its own action, with why (as its run prints them: written.ts). */
function planRows(spec: RowSpec, row: PlanRow): Iterable<Row> {
  const change = rowChange(spec, row);
  if (change) return reasonRows(change);
  const held = heldChange(spec, row);
  return held ? reasonRows(held, { action: row.action, reason: row.error }) : [];
}

/** The plan file's text with a top-level `changes` array at its end, after its digest (a reader of plans skips it). */
async function* withChanges(document: AsyncIterable<string>, changes: AsyncIterable<Change>): AsyncGenerator<string> {
  let last: string | undefined;
  for await (const chunk of document) {
    if (last !== undefined) yield last;
    last = chunk;
  }
  const end = '}\n';
  if (last === undefined || !last.endsWith(end)) throw new Error('a plan document ends with its object closed');
  let text = `${last.slice(0, -end.length)},\n"changes":[`;
  let any = false;
  for await (const change of changes) {
    text += `${any ? ',' : ''}\n${JSON.stringify(changeRecord(change))}`;
    any = true;
    if (text.length >= 64 * 1024) {
      yield text;
      text = '';
    }
  }
  yield `${text}${any ? '\n' : ''}]}\n`;
}

export interface RunChoices {
  /** The records the plan was just made from (import, adjust); absent for a plan file or an undo. */
  snapshot?: LiveIndex;
  /** --resume: the lines that applied in the earlier run, copied into this run's report. */
  carried?: ReadonlyMap<string, ReportLine>;
  /** --resume: rows the earlier report says failed but that had applied (their answer lost), written to this run's report as applied in either mode. */
  appliedBefore?: readonly ReportLine[];
  /** --report <file> */
  report?: string;
  /** --resume <file> without --report: this run's lines are appended to it. */
  appendTo?: string;
  /** --force: an existing --report file may be replaced. */
  force?: boolean;
  /** What a new report's first line records of the run (adjust: its selection and change), for --resume to check. */
  recorded?: ReportRun;
  /** `prices import`: the progress line's label. */
  label: string;
  /** What to do when rows did not apply, given the report (or its absence). */
  retryHint: (report: string | undefined) => string;
  /**
   * The command that runs the rest of a run stopped early (the server gone, credentials refused),
   * given the report (or its absence): `rentals prices adjust --resume run.ndjson`.
   */
  rerunCommand: (report: string | undefined) => string;
  /** The command whose --undo reads the report (`rentals prices import`): named with the report after the run. */
  undoCommand?: string;
  /** What to say about stale rows (default: they changed since the plan and were left as they are). */
  staleHint?: string;
  /** Bookings: let a shortage through (the booking rules judge the whole run first). */
  allowOverbook?: boolean;
  /** The rows are planned as their parents are listed (import --yes). */
  whileListing?: boolean;
  /** Each row's record read just before its write (an undo). */
  freshRows?: boolean;
  /** Invalid lines skipped (--skip-invalid) that are not rows of the plan (a --resume line that changed): they did not apply. */
  unplanned?: number;
}

/**
 * Applies the plan: progress (stderr, a terminal only, not with -q), report, summary; its changes
 * (app/bulk/written.ts) to print; exit 6 after them unless every row applied.
 */
/** What a bulk run that wrote prints, and the rows that did not apply (the error its exit 6 comes with, after the changes). */
export interface AppliedOutcome extends Outcome {
  failure?: PartialFailureError;
}

export async function applyAndReport(deps: BulkDeps, spec: RowSpec, plan: AnyPlan, run: BulkRun, choices: RunChoices): Promise<AppliedOutcome> {
  // A plan is judged whole by the resource's rules as the engine applies it (bulk/apply.ts).
  if (spec.def.writeRules !== undefined) run.ctx.rules = await writeRules(deps, choices.allowOverbook === true);
  const report = openReportFor(choices);
  run.report = report;
  if (report?.mode === 'new' && choices.recorded) report.write(formatReportRun(choices.recorded));
  // Appending to the report resumed from: its applied lines are there already.
  const appliedBefore = choices.appliedBefore ?? [];
  const carriedLines = report?.mode === 'append' ? appliedBefore : [...(choices.carried?.values() ?? []), ...appliedBefore];
  const written = writtenRows(run.spool);
  const sink = mergeCarried(carriedLines, (line) => report?.write(`${written.textOf(line)}\n`));
  const out = deps.progress();
  const progress = progressRenderer(
    { isTTY: out !== undefined, write: (text) => out?.(text) },
    { label: choices.label },
  );
  let summary: RunSummary;
  try {
    const onLine = (line: ReportLine): void => {
      written.note(line);
      sink.write(line);
    };
    summary = await applyPlan(spec, plan, run.ctx, { snapshot: choices.snapshot, whileListing: choices.whileListing, freshRows: choices.freshRows, onLine, onProgress: out === undefined ? undefined : progress.update });
  } finally {
    progress.finish();
    sink.end();
    written.end();
    report?.close();
    run.report = undefined;
  }
  const carried = (choices.carried?.size ?? 0) + appliedBefore.length;
  const where = report?.mode === 'append' ? `; this run's lines were added to ${shownPath(report.path)}` : ' (carried into the report from --resume)';
  const before = carried > 0 ? `\n${carried} ${carried === 1 ? 'row' : 'rows'} had applied before${where}.` : '';
  const appended = carried === 0 && report?.mode === 'append' ? `\nThis run's lines were added to ${shownPath(report.path)}.` : '';
  // The summary is for people: -q leaves only data (and errors) on the screen.
  deps.notices().info(formatSummary(summary) + before + appended);
  if (choices.undoCommand && report) deps.notices().info(`Report: ${shownPath(report.path)} (undo: ${choices.undoCommand} --undo ${shellWord(report.path)})`);
  const entry = deps.toolCall() ? deps.history().entry() : undefined;
  if (entry !== undefined) deps.notices().info(`Undo: the ${undoToolWith(entry)} takes it back.`);
  const skipped = choices.unplanned ?? 0;
  // Lines skipped before the plan did not apply either: the run is not complete.
  const shown = skipped > 0 ? { ...summary, complete: false } : summary;
  const view = writtenView({ spec, rows: written, summary: shown, report: report?.path, catalog: () => run.ctx.catalog ?? deps.catalog(), entry: () => deps.history().entry() });
  if (shown.complete) return { view };
  let applied = 0;
  for (const outcome of APPLIED) applied += summary.counts[outcome];
  if (summary.stopError) return { view, failure: stoppedFailure(summary, summary.stopError, applied, choices, report?.path) };
  const total = summary.total + skipped;
  const failure = new PartialFailureError(
    `${total - applied} of ${total} ${total === 1 ? 'row' : 'rows'} did not apply${whyNot(summary, choices.staleHint, skipped)}; ${choices.retryHint(report?.path)}`,
  );
  // What did apply is printed first (through --jq when given): the exit code (6) and the error come after it.
  return { view, failure };
}

/**
 * A run stopped early: what applied and what did not, where the report holds them, and the command
 * that runs the rest once the server answers (or the credentials are accepted) again; the
 * stopping error's exit code.
 */
function stoppedFailure(summary: RunSummary, stop: Error & { exitCode: RunStoppedError['exitCode'] }, applied: number, choices: RunChoices, report: string | undefined): RunStoppedError {
  const { counts } = summary;
  const notApplied = (['stale', 'failed', 'invalid', 'refused', 'not_run'] as const).filter((o) => counts[o] > 0).map((o) => `${counts[o]} ${o.replace('_', ' ')}`);
  const rows = `${summary.total} ${summary.total === 1 ? 'row' : 'rows'}`;
  const held = report === undefined ? 'there is no report (--report <file> keeps one)' : `${shownPath(report)} holds every row`;
  const what = stop instanceof AuthError ? 'the credentials were refused' : 'the server could not be reached';
  const when = stop instanceof AuthError ? 'Log in again (`rentals auth login`) or give a token the server accepts, then' : 'When the server answers again,';
  return new RunStoppedError(
    `${what}: ${applied} of ${rows} applied, ${summary.total - applied} did not (${notApplied.join(', ')}); ${held}.\n${when} run the rest with: ${choices.rerunCommand(report)}`,
    stop.exitCode,
  );
}

/** ` (2 stale: …; 1 failed: see the errors in the report)`: what kept rows from applying. */
function whyNot(summary: RunSummary, staleHint = 'changed since the plan, left as they are', skipped = 0): string {
  const { counts } = summary;
  const parts: string[] = [];
  if (counts.stale > 0) parts.push(`${counts.stale} stale: ${staleHint}`);
  if (counts.failed > 0) parts.push(`${counts.failed} failed: the server refused them or could not be reached`);
  if (counts.invalid + skipped > 0) parts.push(`${counts.invalid + skipped} invalid`);
  if (counts.refused > 0) parts.push(`${counts.refused} refused by --max-change`);
  if (counts.not_run > 0) parts.push(`${counts.not_run} not run`);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** A report being written: lines are buffered and written synchronously, so a flush is never lost. */
interface ReportFile {
  path: string;
  mode: 'new' | 'append';
  write(text: string): void;
  /** Everything written so far reaches the file now (a second Ctrl-C, just before exiting). */
  flushSync(): void;
  close(): void;
}

const REPORT_BUFFER_BYTES = 64 * 1024;

/**
 * --report: a new file (one that exists is never replaced without --force: it may be the only
 * record of an earlier run's changes); --resume without --report: the resumed report, appended to.
 * Opened (and so checked) before the first request.
 */
function openReportFor(choices: RunChoices): ReportFile | undefined {
  if (choices.report !== undefined) return openReportFile(choices.report, choices.force ? 'w' : 'wx');
  if (choices.appendTo !== undefined) return openReportFile(choices.appendTo, 'a');
  return undefined;
}

function openReportFile(path: string, flags: 'w' | 'wx' | 'a'): ReportFile {
  let fd: number;
  try {
    fd = openSync(path, flags, 0o600);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EEXIST') {
      throw new UsageError(
        `the report ${shownPath(path)} exists already: it may be the only record of what an earlier run changed (what --undo reads). ` +
          'Give another path, resume that run with --resume (without --report, its lines are added to it), or pass --force to replace it',
      );
    }
    throw new UsageError(`cannot write the report to ${shownPath(path)}: ${describeFsError(e)}`);
  }
  let buffer: string[] = [];
  let size = 0;
  let closed = false;
  const flushSync = (): void => {
    if (buffer.length === 0 || closed) return;
    const text = buffer.join('');
    buffer = [];
    size = 0;
    try {
      writeSync(fd, text);
    } catch (error) {
      throw new UsageError(`writing the report ${shownPath(path)} failed: ${(error as Error).message}`);
    }
  };
  return {
    path,
    mode: flags === 'a' ? 'append' : 'new',
    write: (text) => {
      buffer.push(text);
      size += text.length;
      if (size >= REPORT_BUFFER_BYTES) flushSync();
    },
    flushSync,
    close: () => {
      flushSync();
      if (!closed) closeSync(fd);
      closed = true;
    },
  };
}
