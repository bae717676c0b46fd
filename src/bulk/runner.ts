// Executes a plan's rows with bounded concurrency. Before each write the record is looked up and
// compared with the plan's "old": a record someone else changed is `stale`, never overwritten.
// A write whose outcome is unknown (the connection dropped after it was sent, a 5xx or 429 that
// outlived the client's own retries) is followed by a fresh lookup, and tried again only when the
// server does not already have it: a retry never creates a duplicate.

import { ApiError, AuthError, NetworkError, NotFoundError } from '../errors.js';
import type { LiveRecord } from './live.js';
import { type PlanRow, hasValues } from './plan.js';
import { DEFAULT_CONCURRENCY } from '../data/pool.js';
import { APPLIED, type Outcome, type ReportLine, emptyCounts, reportLine } from './report.js';
import type { RowSpec } from './spec.js';

/** The requests a run makes; `apiOperations` builds them over the HTTP client, tests fake them. */
export interface RowOperations {
  /**
   * The record as it is now, for the check before a write; undefined when there is none. Answered
   * at once when it is known without a request (the planning snapshot): the row's checks, body
   * and write then start in the same turn.
   */
  current(row: PlanRow): LiveRecord | undefined | Promise<LiveRecord | undefined>;
  /** A fresh lookup after a POST whose outcome is unknown (never from a cache). */
  find(row: PlanRow): Promise<LiveRecord | undefined>;
  create(row: PlanRow): Promise<LiveRecord>;
  /** Resolves once the server applied it (what it answered is checked, not returned). */
  update(row: PlanRow, current: LiveRecord): Promise<unknown>;
  remove(row: PlanRow, current: LiveRecord): Promise<void>;
}

export interface Progress {
  done: number;
  total: number;
  failed: number;
  elapsedMs: number;
  /** Rows per second so far. */
  rate: number;
  /** Estimated time left; undefined until there is a rate. */
  etaMs?: number;
}

export interface RunOptions {
  spec: RowSpec;
  ops: RowOperations;
  concurrency?: number;
  /** Ctrl-C: no new row starts, rows in flight finish, the rest are `not_run`. */
  signal?: AbortSignal;
  /** Milliseconds, for rate and ETA. */
  now?: () => number;
  /** Every row's outcome, in plan order (the report). */
  onLine?: (line: ReportLine) => void;
  onProgress?: (progress: Progress) => void;
  /** What the rows were made from, as a stale row's reason names it: a plan (default), or the report an undo reads. */
  madeFrom?: 'plan' | 'report';
  /** The pause before a row's second attempt after a 5xx or 429 (tests: no wait). */
  sleep?: (ms: number) => Promise<void>;
}

/** Attempts per row: the first, and one more after a fresh look when the outcome is unknown. */
const ROW_ATTEMPTS = 2;
const ROW_RETRY_PAUSE_MS = 500;

/**
 * Rows in a row (in the order they end) that could not reach the server before the run stops. Each
 * such failure already outlived the client's own retries and backoff, so one among rows that got
 * an answer is a blip and the run goes on; five with no answer between them, whatever the
 * concurrency, mean the server is gone: the rest would only fail the same way, a row at a time.
 * Any row that got an answer (applied, stale, refused by the server) starts the count again.
 */
export const UNREACHABLE_ROWS_TO_STOP = 5;

export interface RunSummary {
  total: number;
  counts: Record<Outcome, number>;
  /** Every row applied (created, updated, deleted or unchanged). */
  complete: boolean;
  /** Stopped by the signal. */
  aborted: boolean;
  /** Stopped by an error no further row could get past (credentials refused, the server gone): why. */
  stoppedBy?: string;
  /** The error that stopped it: its exit code is the run's. */
  stopError?: AuthError | NetworkError;
  elapsedMs: number;
}

interface Result {
  outcome: Outcome;
  /** The id of a created record. */
  id?: number;
  error?: string;
}

const NO_REQUEST: Partial<Record<PlanRow['action'], Outcome>> = {
  unchanged: 'unchanged',
  invalid: 'invalid',
  refused: 'refused',
  unread: 'failed',
  stale: 'stale',
};

/**
 * Runs the rows, in order as far as the concurrency allows, `total` of them (for the progress).
 * Rows may come from an async iterable (a spooled plan, or rows planned as their parents are
 * listed): each is taken when a request slot frees up and dropped once reported, never all held.
 */
