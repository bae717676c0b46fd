// The command that runs the rest of a bulk run stopped early (the server gone, the credentials
// refused), or retries its rows that did not apply: runnable as printed, shell-quoted. With a
// report, `--resume <report>` says what the report records; the flags of the run it does not record
// (a guard given other than the report's on a resume that appends to it) are given beside it.
// Without one, every flag the run's rows depend on is given again. --yes (when the run had it) and
// --allow-overbook go on it either way: they are never recorded.

import { shellLine } from '../../common/shell-words.js';
import { type RecordedFlags, flagWords } from './resume-flags.js';

export interface RerunOf {
  /** `['prices', 'import']`. */
  command: readonly string[];
  /** The run's settled flags (given, or taken from the report resumed). */
  flags: RecordedFlags;
  /** Each flag's key → its name (`file`, not starting with `--`: the file, a positional word). */
  names: Readonly<Record<string, string>>;
  /** What the report the run wrote records: its own flags for a new report, the resumed report's when appended to (none: an older report). */
  recordedInReport?: RecordedFlags;
  yes?: boolean;
  allowOverbook?: boolean;
}

/** `rentals bookings import /abs/b.csv --event-id 3 --delimiter ';' --yes`; with a report, `rentals prices import --resume run.ndjson --yes`. */
export function rerunCommand(run: RerunOf, report: string | undefined): string {
  const positional = Object.keys(run.names).filter((key) => !run.names[key]!.startsWith('--'));
  const flagNames = Object.fromEntries(Object.entries(run.names).filter(([key]) => !positional.includes(key)));
  const words = ['rentals', ...run.command];
  if (report === undefined) {
    for (const key of positional) if (typeof run.flags[key] === 'string') words.push(run.flags[key]);
    words.push(...flagWords(run.flags, flagNames));
  } else {
    const recorded = run.recordedInReport;
    // A file read from stdin is given again (`-`): the report cannot hold it. Nor one a report
    // written before reports recorded the run's flags.
    for (const key of positional) {
      const value = run.flags[key];
      if (value === '-' || (typeof value === 'string' && recorded?.[key] === undefined)) words.push(value);
    }
    words.push('--resume', report);
    const beyond = Object.fromEntries(Object.entries(run.flags).filter(([key, value]) => recorded === undefined || !sameValue(value, recorded[key])));
    words.push(...flagWords(beyond, flagNames));
  }
  return shellLine([...words, ...unrecordedFlags(run)]);
}

/** The flags a rerun needs that no report records: --yes (when the run had it; more than 50 rows ask without it) and --allow-overbook. */
export function unrecordedFlags(run: { yes?: boolean; allowOverbook?: boolean }): string[] {
  return [...(run.yes ? ['--yes'] : []), ...(run.allowOverbook ? ['--allow-overbook'] : [])];
}

function sameValue(a: RecordedFlags[string], b: RecordedFlags[string] | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
