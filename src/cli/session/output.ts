// The output part of a run: the format chosen (a flag, the settings, the terminal), the printer
// that is the one writer to stdout (with its pager at a terminal), and the notices a handler
// sends to stderr while it runs. Questions on the terminal release the pager first.

import type { Settings } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import type { OutputFormat } from '../../output/format.js';
import { VIEW_FORMATS, checkFormat, formatsFor, takesFields } from '../../output/formats.js';
import { type Notices, noticesOf } from '../../output/notices.js';
import { Printer } from '../../output/printer.js';
import type { View, ViewFormat } from '../../output/views.js';
import type { Context } from '../context.js';
import { pagerCommand } from '../pager.js';
import type { GlobalOptions } from '../global-flags.js';
import type { OutputFile } from '../output-file.js';

export class RunOutput {
  private constructor(
    readonly printer: Printer,
    private readonly stdoutIsTTY: boolean,
    /** No flag, variable or profile chose the format: the terminal did (table, or tsv when piped). */
    private readonly formatDefaulted: boolean,
    /** --out's file, written in place once the command has printed everything. */
    private outFile: OutputFile | undefined,
    /** A flag chose the format (-o, --json, --jq, --out's extension), not a setting nor the terminal. */
    private readonly formatGiven: boolean,
    private readonly jq: boolean,
  ) {}

  /** The run's printer; a bad -o, --fields or --jq is refused here (exit 2), before any request. */
  /** `currency`: the shop's, for money cells (xlsx), read only when a format needs it. */
  static async create(ctx: Context, globals: GlobalOptions, settings: Settings, currency: () => string | undefined): Promise<RunOutput> {
    const out = globals.out === undefined ? undefined : await outputFile(globals.out);
    const { format, defaulted, given } = chooseFormat(globals, settings, ctx.term.stdoutIsTTY && out === undefined, out);
    // -o ics reads the time zone: a bad --timezone is refused now, before any request (its use resolves it again).
    if (format === 'ics') settings.timeZone([]);
    // --out: what stdout would get goes to the file (not a terminal: machine formats, no pager, no colour).
    const outFile = await out?.open();
    const term = outFile ? { ...ctx.term, stdout: outFile.stream, stdoutIsTTY: false, columns: 0 } : ctx.term;
    const printer = new Printer(term, {
      format,
      currency,
      fields: parseFieldList(globals.fields),
      color: outFile ? false : (settings.color.value ?? term.stdoutIsTTY),
      quiet: globals.quiet === true,
      jq: globals.jq,
      pager: pagerOf({ ...ctx, term }, globals),
    });
    return new RunOutput(printer, term.stdoutIsTTY, defaulted, outFile, given, globals.jq !== undefined);
  }

  /** After the command: --out's file takes its place (`done`), or is dropped and the target left as it was. */
  async settle(done: boolean): Promise<void> {
    const file = this.outFile;
    this.outFile = undefined;
    if (!file) return;
    if (done) await file.commit();
    else await file.discard();
  }

  /** Lines for people on stderr while a handler runs (notices silenced by --quiet, warnings not). */
  notices(): Notices {
    return noticesOf(this.printer);
  }

  /** -q: notices and progress are silenced. */
  quiet(): boolean {
    return this.printer.options.quiet;
  }

  /** The columns chosen with --fields. */
  fields(): string[] | undefined {
    return this.printer.options.fields;
  }

  /** Piped with no format chosen, this one instead of tsv (export: csv with its header, what import reads). */
  preferPipedFormat(format: OutputFormat): void {
    if (this.formatDefaulted && !this.stdoutIsTTY) this.printer.options.format = format;
  }

  /** This format when no flag chose one (over a profile's or RENTALS_OUTPUT too), at a terminal too (an export for a spreadsheet: csv). */
  preferFormat(format: OutputFormat): void {
    if (!this.formatGiven) this.printer.options.format = format;
  }

