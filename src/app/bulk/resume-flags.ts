// The flags a bulk run's rows depend on, as its report's first line records them, and their check
// on --resume: a flag given must be the report's (else exit 2, each difference named with both
// values, nothing sent); a flag left out is taken from the report (and said so). A guard flag
// (--max-change, --allow-large-changes, --skip-invalid) may differ — loosening a guard is a normal
// reason to resume — and is named with both values. A report written before runs were recorded
// checks nothing.

import { shownPath } from '../../common/sanitize.js';
import { UsageError } from '../../errors.js';
import type { ReportRun } from '../../bulk/index.js';
import type { Notices } from '../../output/notices.js';

/** Normalised values: decimals as formatMoney writes them, ids resolved and sorted, paths made absolute, a switch `true`. */
export type RecordedFlags = ReportRun['flags'];
type FlagValue = RecordedFlags[string];

/** The guard flags of a run that sets prices: what a resume may change. */
export const GUARD_NAMES = { maxChange: '--max-change', allowLargeChanges: '--allow-large-changes', skipInvalid: '--skip-invalid' } as const;
/** Of these two guards one is given: the other is then not taken from the report. */
const GUARD_ALTERNATIVES = ['maxChange', 'allowLargeChanges'];

export interface ResumeCheck {
  command: string;
  /** The report, as shown. */
  report: string;
  given: RecordedFlags;
  recorded: ReportRun | undefined;
  /** Each flag's key → its name on the command line: `inventoryId` → `--inventory-id`; guards included. */
  names: Readonly<Record<string, string>>;
  /** Flags of which one is given (`percent`, `amount`): a run's is compared with the other's. */
  alternatives?: readonly string[];
  /** What a flag left out meant, when it meant something (`inventoryId` → `every item`). */
  absent?: Readonly<Record<string, string>>;
  /** A flag's value as typed, where it differs from its normal form (names beside their ids). */
  typed?: Readonly<Record<string, readonly string[]>>;
  /** Left out of the "taken" notice when taken: a value that is also the default (`round` 0.01). */
  defaults?: Readonly<Record<string, string>>;
}

export interface SettledFlags {
  flags: RecordedFlags;
  /** The flags taken from the report, as words for the notice. */
  taken?: string;
  /** The guard flags given other than the report's, each named with both values. */
  loosened?: string[];
}

const isGuard = (key: string): boolean => key in GUARD_NAMES;

/** Says on stderr what a resume took from its report and which guard flags it was given otherwise. */
export function sayResumeFlags(notices: Notices, report: string, settled: Pick<SettledFlags, 'taken' | 'loosened'>): void {
  if (settled.taken) notices.info(`Flags taken from the report ${shownPath(report)}: ${settled.taken}`);
  if (settled.loosened) notices.warn(`Guard flags other than the run's in ${shownPath(report)}:\n${settled.loosened.map((d) => `  - ${d}`).join('\n')}`);
}

export function checkResumeFlags(check: ResumeCheck): SettledFlags {
  const { given, recorded, names } = check;
  if (recorded === undefined) return { flags: given };
  if (recorded.command !== check.command) {
    throw new UsageError(`--resume ${check.report}: the report is of a \`${recorded.command}\` run, not of \`${check.command}\`; nothing was sent`);
  }
  const theirs = recorded.flags;
  const groupOf = (key: string): readonly string[] =>
    (check.alternatives ?? []).includes(key) ? (check.alternatives ?? []) : GUARD_ALTERNATIVES.includes(key) ? GUARD_ALTERNATIVES : [];
  const differences: string[] = [];
  const loosened: string[] = [];
  for (const key of Object.keys(names)) {
    const mine = given[key];
    if (mine === undefined) continue;
    const other = groupOf(key).find((k) => k !== key && theirs[k] !== undefined);
    if (isGuard(key)) {
      if (other !== undefined) loosened.push(`${names[key]}: the run had ${words(names, other, theirs[other]!)}, this one ${words(names, key, mine)}`);
      else if (!same(mine, theirs[key])) loosened.push(`${names[key]}: the run had ${theirs[key] === undefined ? 'none' : show(names, key, theirs[key])}, this one ${show(names, key, mine)}`);
      continue;
    }
    if (other !== undefined) {
      differences.push(`${names[key]}: the run in the report had ${words(names, other, theirs[other]!)}, this one ${words(names, key, mine)}`);
      continue;
    }
    if (same(mine, theirs[key])) continue;
    const typed = (check.typed?.[key] ?? []).filter((text) => text !== '' && !/^\d+$/.test(text));
    const before = theirs[key] === undefined ? (check.absent?.[key] ?? 'none') : show(names, key, theirs[key]);
    differences.push(`${names[key]}: the run in the report had ${before}, this one ${show(names, key, mine)}${typed.length > 0 ? ` (${typed.map((t) => JSON.stringify(t)).join(', ')})` : ''}`);
  }
  if (differences.length > 0) {
    throw new UsageError(
      `--resume ${check.report}: these flags differ from the run the report records (leave them out to take the report's; nothing was sent):\n${differences.map((d) => `  - ${d}`).join('\n')}`,
    );
  }
  const flags: RecordedFlags = { ...given };
  const taken: RecordedFlags = {};
  const givenOne = (key: string): boolean => groupOf(key).concat(key).some((k) => given[k] !== undefined);
  // In command-line order (the order of `names`).
  for (const key of Object.keys(names)) {
    const value = theirs[key];
    if (value === undefined || givenOne(key)) continue;
    flags[key] = value;
    if (check.defaults?.[key] !== value) taken[key] = value;
  }
  const takenWords = flagWords(taken, names);
  return { flags, taken: takenWords.length > 0 ? takenWords.join(' ') : undefined, loosened: loosened.length > 0 ? loosened : undefined };
}

/**
 * The flags as command-line words, in the order of `names`: `--percent 10 --inventory-id 12
 * --skip-invalid` (a list once per value, a switch by its name). A key named without `--` (the
 * file) is written as `file /abs/a.csv` here; a command line places it itself (see rerun.ts).
 */
export function flagWords(flags: RecordedFlags, names: Readonly<Record<string, string>>): string[] {
  const parts: string[] = [];
  for (const [key, name] of Object.entries(names)) {
    const value = flags[key];
    if (value === undefined) continue;
    if (value === true) parts.push(name);
    else if (Array.isArray(value)) parts.push(...value.flatMap((v) => [name, String(v)]));
    else parts.push(name, value);
  }
  return parts;
}

/** A value as the messages show it: a switch by its name, a list joined. */
function show(names: Readonly<Record<string, string>>, key: string, value: FlagValue): string {
  if (value === true) return names[key]!;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** `--percent 10`, `--allow-large-changes`. */
function words(names: Readonly<Record<string, string>>, key: string, value: FlagValue): string {
  return flagWords({ [key]: value }, names).join(' ');
}

function same(a: FlagValue, b: FlagValue | undefined): boolean {
  if (b === undefined || Array.isArray(a) !== Array.isArray(b)) return false;
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  const x = [...a].sort((m, n) => m - n);
  const y = [...b].sort((m, n) => m - n);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}
