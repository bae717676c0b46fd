// The one writer to stdout. Data goes to stdout in the chosen format; everything else
// (confirmations, notices, progress) goes to stderr and is silenced by --quiet.

import type { Terminal } from './terminal.js';
import { type OutputFormat, type Row, csvLine, humanCell, pickFields, tsvLine } from './format.js';

export interface PrinterOptions {
  format: OutputFormat;
  /** Columns chosen with --fields (overrides a view's defaults). */
  fields?: string[];
  color: boolean;
  quiet: boolean;
}

export interface RecordView {
  /** The body as the server sent it, printed untouched by `-o json`. */
  body: unknown;
  /** Records normalised for display (numbers, booleans, datetimes). */
  rows: Row[];
  /** Default columns for table/tsv/csv. */
  columns: string[];
  /** Every column a record may have (for validating --fields). */
  knownColumns?: string[];
}

export interface ColorPalette {
  header: (text: string) => string;
  yes: (text: string) => string;
  no: (text: string) => string;
}

const plain: ColorPalette = { header: (t) => t, yes: (t) => t, no: (t) => t };

export class Printer {
  constructor(
    readonly term: Terminal,
    readonly options: PrinterOptions,
  ) {}

  /** Writes data to stdout, waiting for the stream to drain on big outputs. */
  async write(text: string): Promise<void> {
    if (text === '') return;
    if (!this.term.stdout.write(text)) {
      await new Promise<void>((resolve) => this.term.stdout.once('drain', resolve));
    }
  }

  async records(view: RecordView): Promise<void> {
    const { format } = this.options;
    if (format === 'json') {
      if (this.options.fields) this.info('note: --fields does not apply to -o json, which prints the body as sent; use -o ndjson to pick fields');
      return this.json(view.body);
    }
    const columns = this.options.fields ?? view.columns;
    if (format === 'ndjson') {
      const lines = view.rows.map((row) => JSON.stringify(this.options.fields ? pickFields(row, columns) : row));
      return this.write(lines.map((l) => `${l}\n`).join(''));
    }
    if (format === 'csv') {
      return this.write([columns.join(','), ...view.rows.map((row) => csvLine(row, columns))].map((l) => `${l}\n`).join(''));
    }
    if (format === 'tsv') return this.write(view.rows.map((row) => `${tsvLine(row, columns)}\n`).join(''));
    return this.table(view.rows, columns);
  }

  async json(value: unknown): Promise<void> {
    return this.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Plain data text (a URL, a raw body). */
  async text(line: string): Promise<void> {
    return this.write(line.endsWith('\n') ? line : `${line}\n`);
  }

  /** A notice for people on stderr; silenced by --quiet. */
  info(message: string): void {
    if (!this.options.quiet) this.term.stderr.write(`${message}\n`);
  }

  /** A warning on stderr; shown even with --quiet. */
  warn(message: string): void {
    this.term.stderr.write(`${message}\n`);
  }

  async palette(): Promise<ColorPalette> {
    if (!this.options.color) return plain;
    const { Chalk } = await import('chalk');
    const chalk = new Chalk({ level: 1 });
    return { header: (t) => chalk.bold.cyan(t), yes: (t) => chalk.green(t), no: (t) => chalk.dim(t) };
  }

  private async table(rows: Row[], columns: string[]): Promise<void> {
    if (rows.length === 0) {
      this.info('No records.');
      return;
    }
    const [{ default: Table }, colors] = await Promise.all([import('cli-table3'), this.palette()]);
    const width = this.term.columns || 120;
    const maxCell = Math.max(12, Math.floor((width - 3 * columns.length) / Math.max(1, columns.length)) + 8);
    const table = new Table({
      head: columns.map((c) => colors.header(c)),
      style: { head: [], border: [] },
      chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    });
    for (const row of rows) {
      table.push(
        columns.map((c) => {
          const value = row[c];
          const text = truncate(humanCell(value), maxCell);
          if (value === true) return colors.yes(text);
          if (value === false) return colors.no(text);
          return text;
        }),
      );
    }
    await this.write(`${table.toString()}\n`);
  }
}

function truncate(text: string, max: number): string {
  const chars = [...text.replace(/\s*\n\s*/g, ' ')];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
