// The flags a `prices adjust` run's rows depend on — its change (--percent or --amount, --round),
// its selection (--inventory-id, --rental-block-id, ids resolved) and its guards (--max-change,
// --allow-large-changes, --skip-invalid) — as its report records them and a --resume checks them
// (app/bulk/resume-flags.ts).

import { formatMoney } from '../../domain/money.js';
import { moneyFlag } from '../../bulk/flags.js';
import { GUARD_NAMES, type RecordedFlags, type SettledFlags, checkResumeFlags, flagWords } from './resume-flags.js';
import type { ReportRun } from '../../bulk/index.js';
import { DEFAULT_ROUND } from './round.js';

export const ADJUST_COMMAND = 'prices adjust';

/** What the change is: in this order on a command line, `--percent 10 --inventory-id 12 --round 0.01`. */
const CHANGE_NAMES = { percent: '--percent', amount: '--amount', inventoryId: '--inventory-id', rentalBlockId: '--rental-block-id', round: '--round' } as const;
/** Every flag the report records, guards after the change. */
export const ADJUST_NAMES = { ...CHANGE_NAMES, ...GUARD_NAMES } as const;

/** A decimal flag as a report keeps it (10.0 is 10). */
export function decimalText(flag: string, value: string, rule: 'any' | 'positive' | 'non-negative'): string {
  return formatMoney(moneyFlag(flag, value, rule));
}

export function recordOf(flags: RecordedFlags): ReportRun {
  return { command: ADJUST_COMMAND, flags };
}

/** `--percent 10 --inventory-id 12 --round 0.01`: the change, without its guards. */
export function describeFlags(flags: RecordedFlags): string {
  return flagWords(flags, CHANGE_NAMES).join(' ');
}

/** The flags an adjust --resume runs with: see checkResumeFlags. */
export function resumeFlags(given: RecordedFlags, recorded: ReportRun | undefined, report: string, typed: Record<string, readonly string[]>): SettledFlags {
  return checkResumeFlags({
    command: ADJUST_COMMAND,
    report,
    given,
    recorded,
    names: ADJUST_NAMES,
    alternatives: ['percent', 'amount'],
    absent: { inventoryId: 'every item', rentalBlockId: 'every rental block' },
    typed,
    defaults: { round: DEFAULT_ROUND },
  });
}
