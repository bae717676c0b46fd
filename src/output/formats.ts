// Which view renders in which format: the one truth that a command's help, its parsing of -o,
// completion and the assistant's tools (`rentals mcp`) read. Rows (and changes, and plans) in
// table/tsv/csv/json/ndjson; a sentence or text for people in table, its records in json/ndjson;
// a body as sent (`rentals api`, a snapshot) in json only; `ics` only for a calendar, `html` only
// for a command that declares a page. Checked before anything is written (and, for writes,
// before anything is sent): the runner checks the kind a command declares.

import { UsageError } from '../errors.js';
import { OUTPUT_FORMATS } from './format.js';
import type { View, ViewFormat } from './views.js';

export const VIEW_FORMATS: ViewFormat[] = [...OUTPUT_FORMATS, 'ics', 'html', 'pdf', 'xlsx'];

/** The kinds whose rows `-o xlsx` writes as a spreadsheet (a calendar and a picture by their listing). */
const SHEET_KINDS: ReadonlySet<View['kind']> = new Set(['records', 'stream', 'groups', 'grid', 'calendar', 'diff', 'detail', 'picture']);

/** How a refusal names what the command prints; the kinds without rows print "no calendar". */
const KIND_NAMES: Partial<Record<View['kind'], string>> = {
  records: 'a record list',
  stream: 'a record list',
  groups: 'grouped rows',
  grid: 'a grid',
  calendar: 'a calendar',
  diff: 'a diff',
  detail: 'one record',
  picture: 'a picture',
  changes: 'changes',
};

/** How a refusal of tsv, csv (or table, ndjson) names what the kinds without rows print. */
const TEXT_NAMES: Partial<Record<View['kind'], string>> = {
  request: 'a request (--dry-run), not rows',
  done: 'a sentence (its records for json and ndjson), not rows',
  text: 'text (its records for json and ndjson), not rows',
  raw: 'a JSON document (the body as sent)',
};

/** The kinds whose text has no columns: table for people, their records (or body) as JSON. */
const UNTABULATED: ReadonlySet<View['kind']> = new Set(['request', 'done', 'text']);

/** The formats beyond table/tsv/csv/json/ndjson that a kind prints (html: any kind, when the command has a page). */
const EXTRA_FORMATS: Partial<Record<View['kind'], readonly ViewFormat[]>> = { calendar: ['ics'] };

function supportsFormat(kind: View['kind'], format: ViewFormat): boolean {
  return format !== 'ics' || (EXTRA_FORMATS[kind] ?? []).includes(format);
}

/** Whether a view of `kind` prints `format` (undefined: no view: any but ics). */
function prints(kind: View['kind'] | undefined, format: ViewFormat, hasPage: boolean): boolean {
  if (format === 'html' || format === 'pdf') return hasPage;
  if (format === 'xlsx') return kind === undefined || SHEET_KINDS.has(kind);
  if (kind === undefined) return format !== 'ics';
  if (kind === 'raw') return format === 'json';
  if (UNTABULATED.has(kind) && (format === 'tsv' || format === 'csv')) return false;
  return supportsFormat(kind, format);
}

/** Whether --fields picks columns of what `kind` prints (a body as sent, a sentence, text: none). */
export function takesFields(kind: View['kind'] | undefined): boolean {
  return kind === undefined || (kind !== 'raw' && !UNTABULATED.has(kind));
}

/**
 * The formats a command prints, in the order help lists them: what its `-o` help shows (and what
 * checkFormat accepts). `only`: the command prints fewer than its kind does (a shell script: none).
 */
export function formatsFor(kind: View['kind'] | undefined, hasPage: boolean, only?: readonly ViewFormat[]): ViewFormat[] {
  return VIEW_FORMATS.filter((format) => prints(kind, format, hasPage) && (only === undefined || only.includes(format)));
}

/**
 * A usage error (exit 2) when `kind` cannot be printed as `format`; no kind: a command that prints
 * no view. `only`: the command's own narrower list (formatsFor). `given`: how the run named the
 * format, when no -o did (`--out st.csv (csv)`: the file's extension).
 */
