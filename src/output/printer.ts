// The one writer to stdout. Data goes to stdout in the chosen format; everything else
// (confirmations, notices, progress) goes to stderr and is silenced by --quiet. With --jq the
// JSON is held and filtered at finish(); at a terminal, data may go through a pager, started at
// the first write and waited for at finish(). What a person should read beside the data (the
// range, a summary, the notes) is then part of the paged text, not lost on stderr behind it: the
// notes before the data open it, those after close it (still on stderr when piped).

import type { Writable } from 'node:stream';
import { forPeople } from '../common/terminal-text.js';
import { OutputFailure, UsageError } from '../errors.js';
import { checkFormat, writtenForMachines } from './formats.js';
import type { RenderOptions } from './render-options.js';
import type { View, ViewFormat } from './views.js';
import type { PaperSize } from '../config/settings-table.js';

/** What the printer needs of a terminal (the CLI's Terminal has it). */
export interface OutputStreams {
  stdout: Writable;
  stderr: Writable;
  /** Terminal width for tables; 0 when unknown. */
  columns: number;
  /** stdout is a terminal: --jq's raw strings get their control characters escaped. */
  stdoutIsTTY?: boolean;
  /** stderr is a terminal too: the notes of a paged output are paged with it. */
  stderrIsTTY?: boolean;
}

export interface PrinterOptions {
  format: ViewFormat;
  /** The shop's currency (the `currency` setting): -o xlsx's money format, money in the changes of a write for people. */
  currency?: () => string | undefined;
  /** Columns chosen with --fields (overrides a view's defaults). */
  fields?: string[];
  color: boolean;
  quiet: boolean;
  /** --jq: the JSON written is filtered by this expression at finish(). */
  jq?: string;
  /** The paper a page (`-o html`, `-o pdf`) is made for (the --paper flag, else the paper setting). */
  paper?: PaperSize;
  /** `-o pdf`: prints a page's HTML to PDF (through a browser: output/pdf). */
  pdf?: (html: string, paper: PaperSize) => Promise<Uint8Array>;
  /** Starts the pager that data goes through; absent: straight to stdout. */
  pager?: () => Promise<PagerSink>;
  /** Told the exit code the run ends with, before the output is printed (Context.exitCodeKnown). */
  exitCodeKnown?: (code: number) => void;
}

/** A running pager: data is written to `input`; `closed` settles when it has exited. */
export interface PagerSink {
  input: Writable;
  closed: Promise<void>;
}

export class Printer {
  /** --jq: the JSON text written so far. */
  private held: string[] = [];
  private pager?: Promise<PagerSink>;
  /** The pager has exited (the user quit it): the rest is not shown. */
  private pagerGone = false;
  /** What is written now is a machine format bound for a file or a pipe: written exactly as rendered. */
  private exact = false;
  /** A machine format at a terminal: sanitized, its tabs (tsv's separators) kept. */
  private tabs: 'escaped' | 'kept' = 'escaped';
  /** Notes for the paged text: before the data (they open it) or after it (they close it). */
  private notes: { before: string[]; after: string[] } = { before: [], after: [] };
  /** stderr was written to by others (a bulk run's progress): the notes go there at once too, in order. */
  private stderrShared = false;
  /** What became of stdout: listened to from the first write; `gone` once closed early (EPIPE: `| head -1`), `failed` on any other error. */
  private stdout: { listening: boolean; gone: boolean; failed?: Error; lastWrite: Promise<void> } = { listening: false, gone: false, lastWrite: Promise.resolve() };

  constructor(
    readonly term: OutputStreams,
    readonly options: PrinterOptions,
  ) {}

  /** Writes data to stdout (or the pager), waiting for the stream to drain on big outputs. */
  async write(text: string): Promise<void> {
    if (text === '') return;
    if (this.options.jq !== undefined) {
      this.held.push(text);
      return;
    }
    await this.emit(text);
  }

