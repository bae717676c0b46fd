// The flags a `prices adjust` run's rows depend on — its change (--percent or --amount, --round)
// and its selection (--inventory-id, --rental-block-id, ids resolved) — as its report records them
// and a --resume checks them (app/bulk/resume-flags.ts).

import { formatMoney } from '../../domain/money.js';
import { moneyFlag } from '../../bulk/flags.js';
import { type RecordedFlags, checkResumeFlags } from './resume-flags.js';
import type { ReportRun } from '../../bulk/index.js';

export const ADJUST_COMMAND = 'prices adjust';
/** --round when neither given nor in the report resumed. */
export const DEFAULT_ROUND = '0.01';

/** In this order on a command line: `--percent 10 --inventory-id 12 --round 0.01`. */
const NAMES = { percent: '--percent', amount: '--amount', inventoryId: '--inventory-id', rentalBlockId: '--rental-block-id', round: '--round' } as const;

/** A decimal flag as a report keeps it (10.0 is 10). */
export function decimalText(flag: string, value: string, rule: 'any' | 'positive'): string {
  return formatMoney(moneyFlag(flag, value, rule));
}

export function recordOf(flags: RecordedFlags): ReportRun {
  return { command: ADJUST_COMMAND, flags };
}

/** `--percent 10 --inventory-id 12 --round 0.01`. */
export function describeFlags(flags: RecordedFlags): string {
  const parts: string[] = [];
  for (const [key, name] of Object.entries(NAMES)) {
    const value = flags[key];
    if (value !== undefined) parts.push(...(Array.isArray(value) ? value.map((v) => `${name} ${v}`) : [`${name} ${value}`]));
  }
  return parts.join(' ');
}

/** The flags an adjust --resume runs with: see checkResumeFlags. */
export function resumeFlags(given: RecordedFlags, recorded: ReportRun | undefined, report: string, typed: Record<string, readonly string[]>): { flags: RecordedFlags; taken?: string } {
  return checkResumeFlags({
    command: ADJUST_COMMAND,
    report,
    given,
    recorded,
    names: NAMES,
    alternatives: ['percent', 'amount'],
    absent: { inventoryId: 'every item', rentalBlockId: 'every rental block' },
    typed,
    defaults: { round: DEFAULT_ROUND },
  });
}
