// An import whose plan moves some price by a factor of ten or more is refused whole, before any
// row is sent: such rows are the mark of a file a spreadsheet misread (a separator or unit
// mix-up), and the rows next to them were most likely misread too. The message lists them, says
// what usually causes it and how to go on when the change is meant.

import { UsageError } from '../errors.js';
import { type ImplausibleChange, implausibleChange, likelyCause } from '../domain/implausible-change.js';
import { money } from '../domain/money.js';
import { type AnyPlan, type PlanRow, rowsOf } from './plan.js';
import { type RowSpec, field, moneyFields } from './spec.js';
import { displayValue } from './values.js';

const LISTED = 10;

/**
 * The refusal of a plan with such rows (undefined when it has none): nothing is sent.
 * @public used as `bulk.implausibleRefusal` after `await import('…/bulk/index.js')`, which knip 5 does not follow.
 */
export async function implausibleRefusal(spec: RowSpec, plan: AnyPlan, file: string): Promise<UsageError | undefined> {
  if (plan.totals.refused === 0) return undefined;
  const listed: string[] = [];
  let cause: string | undefined;
  for await (const row of rowsOf(plan)) {
    if (row.action !== 'refused') continue;
    const found = changeOf(spec, row);
    cause ??= found && likelyCause(found.change);
    if (listed.length < LISTED) listed.push(`  - ${file}:${row.line} ${row.label ?? ''}: ${found?.text ?? row.error ?? ''}`);
  }
  const count = plan.totals.refused;
  const more = count > listed.length ? `\n  … and ${count - listed.length} more` : '';
  const rows = count === 1 ? '1 row changes a price' : `${count} rows change a price`;
  return new UsageError(
    `${rows} by a factor of 10 or more, the mark of a separator or unit mix-up${cause ? ` such as ${cause}` : ''}:\n${listed.join('\n')}${more}\n` +
      'Nothing was sent. Check the file (export it again for a spreadsheet: --for-spreadsheet, --locale, or -o xlsx); if these prices are meant, run again with --allow-large-changes (or --max-change <percent>).',
  );
}

/** The row's price moved ×10 or more, and how it reads: `price 33.333 → 33333.00 (×1000)`. */
function changeOf(spec: RowSpec, row: PlanRow): { change: ImplausibleChange; text: string } | undefined {
  for (const name of moneyFields(spec)) {
    const before = row.old?.[name];
    const after = row.new?.[name];
    if (before === undefined || after === undefined) continue;
    const change = implausibleChange(money(before), money(after));
    const f = field(spec, name);
    if (change) return { change, text: `${name} ${displayValue(f, before)} → ${displayValue(f, after)} (${change.factor})` };
  }
  return undefined;
}
