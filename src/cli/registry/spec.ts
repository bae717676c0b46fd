// A command as data: its name, aliases, summary, arguments, typed options, examples and handler.
// `defineCommand` returns the description with an `attach` that builds the commander command on
// demand; the registry (registry.ts) holds them and builds only what an invocation needs.

import { withReferenceNames } from './reference-names.js';
import { DomainRefusal } from '../../domain/errors.js';
import { DateOrderError, ExitCode, OutputFailure, UsageError } from '../../errors.js';
import { exitCodeFor } from '../exit-codes.js';
import type { Command } from 'commander';
import { Printer } from '../../output/printer.js';
import type { OutputFormat } from '../../output/format.js';
import { OUTPUT_FLAGS, type OutputFlag, formatsFor, outputFlagsFor } from '../../output/formats.js';
import { PAPER_SIZES } from '../../config/settings-table.js';
import { type ArgumentValues, type FlagDecls, type FlagValues, addFlags, declareArgumentValues } from './flags.js';
import type { Outcome, View, ViewFormat } from '../../output/views.js';
import type { Context } from '../context.js';
import type { Factory } from '../../app/factory.js';
import { type Run, withRun } from '../run.js';
import type { GlobalOptions } from '../global-flags.js';
import { pagerOf } from '../session/output.js';

/** Shared between main() and the actions: the exit code a handler chose. */
export interface RunState {
  exitCode: number;
  /** Help (and the version) as commander writes it: shown at the end of the run, paged at a terminal when long. */
  help?: string;
}

/** What every handler's wiring needs: the injected context and the run's exit code. */
export interface Registrar {
  ctx: Context;
  state: RunState;
}

/** What the registry, help, completion and the contract test read without building anything. */
export interface CommandInfo {
  /** The word that names the command (`get`, `open`, `api`). */
  name: string;
  /** Positional arguments in commander's syntax: `<id>`, `[file]`, `<method> <path>`. */
  args?: string;
  /** The words of an argument, by its name, when they are a fixed set (flags.ts). */
  argValues?: Readonly<Record<string, ArgumentValues>>;
  /**
   * The arguments, by name, that are a file to read, `-` its standard input, each with what the file
   * holds (`the snapshot before`): an assistant's tool, which has no standard input, refuses `-` and
   * says the file is one on the machine the server runs on.
   */
  stdinArgs?: Readonly<Record<string, string>>;
  aliases: readonly string[];
  /** One line, shown in the parent's command list and on top of the command's help. */
  summary: string;
  /** Text shown after the options and before the examples (rules, defaults). */
  help?: string;
  /** Full command lines, without the `$ `. */
  examples: readonly string[];
  /** Left out of help and completion (the completion scripts' own `__complete`). */
  hidden?: boolean;
  /** The formats `-o` prints for it (output/formats.ts); absent: a command that takes no `-o` (help, the sandbox). */
  formats?: readonly ViewFormat[];
}

/**
 * What a run of the command does to the service's records or the tool's own files (settings,
 * credentials), whatever its options: the annotations of its tool for an assistant (`rentals mcp`:
 * read-only, destructive, idempotent) and whether `rentals mcp --read-only` offers it.
 * - `reads`: changes nothing.
 * - `adds`: creates records; run twice, it creates twice.
 * - `sets`: brings records to the state it is given; run twice, the second run changes nothing.
 * - `changes`: changes records from what they are (a percentage, a shift, the last write undone);
 *   run twice, it changes them twice.
 * - `deletes`: removes records.
 */
export type Effect = 'reads' | 'adds' | 'sets' | 'changes' | 'deletes';

export interface LeafCommand extends CommandInfo {
  kind: 'command';
  effect: Effect;
  /** What it prints, as declared (a function of its options where they decide); absent for a command without settings (help, the sandbox), which takes no -o. */
  view?: View['kind'] | ((options: never) => View['kind']);
  /** Its options as declared (registry/flags.ts): what help shows and what an assistant's tool takes. */
  flags?: FlagDecls;
  /** Adds the commander command under `parent`, options and action included. */
  attach(parent: Command, reg: Registrar): Command;
}

export interface CommandGroup extends CommandInfo {
  kind: 'group';
  /** The group's commands, generated when the group is built (never at startup for other groups). */
  commands(): LeafCommand[];
  /** The one command `word` names, made without the others; undefined when that takes them all. */
  commandNamed?(word: string): LeafCommand | undefined;
}

