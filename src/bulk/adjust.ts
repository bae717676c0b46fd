// `adjust`: an across-the-board change (--percent or --amount, --round) of the money field of the
// records that match the filters, planned like an import whose rows are the live records.

import type { Draft } from './draft.js';
import type { LiveIndex, LiveRecord } from './live.js';
import { type BulkContext, loadLive, loadLookups } from './loading.js';
import type { Lookups } from './lookups.js';
import { type Adjustment, type Money, adjust, moneyToNumber, money } from '../domain/money.js';
import { type Plan, markStale, planDrafts } from './plan.js';
import { judgeMaybeApplied } from './maybe-applied.js';
import type { ReportLine, RetryRow } from './report.js';
import { rowKey } from './row-place.js';
import { type RowSpec, moneyFields, parentField, scopeField } from './spec.js';
import type { Ids } from './values.js';
import { parseDecimal } from '../schemas/values.js';

export interface AdjustOptions {
  adjustment: Adjustment;
  /** --round step; without it the exact result stands. */
  round?: Money;
  /** Only records whose field is one of these ids: `{ inventoryId: [3, 4], rentalBlockId: [2] }`. */
  filter?: Record<string, readonly number[]>;
  maxChange?: Money;
  scope?: Ids;
  /** --resume: only these records (id → its row in the earlier report). */
  only?: ReadonlyMap<number, RetryRow>;
  /** For the plan's `source`: the command line that asked for it. */
  source?: string;
}

export interface PlannedAdjust {
  plan: Plan;
  /** --resume: failed rows whose write had applied after all (their record has the report's new value), as the report should say them. */
  appliedBefore: ReportLine[];
  live: LiveIndex;
  lookups: Lookups;
}

export async function planAdjust(spec: RowSpec, ctx: BulkContext, options: AdjustOptions): Promise<PlannedAdjust> {
  const [target] = moneyFields(spec);
  if (!target) throw new Error(`${spec.def.plural} have no decimal field to adjust`);
  const lookups = await loadLookups(spec, ctx);
  const live = await loadLive(spec, ctx, parentsToAdjust(spec, lookups, options));
  const records = live.sorted().filter((r) => matches(r, options));
  const appliedBefore: ReportLine[] = [];
  const stale = new Map<string, { outcome: 'stale'; error: string }>();
  const drafts = records.flatMap((record, index): Draft[] => {
    const retry = options.only?.get(record.id);
    const line = retry?.line ?? index + 1;
    // The key too, so that a row refused here still names its record (ids, label) in plan and report.
    const key = Object.fromEntries(spec.key.flatMap((name) => (record.values[name] === undefined ? [] : [[name, record.values[name]!]])));
    const draft: Draft = { line, id: record.id, key, names: {}, values: {}, issues: [] };
    if (retry?.index !== undefined) draft.index = retry.index;
    if (retry?.maybeApplied) {
      const judged = judgeMaybeApplied(spec, retry.maybeApplied, record);
      if ('applied' in judged) {
        appliedBefore.push(judged.applied);
        return [];
      }
      // Stale: planned as the report planned it, then marked so (never sent).
      draft.values = { ...retry.maybeApplied.new };
      if ('stale' in judged) stale.set(rowKey(draft), { outcome: 'stale', error: judged.stale });
      return [draft];
    }
    const old = record.values[target];
    const result = old === undefined ? undefined : adjust(money(old), options.adjustment, options.round);
    if (!result) draft.issues.push({ line, field: target, rule: 'has no value to adjust' });
    else if (!result.ok) draft.issues.push({ line, field: target, rule: result.rule, value: old });
    else {
      // The result must fit the reference's range and scale like any value sent (schemas/values.ts).
      const checked = parseDecimal(moneyToNumber(result.value));
      if (checked.ok) draft.values[target] = checked.value;
      else draft.issues.push({ line, field: target, rule: `the adjusted value ${moneyToNumber(result.value)} ${checked.rule}`, value: old });
    }
    return [draft];
  });
  const { plan } = planDrafts(spec, drafts, live, lookups, {
    source: options.source ?? 'adjust',
    scope: options.scope,
    maxChange: options.maxChange,
    now: ctx.now,
  });
  return { plan: stale.size > 0 ? markStale(plan, stale) : plan, appliedBefore, live, lookups };
}

function parentsToAdjust(spec: RowSpec, lookups: Lookups, options: AdjustOptions): number[] {
  const parent = parentField(spec);
  if (parent === undefined) return [];
  const scoped = scopeField(spec) === parent ? options.scope?.[parent] : undefined;
  if (scoped !== undefined) return [scoped];
  const chosen = options.filter?.[parent];
  if (chosen) return [...chosen];
  const all = lookups[spec.def.parent!.resource];
  if (!all) throw new Error(`adjusting every ${spec.def.singular} needs the ${spec.def.parent!.resource} lookup`);
  return all.ids();
}

function matches(record: LiveRecord, options: AdjustOptions): boolean {
  if (options.only && !options.only.has(record.id)) return false;
  return Object.entries(options.filter ?? {}).every(([name, ids]) => ids.includes(record.values[name] as number));
}
