// The dry-run view of a plan, for people:
//   line 14  update     Tent 20x20 / Weekend  120.00 → 126.00 (+5.0%)
//   10000 rows: 3 create, 120 update, 9870 unchanged, 7 invalid, 0 refused

import { truncate } from '../common/text.js';
import { type Money, formatChangePercent, money } from './money.js';
import type { Plan, PlanRow, PlanTotals } from './plan.js';
import { type RowSpec, field, moneyFields } from './spec.js';
import { type Values, displayValue } from './values.js';

const LABEL_WIDTH = 40;

/** One line per row, in plan order (a generator: a large plan is never one big string). */
export function* planLines(spec: RowSpec, plan: Plan): Generator<string> {
  let lineWidth = 1;
  let labelWidth = 0;
  for (const row of plan.rows) {
    lineWidth = Math.max(lineWidth, String(row.line).length);
    labelWidth = Math.max(labelWidth, Math.min(LABEL_WIDTH, labelOf(row).length));
  }
  for (const row of plan.rows) {
    const label = truncate(labelOf(row), labelWidth).padEnd(labelWidth);
    yield `line ${String(row.line).padStart(lineWidth)}  ${row.action.padEnd(9)}  ${label}  ${rowDetail(spec, row)}`.trimEnd();
  }
}

export function totalsLine(plan: Plan): string {
  return `${plan.rows.length} ${plan.rows.length === 1 ? 'row' : 'rows'}: ${describeTotals(plan.totals)}`;
}

export function describeTotals(totals: PlanTotals): string {
  const always = ['create', 'update', 'unchanged', 'invalid', 'refused'] as const;
  const parts = always.map((a) => `${totals[a]} ${a}`);
  if (totals.delete > 0) parts.splice(2, 0, `${totals.delete} delete`);
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
