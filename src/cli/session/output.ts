// The output part of a run: the format chosen (a flag, the settings, the terminal), the printer
// that is the one writer to stdout (with its pager at a terminal), and the notices a handler
// sends to stderr while it runs. Questions on the terminal release the pager first.

import type { Settings } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../../output/format.js';
import { VIEW_FORMATS, checkFormat } from '../../output/formats.js';
import { type Notices, noticesOf } from '../../output/notices.js';
import { Printer } from '../../output/printer.js';
import type { View, ViewFormat } from '../../output/views.js';
import type { Context } from '../context.js';
import { pagerCommand } from '../pager.js';
import type { GlobalOptions } from '../global-flags.js';

export class RunOutput {
  private constructor(
    readonly printer: Printer,
    private readonly stdoutIsTTY: boolean,
    /** No flag, variable or profile chose the format: the terminal did (table, or tsv when piped). */
    private readonly formatDefaulted: boolean,
  ) {}

  /** The run's printer; a bad -o, --fields or --jq is refused here (exit 2), before any request. */
  static create(ctx: Context, globals: GlobalOptions, settings: Settings): RunOutput {
    const { format, defaulted } = chooseFormat(globals, settings, ctx.term.stdoutIsTTY);
    // -o ics reads the time zone: a bad --timezone is refused now, before any request (its use resolves it again).
    if (format === 'ics') settings.timeZone([]);
    const printer = new Printer(ctx.term, {
      format,
      fields: parseFieldList(globals.fields),
      color: colorEnabled(globals, ctx),
      quiet: globals.quiet === true,
      jq: globals.jq,
      pager: pagerOf(ctx, globals),
    });
    return new RunOutput(printer, ctx.term.stdoutIsTTY, defaulted);
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

  /** Refuses, before anything is sent, a format that the command's view cannot print (exit 2). */
  expectView(kind: View['kind'], hasPage = false): void {
    checkFormat(kind, this.printer.options.format, hasPage);
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

/**
 * `-o ics` is accepted here and checked against the command's view by the output layer; as a
 * default (RENTALS_OUTPUT, a profile) it would break every other command, so it is not one.
 * The format, and whether nobody chose it (the default of a terminal or a pipe).
 */
function chooseFormat(globals: GlobalOptions, settings: Settings, stdoutIsTTY: boolean): { format: ViewFormat; defaulted: boolean } {
  const chosen = (format: ViewFormat) => ({ format, defaulted: false });
  if (globals.jq !== undefined) {
    // jq reads JSON: the body as -o json prints it (or -o ndjson's lines, one value each).
    if (globals.output !== undefined && globals.output !== 'json' && globals.output !== 'ndjson') {
      throw new UsageError(`--jq filters JSON: use it with -o json or -o ndjson, not -o ${globals.output}`);
    }
    return chosen(globals.output === 'ndjson' ? 'ndjson' : 'json');
  }
  if (globals.json) return chosen('json');
  const given = globals.output ?? settings.output.value;
  if (given !== undefined) {
    const accepted = globals.output !== undefined ? VIEW_FORMATS : OUTPUT_FORMATS;
    if (accepted.includes(given as ViewFormat)) return chosen(given as ViewFormat);
    const origin = globals.output !== undefined ? '--output' : settings.output.origin;
    const problem = `${origin}: unknown output format ${JSON.stringify(given)} (use ${accepted.join(', ')})`;
    if (globals.output !== undefined) throw new UsageError(problem);
    settings.warnings.push(`warning: ${problem}; using the default`);
  }
  return { format: stdoutIsTTY ? 'table' : 'tsv', defaulted: true };
}

function colorEnabled(globals: GlobalOptions, ctx: Context): boolean {
  if (globals.color === false) return false;
  if (ctx.env.NO_COLOR) return false;
  const force = ctx.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return ctx.term.stdoutIsTTY;
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
