// The output part of a run: the format chosen (a flag, the settings, the terminal), the printer
// that is the one writer to stdout (with its pager at a terminal), and the notices a handler
// sends to stderr while it runs. Questions on the terminal release the pager first.

import type { Settings } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import type { OutputFormat } from '../../output/format.js';
import { VIEW_FORMATS, checkFormat, formatsFor, refusalPrintsNothing, takesFields, unknownFormatError } from '../../output/formats.js';
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
    /** --out's file, written in place once the command has printed everything. */
    private outFile: OutputFile | undefined,
    private readonly jq: boolean,
    /** What chose the format, and what -o said when it named none (`-o yaml`): judged against the command (expectView). */
    private readonly chosen: Pick<Chosen, 'by' | 'unknown'>,
    /** --out's file name, as the format it names (undefined: none) and whether it says only "text". */
    private readonly outName: OutName | undefined,
  ) {}

  /** The run's printer; a bad -o, --fields or --jq is refused here (exit 2), before any request. */
  /** `currency`: the shop's, for money cells (xlsx), read only when a format needs it. */
  static async create(ctx: Context, globals: GlobalOptions, settings: Settings, currency: () => string | undefined): Promise<RunOutput> {
    const out = globals.out === undefined ? undefined : await outputFile(globals.out);
    const chosen = chooseFormat(globals, settings, ctx.term.stdoutIsTTY && out === undefined, out);
    const { format } = chosen;
    // --jq is compiled now: an expression jq cannot compile is refused before anything is read or sent.
    if (globals.jq !== undefined) await (await import('../../output/jq.js')).compileJq(globals.jq);
    // --out: what stdout would get goes to the file (not a terminal: machine formats, no pager, no colour).
    // `--out /dev/stdout`: stdout, as if --out were not given (its format chosen as for a file).
    const outFile = await out?.open();
    const toFile = outFile?.stream;
    const term = toFile ? { ...ctx.term, stdout: toFile, stdoutIsTTY: false, columns: 0 } : ctx.term;
    const printer = new Printer(term, {
      format,
      currency,
      fields: parseFieldList(globals.fields),
      color: toFile ? false : (settings.color.value ?? term.stdoutIsTTY),
      quiet: globals.quiet === true,
      jq: globals.jq,
      pager: pagerOf({ ...ctx, term }, globals),
      ...(ctx.exitCodeKnown ? { exitCodeKnown: ctx.exitCodeKnown } : {}),
    });
    return new RunOutput(printer, term.stdoutIsTTY, outFile, globals.jq !== undefined, chosen, out);
  }

  /** After the command: --out's file takes its place (`done`), or is dropped and the target left as it was. */
  async settle(done: boolean): Promise<void> {
    const file = this.outFile;
    this.outFile = undefined;
    if (!file) return;
    if (done && !this.refused) await file.commit();
    else await file.discard();
  }

  /** A refused write, printed in a format that shows nothing of it (all but json): --out's target stays as it was. */
  refusedWrite(): void {
    this.refused = refusalPrintsNothing(this.printer.options.format);
  }

  private refused = false;

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
    if (this.chosen.by === 'terminal' && !this.stdoutIsTTY) this.printer.options.format = format;
  }

  /** This format when no flag chose one (over a profile's or RENTALS_OUTPUT too), at a terminal too (an export for a spreadsheet: csv). */
  preferFormat(format: OutputFormat): void {
    if (!this.formatGiven()) this.printer.options.format = format;
  }

  /**
   * Refuses, before anything is sent, a format that the command does not print (exit 2): one that
   * this run's view (`kind`, for these options) prints, within the command's own narrower list
   * (`only`). A format nobody gave on the command line (the terminal's, a profile's or
   * RENTALS_OUTPUT) gives way to the first the command prints (table for one that takes no -o);
   * so does the tsv of a `.txt` file, or a file with no known extension, for a command that
   * prints text (it holds that text), while a command that prints rows refuses the latter.
   * --fields and --jq are refused where there is nothing for them to pick or filter.
   */
  expectView(kind: View['kind'], only: readonly ViewFormat[] | undefined, hasPage = false): void {
    const { options } = this.printer;
    const printed = formatsFor(kind, hasPage, only);
    if (this.chosen.unknown !== undefined) throw unknownFormatError(this.chosen.unknown, kind, hasPage, only);
    if (this.jq && !printed.includes('json')) throw new UsageError(`--jq filters JSON; this command prints none: it takes no --jq`);
    const fromFile = this.chosen.by === 'extension' ? this.outName : undefined;
    // A command that takes no -o (a shell script) prints its text as a table does; a kind its
    // options chose (snapshot --out: a sentence) its own first format.
    const own = printed[0] ?? 'table';
    if (fromFile?.text && !printed.includes('tsv')) options.format = own;
    else if (fromFile && fromFile.format === undefined) throw new UsageError(fromFile.noFormat(printed));
    else if (fromFile) checkFormat(kind, options.format, hasPage, only, `--out ${fromFile.shown} (${options.format})`);
    else if (!this.formatGiven() && !printed.includes(options.format)) options.format = own;
    else checkFormat(kind, options.format, hasPage, only);
    if (options.fields && !takesFields(kind)) throw new UsageError(`--fields picks columns; this command prints ${kind === 'raw' ? 'a JSON document (use --jq)' : 'no columns'}: it takes no --fields`);
  }

  /** A flag chose the format (-o, --json, --jq, --out's extension), not a setting nor the terminal. */
  private formatGiven(): boolean {
    return this.chosen.by === 'flag' || this.chosen.by === 'extension';
  }

  /** The context with its questions asked on a free terminal: the pager, if one is showing output, is closed first. */
  asking(ctx: Context): Context {
    const { printer } = this;
    return {
      ...ctx,
      confirm: async (question) => (await printer.releaseTerminal(), ctx.confirm(question)),
      promptSecret: async (question) => (await printer.releaseTerminal(), ctx.promptSecret(question)),
      promptLine: async (question) => (await printer.releaseTerminal(), ctx.promptLine(question)),
    };
  }
}

