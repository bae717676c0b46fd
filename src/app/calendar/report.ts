// Use case: the reports (`rentals report utilization|revenue`): how hard each item works and what it
// earned, grouped by item, month or status (formulas in domain/utilization.ts and domain/revenue.ts).
//   utilization = unit-hours held / unit-hours owned, each event's window clipped to the range;
//   revenue     = Σ quantity × unit price of the booking lines, exact decimals, cancelled apart.
// At a terminal a bar chart beside the numbers; piped, rows (tsv, csv, json, ndjson).

import { closest } from '../../common/similar.js';
import { type RangeInput, resolveRange } from '../../domain/dates.js';
import { formatMoneyFixed, moneyToNumber } from '../../domain/money.js';
import { REPORT_GROUPINGS, REPORT_KINDS, type ReportGrouping, type ReportKind } from '../../domain/report-grouping.js';
import { type RevenueRow, revenue } from '../../domain/revenue.js';
import { type UtilizationRow, utilization } from '../../domain/utilization.js';
import { UsageError } from '../../errors.js';
import { renderBarChart } from '../../output/bar-chart.js';
import type { View } from '../../output/views.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';

export type ReportDeps = Pick<Factory, 'calendar' | 'ruleOf' | 'wallNow' | 'notices'>;

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

function utilizationRecord(row: UtilizationRow) {
  return { key: row.key, label: row.label, heldUnitHours: round(row.heldUnitHours, 2), ownedUnitHours: round(row.ownedUnitHours, 2), utilization: row.utilization === undefined ? null : round(row.utilization, 4) };
}

function revenueRecord(row: RevenueRow, cancelled = false) {
  return { key: row.key, label: row.label, amount: moneyToNumber(row.amount), lines: row.lines, unpriced: row.unpriced, ...(cancelled ? { cancelled: true } : {}) };
}

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
    const rows = [...report.rows, { ...report.total, key: 'total', label: 'total' }].map(utilizationRecord);
    return {
      kind: 'picture',
      draw: (width, colour) =>
        renderBarChart(
          rows.map((r) => ({ cells: [r.label, r.heldUnitHours.toFixed(1), r.ownedUnitHours.toFixed(1), r.utilization === null ? '—' : `${(r.utilization * 100).toFixed(1)}%`], fraction: r.utilization ?? undefined })),
          { width, colour, header: [by, 'held unit-h', 'owned unit-h', 'utilization'], rightAligned: new Set([1, 2, 3]) },
        ),
      listing: { kind: 'records', body: { data: rows }, rows, columns: ['key', 'label', 'heldUnitHours', 'ownedUnitHours', 'utilization'] },
    };
  }

  const report = revenue({ range, events, bookings, items, statusOf }, by);
  const rows = [...report.rows.map((r) => revenueRecord(r)), revenueRecord({ ...report.total, key: 'total', label: 'total' })];
  if (request.includeCancelled) rows.push(...report.cancelled.rows.map((r) => revenueRecord(r, true)), revenueRecord({ ...report.cancelled.total, key: 'cancelled', label: 'cancelled (total)' }, true));
  const top = Math.max(0, ...report.rows.map((r) => moneyToNumber(r.amount)));
  return {
    kind: 'picture',
    draw: (width, colour) =>
      renderBarChart(
        [...report.rows.map((r) => ({ row: r, cancelled: false })), ...(request.includeCancelled ? report.cancelled.rows.map((r) => ({ row: r, cancelled: true })) : [])]
          .map(({ row, cancelled }) => ({ cells: [`${row.label}${cancelled ? ' (cancelled)' : ''}`, formatMoneyFixed(row.amount), String(row.lines)], fraction: top > 0 ? moneyToNumber(row.amount) / top : undefined }))
          .concat([{ cells: ['total', formatMoneyFixed(report.total.amount), String(report.total.lines)], fraction: undefined }]),
        { width, colour, header: [by, 'revenue', 'lines'], rightAligned: new Set([1, 2]) },
      ),
    listing: { kind: 'records', body: { data: rows }, rows, columns: ['key', 'label', 'amount', 'lines', 'unpriced'], knownColumns: ['key', 'label', 'amount', 'lines', 'unpriced', 'cancelled'] },
  };
}