export async function runPlan(
  rows: Iterable<PlanRow | Promise<PlanRow>> | AsyncIterable<PlanRow>,
  options: RunOptions & { total?: number },
): Promise<RunSummary> {
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const counts = emptyCounts();
  const total = options.total ?? (Array.isArray(rows) ? rows.length : 0);
  let stoppedBy: string | undefined;
  let stopError: AuthError | NetworkError | undefined;
  let unreachable = 0;
  let done = 0;

  // Outcomes arrive out of order; the report gets them in plan order, holding only the gap.
  const waiting = new Map<number, ReportLine>();
  let flushed = 0;
  const finish = (index: number, row: PlanRow, result: Result): void => {
    counts[result.outcome]++;
    done++;
    const line = reportLine(row, result.outcome, result.id, result.error);
    if (index !== flushed) waiting.set(index, line);
    else {
      // The next in plan order (nearly every row): reported at once, then whatever waited on it.
      options.onLine?.(line);
      flushed++;
      if (waiting.size > 0) {
        for (let next = waiting.get(flushed); next !== undefined; next = waiting.get(flushed)) {
          options.onLine?.(next);
          waiting.delete(flushed++);
        }
      }
    }
    if (options.onProgress) {
      const elapsedMs = now() - startedAt;
      const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
      const etaMs = rate > 0 ? (Math.max(0, total - done) * 1000) / rate : undefined;
      options.onProgress({ done, total: Math.max(total, done), failed: counts.failed, elapsedMs, rate, etaMs });
    }
  };

  // Taken in order by every worker: an async generator answers its next() calls in the order made.
  const source = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : toAsync(rows[Symbol.iterator]());
  let taken = 0;
  const take = async (): Promise<{ index: number; row: PlanRow } | undefined> => {
    const index = taken++;
    const next = await source.next();
    if (next.done) return undefined;
    const { value } = next;
    return { index, row: value instanceof Promise ? await value : value };
  };
  const stopped = (): boolean => options.signal?.aborted === true || stoppedBy !== undefined;
  const stop = (why: string, error: AuthError | NetworkError): void => {
    if (stoppedBy !== undefined) return;
    stoppedBy = why;
    stopError = error;
  };
  const failed = (error: unknown): Result => {
    if (error instanceof AuthError) stop(error.message, error);
    if (error instanceof NetworkError && ++unreachable >= UNREACHABLE_ROWS_TO_STOP) {
      stop(`${unreachable} rows in a row could not reach the server (${error.message})`, error);
    }
    return { outcome: 'failed', error: messageOf(error) };
  };
  // A row that needed no request says nothing about the server; one that got an answer does.
  const answered = (row: PlanRow): void => {
    if (NO_REQUEST[row.action] === undefined) unreachable = 0;
  };
  // The row's checks, body and write start in the turn the row arrives; the one wait is its request.
  const worker = async (): Promise<void> => {
    while (!stopped()) {
      const index = taken++;
      const next = await source.next();
      if (next.done) return;
      const { value } = next;
      const row: PlanRow = value instanceof Promise ? await value : value;
      if (stopped()) {
        finish(index, row, { outcome: NO_REQUEST[row.action] ?? 'not_run' });
        continue;
      }
      let result: Result;
      try {
        const running = execute(row, options);
        result = running instanceof Promise ? await running : running;
        answered(row);
      } catch (error) {
        if (!(error instanceof NetworkError)) answered(row);
        result = failed(error);
      }
      finish(index, row, result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY) || 1) }, worker));
  // Stopped: the rows not started are reported too, each once (a row that needed no request keeps its outcome).
  for (let next = await take(); next; next = await take()) finish(next.index, next.row, { outcome: NO_REQUEST[next.row.action] ?? 'not_run' });
  let applied = 0;
  for (const outcome of APPLIED) applied += counts[outcome];
  return {
    total: done,
    counts,
    complete: applied === done,
    aborted: options.signal?.aborted === true,
    stoppedBy,
    stopError,
    elapsedMs: now() - startedAt,
  };
}

async function* toAsync(rows: Iterator<PlanRow | Promise<PlanRow>>): AsyncGenerator<PlanRow> {
  for (let next = rows.next(); !next.done; next = rows.next()) yield await next.value;
}

/** The row's outcome: at once when it needs no request, else when its write is answered. */
function execute(row: PlanRow, options: RunOptions): Result | Promise<Result> {
  const settled = NO_REQUEST[row.action];
  if (settled) return { outcome: settled };
  const current = options.ops.current(row);
  return current instanceof Promise ? current.then((found) => firstAttempt(row, found, options)) : firstAttempt(row, current, options);
}

function firstAttempt(row: PlanRow, current: LiveRecord | undefined, options: RunOptions): Result | Promise<Result> {
  const attempt = attemptRow(row, current, options, false);
  if (!('sent' in attempt)) return attempt;
  return attempt.sent.then(attempt.then, (error: unknown) => afterFailure(row, error, options));
}

/** A write that failed on its first attempt: when its outcome is unknown, look, and try once more. */
async function afterFailure(row: PlanRow, failure: unknown, options: RunOptions): Promise<Result> {
  let error = failure;
  for (let attempt = 1; ; attempt++) {
    if (!outcomeUnknown(row, error)) throw error;
    const last = attempt >= ROW_ATTEMPTS;
    if (!last && error instanceof ApiError && !(error instanceof NotFoundError)) {
      await (options.sleep ?? pause)(ROW_RETRY_PAUSE_MS * (0.5 + Math.random() / 2));
    }
    // The write may have reached the server: look (never from a cache) before sending it again.
    const current = await look(row, options);
    if (last) {
      const applied = appliedAlready(row, current, options.spec);
      if (applied) return applied;
      throw error;
    }
    try {
      const again = attemptRow(row, current, options, true);
      return 'sent' in again ? again.then(await again.sent) : again;
    } catch (next) {
      error = next;
    }
  }
}

