// What every bulk command does around the engine: the client sized to the concurrency, Ctrl-C as
// an AbortSignal, input from a file or stdin, the plan shown or written, the run with its progress,
// report and summary, and the exit code. Loaded only by the commands' run functions (dynamic
// import), like the engine itself.

import { createReadStream } from 'node:fs';
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import {
  APPLIED,
  type BulkContext,
  type InputFormat,
  type LiveIndex,
  type OpenedInput,
  type Plan,
  type ReportLine,
  type RowSpec,
  type RunSummary,
  applyPlan,
  formatReportLine,
  formatSummary,
  mergeCarried,
  openInput,
  planLines,
  progressRenderer,
  readReport,
  serializePlan,
  totalsLine,
} from '../../bulk/index.js';
import { PartialFailureError, UsageError, type ValidationError, formatIssue } from '../../errors.js';
import type { Session } from '../session.js';

/** Invalid rows listed on stderr with --skip-invalid before "… and N more". */
const SKIPPED_SHOWN = 20;

export interface BulkRun {
  ctx: BulkContext;
  signal: AbortSignal;
}

/**
 * Runs `body` with the engine's context: a client with a socket per concurrent request (created
 * first: the session caches it), and Ctrl-C → stop taking rows, let the requests in flight finish.
 */
export async function withBulk<T>(session: Session, concurrency: number, body: (run: BulkRun) => Promise<T>): Promise<T> {
  session.httpClient({ maxSockets: concurrency });
  const controller = new AbortController();
  const stopListening = session.ctx.onInterrupt(() => {
    if (!controller.signal.aborted) session.printer.warn('\nInterrupted: no new row starts; waiting for the requests in flight…');
    controller.abort();
  });
  const ctx: BulkContext = { api: session.api(), concurrency, signal: controller.signal, now: session.ctx.now };
  try {
    return await body({ ctx, signal: controller.signal });
  } catch (error) {
    // Interrupted while reading what the server has: nothing was written yet.
    if (controller.signal.aborted && !(error instanceof PartialFailureError)) {
      throw new PartialFailureError('interrupted before any change was sent: nothing was changed');
    }
    throw error;
  } finally {
    stopListening();
  }
}

/** A file, or stdin for `-`, as the engine's input. */
export async function openSource(session: Session, path: string, format?: InputFormat): Promise<OpenedInput> {
  if (path === '-') return openInput(session.ctx.term.stdin, { file: '(stdin)', format });
  await checkReadable(path);
  return openInput(createReadStream(path), { file: path, format });
}

async function checkReadable(path: string): Promise<void> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${path}: ${describeFsError(error)}`);
  });
  if (info.isDirectory()) throw new UsageError(`cannot read ${path}: it is a directory`);
}

export async function readTextFile(path: string): Promise<string> {
  await checkReadable(path);
  return readFile(path, 'utf8');
}

/** A report of an earlier run (--resume, --undo), every malformed line named at once. */
export async function readReportFile(path: string, spec: RowSpec): Promise<ReportLine[]> {
  await checkReadable(path);
  return readReport(createReadStream(path), path, spec);
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
  /** `rentals prices apply`, for the hint after --plan. */
  applyCommand: string;
}

/**
 * Shows (--dry-run) or writes (--plan) the plan, and refuses it when rows are invalid and
 * --skip-invalid was not given (exit 2, every problem listed). True when the plan is to run now.
 */
export async function settlePlan(session: Session, spec: RowSpec, plan: Plan, choices: PlanChoices): Promise<boolean> {
  if (choices.dryRun) await printPlan(session, spec, plan);
  if (choices.invalid) {
    if (!choices.skipInvalid) throw choices.invalid;
    warnSkipped(session, choices.invalid);
  }
  if (choices.planFile !== undefined) {
    await writeFile(choices.planFile, serializePlan(plan), { mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot write the plan to ${choices.planFile}: ${describeFsError(error)}`);
    });
    session.printer.info(`Plan written to ${choices.planFile} (${totalsLine(plan)}); nothing was sent.`);
    session.printer.info(`Apply it with: ${choices.applyCommand} ${choices.planFile}`);
  } else if (choices.dryRun) {
    session.printer.info('Dry run: nothing was sent.');
  }
  return !choices.dryRun && choices.planFile === undefined;
}

