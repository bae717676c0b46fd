// The flags a `prices adjust` run's rows depend on — its change (--percent or --amount, --round)
// and its selection (--inventory-id, --rental-block-id, ids resolved) — as its report records them,
// and their check on --resume: a flag given must be the report's (else exit 2, nothing sent), a
// flag left out is taken from the report (and said so).

import { UsageError } from '../../errors.js';
import type { ReportRun } from '../../bulk/index.js';
import { formatMoney } from '../../domain/money.js';
import { moneyFlag } from '../../bulk/flags.js';

export const ADJUST_COMMAND = 'prices adjust';
/** --round when neither given nor in the report resumed. */
export const DEFAULT_ROUND = '0.01';

/** Normalised: decimals as `formatMoney` writes them (10.0 is 10), ids sorted. */
export interface AdjustFlags {
  change?: { kind: 'percent' | 'amount'; by: string };
  round?: string;
  inventoryId?: number[];
  rentalBlockId?: number[];
}

const FILTERS = [
  ['inventoryId', '--inventory-id', 'item'],
  ['rentalBlockId', '--rental-block-id', 'rental block'],
] as const;

/** A decimal flag as its report keeps it. */
export function decimalText(flag: string, value: string, rule: 'any' | 'positive'): string {
  return formatMoney(moneyFlag(flag, value, rule));
}

export function recordOf(flags: AdjustFlags): ReportRun {
  const recorded: ReportRun['flags'] = {};
  if (flags.change) recorded[flags.change.kind] = flags.change.by;
  if (flags.round !== undefined) recorded.round = flags.round;
  for (const [name] of FILTERS) if (flags[name]) recorded[name] = flags[name];
  return { command: ADJUST_COMMAND, flags: recorded };
}

function flagsOf(run: ReportRun): AdjustFlags {
  const { percent, amount, round, inventoryId, rentalBlockId } = run.flags;
  const flags: AdjustFlags = {};
  if (typeof percent === 'string') flags.change = { kind: 'percent', by: percent };
  else if (typeof amount === 'string') flags.change = { kind: 'amount', by: amount };
  if (typeof round === 'string') flags.round = round;
  if (Array.isArray(inventoryId)) flags.inventoryId = inventoryId;
  if (Array.isArray(rentalBlockId)) flags.rentalBlockId = rentalBlockId;
  return flags;
}

/** `--percent 10 --inventory-id 12 --round 0.01`. */
export function describeFlags(flags: AdjustFlags): string {
  const parts: string[] = [];
  if (flags.change) parts.push(`--${flags.change.kind} ${flags.change.by}`);
  for (const [name, flag] of FILTERS) for (const id of flags[name] ?? []) parts.push(`${flag} ${id}`);
  if (flags.round !== undefined) parts.push(`--round ${flags.round}`);
  return parts.join(' ');
}

/**
 * The flags a --resume runs with: those given, each checked against the report's run, and those
 * left out taken from it (`taken`). A report written before runs were recorded checks nothing.
 */
export function resumeFlags(
  given: AdjustFlags,
  recorded: ReportRun | undefined,
  report: string,
  /** The filters as typed (names), to show beside their ids. */
  typed: Partial<Record<'inventoryId' | 'rentalBlockId', readonly string[]>>,
): { flags: AdjustFlags; taken?: string } {
  if (recorded === undefined) return { flags: given };
  if (recorded.command !== ADJUST_COMMAND) {
    throw new UsageError(`--resume ${report}: the report is of a \`${recorded.command}\` run, not of \`${ADJUST_COMMAND}\`; nothing was sent`);
  }
  const theirs = flagsOf(recorded);
  const differences: string[] = [];
  if (given.change && theirs.change && (given.change.kind !== theirs.change.kind || given.change.by !== theirs.change.by)) {
    const sameKind = given.change.kind === theirs.change.kind;
    const show = (change: NonNullable<AdjustFlags['change']>): string => (sameKind ? change.by : `--${change.kind} ${change.by}`);
    differences.push(`--${given.change.kind}: the run in the report had ${show(theirs.change)}, this one ${show(given.change)}`);
  }
  if (given.round !== undefined && given.round !== (theirs.round ?? given.round)) {
    differences.push(`--round: the run in the report had ${theirs.round}, this one ${given.round}`);
  }
  for (const [name, flag, what] of FILTERS) {
    const mine = given[name];
    if (mine === undefined || sameIds(mine, theirs[name])) continue;
    const before = theirs[name]?.join(', ') ?? `every ${what}`;
    const names = (typed[name] ?? []).filter((text) => !/^\d+$/.test(text));
    differences.push(`${flag}: the run in the report adjusted ${before}, this one ${mine.join(', ')}${names.length > 0 ? ` (${names.map((n) => JSON.stringify(n)).join(', ')})` : ''}`);
  }
  if (differences.length > 0) {
    throw new UsageError(
      `--resume ${report}: these flags differ from the run the report records (leave them out to take the report's; nothing was sent):\n${differences.map((d) => `  - ${d}`).join('\n')}`,
    );
  }
  const flags: AdjustFlags = { ...theirs, ...definedOnly(given) };
  const takenOnly: AdjustFlags = {};
  if (!given.change && theirs.change) takenOnly.change = theirs.change;
  for (const [name] of FILTERS) if (given[name] === undefined && theirs[name]) takenOnly[name] = theirs[name];
  // The default round taken is not news.
  if (given.round === undefined && theirs.round !== undefined && theirs.round !== DEFAULT_ROUND) takenOnly.round = theirs.round;
  const taken = describeFlags(takenOnly);
  return { flags, taken: taken === '' ? undefined : taken };
}

function sameIds(a: readonly number[], b: readonly number[] | undefined): boolean {
  return b !== undefined && a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);
}

function definedOnly(flags: AdjustFlags): AdjustFlags {
  return Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined)) as AdjustFlags;
}
