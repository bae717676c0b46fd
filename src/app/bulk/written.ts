// What a bulk run wrote (import, adjust, apply, an undo of a report), as every write answers: its
// changes (domain/changes.ts). Kept as the run goes in a file of the run's private spool (the
// report line's own JSON text, made once per row that wrote), never in memory, and read back as
// they are printed: `-o json` `{ "summary", "report", "changes": [...], "entry" }` (the history
// entry the run's writes went into, null when it wrote nothing), `-o ndjson` a change a
// line, `-o tsv`/`csv` the change rows in the columns of its dry run, `reason` last: the rows that
// did not apply (stale, refused, failed, not run) listed too, under that outcome with why, as the
// dry run lists the rows that would not. At a terminal a few changes are shown as any write's are;
// thousands would help nobody: the summary (stderr, as before) and where to see them.

import { type ReportLine, type RowSpec, type RunSummary, intendedChange, rowChange } from '../../bulk/index.js';
import type { Spool, SpoolFile } from '../../common/spool.js';
import type { Catalog } from '../../data/catalog.js';
import type { Change } from '../../domain/changes.js';
import { BULK_CHANGE_COLUMNS, changeRecord, reasonRows } from '../../output/changes.js';
import type { Row } from '../../output/format.js';
import type { PlanView, View } from '../../output/views.js';
import { changesView } from '../changes-view.js';

/** Changes a terminal shows as any write's; beyond, it says where to see them. */
const SHOWN_AT_A_TERMINAL = 20;

/** The outcomes of a row that wrote its record. */
const WROTE: ReadonlySet<string> = new Set(['created', 'updated', 'deleted']);

/** The outcomes of a row that did not apply; kept (for -o tsv/csv) when the row names a change. */
const HELD: ReadonlySet<string> = new Set(['stale', 'refused', 'failed', 'not_run']);

/** Whether a reported row is kept: it wrote, or it names a change that did not apply (an invalid or unchanged row names none). */
function kept(line: ReportLine): boolean {
  return WROTE.has(line.outcome) || (HELD.has(line.outcome) && line.action !== 'invalid' && line.action !== 'unchanged');
}

/** The rows a run wrote, and those that did not apply, kept as they are reported. */
export interface WrittenRows {
  /** A row reported: kept when it wrote or names a change that did not apply. */
  note(line: ReportLine): void;
  /** The JSON text of the last row noted, when it was made (the report line need not be made twice). */
  textOf(line: ReportLine): string;
  /** Every row noted is readable. */
  end(): void;
  readonly file: SpoolFile;
}

/** The rows a run writes (and those that did not apply), in a file of its spool; one JSON text per row, no await. */
export function writtenRows(spool: Spool): WrittenRows {
  const file = spool.file('written');
  let lastLine: ReportLine | undefined;
  let lastText = '';
  return {
    file,
    note(line) {
      if (!kept(line)) return;
      lastLine = line;
      lastText = JSON.stringify(line);
      file.append(lastText);
    },
    textOf: (line) => (line === lastLine ? lastText : JSON.stringify(line)),
    end: () => file.end(),
  };
}

export interface WrittenViewOptions {
  spec: RowSpec;
  rows: WrittenRows;
  summary: RunSummary;
  /** The report written, if any. */
  report?: string;
  /** The command whose `--undo` reads the report. */
  undoCommand?: string;
  /** For the names people read. */
  catalog: () => Catalog;
  /** The history entry the run's writes went into, once it is over (none when it wrote nothing). */
  entry: () => string | undefined;
}

/** The run's changes, read back from its spool as they are printed. */
export function writtenView(options: WrittenViewOptions): View {
  const { spec, rows, summary, report } = options;
  const count = summary.counts.created + summary.counts.updated + summary.counts.deleted;
  const lines = async function* (): AsyncGenerator<ReportLine> {
    for await (const text of rows.file.lines()) yield JSON.parse(text) as ReportLine;
  };
  const changes = async function* (): AsyncGenerator<Change> {
    for await (const line of lines()) {
      const change = WROTE.has(line.outcome) ? rowChange(spec, line) : undefined;
      if (change) yield change;
    }
  };
  const view: PlanView = {
    kind: 'plan',
    lines: () => [],
    records: () => mapAsync(changes(), (change) => JSON.stringify(changeRecord(change))),
    rows: () => flatMapAsync(lines(), (line) => lineRows(spec, line)),
    columns: BULK_CHANGE_COLUMNS,
    document: () => writtenDocument({ summary: summaryRecord(summary), report: report ?? null }, changes(), { entry: options.entry() ?? null }),
    note: count === 0 ? undefined : whereToSee(count, options),
  };
  if (count === 0 || count > SHOWN_AT_A_TERMINAL) return view;
  return {
    ...view,
    forPeople: async () => {
      const few: Change[] = [];
      for await (const change of changes()) few.push(change);
      const shown = changesView(few, { dryRun: false, catalog: options.catalog });
      return (await shown.forPeople?.()) ?? shown;
    },
  };
}

/** A reported row's -o tsv/csv rows: its change's when it wrote; else the change it would have made, under its outcome, with why. */
function lineRows(spec: RowSpec, line: ReportLine): Row[] {
  if (WROTE.has(line.outcome)) {
    const change = rowChange(spec, line);
    return change ? reasonRows(change) : [];
  }
  return reasonRows(intendedChange(spec, line), { action: line.outcome, reason: line.error });
}

/** `2,000 changes written: see them with -o tsv or -o json (the report …; rentals history).` */
function whereToSee(count: number, options: WrittenViewOptions): string {
  const report = options.report === undefined ? '' : `, in the report ${options.report}`;
  return `${count} ${count === 1 ? 'change' : 'changes'} written: list them with -o tsv or -o json${report}, or with rentals history.`;
}

function summaryRecord(summary: RunSummary): Record<string, unknown> {
  return { total: summary.total, ...summary.counts, complete: summary.complete };
}

/** `JSON.stringify({ ...head, changes, ...tail }, null, 2)` and a newline, the changes written as they are read. */
async function* writtenDocument(head: Record<string, unknown>, changes: AsyncIterable<Change>, tail: Record<string, unknown>): AsyncGenerator<string> {
  const opened = JSON.stringify(head, null, 2);
  let text = `${opened.slice(0, -2)},\n  "changes": [`;
  let any = false;
  for await (const change of changes) {
    text += `${any ? ',' : ''}\n    ${JSON.stringify(changeRecord(change), null, 2).replace(/\n/g, '\n    ')}`;
    any = true;
    if (text.length >= 64 * 1024) {
      yield text;
      text = '';
    }
  }
  const after = Object.entries(tail).map(([key, value]) => `,\n  ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join('');
  yield `${text}${any ? '\n  ' : ''}]${after}\n}\n`;
}

export async function* flatMapAsync<T, R>(items: Iterable<T> | AsyncIterable<T>, fn: (item: T) => Iterable<R>): AsyncGenerator<R> {
  for await (const item of items) yield* fn(item);
}

export async function* mapAsync<T, R>(items: Iterable<T> | AsyncIterable<T>, fn: (item: T) => R): AsyncGenerator<R> {
  for await (const item of items) yield fn(item);
}
