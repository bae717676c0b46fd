// Executing a plan against the API: the runner with the API's operations and the run's options.

import { apiOperations } from './api-operations.js';
import { rowWrites } from '../data/row-writes.js';
import { judgePlan } from './judge.js';
import type { LiveIndex } from './live.js';
import type { BulkContext } from './loading.js';
import { type AnyPlan, type Plan, UNDO_SOURCE_PREFIX, rowCount, rowsOf } from './plan.js';
import type { Outcome, ReportLine } from './report.js';
import { type Progress, type RowOperations, type RunSummary, runPlan } from './runner.js';
import type { RowSpec } from './spec.js';
import { rowKey } from './row-place.js';

export interface ApplyOptions {
  /**
   * The live records the plan was just made from (import, adjust, set): rows are checked against
   * them without a second read. Without it (apply of a plan file, undo) each parent's records are
   * read afresh when the run reaches its first row, and every write is checked against them.
   */
  snapshot?: LiveIndex;
  onLine?: (line: ReportLine) => void;
  onProgress?: (progress: Progress) => void;
  /** The plan's rows are planned as their parents are listed (import --yes): a resource with write rules is never run so. */
  whileListing?: boolean;
  /** Each row's record read just before its write (an undo: a change made meanwhile makes the row stale). */
  freshRows?: boolean;
}

/**
 * A whole plan of a resource with write rules (bookings, inventory) is judged here, in the layer
 * that writes its rows, before the first one: no row is written unjudged. Rows still being listed
 * (a run that writes while it lists) are refused for such a resource. Every row is then written
 * through the writers' row writes (data/row-writes.ts), the only bulk path that holds their grant.
 */
export async function applyPlan(spec: RowSpec, plan: AnyPlan, ctx: BulkContext, options: ApplyOptions = {}): Promise<RunSummary> {
  if (plan.resource !== spec.def.name) throw new Error(`a plan for ${plan.resource} cannot be applied as ${spec.def.plural}`);
  if (spec.def.writeRules !== undefined) {
    if (options.whileListing) throw new Error(`${spec.def.plural} are judged as a whole plan, never row by row while listing`);
    await judgePlan(spec, plan, ctx.rules);
  }
  return runPlan(rowsOf(plan), {
    total: rowCount(plan),
    spec,
    ops: apiOperations(spec, ctx, options.snapshot, rowWrites(ctx.api), 'lookupsByParent' in plan ? plan.lookupsByParent : undefined, options.freshRows),
    concurrency: ctx.concurrency,
    signal: ctx.signal,
    now: ctx.now,
    sleep: ctx.sleep,
    madeFrom: madeFrom(plan),
    onLine: options.onLine,
    onProgress: options.onProgress,
  });
}

/**
 * What `applyPlan` would do with each row now, by row: the same checks against the live records, no
 * write; and the error that stopped the checks (the server gone, the credentials refused), if one did.
 */
export type Prediction = ReadonlyMap<string, { outcome: Outcome; error?: string }> & { readonly stopError?: RunSummary['stopError'] };

/**
 * A dry run that reads: every row is checked against the records as they are now, exactly as
 * `applyPlan` checks it before writing (stale, unchanged, gone), and nothing is sent but reads.
 */
export async function predictPlan(spec: RowSpec, plan: Plan, ctx: BulkContext): Promise<Prediction> {
  const reads = apiOperations(spec, ctx);
  const ops: RowOperations = {
    current: reads.current,
    find: reads.find,
    create: async (row) => ({ id: 0, values: { ...row.ids, ...row.new } }),
    update: async (row, current) => ({ id: current.id, values: { ...current.values, ...row.new } }),
    remove: async () => undefined,
  };
  const predicted = new Map<string, { outcome: Outcome; error?: string }>();
  const summary = await runPlan(plan.rows, {
    spec,
    ops,
    concurrency: ctx.concurrency,
    signal: ctx.signal,
    madeFrom: madeFrom(plan),
    onLine: (line) => predicted.set(rowKey(line), line.error === undefined ? { outcome: line.outcome } : { outcome: line.outcome, error: line.error }),
  });
  return Object.assign(predicted, { stopError: summary.stopError });
}

/** An undo's rows are made from the report it reads: a stale row's reason says "since the report". */
function madeFrom(plan: AnyPlan): 'plan' | 'report' {
  return plan.source.startsWith(UNDO_SOURCE_PREFIX) ? 'report' : 'plan';
}
