// Use case: the reports (`rentals report utilization|revenue`): how hard each item works and what it
// earned, grouped by item, month or status (formulas in domain/utilization.ts and domain/revenue.ts).
//   utilization = unit-hours held / unit-hours owned, each event's window clipped to the range;
//   revenue     = Σ quantity × unit price of the booking lines, exact decimals, cancelled apart.
// At a terminal a bar chart beside the numbers, the total under the rows it sums (the cancelled
// rows after it, set apart); piped, only the rows (tsv, csv, json, ndjson), the totals beside them
// in -o json (`total`, `cancelledTotal`).

import { closest } from '../../common/similar.js';
import { type RangeInput, resolveRange } from '../../domain/dates.js';
import { moneyToNumber } from '../../domain/money.js';
import { REPORT_GROUPINGS, REPORT_KINDS, type ReportGrouping, type ReportKind } from '../../domain/report-grouping.js';
import { type RevenueRow, revenue } from '../../domain/revenue.js';
import { type UtilizationRow, utilization } from '../../domain/utilization.js';
import { UsageError } from '../../errors.js';
import { type BarRow, renderBarChart } from '../../output/bar-chart.js';
import type { ColumnKinds, View } from '../../output/views.js';
import { moneyTextIn } from '../../output/money-text.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';

export type ReportDeps = Pick<Factory, 'calendar' | 'ruleOf' | 'wallNow' | 'notices' | 'documentSettings'>;

export interface ReportRequest {
  /** `utilization` or `revenue`, as typed. */
  kind: string;
  /** The range; by default this month. */
  range: RangeInput;
  /** item, month or status (default item), as typed. */
  by: string | undefined;
  /** Revenue: the cancelled events' lines apart. */
  includeCancelled: boolean;
}


function grouping(value: string | undefined): ReportGrouping {
  if (value === undefined) return 'item';
  const found = REPORT_GROUPINGS.find((g) => g === value.trim().toLowerCase());
  if (!found) throw new UsageError(`--by: must be ${REPORT_GROUPINGS.join(', ')} (got ${JSON.stringify(value)})`);
  return found;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

function utilizationTotal(row: UtilizationRow) {
  return { heldUnitHours: round(row.heldUnitHours, 2), ownedUnitHours: round(row.ownedUnitHours, 2), utilization: row.utilization === undefined ? null : round(row.utilization, 4) };
}

function utilizationRecord(row: UtilizationRow) {
  return { key: row.key, label: row.label, ...utilizationTotal(row) };
}

function revenueTotal(row: RevenueRow) {
  return { amount: moneyToNumber(row.amount), lines: row.lines, unpriced: row.unpriced };
}

/** Every revenue row says whether it is a cancelled event's, so csv and tsv tell the two apart. */
function revenueRecord(row: RevenueRow, cancelled: boolean) {
  return { key: row.key, label: row.label, ...revenueTotal(row), cancelled };
}

/** By item, a row's key is the item's id (text in -o json, as the other groupings' keys): a number in a spreadsheet. */
function keyKind(by: ReportGrouping): ColumnKinds {
  return by === 'item' ? { key: 'id' } : {};
}

const CANCELLED_HEADING = 'Cancelled, not in the total:';

export async function report(deps: ReportDeps, request: ReportRequest): Promise<View> {
  const kindText = request.kind;
  const kind = REPORT_KINDS.find((k) => k === kindText.trim().toLowerCase()) as ReportKind | undefined;
  if (!kind) {
    const near = closest(kindText, REPORT_KINDS);
    throw new UsageError(`report: say which, ${REPORT_KINDS.join(' or ')} (got ${JSON.stringify(kindText)})${near.length > 0 ? `; did you mean ${near[0]}?` : ''}`);
  }
  const by = grouping(request.by);
  if (request.includeCancelled && kind !== 'revenue') throw new UsageError('--include-cancelled goes with revenue');
  const now = deps.wallNow();
  const month = new Date(now);
  const first = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1);
  const asked = request.range;
  const range =
    asked.range !== undefined
      ? resolveRange(asked, now, { days: 30 })
      : resolveRange({ from: asked.from ?? new Date(first).toISOString().slice(0, 10), to: asked.to ?? new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).toISOString().slice(0, 10) }, now, { days: 30 });
  showRange(deps.notices(), range);
  const calendar = await deps.calendar({ lean: true });
  const [events, items] = await Promise.all([calendar.eventsIn(range), calendar.items()]);
  const bookings = await calendar.bookings(events);
  const statusOf = (event: { status: string | undefined; statusId: number | undefined }) => event.status ?? `status ${event.statusId ?? '?'}`;

  if (kind === 'utilization') {
    const booked = new Set([...bookings.values()].flatMap((list) => list.map((b) => b.itemId)));
    const fleet = [...items.values()].filter((item) => item.active || booked.has(item.id)).sort((a, b) => a.id - b.id);
    const report = utilization({ range, fleet, events, bookings, ruleOf: deps.ruleOf, statusOf }, by);
    const rows = report.rows.map(utilizationRecord);
    const total = utilizationTotal(report.total);
    return {
      kind: 'picture',
      draw: (width, colour) =>
        renderBarChart(
          [...rows, { label: 'total', ...total }].map((r) => ({ cells: [r.label, r.heldUnitHours.toFixed(1), r.ownedUnitHours.toFixed(1), r.utilization === null ? '—' : `${(r.utilization * 100).toFixed(1)}%`], fraction: r.utilization ?? undefined })),
          { width, colour, header: [by, 'held unit-h', 'owned unit-h', 'utilization'], rightAligned: new Set([1, 2, 3]) },
        ),
      listing: { kind: 'records', body: { data: rows, total }, rows, columns: ['key', 'label', 'heldUnitHours', 'ownedUnitHours', 'utilization'], kinds: keyKind(by) },
    };
  }

  const report = revenue({ range, events, bookings, items, statusOf }, by);
  const cancelledRows = request.includeCancelled ? report.cancelled.rows : [];
  const rows = [...report.rows.map((r) => revenueRecord(r, false)), ...cancelledRows.map((r) => revenueRecord(r, true))];
  const totals = { total: revenueTotal(report.total), ...(request.includeCancelled ? { cancelledTotal: revenueTotal(report.cancelled.total) } : {}) };
  const top = Math.max(0, ...[...report.rows, ...cancelledRows].map((r) => moneyToNumber(r.amount)));
  const shown = moneyTextIn(deps.documentSettings().currency);
  const line = (row: RevenueRow, label = row.label) => ({ cells: [label, shown(row.amount), String(row.lines)] });
  const barred = (row: RevenueRow) => ({ ...line(row), fraction: top > 0 ? moneyToNumber(row.amount) / top : undefined });
  // The total right under the rows it sums; the cancelled rows after it, set apart, with their own total.
  const cancelledPart: BarRow[] = request.includeCancelled ? [...cancelledRows.map(barred), { ...line(report.cancelled.total, 'cancelled total'), fraction: undefined }] : [];
  if (cancelledPart[0]) cancelledPart[0] = { ...cancelledPart[0], before: ['', CANCELLED_HEADING] };
  return {
    kind: 'picture',
    draw: (width, colour) =>
      renderBarChart([...report.rows.map(barred), { ...line(report.total, 'total'), fraction: undefined }, ...cancelledPart], { width, colour, header: [by, 'revenue', 'lines'], rightAligned: new Set([1, 2]) }),
    listing: { kind: 'records', body: { data: rows, ...totals }, rows, columns: ['key', 'label', 'amount', 'lines', 'unpriced', 'cancelled'], money: ['amount'], kinds: keyKind(by) },
  };
}
