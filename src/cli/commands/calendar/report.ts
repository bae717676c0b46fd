// `rentals report utilization|revenue --from --to [--by item|month|status] [--include-cancelled]`:
// how hard each item works and what it earned (app/calendar/report.ts; formulas in docs/calendar.md,
// "Reports").
//   utilization = unit-hours held / unit-hours owned, each event's window clipped to the range;
//   revenue     = Σ quantity × unit price of the booking lines, exact decimals, cancelled apart.
// At a terminal a bar chart beside the numbers; piped, the rows only (tsv, csv, json, ndjson), the
// totals beside them in -o json.

import { REPORT_GROUPINGS, REPORT_KINDS } from '../../../domain/report-grouping.js';
import { oneOf } from '../../registry/flags.js';
import { report } from '../../../app/calendar/report.js';
import { defineViewCommand } from '../../registry/spec.js';
import { rangeFlags, rangeOf, withDatesLink } from './options.js';
import { TOP_LEVEL } from '../top-level.js';

export const reportCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.report,
  args: oneOf(REPORT_KINDS),
  help: withDatesLink(
    '\nutilization = unit-hours held ÷ unit-hours owned (rentals help holds); revenue = quantity × unit price of the lines of the events starting in the range.\n',
  ),
  examples: ['rentals report utilization --from 2026-11-01 --to 2026-11-30', 'rentals report revenue --from 2026-10-01 --to 2026-10-31 --by item -o csv', 'rentals report revenue --from -30d --to today --by status --include-cancelled'],
  flags: {
    ...rangeFlags({ from: 'the first of this month', to: 'the end of the month' }),
    by: { value: 'grouping', values: REPORT_GROUPINGS, help: `rows by ${REPORT_GROUPINGS.join(', ')} (default item)` },
    includeCancelled: { help: "revenue: the cancelled events' rows too, outside the total" },
  },
  view: 'records',
  handler: (factory, options, [kind]) => report(factory, { kind, range: rangeOf(options), by: options.by, includeCancelled: options.includeCancelled === true }),
});
