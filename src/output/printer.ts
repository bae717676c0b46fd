// The one writer to stdout. Data goes to stdout in the chosen format; everything else
// (confirmations, notices, progress) goes to stderr and is silenced by --quiet.

import type { Writable } from 'node:stream';
import { prettyJsonChunks } from './json-chunks.js';
import type { RenderOptions } from './render-options.js';
import type { RecordListView, RecordStreamView, View, ViewFormat } from './views.js';

/** What the printer needs of a terminal (the CLI's Terminal has it). */
export interface OutputStreams {
  stdout: Writable;
  stderr: Writable;
  /** Terminal width for tables; 0 when unknown. */
  columns: number;
}

export interface PrinterOptions {
  format: ViewFormat;
  /** Columns chosen with --fields (overrides a view's defaults). */
  fields?: string[];
  color: boolean;
  quiet: boolean;
}

/** A record list without its kind (the shape `records()` takes). */
export type RecordView = Omit<RecordListView, 'kind'>;

export class Printer {
  constructor(
    readonly term: OutputStreams,
    readonly options: PrinterOptions,
  ) {}

  /** Writes data to stdout, waiting for the stream to drain on big outputs. */
  async write(text: string): Promise<void> {
    if (text === '') return;
    if (!this.term.stdout.write(text)) {
      await new Promise<void>((resolve) => this.term.stdout.once('drain', resolve));
    }
  }

  /** A view in the chosen format, written in chunks; an unsupported pair is a usage error (exit 2). */
  async view(view: View): Promise<void> {
    const { renderView } = await import('./render.js');
    const chunks = renderView(view, this.options.format, this.renderOptions());
    for await (const chunk of chunks) await this.write(chunk);
  }

  /** A record list as it is read, written with back-pressure (the format was checked by the command). */
  async recordStream(view: RecordStreamView): Promise<void> {
    const { renderRecordStream } = await import('./render-stream.js');
    for await (const chunk of renderRecordStream(view, this.options.format, this.renderOptions())) await this.write(chunk);
  }

  async records(view: RecordView): Promise<void> {
    return this.view({ kind: 'records', ...view });
  }

  /** Pretty JSON, written in chunks (a large answer is never one string). */
  async json(value: unknown): Promise<void> {
    for (const chunk of prettyJsonChunks(value)) await this.write(chunk);
  }

  private renderOptions(): RenderOptions {
    return {
      fields: this.options.fields,
      color: this.options.color,
      terminalWidth: this.term.columns,
      info: (message) => this.info(message),
    };
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
}
