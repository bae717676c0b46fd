// An import whose plan moves some price by a factor of ten or more is refused whole, before any
// row is sent: such rows are the mark of a file a spreadsheet misread (a separator or unit
// mix-up), and the rows next to them were most likely misread too. The message lists them, says
// what usually causes it and how to go on when the change is meant.

import { UsageError } from '../errors.js';
import { type ImplausibleChange, implausibleChange, likelyCause } from '../domain/implausible-change.js';
import { formatMoneyFixed, money } from '../domain/money.js';
import { type AnyPlan, type PlanRow, rowsOf } from './plan.js';
import { type RowSpec, field, moneyFields } from './spec.js';
import { type Scalar, displayValue } from './values.js';
import { placeText } from './row-place.js';

const LISTED = 10;

/**
 * The refusal of a plan with such rows (undefined when it has none): nothing is sent.
 */
export async function implausibleRefusal(spec: RowSpec, plan: AnyPlan, file: string): Promise<UsageError | undefined> {
  if (plan.totals.refused === 0) return undefined;
  const listed: string[] = [];
  let cause: string | undefined;
  for await (const row of rowsOf(plan)) {
    if (row.action !== 'refused') continue;
    const found = changeOf(spec, row);
    cause ??= found && likelyCause(found.change);
    if (listed.length < LISTED) listed.push(`  - ${file}:${placeText(row)} ${row.label ?? ''}: ${found?.text ?? row.error ?? ''}`);
  }
  const count = plan.totals.refused;
  const more = count > listed.length ? `\n  … and ${count - listed.length} more` : '';
  const rows = count === 1 ? '1 row changes a price' : `${count} rows change a price`;
  return new UsageError(
    `${rows} by a factor of 10 or more, the mark of a separator or unit mix-up${cause ? ` such as ${cause}` : ''}:\n${listed.join('\n')}${more}\n` +
      'Nothing was sent. Check the file (export it again for a spreadsheet: --for-spreadsheet, --locale, or -o xlsx); if these prices are meant, run again with --allow-large-changes (or --max-change <percent>).',
  );
}

/** Each money field the row changes: its name and its values before and after. */
function* moneyMoves(spec: RowSpec, row: PlanRow): Generator<{ name: string; before: Scalar; after: Scalar }> {
  for (const name of moneyFields(spec)) {
    const before = row.old?.[name];
    const after = row.new?.[name];
    if (before !== undefined && after !== undefined) yield { name, before, after };
  }
}

/** The row's price moved ×10 or more, and how it reads: `price 33.333 → 33333.00 (×1000)`. */
function changeOf(spec: RowSpec, row: PlanRow): { change: ImplausibleChange; text: string } | undefined {
  for (const { name, before, after } of moneyMoves(spec, row)) {
    const change = implausibleChange(money(before), money(after));
    const f = field(spec, name);
    if (change) return { change, text: `${name} ${displayValue(f, before)} → ${displayValue(f, after)} (${change.factor})` };
  }
  return undefined;
}

/**
 * The refusal of an adjustment (`prices adjust --percent 1000`, `--percent -100`) that moves some
 * price by a factor of ten or more, or takes it to 0: most likely a slip of the number given.
 * Undefined when it moves none so; nothing is sent.
 */
export function drasticAdjustmentRefusal(spec: RowSpec, rows: readonly PlanRow[], given: string): UsageError | undefined {
  const found = rows.flatMap((row) => {
    const change = row.action === 'update' ? drasticChange(spec, row) : undefined;
    return change === undefined ? [] : [{ ...change, line: `  - ${row.label ?? `${spec.def.singular} ${row.ids.id}`}: ${change.text}` }];
  });
  if (found.length === 0) return undefined;
  const count = (n: number) => (n === 1 ? '1 price' : `${n} prices`);
  const zeroed = found.filter((change) => change.zero).length;
  const what = [zeroed > 0 ? `take ${count(zeroed)} to 0` : '', found.length > zeroed ? `move ${count(found.length - zeroed)} by a factor of 10 or more` : ''].filter(Boolean).join(' and ');
  const more = found.length > LISTED ? `\n  … and ${found.length - LISTED} more` : '';
  return new UsageError(
    `${given} would ${what}:\n${found.slice(0, LISTED).map((change) => change.line).join('\n')}${more}\n` +
      'Nothing was sent. If this is meant, run again with --allow-large-changes (or --max-change <percent>).',
  );
}

/** A price taken to 0 (`675.00 → 0.00`) or moved ×10 or more (`675.00 → 7425.00 (×11)`). */
function drasticChange(spec: RowSpec, row: PlanRow): { zero: boolean; text: string } | undefined {
  for (const { before, after } of moneyMoves(spec, row)) {
    const [from, to] = [money(before), money(after)];
    const change = implausibleChange(from, to);
    const zero = from.units > 0n && to.units <= 0n;
    if (change || zero) return { zero, text: `${formatMoneyFixed(from)} → ${formatMoneyFixed(to)}${change ? ` (${change.factor})` : ''}` };
  }
  return undefined;
}
