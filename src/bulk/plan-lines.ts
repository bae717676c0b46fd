// The dry-run view of a plan, for people, a line per row with its columns aligned:
//   line 14  update     Tent 20x20 / Weekend  120.00 → 126.00 (+5.0%)
//   10000 rows: 3 create, 120 update, 9870 unchanged, 7 invalid, 0 refused
// Apart from plan-render.ts because it measures widths (output/width.ts loads string-width, ~30 ms):
// a run that only writes (`import --yes`) never loads it.

import type { Plan, PlanRow, SpooledPlan } from './plan.js';
import { type PredictedOutcomes, SHOWN_OUTCOMES, rowDetail, totalsLine } from './plan-render.js';
import type { RowSpec } from './spec.js';
import { placeText, rowKey } from './row-place.js';
import { padToWidth, textWidth } from '../output/width.js';

const LABEL_WIDTH = 40;

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
function unchangedNote(count: number): string {
  return `(${count} unchanged ${count === 1 ? 'row' : 'rows'} not listed; --all lists them)`;
}

/** The columns' widths of the plan lines: the longest line number, the longest label (at most 40). */
class PlanLineWidths {
  line = 1;
  label = 0;

  add(row: PlanRow): void {
    this.line = Math.max(this.line, placeText(row).length);
    this.label = Math.max(this.label, Math.min(LABEL_WIDTH, textWidth(labelOf(row))));
  }
}

/** One row's line, padded to `widths` (measured over every row first). */
function planLine(spec: RowSpec, row: PlanRow, widths: PlanLineWidths, predicted?: PredictedOutcomes): string {
  // A label longer than the column is shown whole (the line wraps at a terminal), never cut.
  const label = padToWidth(labelOf(row), widths.label);
  const outcome = predicted?.get(rowKey(row));
  const shown = outcome && row.action !== 'unchanged' && SHOWN_OUTCOMES.has(outcome.outcome) ? outcome : undefined;
  const action = shown ? shown.outcome : row.action;
  const detail = shown?.error ?? (shown?.outcome === 'unchanged' ? 'already as it was' : rowDetail(spec, row));
  return `line ${placeText(row).padStart(widths.line)}  ${action.padEnd(9)}  ${label}  ${detail}`.trimEnd();
}

function labelOf(row: PlanRow): string {
  if (row.label !== undefined) return row.label;
  return Object.entries(row.ids)
    .map(([name, id]) => `${name} ${id}`)
    .join(', ');
}
