// The flags an import's rows depend on — the file (its line numbers are the report's), the event
// of bookings, how the file is read (--format, --delimiter, --locale, --round) and which names it
// writes (--renames) — and its guards (--max-change, --allow-large-changes, --skip-invalid), as its
// report records them and a --resume checks them (app/bulk/resume-flags.ts). The guards may change
// between a run and its resume (named when they do): letting refused rows through is what a resume
// with them is for.

import { realpath } from 'node:fs/promises';
import type { ReportRun } from '../../bulk/index.js';
import { formatMoney } from '../../domain/money.js';
import { moneyFlag } from '../../bulk/flags.js';
import { GUARD_NAMES, type RecordedFlags, type SettledFlags, checkResumeFlags } from './resume-flags.js';
import { shownPath } from '../../common/sanitize.js';

/** In command-line order; `file` is the positional file. */
export const IMPORT_NAMES = {
  file: 'file',
  eventId: '--event-id',
  format: '--format',
  delimiter: '--delimiter',
  locale: '--locale',
  round: '--round',
  renames: '--renames',
  ...GUARD_NAMES,
} as const;

interface ImportFlagOptions {
  file?: string;
  format?: 'csv' | 'ndjson' | 'json' | 'xlsx';
  delimiter?: string;
  locale?: string;
  round?: string;
  renames?: boolean;
  /** Percent. */
  maxChange?: string;
  allowLargeChanges?: boolean;
  skipInvalid?: boolean;
}

export interface SettledImportFlags {
  /** The run's: given, or taken from the report. */
  options: ImportFlagOptions & { eventId?: number };
  /** The flags taken from the report, for the notice. */
  taken?: string;
  /** The guard flags given other than the report's, for the notice. */
  loosened?: string[];
  /** What the new report's first line records. */
  recorded: ReportRun;
}

const FORMATS = new Set(['csv', 'ndjson', 'json', 'xlsx']);
const DELIMITER_NAMES: Record<string, string> = { ',': ',', ';': ';', tab: 'tab', '\t': 'tab' };

export async function importFlags(
  options: ImportFlagOptions & { eventId?: string },
  command: string,
  eventId: number | undefined,
  recorded: ReportRun | undefined,
  report: string | undefined,
): Promise<SettledImportFlags> {
  const given: RecordedFlags = {};
  // A path made absolute (the same file from another directory is the same file); stdin as `-`.
  if (options.file !== undefined) given.file = options.file === '-' ? '-' : await realpath(options.file).catch(() => options.file!);
  if (eventId !== undefined) given.eventId = [eventId];
  if (options.format !== undefined) given.format = options.format;
  if (options.delimiter !== undefined) given.delimiter = DELIMITER_NAMES[options.delimiter.toLowerCase()] ?? options.delimiter;
  if (options.locale !== undefined) given.locale = options.locale.toLowerCase();
  if (options.round !== undefined) given.round = formatMoney(moneyFlag('--round', options.round, 'positive'));
  if (options.renames === true) given.renames = true;
  if (options.maxChange !== undefined) given.maxChange = formatMoney(moneyFlag('--max-change', options.maxChange, 'non-negative'));
  if (options.allowLargeChanges === true) given.allowLargeChanges = true;
  if (options.skipInvalid === true) given.skipInvalid = true;
  const settled: SettledFlags =
    report === undefined
      ? { flags: given }
      : checkResumeFlags({ command, report: shownPath(report), given, recorded, names: IMPORT_NAMES, typed: { eventId: options.eventId === undefined ? [] : [options.eventId] } });
  const { flags } = settled;
  const text = (key: string): string | undefined => (typeof flags[key] === 'string' ? (flags[key] as string) : undefined);
  const format = text('format');
  const ids = flags.eventId;
  return {
    options: {
      file: text('file'),
      format: format !== undefined && FORMATS.has(format) ? (format as ImportFlagOptions['format']) : undefined,
      delimiter: text('delimiter'),
      locale: text('locale'),
      round: text('round'),
      renames: flags.renames === true,
      maxChange: text('maxChange'),
      allowLargeChanges: flags.allowLargeChanges === true,
      skipInvalid: flags.skipInvalid === true,
      eventId: Array.isArray(ids) ? ids[0] : undefined,
    },
    taken: settled.taken,
    loosened: settled.loosened,
    recorded: { command, flags },
  };
}
