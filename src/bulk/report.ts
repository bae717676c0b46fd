// The report of a run: NDJSON, one line per input row, in input order:
//   {"line":14,"action":"update","outcome":"updated","ids":{"id":55,"inventoryId":3,"rentalBlockId":2},
//    "label":"Tent 20x20 / Weekend","old":{"price":120},"new":{"price":126}}
// A report of `prices adjust` starts with a line that records the run's selection and change
//   {"run":{"command":"prices adjust","flags":{"percent":"10","round":"0.01","inventoryId":[12]}}}
// so that --resume adjusts the same prices by the same change.
// Read back, it drives --resume (re-run every row that did not apply) and --undo (put back what
// the run changed).

import { type InputRow, openInput } from './input/index.js';
import { type RowIssue, validationError } from './issues.js';
import { type Plan, type PlanRow, UNDO_SOURCE_PREFIX, newPlan } from './plan.js';
import { checkRowShape } from './plan-file.js';
import { type RowSpec, parentField } from './spec.js';
import { type RowPlace, compareRows, placeOf, rowKey } from './row-place.js';

export type Outcome =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'unchanged'
  | 'stale'
  | 'failed'
  | 'invalid'
  | 'refused'
  | 'not_run';

const OUTCOMES: readonly Outcome[] = [
  'created',
  'updated',
  'deleted',
  'unchanged',
  'stale',
  'failed',
  'invalid',
  'refused',
  'not_run',
];

/** Outcomes after which the row needs nothing more: the server has what the row asked for. */
export const APPLIED: ReadonlySet<Outcome> = new Set(['created', 'updated', 'deleted', 'unchanged']);

/** A plan row with what became of it; `ids` gains the new record's id for `created`. */
export interface ReportLine extends PlanRow {
  outcome: Outcome;
}

export function emptyCounts(): Record<Outcome, number> {
  return Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
}

export function reportLine(row: PlanRow, outcome: Outcome, id?: number, error?: string): ReportLine {
  const line: ReportLine = {
    ...placeOf(row),
    action: row.action,
    outcome,
    ids: id === undefined ? row.ids : { id, ...row.ids },
    label: row.label,
    old: row.old,
    new: row.new,
  };
  const why = error ?? row.error;
  if (why !== undefined) line.error = why;
  return line;
}

/**
 * What a report's first line may record: the command, and the flags its rows depend on (normalised:
 * ids resolved), guard flags too (`maxChange`; a switch given as `true`).
 */
export interface ReportRun {
  command: string;
  flags: Record<string, string | number[] | true>;
}

export function formatReportRun(run: ReportRun): string {
  return `${JSON.stringify({ run })}\n`;
}

function reportRunOf(values: Record<string, unknown>): ReportRun | string {
  const run = values.run as Partial<ReportRun> | undefined;
  const flagsOk =
    typeof run?.flags === 'object' &&
    run.flags !== null &&
    Object.values(run.flags).every((v) => typeof v === 'string' || v === true || (Array.isArray(v) && v.every((id) => Number.isSafeInteger(id))));
  if (typeof run?.command !== 'string' || !flagsOk) return 'has a malformed run record (want {"run":{"command":…,"flags":{…}}})';
  return { command: run.command, flags: run.flags as ReportRun['flags'] };
}

export function formatReportLine(line: ReportLine): string {
  return `${JSON.stringify(line)}\n`;
}

/**
 * Reads a report (a stream of its chunks); every malformed line is reported at once. A report a
 * `--resume` run appended to holds a row more than once: its last line is what became of it.
 * Rows come back in line order.
 */
export async function readReport(chunks: AsyncIterable<string | Uint8Array>, file: string, spec: RowSpec): Promise<ReportLine[]> {
  return (await readReportAndRun(chunks, file, spec)).lines;
}

/** readReport, and the run its first line records (a report of `prices adjust`), if it does. */
export async function readReportAndRun(
  chunks: AsyncIterable<string | Uint8Array>,
  file: string,
  spec: RowSpec,
): Promise<{ lines: ReportLine[]; run?: ReportRun }> {
  const input = await openInput(chunks, { file, format: 'ndjson' });
  let run: ReportRun | undefined;
  // By row (line, and index when a line holds several): rows that share a line are not one row.
  const latest = new Map<string, ReportLine>();
  const issues: RowIssue[] = [];
  let ordered = true;
  let previous: ReportLine | undefined;
  for await (const row of input.rows) {
    if (row.problem === undefined && row.line === 1 && 'run' in row.values && !('outcome' in row.values)) {
      const recorded = reportRunOf(row.values);
      if (typeof recorded === 'string') issues.push({ line: row.line, rule: recorded });
      else run = recorded;
      continue;
    }
    const problem = row.problem ?? checkReportLine(row, spec);
    if (problem) {
      issues.push({ line: row.line, rule: problem });
      continue;
    }
    const line = row.values as unknown as ReportLine;
    if (previous !== undefined && compareRows(line, previous) <= 0) ordered = false;
    previous = line;
    const key = rowKey(line);
    latest.delete(key);
    latest.set(key, line);
  }
  if (issues.length > 0) throw validationError(file, issues);
  const lines = [...latest.values()];
  return { lines: ordered ? lines : lines.sort(compareRows), run };
}