  private async emit(text: string): Promise<void> {
    if (this.options.pager && !this.pager) {
      this.pager = this.options.pager();
      void this.pager.then((p) => p.closed).then(() => (this.pagerGone = true));
      // The notes so far open the paged text (the range, a summary said before the data).
      const before = this.notes.before.splice(0);
      if (before.length > 0) await this.emitNotes(before);
    }
    const pager = this.pager ? await this.pager : undefined;
    if (this.pagerGone) return;
    const shown = this.exact ? text : forPeople(text, this.tabs);
    if (!pager) return this.toStdout(shown);
    if (!pager.input.write(shown)) {
      await new Promise<void>((resolve) => {
        pager.input.once('drain', resolve);
        void pager.closed.then(resolve);
      });
    }
  }

  /**
   * Writes to stdout, waiting for it to drain. A stdout that failed (ENOSPC, EIO…) is an
   * OutputFailure, thrown at this write or the next one (or at finish()); one closed early (EPIPE)
   * takes nothing more, as a pager the user quit.
   */
  private async toStdout(bytes: string | Uint8Array): Promise<void> {
    const out = this.term.stdout;
    const state = this.stdout;
    if (!state.listening) {
      state.listening = true;
      out.on('error', (error: Error) => this.stdoutFailed(error));
    }
    this.throwIfStdoutFailed();
    if (state.gone) return;
    let done!: () => void;
    state.lastWrite = new Promise<void>((resolve) => (done = resolve));
    const drained = out.write(bytes, (error) => {
      if (error) this.stdoutFailed(error);
      done();
    });
    if (!drained && !state.gone && state.failed === undefined) {
      await new Promise<void>((resolve) => {
        out.once('drain', resolve);
        out.once('close', resolve);
        void state.lastWrite.then(() => state.failed !== undefined && resolve());
      });
    }
    this.throwIfStdoutFailed();
  }

  private stdoutFailed(error: Error): void {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') this.stdout.gone = true;
    else this.stdout.failed ??= error;
  }

  private throwIfStdoutFailed(): void {
    const { failed } = this.stdout;
    if (failed) throw new OutputFailure(failed.message, 'stdout');
  }

  /** The exit code the run ends with, known before its output: a stdout closed early does not turn it into 0. */
  willExit(code: number): void {
    this.options.exitCodeKnown?.(code);
  }

  /** What is written from now on goes out as it is, not through --jq (an error answer's body: the filter was written for a success). */
  unfiltered(): void {
    this.options.jq = undefined;
  }

  /** After the command: the --jq result is written, and the pager is waited for. */
  async finish(): Promise<void> {
    if (this.options.jq !== undefined && this.held.length > 0) {
      const { runJq } = await import('./jq.js');
      const json = this.held.join('');
      this.held = [];
      const out = await runJq(json, this.options.jq);
      this.exact = this.term.stdoutIsTTY !== true;
      this.tabs = 'kept';
      await this.emit(out);
    }
    await this.releaseTerminal();
    // What was written has reached stdout, or failed to.
    await this.stdout.lastWrite;
    this.throwIfStdoutFailed();
  }

  /** Notes in the paged text, wrapped to the terminal as stderr's lines are. */
  private async emitNotes(lines: readonly string[]): Promise<void> {
    const { wrapPeopleLines } = await import('./wrap.js');
    const pager = await this.pager!;
    if (this.pagerGone) return;
    const text = forPeople(`${lines.join('\n')}\n`);
    pager.input.write(this.term.columns > 0 ? wrapPeopleLines(text, this.term.columns) : text);
  }

  /** The notes not shown yet, on stderr (no data was paged), in the order they came. */
  private flushNotes(): void {
    const held = [...this.notes.before.splice(0), ...this.notes.after.splice(0)];
    if (held.length > 0) this.term.stderr.write(`${held.join('\n')}\n`);
  }

  /**
   * Others write to stderr from now on (a bulk run's progress and summary): the notes held for
   * the paged text are written there now, and the following ones as they come.
   */
  shareStderr(): void {
    this.stderrShared = true;
    this.flushNotes();
  }

  /** Notes go into the paged text: a pager will show the data (a terminal, a format for people) and stderr is that terminal too. */
  private pagesNotes(): boolean {
    return !this.stderrShared && (this.pager !== undefined || this.options.pager !== undefined) && this.term.stderrIsTTY === true && this.options.format === 'table';
  }

