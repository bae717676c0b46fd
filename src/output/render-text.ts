// The views whose output for people is text rather than rows: a request (--dry-run), a sentence
// ("Deleted event 3."), text the same in every format, a raw body, a bulk plan. For machines
// (`-o json`, `-o ndjson`) the ones that have records print them in the one JSON shape,
// `{ "data": [...] }` (a plan: the plan file, a document that `apply` reads back, with its
// `changes`; `-o tsv`/`csv` the rows of its changes, as every view of changes prints them).

import { escapeJsonControl, stripControl } from '../common/sanitize.js';
import { type Row, csvHeader, csvLine, ndjsonLine, tsvLine } from './format.js';
import { checkFieldNames } from './fields.js';
import { prettyJsonChunks } from './json-chunks.js';
import type { RenderOptions } from './render-options.js';
import type { DoneView, PlanView, RawView, RequestView, TextView, ViewFormat } from './views.js';

export type TextualView = RequestView | DoneView | TextView | RawView | PlanView;

/** Lines written per chunk of a plan. */
const LINES_PER_CHUNK = 1000;

export async function* renderTextual(view: TextualView, format: ViewFormat, options: RenderOptions): AsyncGenerator<string> {
  switch (view.kind) {
    case 'plan':
      if (format === 'json' || format === 'ndjson' || format === 'tsv' || format === 'csv') {
        yield* planForMachines(view, format, options);
        if (view.totals !== undefined) options.info(view.totals);
        return;
      }
      if (view.note !== undefined) options.info(view.note);
      return yield* inBatches(fittedLines(view.lines(options.terminal && view.listAll !== true), options));
    case 'request':
      return yield* renderText(requestText(view), format, options);
    case 'done':
      return yield* renderText({ kind: 'text', text: '', data: view.records, note: view.message }, format, options);
    case 'text':
      return yield* renderText(view, format, options);
    case 'raw':
      if (view.json !== undefined) return yield* prettyJsonChunks(view.json);
      if (view.text === undefined || view.text === '') return;
      return yield withNewline(options.terminal ? stripControl(view.text) : view.text);
  }
}

function requestText(view: RequestView): TextView {
  const { method, url, headers, body } = view;
  const lines = [`${method} ${url}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body !== undefined) lines.push('', JSON.stringify(body, null, 2));
  return { kind: 'text', text: lines.join('\n'), data: [{ dryRun: true, method, url, headers, body: body ?? null }], note: 'Dry run: nothing was sent.' };
}

/** Without `data` the text (and the note) is for every format; at a terminal, its lines wrapped to it. */
async function* renderText(view: TextView, format: ViewFormat, options: RenderOptions): AsyncGenerator<string> {
  const forMachines = view.data !== undefined && (format === 'json' || format === 'ndjson');
  if (forMachines && format === 'json') yield* prettyJsonChunks({ data: view.data });
  else if (forMachines) {
    if (view.data!.length > 0) yield `${view.data!.map((record) => ndjsonLine(record as Record<string, unknown>)).join('\n')}\n`;
  } else if (view.text !== '') {
    const lines = withNewline(view.text).slice(0, -1).split('\n');
    yield* inBatches(format === 'table' ? fittedLines(lines, options) : lines);
  }
  if (view.note !== undefined && !forMachines) options.info(view.note);
}

async function* inBatches(lines: Iterable<string> | AsyncIterable<string>): AsyncGenerator<string> {
  let batch: string[] = [];
  for await (const line of lines) {
    batch.push(line);
    if (batch.length === LINES_PER_CHUNK) {
      yield `${batch.join('\n')}\n`;
      batch = [];
    }
  }
  if (batch.length > 0) yield `${batch.join('\n')}\n`;
}

/**
 * Lines for people at a terminal: one wider than the terminal wrapped between words (a figure
 * never split): a plan's under the text after its `line N  action` lead, another under its own
 * indent; piped, as they are.
 */
async function* fittedLines(lines: Iterable<string> | AsyncIterable<string>, options: RenderOptions): AsyncGenerator<string> {
  const width = options.terminal ? (options.terminalWidth ?? 0) : 0;
  if (width <= 0) return yield* lines;
  const [{ hangingLines, wrapText }, { textWidth }] = await Promise.all([import('./wrap.js'), import('./width.js')]);
  for await (const line of lines) {
    if (textWidth(line) <= width) {
      yield line;
      continue;
    }
    const lead = /^(line +\d+ {2}\S+ +|\s+)(\S.*)$/.exec(line);
    yield (lead ? hangingLines(lead[1]!, textWidth(lead[1]!), lead[2]!, width) : wrapText(line, width)).join('\n');
  }
}

async function* mapLines<T>(lines: Iterable<T> | AsyncIterable<T>, map: (line: T) => string): AsyncGenerator<string> {
  for await (const line of lines) yield map(line);
}

async function* planForMachines(view: PlanView, format: 'json' | 'ndjson' | 'tsv' | 'csv', options: RenderOptions): AsyncGenerator<string> {
  if (format === 'json') {
    if (!view.document) throw new Error('a plan printed as json has no document');
    for await (const chunk of view.document()) yield escapeJsonControl(chunk);
    return;
  }
  if (format === 'ndjson') return yield* inBatches(mapLines(view.records(), escapeJsonControl));
  return yield* planRows(view, format, options);
}

/** A plan's changes as rows (output/changes.ts's columns, or the view's own), csv with a header, tsv without. */
async function* planRows(view: PlanView, format: 'tsv' | 'csv', options: RenderOptions): AsyncGenerator<string> {
  const known = view.columns ?? (await import('./changes.js')).CHANGE_COLUMNS;
  if (options.fields) checkFieldNames(options.fields, { kind: 'records', body: null, rows: [], columns: [...known], knownColumns: [...known] });
  const columns = options.fields ?? [...known];
  if (format === 'csv') yield `${csvHeader(columns)}\n`;
  yield* inBatches(mapLines(view.rows(), (row: Row) => (format === 'csv' ? csvLine(row, columns) : tsvLine(row, columns))));
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