function checkReportLine(row: InputRow, spec: RowSpec): string | undefined {
  if (!OUTCOMES.includes(row.values.outcome as Outcome)) return `has an unknown outcome ${JSON.stringify(row.values.outcome)}`;
  return checkRowShape(row.values, spec);
}

/** Whether a report line is a write that may have applied (its answer lost): a failed update with its planned values. */
function mayHaveApplied(line: ReportLine): boolean {
  return line.outcome === 'failed' && line.action === 'update' && line.old !== null && line.new !== null;
}

/** A row `adjust --resume` runs again, by the record it names. */
export interface RetryRow extends RowPlace {
  /** A failed update's report line (maybe-applied.ts: its write may have applied), judged against the live record rather than planned afresh. */
  maybeApplied?: ReportLine;
}

/**
 * --resume: the lines that applied are carried into the new report unchanged; every other row
 * (failed, not_run, stale, invalid, refused, or missing from a report cut short) runs again,
 * planned afresh against the live records. A stale row is so re-planned, never forced. A failed
 * update of `adjust` may have applied: it is judged against its record instead (maybe-applied.ts).
 */
export function resumeFrom(lines: readonly ReportLine[]): {
  /** rowKey (line, and index when a line holds several) → its applied report line. */
  carried: Map<string, ReportLine>;
  /** Record id → the row, of the rows to run again that name a record (what `adjust --resume` re-plans). */
  retryIds: Map<number, RetryRow>;
} {
  const carried = new Map<string, ReportLine>();
  const retryIds = new Map<number, RetryRow>();
  for (const line of lines) {
    if (APPLIED.has(line.outcome)) carried.set(rowKey(line), line);
    else if (line.ids.id !== undefined) retryIds.set(line.ids.id, mayHaveApplied(line) ? { ...placeOf(line), maybeApplied: line } : placeOf(line));
  }
  return { carried, retryIds };
}

/**
 * Merges carried lines into a run's lines (both in line order), so the report after a resume is
 * again one line per input row: what --undo then needs.
 */
export function mergeCarried(carried: Iterable<ReportLine>, write: (line: ReportLine) => void): {
  write: (line: ReportLine) => void;
  end: () => void;
} {
  const pending = [...carried].sort(compareRows);
  let next = 0;
  const flushBefore = (line: ReportLine | undefined): void => {
    while (next < pending.length && (line === undefined || compareRows(pending[next]!, line) < 0)) write(pending[next++]!);
  };
  return {
    write: (line) => {
      flushBefore(line);
      write(line);
    },
    end: () => flushBefore(undefined),
  };
}

/**
 * --undo: a plan that puts back what a report's run changed. updated → update back to "old";
 * created → delete the created record; deleted → create it again from "old". Applied like any
 * plan: a record changed since the report (its values are no longer the report's "new") is stale.
 */
export function undoPlan(spec: RowSpec, lines: readonly ReportLine[], options: { file: string; now?: () => number }): Plan {
  const parent = parentField(spec);
  const rows: PlanRow[] = [];
  for (const line of lines) {
    const base = { ...placeOf(line), ids: line.ids, label: line.label };
    if (line.outcome === 'updated') rows.push({ ...base, action: 'update', old: line.new, new: line.old });
    else if (line.outcome === 'created') rows.push({ ...base, action: 'delete', old: line.new, new: null });
    else if (line.outcome === 'deleted') {
      const { id: _gone, ...ids } = line.ids;
      rows.push({ ...base, ids, action: 'create', old: null, new: line.old });
    }
  }
  const unaddressable = parent === undefined ? undefined : rows.find((r) => r.ids[parent] === undefined);
  if (unaddressable) {
    throw validationError(options.file, [{ line: unaddressable.line, field: 'ids', rule: `has no ${parent}: the record cannot be addressed` }]);
  }
  return newPlan(spec, rows, { source: `${UNDO_SOURCE_PREFIX}${options.file}`, now: options.now });
}