export type CommandNode = LeafCommand | CommandGroup;

/**
 * A top-level command or group as the registry lists it before its module is loaded: what the
 * root help, suggestions and placeholders show. `load` imports the module (once per run).
 */
export interface LazyEntry extends Pick<CommandInfo, 'name' | 'aliases' | 'summary' | 'hidden'> {
  kind: 'lazy';
  /** What `load` gives: a command, or a group of commands. */
  loads: CommandNode['kind'];
  load: () => Promise<CommandNode>;
  /**
   * A group's one command that `verb` names, made without loading the rest of the group (a
   * resource's generic verb: `inventory list` loads neither the bulk commands nor the event verbs);
   * undefined when the verb is not one it can make alone.
   */
  loadCommand?: (verb: string) => Promise<LeafCommand | undefined>;
}

/** The name, summary and aliases a top-level command or group is listed with (src/cli/commands/top-level.ts). */
export interface CommandHeading {
  name: string;
  summary: string;
  aliases?: readonly string[];
  hidden?: boolean;
}

/** A top-level entry whose module is imported only when a run needs it (`loadCommand`: see LazyEntry). */
export function lazyEntry(heading: CommandHeading, loads: CommandNode['kind'], load: () => Promise<CommandNode>, loadCommand?: LazyEntry['loadCommand']): LazyEntry {
  return { kind: 'lazy', loads, ...heading, aliases: heading.aliases ?? [], load, ...(loadCommand ? { loadCommand } : {}) };
}

/** One positional as commander passes it: `<id>` a string, `[file]` maybe not, `[words...]` a list (empty when none). */
type ArgOf<W extends string> = W extends `${'<' | '['}${string}...${'>' | ']'}` ? string[] : W extends `[${string}]` ? string | undefined : string;
type ArgList<S extends string> = S extends `${infer First} ${infer Rest}` ? [ArgOf<First>, ...ArgList<Rest>] : [ArgOf<S>];

/** `<id> [file]` → `[string, string | undefined]`; no arguments → `[]`. */
export type ArgsOf<S extends string> = S extends '' ? [] : string extends S ? string[] : ArgList<S>;

/** The names of the arguments of `<id> [file] [words...]`: `id`, `file`, `words`. */
type ArgNames<S extends string> = S extends `${infer First} ${infer Rest}` ? ArgNames<First> | ArgNames<Rest> : S extends `${'<' | '['}${infer Name}${'>' | ']'}` ? (Name extends `${infer Bare}...` ? Bare : Name) : never;

interface BaseSpec<S extends string, F extends FlagDecls> {
  name: string;
  args?: S;
  /** The words an argument takes when they are a fixed set the handler checks (completion offers them), by its name. */
  argValues?: { readonly [N in ArgNames<S>]?: ArgumentValues };
  /** The arguments that are a file to read, `-` its standard input, with what the file holds (CommandInfo.stdinArgs). */
  stdinArgs?: { readonly [N in ArgNames<S>]?: string };
  aliases?: readonly string[];
  summary: string;
  help?: string;
  examples: readonly string[];
  hidden?: boolean;
  /** What a run changes: nothing, or records it adds, sets, changes or deletes (Effect). */
  effect: Effect;
  /** The options as data (registry/flags.ts): commander's flags and the handler's options type both derive from it. */
  flags?: F;
  /** The profile named by --profile may not exist yet: this command creates it (no warning). */
  createsProfile?: boolean;
}

interface RunSpec<S extends string, F extends FlagDecls> extends BaseSpec<S, F> {
  /** What `-o` prints for it, shown in its help, and the output flags it takes. */
  output?: CommandOutput;
  /** Gets the run built from the global flags, this command's options and its arguments. */
  run: (run: Run, options: FlagValues<F>, args: ArgsOf<S>) => Promise<number | void>;
}

/** What a command that needs no settings gets (the sandbox, help). */
interface RawCall<A extends unknown[], O> {
  ctx: Context;
  options: O;
  args: A;
  globals: GlobalOptions;
  /** The root of the command tree (help walks it). */
  root: Command;
  /** The command itself. */
  own: Command;
}

interface RawSpec<S extends string, F extends FlagDecls> extends BaseSpec<S, F> {
  /** For commands that need no settings (the sandbox, help): no run is built. */
  runWithoutSettings: (call: RawCall<ArgsOf<S>, FlagValues<F>>) => Promise<number | void>;
}

