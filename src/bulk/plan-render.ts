// What a plan's rows and totals say, for people: a row's change (`120.00 → 126.00 (+5.0%)`) and
// the totals (`10000 rows: 3 create, 120 update, 9870 unchanged, 7 invalid, 0 refused`). The
// aligned lines of a dry run are plan-lines.ts's (they measure widths: string-width, loaded there).

import { type Money, formatChangePercent, money } from '../domain/money.js';
import type { Plan, PlanRow, PlanTotals } from './plan.js';
import { type RowSpec, field, moneyFields } from './spec.js';
import { type Values, displayValue } from './values.js';
import { rowKey } from './row-place.js';

/** Rows that would not apply as planned, by rowKey (an undo's dry run checks against the server). */
export type PredictedOutcomes = ReadonlyMap<string, { outcome: string; error?: string }>;

/** Outcomes a prediction shows in place of the planned action. */
export const SHOWN_OUTCOMES = new Set(['stale', 'failed', 'unchanged']);

/** The totals of a plan as a check against the server predicts them: `91 rows: 0 create, 90 update, …, 1 stale`. */
export function predictedTotalsLine(plan: Plan, predicted: PredictedOutcomes): string {
  const totals = { ...plan.totals };
  const extra: Record<string, number> = { stale: 0, failed: 0 };
  for (const row of plan.rows) {
    const outcome = predicted.get(rowKey(row))?.outcome;
    // A row marked stale when the plan was made is counted so in the plan's totals already.
    if (row.action === 'unchanged' || row.action === 'stale' || outcome === undefined || !SHOWN_OUTCOMES.has(outcome)) continue;
    totals[row.action]--;
    if (outcome === 'unchanged') totals.unchanged++;
    else extra[outcome]!++;
  }
  const more = Object.entries(extra).filter(([, n]) => n > 0).map(([name, n]) => `, ${n} ${name}`).join('');
  return `${plan.rows.length} ${plan.rows.length === 1 ? 'row' : 'rows'}: ${describeTotals(totals)}${more}`;
}

/** `3 rows: 1 create, …`; `rows` only for its length (a streamed plan passes its count). */
export function totalsLine(plan: { rows: { length: number }; totals: PlanTotals }): string {
  return `${plan.rows.length} ${plan.rows.length === 1 ? 'row' : 'rows'}: ${describeTotals(plan.totals)}`;
}

function describeTotals(totals: PlanTotals): string {
  const always = ['create', 'update', 'unchanged', 'invalid', 'refused'] as const;
  const parts = always.map((a) => `${totals[a]} ${a}`);
  if (totals.delete > 0) parts.splice(2, 0, `${totals.delete} delete`);
  if (totals.unread > 0) parts.push(`${totals.unread} unread`);
  if (totals.stale > 0) parts.push(`${totals.stale} stale`);
  return parts.join(', ');
}

/** What a row does, without its line and label: `120.00 → 126.00 (+5.0%)`. */
export function rowDetail(spec: RowSpec, row: PlanRow): string {
  switch (row.action) {
    case 'update':
      return changes(spec, row.old ?? {}, row.new ?? {});
    case 'refused':
      return `${changes(spec, row.old ?? {}, row.new ?? {})}  (${row.error ?? 'refused'})`;
    case 'create':
      return values(spec, row.new ?? {});
    case 'delete':
      return `was ${values(spec, row.old ?? {})}`;
    case 'unchanged':
      return values(spec, row.new ?? row.old ?? {});
    case 'invalid':
    case 'unread':
    case 'stale':
      return row.error ?? '';
  }
}

function changes(spec: RowSpec, before: Values, after: Values): string {
  const named = spec.values.length > 1;
  return Object.keys(after)
    .map((name) => {
      const f = field(spec, name);
      let text = `${displayValue(f, before[name])} → ${displayValue(f, after[name])}`;
      if (moneyFields(spec).includes(name) && before[name] !== undefined) {
        text += ` (${formatChangePercent(asMoney(before[name]), asMoney(after[name]))})`;
      }
      return named ? `${name} ${text}` : text;
    })
    .join(', ');
}

function values(spec: RowSpec, shown: Values): string {
  const named = Object.keys(shown).length > 1 || spec.values.length > 1;
  return Object.entries(shown)
    .map(([name, value]) => (named ? `${name} ` : '') + displayValue(field(spec, name), value))
    .join(', ');
}

function asMoney(value: string | number | undefined): Money {
  return money(value ?? 0);
}