export function checkFormat(kind: View['kind'] | undefined, format: ViewFormat, hasPage = false, only?: readonly ViewFormat[], given = `-o ${format}`): void {
  const formats = formatsFor(kind, hasPage, only);
  if (formats.includes(format)) return;
  const printed = formats.join(', ');
  if (formats.length === 0) throw new UsageError(`${given}: ${printsText(only)}; it takes no -o`);
  if (format === 'xlsx') {
    const name = kind === 'plan' ? 'a plan (--dry-run)' : kind === 'request' ? 'a request (--dry-run)' : 'text, not rows';
    throw new UsageError(`${given} writes rows as a spreadsheet; this command prints ${name}: use ${printed}`);
  }
  if (format === 'html' || format === 'pdf') {
    throw new UsageError(`${given} is for the commands that have a page (events show: a quote; load-sheet: a pick list; agenda; timeline); this one has none: use ${printed}`);
  }
  if (format !== 'ics') throw new UsageError(`${given}: this command prints ${(kind && TEXT_NAMES[kind]) ?? 'text'}: use ${printed}`);
  const name = kind === undefined ? undefined : KIND_NAMES[kind];
  const what = name === undefined ? 'this command prints no calendar' : `this command prints ${name}`;
  throw new UsageError(`${given} is only for calendar output (an iCalendar document); ${what}: use ${printed}`);
}

/** A -o that names no format at all (`-o yaml`): the formats this command prints, or that it takes none. */
export function unknownFormatError(value: string, kind: View['kind'] | undefined, hasPage = false, only?: readonly ViewFormat[]): UsageError {
  const formats = formatsFor(kind, hasPage, only);
  const named = `--output: unknown output format ${JSON.stringify(value)}`;
  if (formats.length > 0) return new UsageError(`${named} (use ${formats.join(', ')})`);
  return new UsageError(`${named}; ${printsText(only)}: it takes no -o`);
}

/** What a command that prints no format prints: `this command prints text`. */
function printsText(only: readonly ViewFormat[] | undefined): string {
  return `this command prints ${only === undefined ? 'text' : 'text that is the same whatever -o says'}`;
}

/** The global flags that shape a command's output, by the name a run reads them under. */
export const OUTPUT_FLAGS = ['output', 'json', 'jq', 'fields', 'out'] as const;
export type OutputFlag = (typeof OUTPUT_FLAGS)[number];

/**
 * The output flags a command with a view takes (one without, the sandbox or help, takes none): --out for any view
 * (a script is text a file can hold); -o where it prints more than one way, --json and --jq
 * where one of them is JSON, --fields where there are columns to pick.
 */
export function outputFlagsFor(kind: View['kind'] | undefined, formats: readonly ViewFormat[]): OutputFlag[] {
  const takes: Record<OutputFlag, boolean> = {
    output: formats.length > 0,
    json: formats.includes('json'),
    jq: formats.includes('json'),
    fields: formats.length > 0 && takesFields(kind),
    out: true,
  };
  return OUTPUT_FLAGS.filter((flag) => takes[flag]);
}

/** Formats whose text keeps its own exact escaping (JSON's, RFC 4180's, RFC 5545's, tsv's visible escapes). */
const MACHINE_FORMATS: ReadonlySet<ViewFormat> = new Set(['json', 'ndjson', 'csv', 'tsv', 'ics', 'html', 'xlsx']);

/**
 * Whether `view` printed as `format` is a document for a program (written exactly), rather than
 * text for people (a table, a plan's lines, a sentence, a request shown by --dry-run), which
 * passes the sanitizer. Text that is the same in every format (a completion script, a URL) and a
 * raw body (`rentals api`) are for whatever reads them; the other textual views are for machines only where they print JSON.
 */
export function writtenForMachines(view: View, format: ViewFormat): boolean {
  if ((view.kind === 'text' && view.data === undefined) || view.kind === 'raw') return true;
  if (!MACHINE_FORMATS.has(format)) return false;
  if (view.kind === 'request' || view.kind === 'done' || view.kind === 'text') return format === 'json' || format === 'ndjson';
  return true;
}

/** A refusal has no rows to print: only its JSON says anything on stdout (its message is on stderr). */
export function refusalPrintsNothing(format: ViewFormat): boolean {
  return format !== 'json';
}