/** A write's changes with the history entry they went into: its summary says how to take them back (a tool call: with the undo tool). */
function withEntry(view: View, factory: Pick<Factory, 'history' | 'toolCall'>): View {
  if (view.kind !== 'changes' || view.dryRun || view.entry !== undefined || view.changes.length === 0) return view;
  const entry = factory.history().entry();
  if (entry === undefined) return view;
  const taken = { entry, ...(factory.toolCall() ? { undoneBy: 'tool' as const } : {}) };
  const own = view.forPeople;
  const forPeople = own && (async () => {
    const base = await own();
    return base.kind === 'changes' ? { ...base, ...taken } : base;
  });
  return { ...view, ...taken, ...(forPeople ? { forPeople } : {}) };
}

/**
 * Prints what a handler returned: the view, then its notices and warnings; gives its exit code,
 * which the printer is told first (`ending`: the code the run ends with whatever the outcome's).
 */
async function printOutcome(printer: Printer, result: View | Outcome | void, ending?: number): Promise<number | undefined> {
  if (!result) return undefined;
  const outcome: Outcome = 'kind' in result ? { view: result } : result;
  printer.willExit(ending ?? (outcome.failure ? exitCodeFor(outcome.failure) : (outcome.exitCode ?? ExitCode.ok)));
  if (outcome.unfiltered) printer.unfiltered();
  const printing = async (): Promise<void> => {
    if (outcome.view) await printer.view(outcome.view);
    for (const notice of outcome.notices ?? []) printer.info(notice);
    for (const warning of outcome.warnings ?? []) printer.warn(warning);
    await outcome.afterPrinting?.();
  };
  if (!outcome.failure) {
    await printing();
    return outcome.exitCode;
  }
  // The view first, in full, then the error's message and exit code; a view that could not be
  // printed does not change them (a bulk run's rows that did not apply stay exit 6), it is said first.
  try {
    await printing();
    await printer.finish();
  } catch (error) {
    if (!(error instanceof OutputFailure)) throw error;
    printer.warn(`error: the output could not be printed: ${error.reason}`);
  }
  throw outcome.failure;
}

/**
 * A command module's handler: it gets the run's factory of lazy dependencies (app/factory.ts) and
 * its options typed from the definition, calls its use case with the members that needs, and
 * returns a view (or an Outcome). It never prints nor looks at the output format: the runner
 * checks the format against the declared `view` before any request, then prints what comes back.
 */
export interface HandlerSpec<S extends string, F extends FlagDecls> extends BaseSpec<S, F> {
  /** The kind of view the handler returns (it may depend on the options: --daily is a grid). */
  view: View['kind'] | ((options: FlagValues<F>) => View['kind']);
  /** The view has a page for `-o html`, named here for help: "a quote or order confirmation", "the pick list". */
  page?: string;
  /** Fewer formats than its kind of view prints (formatsFor): a shell script takes none. */
  formats?: readonly ViewFormat[];
  /** Piped with no format chosen, this one instead of tsv (export: csv with its header, what import reads). */
  pipedFormat?: OutputFormat;
  /** With no format chosen, at a terminal too: the one the options ask for (export --for-spreadsheet: csv); undefined: the usual. */
  defaultFormat?: (options: FlagValues<F>) => OutputFormat | undefined;
  handler: (factory: Factory, options: FlagValues<F>, args: ArgsOf<S>) => Promise<View | Outcome>;
}

