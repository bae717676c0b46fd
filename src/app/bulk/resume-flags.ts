// The flags a bulk run's rows depend on, as its report's first line records them, and their check
// on --resume: a flag given must be the report's (else exit 2, each difference named with both
// values, nothing sent); a flag left out is taken from the report (and said so). A report written
// before runs were recorded checks nothing.

import { UsageError } from '../../errors.js';
import type { ReportRun } from '../../bulk/index.js';

/** Normalised values: decimals as formatMoney writes them, ids resolved and sorted, paths made absolute. */
export type RecordedFlags = ReportRun['flags'];

export interface ResumeCheck {
  command: string;
  /** The report, as shown. */
  report: string;
  given: RecordedFlags;
  recorded: ReportRun | undefined;
  /** Each flag's key → its name on the command line: `inventoryId` → `--inventory-id`. */
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

export function checkResumeFlags(check: ResumeCheck): { flags: RecordedFlags; taken?: string } {
  const { given, recorded, names } = check;
  if (recorded === undefined) return { flags: given };
  if (recorded.command !== check.command) {
    throw new UsageError(`--resume ${check.report}: the report is of a \`${recorded.command}\` run, not of \`${check.command}\`; nothing was sent`);
  }
  const theirs = recorded.flags;
  const alternatives = check.alternatives ?? [];
  const differences: string[] = [];
  for (const key of Object.keys(names)) {
    const mine = given[key];
    if (mine === undefined) continue;
    const other = alternatives.includes(key) ? alternatives.find((k) => k !== key && theirs[k] !== undefined) : undefined;
    if (other !== undefined) {
      differences.push(`${names[key]}: the run in the report had ${names[other]} ${show(theirs[other]!)}, this one ${names[key]} ${show(mine)}`);
      continue;
    }
    if (same(mine, theirs[key])) continue;
    const typed = (check.typed?.[key] ?? []).filter((text) => text !== '' && !/^\d+$/.test(text));
    const before = theirs[key] === undefined ? (check.absent?.[key] ?? 'none') : show(theirs[key]);
    differences.push(`${names[key]}: the run in the report had ${before}, this one ${show(mine)}${typed.length > 0 ? ` (${typed.map((t) => JSON.stringify(t)).join(', ')})` : ''}`);
  }
  if (differences.length > 0) {
    throw new UsageError(
      `--resume ${check.report}: these flags differ from the run the report records (leave them out to take the report's; nothing was sent):\n${differences.map((d) => `  - ${d}`).join('\n')}`,
    );
  }
  const flags: RecordedFlags = { ...given };
  const taken: string[] = [];
  const givenOne = (key: string): boolean => given[key] !== undefined || (alternatives.includes(key) && alternatives.some((k) => given[k] !== undefined));
  // In command-line order (the order of `names`).
  for (const key of Object.keys(names)) {
    const value = theirs[key];
    if (value === undefined || givenOne(key)) continue;
    flags[key] = value;
    if (check.defaults?.[key] !== value) taken.push(...(Array.isArray(value) ? value.map((v) => `${names[key]} ${v}`) : [`${names[key]} ${value}`]));
  }
  return { flags, taken: taken.length > 0 ? taken.join(' ') : undefined };
}

function show(value: string | number[]): string {
  return Array.isArray(value) ? value.join(', ') : value;
}

function same(a: string | number[], b: string | number[] | undefined): boolean {
  if (b === undefined || Array.isArray(a) !== Array.isArray(b)) return false;
  if (!Array.isArray(a)) return a === b;
  const x = [...a].sort((m, n) => m - n);
  const y = [...(b as number[])].sort((m, n) => m - n);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}
