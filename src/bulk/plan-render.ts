// The dry-run view of a plan, for people:
//   line 14  update     Tent 20x20 / Weekend  120.00 → 126.00 (+5.0%)
//   10000 rows: 3 create, 120 update, 9870 unchanged, 7 invalid, 0 refused

import { type Money, formatChangePercent, money } from '../domain/money.js';
import type { Plan, PlanRow, PlanTotals, SpooledPlan } from './plan.js';
import { type RowSpec, field, moneyFields } from './spec.js';
import { padToWidth, textWidth, truncateToWidth } from '../output/width.js';
import { type Values, displayValue } from './values.js';

const LABEL_WIDTH = 40;

/** Rows that would not apply as planned, by line (an undo's dry run checks against the server). */
export type PredictedOutcomes = ReadonlyMap<number, { outcome: string; error?: string }>;

/** Outcomes a prediction shows in place of the planned action. */
const SHOWN_OUTCOMES = new Set(['stale', 'failed', 'unchanged']);

/**
 * One line per row, in plan order (a generator: a large plan is never one big string).
 * `changesOnly`: the rows that change (and the invalid and refused ones) listed, the unchanged counted.
 */
export function* planLines(spec: RowSpec, plan: Plan, predicted?: PredictedOutcomes, changesOnly = false): Generator<string> {
  const widths = new PlanLineWidths();
  const listed = changesOnly ? plan.rows.filter((row) => row.action !== 'unchanged') : plan.rows;
  for (const row of listed) widths.add(row);
  for (const row of listed) yield planLine(spec, row, widths, predicted);
  const unlisted = plan.rows.length - listed.length;
  if (unlisted > 0) yield unchangedNote(unlisted);
}

/** planLines of a spooled plan, read twice (the widths, then the lines), then its totals: never held whole. */
export async function* spooledPlanLines(spec: RowSpec, plan: SpooledPlan, changesOnly = false): AsyncGenerator<string> {
  const widths = new PlanLineWidths();
  for await (const row of plan.rows()) if (!changesOnly || row.action !== 'unchanged') widths.add(row);
  for await (const row of plan.rows()) if (!changesOnly || row.action !== 'unchanged') yield planLine(spec, row, widths);
  if (changesOnly && plan.totals.unchanged > 0) yield unchangedNote(plan.totals.unchanged);
  yield totalsLine({ rows: { length: plan.count }, totals: plan.totals });
}

/** The line that stands for the unchanged rows a terminal does not list. */
export function unchangedNote(count: number): string {
  return `(${count} unchanged ${count === 1 ? 'row' : 'rows'} not listed; --all lists them)`;
}

/** The columns' widths of the plan lines: the longest line number, the longest label (at most 40). */
export class PlanLineWidths {
  line = 1;
  label = 0;

  add(row: PlanRow): void {
    this.line = Math.max(this.line, String(row.line).length);
    this.label = Math.max(this.label, Math.min(LABEL_WIDTH, textWidth(labelOf(row))));
  }
}

/** One row's line, padded to `widths` (measured over every row first). */
export function planLine(spec: RowSpec, row: PlanRow, widths: PlanLineWidths, predicted?: PredictedOutcomes): string {
  const label = padToWidth(truncateToWidth(labelOf(row), widths.label), widths.label);
  const outcome = predicted?.get(row.line);
  const shown = outcome && row.action !== 'unchanged' && SHOWN_OUTCOMES.has(outcome.outcome) ? outcome : undefined;
  const action = shown ? shown.outcome : row.action;
  const detail = shown?.error ?? (shown?.outcome === 'unchanged' ? 'already as it was' : rowDetail(spec, row));
  return `line ${String(row.line).padStart(widths.line)}  ${action.padEnd(9)}  ${label}  ${detail}`.trimEnd();
}

/** The totals of a plan as a check against the server predicts them: `91 rows: 0 create, 90 update, …, 1 stale`. */
export function predictedTotalsLine(plan: Plan, predicted: PredictedOutcomes): string {
  const totals = { ...plan.totals };
  const extra: Record<string, number> = { stale: 0, failed: 0 };
  for (const row of plan.rows) {
    const outcome = predicted.get(row.line)?.outcome;
    if (row.action === 'unchanged' || outcome === undefined || !SHOWN_OUTCOMES.has(outcome)) continue;
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

function labelOf(row: PlanRow): string {
  if (row.label !== undefined) return row.label;
  return Object.entries(row.ids)
    .map(([name, id]) => `${name} ${id}`)
    .join(', ');
}