/** A command whose handler returns a view: definition, typed options and view in one module. */
export function defineViewCommand<S extends string = '', const F extends FlagDecls = {}>(spec: HandlerSpec<S, F>): LeafCommand {
  const { view, page, pipedFormat, defaultFormat, handler, formats: only, ...rest } = spec;
  // A kind that depends on the options: help, completion and an assistant's tools list what it prints
  // when none is given; a run checks the kind of its own options (snapshot --out: a sentence).
  const defaultKind = typeof view === 'function' ? view({} as FlagValues<F>) : view;
  const formats = formatsFor(defaultKind, page !== undefined, only);
  const command = defineCommand<S, F>({
    ...rest,
    flags: page === undefined ? rest.flags : ({ ...rest.flags, ...PAGE_FLAGS } as unknown as F),
    output: { formats, page, flags: outputFlagsFor(defaultKind, formats) },
    run: async ({ output, factory, settings }, options, args) => {
      if (pipedFormat) output.preferPipedFormat(pipedFormat);
      const chosen = defaultFormat?.(options);
      if (chosen) output.preferFormat(chosen);
      output.expectView(typeof view === 'function' ? view(options) : view, only, page !== undefined);
      if (page !== undefined) {
        const { preparePage } = await import('./page-output.js');
        await preparePage({ printer: output.printer, document: () => settings.documentSettings(), env: factory.env() }, options as FlagValues<typeof PAGE_FLAGS>);
      }
      let outcome: View | Outcome;
      let interrupted: string | undefined;
      try {
        outcome = await handler(factory, options, args);
      } catch (error) {
        // Dates out of order: said in the words of this command line (its flags), whichever command wrote them.
        if (error instanceof DateOrderError) error.message = (await import('../date-order-words.js')).dateOrderInWords(error, options);
        // Refused for stock: the ways out are data too (`-o json`), whichever command wrote. The view
        // (and the booking domain behind it) loads only for a refusal, not for every failed command.
        if (!(error instanceof DomainRefusal)) throw error;
        const refused = (await import('../../output/refusal-view.js')).refusalOutcome(error);
        if (!refused) throw error;
        output.refusedWrite();
        outcome = refused;
      } finally {
        interrupted = factory.writesEnded();
      }
      const shown = (view: View) => withEntry(withReferenceNames(view, factory.catalog), factory);
      const code = await printOutcome(output.printer, 'kind' in outcome ? shown(outcome) : { ...outcome, ...(outcome.view ? { view: shown(outcome.view) } : {}) }, interrupted === undefined ? undefined : ExitCode.cancelled);
      if (interrupted === undefined) return code;
      output.printer.warn(`error: ${interrupted}`);
      return ExitCode.cancelled;
    },
  });
  return { ...command, view: view as LeafCommand['view'] };
}

interface RawHandlerSpec<S extends string, F extends FlagDecls> extends BaseSpec<S, F> {
  /** Returns the text to print (help) or nothing (a server that ran until stopped), and maybe an exit code. */
  handler: (call: RawCall<ArgsOf<S>, FlagValues<F>>) => Promise<View | Outcome | void>;
}

/**
 * A command that needs no settings (help, the sandbox): no run, no output format (`-o` is not
 * theirs to honour). What it returns is printed as a text view is, straight to stdout.
 */
export function defineRawViewCommand<S extends string = '', const F extends FlagDecls = {}>(spec: RawHandlerSpec<S, F>): LeafCommand {
  const { handler, ...rest } = spec;
  return defineCommand<S, F>({
    ...rest,
    runWithoutSettings: async (call) => {
      refuseOutputFlags(call.globals, commandPath(call.own));
      // `rentals help …` is paged at a terminal as --help is (src/cli/help-output.ts).
      const printer = new Printer(call.ctx.term, { format: 'table', color: false, quiet: call.globals.quiet === true, pager: pagerOf(call.ctx, call.globals), ...(call.ctx.exitCodeKnown ? { exitCodeKnown: call.ctx.exitCodeKnown } : {}) });
      const code = await printOutcome(printer, await handler(call));
      await printer.finish();
      return code;
    },
  });
}

/** What a command prints: its `-o` formats, its page, and the global output flags it takes. */
interface CommandOutput {
  formats: readonly ViewFormat[];
  page?: string | undefined;
  flags: readonly OutputFlag[];
}

/** What each built command prints, for its help (program.ts) and completion. */
const OUTPUTS = new WeakMap<Command, CommandOutput>();

export function outputOf(command: Command): CommandOutput | undefined {
  return OUTPUTS.get(command);
}

/** The built commands that print no view (the sandbox, help): they take no output flag. */
const WITHOUT_VIEW = new WeakSet<Command>();

/**
 * Whether `command` refuses the global flag read under `key`: an output flag it does not take
 * (help and completion leave it out). A group takes them all: its command decides.
 */
export function refusesGlobalFlag(command: Command, key: string): boolean {
  const takes = WITHOUT_VIEW.has(command) ? [] : OUTPUTS.get(command)?.flags;
  return takes !== undefined && (OUTPUT_FLAGS as readonly string[]).includes(key) && !(takes as readonly string[]).includes(key);
}

const OUTPUT_FLAG_NAMES: Record<OutputFlag, (globals: GlobalOptions) => string | undefined> = {
  output: (globals) => (globals.output === undefined ? undefined : `-o ${globals.output}`),
  json: (globals) => (globals.json ? '--json' : undefined),
  jq: (globals) => (globals.jq === undefined ? undefined : '--jq'),
  fields: (globals) => (globals.fields === undefined ? undefined : '--fields'),
  out: (globals) => (globals.out === undefined ? undefined : '--out'),
};

