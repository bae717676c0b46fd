// Which view renders in which format: every view in table/tsv/csv/json/ndjson, `ics` only for
// a calendar, `html` only for a command that declares a page. Checked before anything is written
// (and, for writes, before anything is sent).

import { UsageError } from '../errors.js';
import { OUTPUT_FORMATS } from './format.js';
import type { View, ViewFormat } from './views.js';

export const VIEW_FORMATS: ViewFormat[] = [...OUTPUT_FORMATS, 'ics', 'html'];

const KIND_NAMES: Record<View['kind'], string> = {
  records: 'a record list',
  groups: 'grouped rows',
  grid: 'a grid',
  calendar: 'a calendar',
  diff: 'a diff',
  detail: 'one record',
  picture: 'a picture',
};

function supportsFormat(kind: View['kind'], format: ViewFormat): boolean {
  return format !== 'ics' || kind === 'calendar';
}

/** A usage error (exit 2) when `kind` cannot be printed as `format`; no kind: a command that prints no view. */
export function checkFormat(kind: View['kind'] | undefined, format: ViewFormat, hasPage = false): void {
  if (format === 'html') {
    if (hasPage) return;
    throw new UsageError(`-o html is for the commands that have a page (events show: a quote; load-sheet: a pick list; timeline); this one has none: use ${OUTPUT_FORMATS.join(', ')}`);
  }
  if (kind !== undefined && supportsFormat(kind, format)) return;
  if (kind === undefined && format !== 'ics') return;
  const what = kind === undefined ? 'this command prints no calendar' : `this command prints ${KIND_NAMES[kind]}`;
  throw new UsageError(`-o ${format} is only for calendar output (an iCalendar document); ${what}: use ${OUTPUT_FORMATS.join(', ')}`);
}