  /** A note for people: on stderr, or at a terminal held for the paged text (before its data or after it). */
  private note(message: string): void {
    if (!this.pagesNotes()) {
      this.term.stderr.write(`${message}\n`);
      return;
    }
    (this.pager ? this.notes.after : this.notes.before).push(message);
  }

  /** Ends the pager and waits for the user to leave it (before a question, or at the end). */
  async releaseTerminal(): Promise<void> {
    if (!this.pager) {
      this.flushNotes();
      return;
    }
    const after = this.notes.after.splice(0);
    if (after.length > 0) await this.emitNotes(after);
    const pager = await this.pager;
    this.pager = undefined;
    this.options.pager = undefined;
    pager.input.end();
    await pager.closed;
    this.pagerGone = false;
  }

  /**
   * A view in the chosen format, written in chunks with back-pressure (a record stream is pulled
   * from the network only as fast as stdout takes it); an unsupported pair is a usage error (exit 2).
   */
  async view(shown: View): Promise<void> {
    if (this.options.format === 'pdf') return this.page(shown);
    // Names for people: the table, and the sentences a command tells on stderr in any format.
    // --fields names columns of rows (those csv and tsv have): a grouped view (the history) asked
    // for some shows its rows with them at the table too, not its sentences for people.
    const rowsAsked = this.options.fields !== undefined && shown.kind === 'groups';
    const forPeople = (this.options.format === 'table' && !rowsAsked) || (shown.kind === 'changes' && shown.narrate === true);
    const view = forPeople && shown.forPeople ? await shown.forPeople() : shown;
    const forMachines = writtenForMachines(view, this.options.format);
    this.exact = this.term.stdoutIsTTY !== true && forMachines;
    this.tabs = forMachines ? 'kept' : 'escaped';
    if (view.kind === 'raw' && view.pour) {
      await view.pour((text) => this.write(text));
      return;
    }
    if (this.options.format === 'xlsx') return this.spreadsheet(view);
    const { renderView } = await import('./render.js');
    const chunks = renderView(view, this.options.format, this.renderOptions());
    for await (const chunk of chunks) await this.write(chunk);
  }

  /**
   * A page as a document: its HTML, printed to PDF for `-o pdf` (bytes: never sanitized, never
   * paged), to stdout or the file --out names; a PDF at a terminal was refused before any request.
   */
  private async page(view: View): Promise<void> {
    if (!this.options.pdf) throw new Error('-o pdf without a browser to print with');
    const { renderView } = await import('./render.js');
    const pieces: string[] = [];
    for await (const piece of renderView(view, 'html', this.renderOptions())) pieces.push(piece);
    await this.toStdout(await this.options.pdf(pieces.join(''), this.options.paper ?? 'A4'));
  }

  /** -o xlsx: bytes, to a file or a pipe only (a terminal would show garbage and may obey some of it). */
  private async spreadsheet(view: View): Promise<void> {
    checkFormat(view.kind, 'xlsx');
    if (this.term.stdoutIsTTY) {
      throw new UsageError('-o xlsx writes a binary file, not shown at a terminal: give --out FILE (e.g. --out prices.xlsx) or redirect standard output (> prices.xlsx)');
    }
    const { renderXlsx } = await import('./xlsx-render.js');
    for await (const bytes of renderXlsx(view, this.renderOptions())) await this.toStdout(bytes);
  }

  private renderOptions(): RenderOptions {
    return {
      fields: this.options.fields,
      color: this.options.color,
      terminalWidth: this.term.columns,
      terminal: this.term.stdoutIsTTY === true,
      paper: this.options.paper,
      currency: this.options.currency,
      info: (message) => this.info(message),
    };
  }

  /** A notice for people on stderr (at a terminal, in the paged text); silenced by --quiet. */
  info(message: string): void {
    if (!this.options.quiet) this.note(message);
  }

  /** A warning on stderr (at a terminal, in the paged text); shown even with --quiet. */
  warn(message: string): void {
    this.note(message);
  }
}