/** After a last attempt whose outcome is unknown: the success it had, if the server shows one. */
function appliedAlready(row: PlanRow, current: LiveRecord | undefined, spec: RowSpec): Result | undefined {
  if (row.action === 'delete') return current ? undefined : { outcome: 'deleted' };
  if (!current || !hasValues(spec, current, row.new)) return undefined;
  return row.action === 'create' ? { outcome: 'created', id: current.id } : { outcome: 'updated' };
}

/**
 * Whether a failed write may have been applied, or may pass on a second try: a request sent and
 * not answered, a 5xx or 429 (the client retries those itself, but not for POST, and not forever),
 * and a 404 for a DELETE (an earlier attempt of the client's may have deleted the record).
 */
function outcomeUnknown(row: PlanRow, error: unknown): boolean {
  if (error instanceof NetworkError) return error.requestSent;
  if (error instanceof NotFoundError) return row.action === 'delete';
  return error instanceof ApiError && (error.status >= 500 || error.status === 429);
}

/**
 * A fresh lookup, tried twice (each with the client's own retries): when it fails, the row's
 * outcome stays unknown and the row is reported failed although the server may have applied it.
 */
async function look(row: PlanRow, options: RunOptions): Promise<LiveRecord | undefined> {
  try {
    return await options.ops.find(row);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    await (options.sleep ?? pause)(ROW_RETRY_PAUSE_MS);
    return options.ops.find(row);
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A write sent: its request, and the row's outcome once it is answered. */
interface Sent {
  sent: Promise<unknown>;
  then: (answer: unknown) => Result;
}

const UPDATED: Result = Object.freeze({ outcome: 'updated' });
const DELETED: Result = Object.freeze({ outcome: 'deleted' });
const updated = (): Result => UPDATED;
const deleted = (): Result => DELETED;
const created = (record: unknown): Result => ({ outcome: 'created', id: (record as LiveRecord).id });

/**
 * One attempt at a row against `current`: its outcome, or the write it sent. On a retry (`again`),
 * a record that already has what the row asked for is the earlier attempt's work: created, updated
 * or deleted, not unchanged.
 */
function attemptRow(row: PlanRow, current: LiveRecord | undefined, { spec, ops, madeFrom = 'plan' }: RunOptions, again: boolean): Result | Sent {
  const what = spec.def.singular;
  switch (row.action) {
    case 'create': {
      if (current) {
        if (hasValues(spec, current, row.new)) return { outcome: again ? 'created' : 'unchanged', id: current.id };
        const since = again ? 'appeared meanwhile' : `was created since the ${madeFrom}`;
        return { outcome: 'stale', error: `${what} ${current.id} with this key ${since}, with other values` };
      }
      return { sent: ops.create(row), then: created };
    }
    case 'update': {
      if (!current) return { outcome: 'stale', error: `the ${what} no longer exists` };
      const moved = retargeted(row, current, what, madeFrom);
      if (moved) return { outcome: 'stale', error: moved };
      if (hasValues(spec, current, row.new)) return { outcome: again ? 'updated' : 'unchanged' };
      if (!hasValues(spec, current, row.old)) return { outcome: 'stale', error: staleMessage(spec, row, current, madeFrom) };
      return { sent: ops.update(row, current), then: updated };
    }
    case 'delete': {
      if (!current) return { outcome: again ? 'deleted' : 'unchanged' };
      const moved = retargeted(row, current, what, madeFrom);
      if (moved) return { outcome: 'stale', error: moved };
      if (!hasValues(spec, current, row.old)) return { outcome: 'stale', error: staleMessage(spec, row, current, madeFrom) };
      return { sent: ops.remove(row, current), then: deleted };
    }
    default:
      throw new Error(`unknown plan action ${JSON.stringify(row.action)}`);
  }
}

/**
 * The record the row's id names must still be the one the plan's row describes: each of the row's
 * other ids (a price's item and rental block) is the record's. Else the row is not for it.
 */
function retargeted(row: PlanRow, current: LiveRecord, what: string, madeFrom: 'plan' | 'report'): string | undefined {
  // One pass, and nothing allocated when every id agrees (every row of a run, nearly always).
  let parts: string[] | undefined;
  for (const name in row.ids) {
    const value = current.values[name];
    if (name === 'id' || value === undefined || value === row.ids[name]) continue;
    (parts ??= []).push(`${name} is ${String(value)}, the ${madeFrom} row says ${row.ids[name]}`);
  }
  return parts && `${what} ${current.id} is not the record the ${madeFrom} row describes: ${parts.join('; ')}`;
}

function staleMessage(spec: RowSpec, row: PlanRow, current: LiveRecord, madeFrom: 'plan' | 'report'): string {
  const changed = Object.keys(row.old ?? {}).filter((name) => !hasValues(spec, current, { [name]: row.old![name]! }));
  const expected = madeFrom === 'plan' ? 'the plan expected' : 'the report has';
  const parts = changed.map((name) => `${name} is now ${String(current.values[name])}, ${expected} ${String(row.old![name])}`);
  return `changed since the ${madeFrom}: ${parts.join('; ')}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