  /**
   * Refuses, before anything is sent, a format that the command does not print (exit 2): one of
   * its declared `formats` that this run's view prints. A format nobody gave on the command line
   * (the terminal's, a profile's or RENTALS_OUTPUT) gives way to the first the command prints
   * (table for one that takes no -o).
   * --fields and --jq are refused where there is nothing for them to pick or filter.
   */
  expectView(kind: View['kind'], formats: readonly ViewFormat[], hasPage = false): void {
    const { options } = this.printer;
    const printed = formatsFor(kind, hasPage, formats);
    if (this.jq && !printed.includes('json')) throw new UsageError(`--jq filters JSON; this command prints none: it takes no --jq`);
    // A command that takes no -o (a shell script) prints its text as a table does; a kind its
    // options chose (snapshot --out: a sentence) its own first format.
    if (!this.formatGiven && !printed.includes(options.format)) options.format = formatsFor(kind, hasPage, formats.length === 0 ? ['table'] : undefined)[0] ?? 'table';
    else checkFormat(kind, options.format, hasPage, formats);
    if (options.fields && !takesFields(kind)) throw new UsageError(`--fields picks columns; this command prints ${kind === 'raw' ? 'a JSON document (use --jq)' : 'no columns'}: it takes no --fields`);
  }

  /** The context with its questions asked on a free terminal: the pager, if one is showing output, is closed first. */
  asking(ctx: Context): Context {
    const { printer } = this;
    return {
      ...ctx,
      confirm: async (question) => (await printer.releaseTerminal(), ctx.confirm(question)),
      promptSecret: async (question) => (await printer.releaseTerminal(), ctx.promptSecret(question)),
    };
  }
}

/** The pager data goes through at a terminal (unless --no-pager); undefined when there is none. */
export function pagerOf(ctx: Context, globals: Pick<GlobalOptions, 'pager'>): (() => ReturnType<NonNullable<Context['startPager']>>) | undefined {
  const command = ctx.term.stdoutIsTTY && globals.pager !== false && ctx.startPager ? pagerCommand(ctx.env) : undefined;
  return command === undefined ? undefined : () => ctx.startPager!(command, ctx.env);
}

/** --out FILE: the format its extension asks for, and the file opened (its module loads only for --out). */
async function outputFile(path: string): Promise<{ format: ViewFormat | undefined; noFormat: string; open: () => Promise<OutputFile> }> {
  const { OutputFile, formatOfFile, noFormatMessage } = await import('../output-file.js');
  return { format: formatOfFile(path), noFormat: noFormatMessage(path), open: () => OutputFile.open(path) };
}

/**
 * `-o ics` is accepted here and checked against the command's view by the output layer; as a
 * default (RENTALS_OUTPUT, a profile) it would break every other command, so it is not one.
 * The format, and whether nobody chose it (the default of a terminal or a pipe).
 */
function chooseFormat(globals: GlobalOptions, settings: Settings, stdoutIsTTY: boolean, out?: { format: ViewFormat | undefined; noFormat: string }): { format: ViewFormat; defaulted: boolean; given: boolean } {
  const chosen = (format: ViewFormat) => ({ format, defaulted: false, given: true });
  if (globals.jq !== undefined) {
    // jq reads JSON: the body as -o json prints it (or -o ndjson's lines, one value each).
    if (globals.output !== undefined && globals.output !== 'json' && globals.output !== 'ndjson') {
      throw new UsageError(`--jq filters JSON: use it with -o json or -o ndjson, not -o ${globals.output}`);
    }
    return chosen(globals.output === 'ndjson' ? 'ndjson' : 'json');
  }
  if (globals.json) {
    if (globals.output !== undefined && globals.output !== 'json') throw new UsageError(`--json is -o json: it cannot go with -o ${globals.output}`);
    return chosen('json');
  }
  // --out prices.xlsx: the file's extension, when -o names no format.
  if (globals.output === undefined && out?.format) return chosen(out.format);
  if (globals.output !== undefined) {
    if (VIEW_FORMATS.includes(globals.output as ViewFormat)) return chosen(globals.output as ViewFormat);
    throw new UsageError(`--output: unknown output format ${JSON.stringify(globals.output)} (use ${VIEW_FORMATS.join(', ')})`);
  }
  // The environment's or the profile's, by the setting's rule (one that breaks it was a warning).
  if (settings.output.value !== undefined) return { format: settings.output.value as ViewFormat, defaulted: false, given: false };
  // A mistyped extension (`quote.pfd`) is not a tsv file.
  if (out) throw new UsageError(out.noFormat);
  return { format: stdoutIsTTY ? 'table' : 'tsv', defaulted: true, given: false };
}

function parseFieldList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const fields = value
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new UsageError('--fields: give a comma-separated list of field names');
  return fields;
}