function warnSkipped(session: Session, invalid: ValidationError): void {
  const shown = invalid.issues.slice(0, SKIPPED_SHOWN).map((issue) => `  - ${formatIssue(issue)}`);
  const more = invalid.issues.length - shown.length;
  session.printer.warn(`Skipping invalid rows (--skip-invalid):\n${shown.join('\n')}${more > 0 ? `\n  … and ${more} more` : ''}`);
}

/** -o json: the plan file's form; -o ndjson: one row per line; otherwise a line per row for people, then totals. */
export async function printPlan(session: Session, spec: RowSpec, plan: Plan): Promise<void> {
  const { printer } = session;
  if (session.format === 'json') return printer.write(serializePlan(plan));
  if (session.format === 'ndjson') return writeInBatches(session, plan.rows.map((row) => JSON.stringify(row)));
  await writeInBatches(session, planLines(spec, plan));
  await printer.text(totalsLine(plan));
}

async function writeInBatches(session: Session, lines: Iterable<string>): Promise<void> {
  let batch: string[] = [];
  for (const line of lines) {
    batch.push(line);
    if (batch.length === 1000) {
      await session.printer.write(`${batch.join('\n')}\n`);
      batch = [];
    }
  }
  if (batch.length > 0) await session.printer.write(`${batch.join('\n')}\n`);
}

export interface RunChoices {
  /** The records the plan was just made from (import, adjust); absent for a plan file or an undo. */
  snapshot?: LiveIndex;
  /** --resume: the lines that applied in the earlier run, copied into this run's report. */
  carried?: ReadonlyMap<number, ReportLine>;
  /** --report <file> */
  report?: string;
  /** `prices import`: the progress line's label. */
  label: string;
  /** What to do when rows did not apply, given the report (or its absence). */
  retryHint: (report: string | undefined) => string;
}

/** Applies the plan: progress (stderr, a terminal only, not with -q), report, summary; exit 6 unless every row applied. */
export async function applyAndReport(session: Session, spec: RowSpec, plan: Plan, run: BulkRun, choices: RunChoices): Promise<RunSummary> {
  const report = choices.report === undefined ? undefined : await openReport(choices.report);
  const sink = mergeCarried(choices.carried?.values() ?? [], (line) => report?.write(formatReportLine(line)));
  const { term } = session.ctx;
  const progress = progressRenderer(
    { isTTY: term.stderrIsTTY && !session.printer.options.quiet, write: (text) => term.stderr.write(text) },
    { label: choices.label },
  );
  let summary: RunSummary;
  try {
    summary = await applyPlan(spec, plan, run.ctx, { snapshot: choices.snapshot, onLine: sink.write, onProgress: progress.update });
  } finally {
    progress.finish();
    sink.end();
    await report?.close();
  }
  const carried = choices.carried?.size ?? 0;
  const before = carried > 0 ? `\n${carried} ${carried === 1 ? 'row' : 'rows'} had applied before (carried into the report from --resume).` : '';
  session.printer.warn(formatSummary(summary) + before);
  if (!summary.complete) {
    let applied = 0;
    for (const outcome of APPLIED) applied += summary.counts[outcome];
    const missing = summary.total - applied;
    throw new PartialFailureError(`${missing} of ${summary.total} ${summary.total === 1 ? 'row' : 'rows'} did not apply; ${choices.retryHint(choices.report)}`);
  }
  return summary;
}

interface ReportFile {
  write(text: string): void;
  close(): Promise<void>;
}

/** Opened (and so checked) before the first request; lines are written as rows finish. */
async function openReport(path: string): Promise<ReportFile> {
  const handle = await open(path, 'w', 0o600).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot write the report to ${path}: ${describeFsError(error)}`);
  });
  const stream = handle.createWriteStream();
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  return {
    write: (text) => {
      stream.write(text);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        stream.end(() => (failure ? reject(new UsageError(`writing the report ${path} failed: ${failure.message}`)) : resolve()));
      }),
  };
}