/** A command without a view shapes no output: a flag that would is a mistake, refused before it starts. */
function refuseOutputFlags(globals: GlobalOptions, command: string): void {
  for (const named of Object.values(OUTPUT_FLAG_NAMES)) {
    const flag = named(globals);
    if (flag !== undefined) throw new UsageError(`${flag}: ${command} prints no output that -o, --json, --jq, --fields or --out shape; leave it out`);
  }
}

/** `rentals sandbox`: the words that name a built command. */
function commandPath(command: Command): string {
  const words: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/**
 * The flags of every command that has a page (events show, load-sheet, agenda, timeline), added by
 * defineViewCommand and read before the handler runs (registry/page-output.ts, loaded then).
 */
const PAGE_FLAGS = {
  paper: { value: 'size', values: PAPER_SIZES, help: `-o html/pdf: ${PAPER_SIZES.join(' or ')} (default: the paper setting)` },
} as const satisfies FlagDecls;

/** The wiring under both: every command is defined through one of them (no command prints by itself). */
function defineCommand<S extends string, F extends FlagDecls>(spec: RunSpec<S, F> | RawSpec<S, F>): LeafCommand {
  const { name, args, argValues, stdinArgs, summary, help, examples, hidden, effect, flags } = spec;
  const aliases = spec.aliases ?? [];
  const output = 'output' in spec ? spec.output : undefined;
  return {
    kind: 'command',
    name,
    args,
    ...(argValues ? { argValues: argValues as Readonly<Record<string, ArgumentValues>> } : {}),
    ...(stdinArgs ? { stdinArgs: stdinArgs as Readonly<Record<string, string>> } : {}),
    aliases,
    summary,
    help,
    examples,
    hidden,
    formats: output?.formats,
    effect,
    flags,
    attach(parent, reg) {
      const command = describe(parent.command(name, { hidden: hidden === true }), { name, args, aliases, summary, help, examples });
      if (output) OUTPUTS.set(command, output);
      else WITHOUT_VIEW.add(command);
      if (args) command.arguments(args);
      for (const argument of command.registeredArguments) {
        const values = (argValues as Readonly<Record<string, ArgumentValues | undefined>> | undefined)?.[argument.name()];
        if (values) declareArgumentValues(argument, values);
      }
      if (flags) addFlags(command, flags);
      command.action(async (...values: unknown[]) => {
        const own = values[values.length - 1] as Command;
        const positionals = values.slice(0, -2) as ArgsOf<S>;
        const options = own.opts() as FlagValues<F>;
        // The global flags, as the command's ancestors hold them: a flag the command declares itself
        // under a global's name is its own (snapshot --out), not the global.
        const globals = own.parent?.optsWithGlobals<GlobalOptions>() ?? {};
        if ('runWithoutSettings' in spec) {
          let root = own;
          while (root.parent) root = root.parent;
          const code = await spec.runWithoutSettings({ ctx: reg.ctx, options, args: positionals, globals, root, own });
          if (typeof code === 'number') reg.state.exitCode = code;
          return;
        }
        const code = await withRun(reg.ctx, globals, { createsProfile: spec.createsProfile === true }, (run) => spec.run(run, options, positionals));
        if (typeof code === 'number') reg.state.exitCode = code;
      });
      return command;
    },
  };
}

export interface GroupSpec {
  name: string;
  aliases?: readonly string[];
  summary: string;
  help?: string;
  examples: readonly string[];
  commands: () => LeafCommand[];
  commandNamed?: (word: string) => LeafCommand | undefined;
}

export function defineGroup(spec: GroupSpec): CommandGroup {
  return { kind: 'group', ...spec, aliases: spec.aliases ?? [] };
}

/** Description, aliases, extra help and examples: what every command and group shows. */
export function describe(command: Command, info: CommandInfo): Command {
  command.description(info.summary).aliases([...info.aliases]);
  // commander ends each text with a newline of its own: a trailing one would leave two blank lines.
  if (info.help) command.addHelpText('after', info.help.replace(/\n+$/, ''));
  if (info.examples.length > 0) {
    command.addHelpText('after', `\nExamples:\n${info.examples.map((line) => `  $ ${line}`).join('\n')}\n`);
  }
  return command;
}
