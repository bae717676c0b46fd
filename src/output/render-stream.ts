// A record list rendered as it is read: each batch of records becomes text and is dropped before
// the next is parsed. Tables need every row's width first, so they keep the cells (not the
// records) and draw at the end.

import type { DataPiece } from '../api/data-envelope.js';
import { escapeJsonControl } from '../common/sanitize.js';
import { checkFieldNames } from './fields.js';
import { type Row, csvHeader, csvLine, ndjsonLine, tsvLine } from './format.js';
import type { RenderOptions } from './render-options.js';
import type { RecordStreamView, ViewFormat } from './views.js';

export async function* renderRecordStream(view: RecordStreamView, format: ViewFormat, options: RenderOptions): AsyncGenerator<string> {
  const { fields } = options;
  if (view.knownColumns) checkFieldNames(fields, { kind: 'records', body: undefined, rows: [], columns: view.columns, knownColumns: view.knownColumns });
  if (format === 'json') {
    if (fields) options.info('note: --fields does not apply to -o json, which prints the body as sent; use -o ndjson to pick fields');
    // As every JSON printed (json-chunks.ts): control characters escaped, the same JSON value.
    for await (const text of view.jsonArray ? prettyArray(view.pieces) : prettyBody(view.pieces)) yield escapeJsonControl(text);
    return;
  }
  const rows = rowBatches(view);
  if (format === 'table') {
    const { renderRowBatches } = await import('./render-table.js');
    return yield* renderRowBatches(fields ?? view.columns, rows, options, view);
  }
  const columns = fields ?? view.columns;
  let line: (row: Row) => string;
  if (format === 'ndjson') line = (row) => ndjsonLine(row, fields ? columns : undefined);
  else if (format === 'csv') line = (row) => csvLine(row, columns, view.csv);
  else line = (row) => tsvLine(row, columns);
  if (format === 'csv') yield `${csvHeader(columns, view.csv)}\n`;
  for await (const batch of rows) {
    if (batch.length > 0) yield `${batch.map(line).join('\n')}\n`;
  }
}

async function* rowBatches(view: RecordStreamView): AsyncGenerator<Row[]> {
  for await (const piece of view.pieces) {
    if (piece.kind === 'records') yield piece.records.map(view.row);
  }
}

/**
 * `JSON.stringify(body, null, 2)` of the body the pieces make, written as they come: the fields
 * in their order, the records inside `"data": [ … ]`.
 */
async function* prettyBody(pieces: AsyncIterable<DataPiece>): AsyncGenerator<string> {
  let fields = 0;
  let records = 0;
  for await (const piece of pieces) {
    if (piece.kind === 'field' || piece.kind === 'data-start') {
      const value = piece.kind === 'field' ? indented(JSON.stringify(piece.value, null, 2), '  ') : '[';
      yield `${fields++ === 0 ? '{\n' : ',\n'}  ${JSON.stringify(piece.kind === 'field' ? piece.name : 'data')}: ${value}`;
    } else if (piece.kind === 'records') {
      if (piece.records.length === 0) continue;
      // The batch as a pretty array, its brackets dropped and its lines indented two more.
      const text = JSON.stringify(piece.records, null, 2);
      yield `${records === 0 ? '\n' : ',\n'}  ${indented(text.slice(2, -2), '  ')}`;
      records += piece.records.length;
    } else {
      yield records === 0 ? ']' : '\n  ]';
    }
  }
  yield '\n}\n';
}

/** `JSON.stringify(records, null, 2)` of the records the pieces hold, written as they come. */
async function* prettyArray(pieces: AsyncIterable<DataPiece>): AsyncGenerator<string> {
  let records = 0;
  for await (const piece of pieces) {
    if (piece.kind !== 'records' || piece.records.length === 0) continue;
    yield `${records === 0 ? '[\n' : ',\n'}${JSON.stringify(piece.records, null, 2).slice(2, -2)}`;
    records += piece.records.length;
  }
  yield records === 0 ? '[]\n' : '\n]\n';
}

/** Pretty JSON placed at an indent: JSON strings hold no raw newline, so every newline is structure. */
function indented(text: string, indent: string): string {
  return text.includes('\n') ? text.replace(/\n/g, `\n${indent}`) : text;
}
