// The flags an import's rows depend on — the file (its line numbers are the report's), the event
// of bookings, and how the file is read (--format, --delimiter, --locale, --round) — as its report
// records them and a --resume checks them (app/bulk/resume-flags.ts). Guard flags (--max-change,
// --allow-large-changes, --skip-invalid) may change between a run and its resume: letting refused
// rows through is what a resume with them is for.

import { realpath } from 'node:fs/promises';
import type { ReportRun } from '../../bulk/index.js';
import { formatMoney } from '../../domain/money.js';
import { moneyFlag } from '../../bulk/flags.js';
import { type RecordedFlags, checkResumeFlags } from './resume-flags.js';
import { shownPath } from '../../common/sanitize.js';

const NAMES = { file: 'file', eventId: '--event-id', format: '--format', delimiter: '--delimiter', locale: '--locale', round: '--round' } as const;

interface ImportFlagOptions {
  file?: string;
  format?: 'csv' | 'ndjson' | 'json' | 'xlsx';
  delimiter?: string;
  locale?: string;
  round?: string;
}

export interface SettledImportFlags {
  /** The run's: given, or taken from the report. */
  options: ImportFlagOptions & { eventId?: number };
  /** The flags taken from the report, for the notice. */
  taken?: string;
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
  const settled =
    report === undefined
      ? { flags: given }
      : checkResumeFlags({ command, report: shownPath(report), given, recorded, names: NAMES, typed: { eventId: options.eventId === undefined ? [] : [options.eventId] } });
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
      eventId: Array.isArray(ids) ? ids[0] : undefined,
    },
    taken: 'taken' in settled ? settled.taken : undefined,
    recorded: { command, flags },
  };
}