/** The pager data goes through at a terminal (unless --no-pager); undefined when there is none. */
export function pagerOf(ctx: Context, globals: Pick<GlobalOptions, 'pager'>): (() => ReturnType<NonNullable<Context['startPager']>>) | undefined {
  const command = ctx.term.stdoutIsTTY && globals.pager !== false && ctx.startPager ? pagerCommand(ctx.env) : undefined;
  return command === undefined ? undefined : () => ctx.startPager!(command, ctx.env);
}

/** --out's file name as it bears on the format: the one its extension names, whether it says only "text", how to name it. */
interface OutName {
  format: ViewFormat | undefined;
  text: boolean;
  shown: string;
  /** Why it names no format, for a command that prints rows (`formats`: the ones it prints). */
  noFormat: (formats: readonly ViewFormat[]) => string;
}

/** --out FILE: what its name says of the format, and the file opened (its module loads only for --out). */
async function outputFile(path: string): Promise<OutName & { open: () => Promise<OutputFile> }> {
  const [{ OutputFile, formatOfFile, namesText, noFormatMessage }, { shownPath }] = await Promise.all([import('../output-file.js'), import('../../common/sanitize.js')]);
  return { format: formatOfFile(path), text: namesText(path), shown: shownPath(path), noFormat: (formats) => noFormatMessage(path, formats), open: () => OutputFile.open(path) };
}

/**
 * What chose the format: a flag (-o, --json, --jq), --out's file name, the output setting (a
 * profile, RENTALS_OUTPUT) or the terminal (table, or tsv when piped).
 */
interface Chosen {
  format: ViewFormat;
  by: 'flag' | 'extension' | 'setting' | 'terminal';
  /** -o named no format (`-o yaml`): refused once the command's formats are known, before anything is sent. */
  unknown?: string;
}

/**
 * `-o ics` is accepted here and checked against the command's view by the output layer; as a
 * default (RENTALS_OUTPUT, a profile) it would break every other command, so it is not one.
 * The format, and whether nobody chose it (the default of a terminal or a pipe).
 */
function chooseFormat(globals: GlobalOptions, settings: Settings, stdoutIsTTY: boolean, out?: Pick<OutName, 'format'>): Chosen {
  const chosen = (format: ViewFormat): Chosen => ({ format, by: 'flag' });
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
  const byTerminal: ViewFormat = stdoutIsTTY ? 'table' : 'tsv';
  if (globals.output !== undefined) {
    if (VIEW_FORMATS.includes(globals.output as ViewFormat)) return chosen(globals.output as ViewFormat);
    return { format: byTerminal, by: 'flag', unknown: globals.output };
  }
  // --out prices.xlsx: the file's extension, when -o names no format.
  if (out?.format) return { format: out.format, by: 'extension' };
  // The environment's or the profile's, by the setting's rule (one that breaks it was a warning).
  if (settings.output.value !== undefined) return { format: settings.output.value as ViewFormat, by: 'setting' };
  // A file name with no known extension: its text for a command that prints text; refused for rows
  // (a mistyped `quote.pfd` is not a tsv file), once the command is known.
  if (out) return { format: 'tsv', by: 'extension' };
  return { format: byTerminal, by: 'terminal' };
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
