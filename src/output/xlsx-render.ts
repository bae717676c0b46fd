// `-o xlsx`: a view's rows (the columns and rows csv prints, `--fields` included) as a native
// spreadsheet, written as it is made: the sheet's rows are deflated as they come (a list as it is
// read from the server, 100,000 rows never one string), the small parts whole. Loaded only for
// `-o xlsx`; node:zlib does the compressing (src/common/zip-write.ts).

import { ZipWriter } from '../common/zip-write.js';
import { checkFieldNames } from './fields.js';
import type { Row } from './format.js';
import { machineTable } from './render.js';
import type { RenderOptions } from './render-options.js';
import type { ColumnKinds, DataView, RecordStreamView, View } from './views.js';
import { type CellKind, columnLetters, headerXml, rowXml } from './xlsx-cells.js';
import { SHEET_PATH, contentTypes, moneyFormat, packageRelationships, sheetEnd, sheetStart, styles, workbook, workbookRelationships } from './xlsx-parts.js';

/** Text of the sheet handed to the deflater at a time. */
const CHUNK = 64 * 1024;

interface Sheet {
  columns: readonly string[];
  rows: AsyncIterable<Row> | Iterable<Row>;
  /** What the view says of its columns: money, and what text stands for (views.ts's ColumnKinds). */
  kinds: Readonly<Record<string, CellKind>>;
}

export async function* renderXlsx(view: View, options: RenderOptions): AsyncGenerator<Buffer> {
  const sheet = sheetOf(view, options);
  const zip = new ZipWriter();
  yield* zip.file('[Content_Types].xml', contentTypes());
  yield* zip.file('_rels/.rels', packageRelationships());
  yield* zip.file('xl/_rels/workbook.xml.rels', workbookRelationships());
  yield* zip.file('xl/styles.xml', styles(moneyFormat(options.currency?.())));
  let rows = 0;
  const filter = (): string | undefined => (sheet.columns.length === 0 ? undefined : `$A$1:$${columnLetters(sheet.columns.length - 1)}$${rows + 1}`);
  yield* zip.streamed(SHEET_PATH, sheetText(sheet, (count) => (rows = count), filter));
  yield* zip.file('xl/workbook.xml', workbook(filter()));
  yield* zip.finish();
}

async function* sheetText(sheet: Sheet, counted: (rows: number) => void, filter: () => string | undefined): AsyncGenerator<string> {
  const kinds = sheet.columns.map((column) => (Object.hasOwn(sheet.kinds, column) ? sheet.kinds[column] : undefined));
  yield sheetStart(sheet.columns.map((column, i) => width(column, kinds[i])));
  yield headerXml(sheet.columns);
  let text = '';
  let count = 0;
  for await (const row of sheet.rows) {
    count++;
    text += rowXml(count + 1, sheet.columns.map((column) => row[column]), kinds);
    if (text.length >= CHUNK) {
      yield text;
      text = '';
    }
  }
  counted(count);
  yield text + sheetEnd(filter());
}

/** A column wide enough for its header; names and other text wider. */
function width(column: string, kind: CellKind): number {
  if (kind === 'money') return 14;
  if (kind === 'datetime') return 17;
  if (/name|address|notes?$|reason|description/i.test(column)) return 32;
  return Math.min(40, Math.max(10, column.length + 2));
}

function sheetOf(view: View, options: RenderOptions): Sheet {
  if (view.kind === 'stream') return streamSheet(view, options);
  const data = view as DataView;
  checkFieldNames(options.fields, data);
  const table = machineTable(data, options, 'xlsx');
  return { columns: table.columns, rows: table.rows, kinds: kindsOf(data) };
}

function kindsOf(view: DataView): Readonly<Record<string, CellKind>> {
  if (view.kind === 'calendar' || view.kind === 'picture') return kindsOf(view.listing);
  if (view.kind === 'records' || view.kind === 'groups') return withMoney(view.kinds, view.money);
  return {};
}

function withMoney(kinds: ColumnKinds | undefined, money: readonly string[] | undefined): Record<string, CellKind> {
  return { ...kinds, ...Object.fromEntries((money ?? []).map((column) => [column, 'money'])) };
}

function streamSheet(view: RecordStreamView, options: RenderOptions): Sheet {
  const { fields } = options;
  if (view.knownColumns) checkFieldNames(fields, { kind: 'records', body: undefined, rows: [], columns: view.columns, knownColumns: view.knownColumns });
  return {
    columns: fields ?? view.columns,
    kinds: withMoney(view.kinds, view.money),
    rows: (async function* () {
      for await (const piece of view.pieces) if (piece.kind === 'records') for (const record of piece.records) yield view.row(record);
    })(),
  };
}
