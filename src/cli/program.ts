// The root command: global flags (from the settings table) and the top-level help. The commands
// under it come from the registry (catalog.ts); only the group an invocation names is built in full.

import { type Argument, Command, Help, Option } from 'commander';
import { helpWidth } from './help-output.js';
import { registry } from './catalog.js';
import { declareOptionValues } from './registry/flags.js';
import { GLOBAL_FLAG_LINES, type GlobalFlagLine, flagNames, globalOptionsLine } from './global-flags.js';
import { HELP_TOPICS } from './help-topics.js';
import { aliasTarget } from './field-flags.js';
import { refuseEmptyFileName } from './vocabulary.js';
import { optionTopic, unlisted } from './registry/flags.js';
import type { CommandRegistry } from './registry/registry.js';
import { type Registrar, outputOf, refusesGlobalFlag } from './registry/spec.js';
import { didYouMean, suggestions } from './registry/suggest.js';
import { setting } from '../config/settings-table.js';
import type { ViewFormat } from '../output/views.js';

/** The global flags that take a value (`--profile x`, `-o csv`), which commandWord() steps over. */
const VALUE_OPTIONS = new Set(GLOBAL_FLAG_LINES.flatMap(({ usage }) => (usage.includes('<') ? flagNames(usage) : [])));

/**
 * The command words of argv (`events`, `list` in `rentals --json events list --from x`), at most
 * `limit`. A help flag ends them: `rentals --help check` is the root's help, `inventory -h list`
 * the group's (commander shows the help of the command the flag follows).
 */
function commandWords(argv: string[], limit: number): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < limit; i++) {
    const arg = argv[i]!;
    if (arg === '--' || arg === '--help' || arg === '-h') break;
    if (!arg.startsWith('-')) words.push(arg);
    else if (VALUE_OPTIONS.has(arg) || takesNextAsValue(arg)) i++;
  }
  return words;
}

/** `-qo` (-q, then -o) takes the next word as -o's value, as commander reads it; `-qojson` does not. */
function takesNextAsValue(arg: string): boolean {
  if (arg.startsWith('--') || arg.length < 3) return false;
  for (let at = 1; at < arg.length; at++) if (VALUE_OPTIONS.has(`-${arg[at]}`)) return at === arg.length - 1;
  return false;
}

/**
 * What a run must build in full: the top-level words whose commands it loads (the command word,
 * and for `help x`, x too; an absent one means every top-level command) and the verb of a group
 * (`list` in `inventory list`), whose siblings may stay placeholders.
 */
function targets(argv: string[]): { words: Array<string | undefined>; verb?: string } {
  const [word, next, third] = commandWords(argv, 3);
  if (word !== 'help') return { words: [word], verb: next };
  return { words: [word, next], verb: next === undefined ? undefined : third };
}

/**
 * The command tree. With `argv`, only the command or group it names is loaded, and only the
 * command it names is built in full; the others are placeholders with their description (enough
 * for help and suggestions): loading and building every command is wasted work on each of the
 * thousands of starts a script makes. Without `argv`, everything is (tests, completion, the man page).
 */
export async function buildProgram(reg: Registrar, argv?: string[], commands: CommandRegistry = registry): Promise<Command> {
  const { term } = reg.ctx;
  const program = new RootCommand('rentals')
    .description('Operate the equipment rental calendar from the shell: items, prices, events, bookings.')
    .version(typeof __RENTALS_VERSION__ === 'string' ? __RENTALS_VERSION__ : 'dev', '-V, --version', 'print the version')
    .configureOutput({
      // Help and the version are collected and shown at the end of the run (paged at a terminal: help-output.ts).
      writeOut: (text) => void (reg.state.help = (reg.state.help ?? '') + text),
      writeErr: (text) => term.stderr.write(text),
      outputError: (text, write) => write(text),
      getOutHelpWidth: () => helpWidth(reg.ctx),
      getErrHelpWidth: () => helpWidth(reg.ctx),
    })
    // Descriptions wrap in their own column down to 20 characters (commander gives up below 40: at 80
    // columns the root's long terms left 36, and every line fell back to one ragged run).
    .configureHelp({ subcommandTerm, commandUsage, visibleOptions, formatHelp })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .helpCommand(false);
  program.addHelpText('after', rootHelp);

  const wanted = argv ? targets(argv) : undefined;
  // `inventory list`: the group's one command, made without the rest of the group.
  const alone = wanted?.verb !== undefined && wanted.words.length === 1 ? await commands.loadAlone(wanted.words[0], wanted.verb) : undefined;
  const built = alone ?? (wanted ? await commands.loadFor(wanted.words) : await commands.loadAll());
  const focused = commands.attach(program, reg, built, wanted?.verb);
  // A run of one command that shows no help parses only the global flags its command line names
  // (~14 µs of commander's each, ~0.25 ms of every `inventory list`): the others would only be
  // listed, and a mistyped flag gets them all for its "did you mean" (RootCommand.unknownOption).
  const named = focused && argv && !wanted?.words.includes('help') ? flagWords(argv) : undefined;
  // A command's own flag of a global's name is its own (snapshot's --out): the root would take it first.
  const own = focused ? ownFlags(program) : new Set<string>();
  if (named?.has('--help') || named?.has('-h')) program.addGlobalFlags(undefined, own);
  else program.addGlobalFlags(named, own);
  return program;
}

/** The long flags of the commands built under `command`. */
function ownFlags(command: Command, found = new Set<string>()): Set<string> {
  for (const sub of command.commands) {
    for (const option of sub.options) if (option.long) found.add(option.long);
    ownFlags(sub, found);
  }
  return found;
}

/** Every flag word of argv: `--output=json` is --output, and `-qo` may be -q and -o. */
function flagWords(argv: string[]): Set<string> {
  const words = new Set<string>();
  for (const arg of argv) {
    if (arg.startsWith('--')) words.add(arg.split('=')[0]!);
    else if (arg.startsWith('-')) for (const letter of arg.slice(1)) words.add(`-${letter}`);
  }
  return words;
}

function rootHelp(): string {
  const topics = HELP_TOPICS.map((t) => `  rentals help ${t.name.padEnd(12)} ${t.summary}`).join('\n');
  return `
Help topics:
${topics}

Examples:
  $ rentals sandbox --seed
  $ rentals events list
  $ rentals inventory add --name "Tent 20x20" --quantity-available 4
  $ rentals events list --json | jq '.data[] | {id, eventName}'
`;
}

function argumentTerm(arg: Argument): string {
  const name = `${arg.name()}${arg.variadic ? '...' : ''}`;
  return arg.required ? `<${name}>` : `[${name}]`;
}

/** `delete|rm|remove <id>`: every alias, where commander shows the first only (its usage says [options]). */
function subcommandTerm(command: Command): string {
  const args = command.registeredArguments.map(argumentTerm).join(' ');
  return [[command.name(), ...command.aliases()].join('|'), args].filter(Boolean).join(' ');
}

/** The long names of the global flags: the root's help names them in one line, as every command's does. */
const GLOBAL_LONGS = new Set(GLOBAL_FLAG_LINES.flatMap((flag) => flagNames(flag.usage).filter((name) => name.startsWith('--'))));

/** A term longer than this does not widen its section's first column: it has a line of its own, its text under the column. */
const TERM_COLUMN = 28;

/** A section of help: its title and its items as `  term  text`, the texts aligned (wrapped later, help-output.ts). */
function section(title: string, items: ReadonlyArray<readonly [string, string]>): string[] {
  if (items.length === 0) return [];
  const width = Math.max(0, ...items.map(([term]) => term.length).filter((length) => length <= TERM_COLUMN));
  const item = ([term, text]: readonly [string, string]): string[] => {
    if (text === '') return [`  ${term}`];
    if (term.length > width) return [`  ${term}`, `  ${' '.repeat(width)}  ${text}`];
    return [`  ${term.padEnd(width)}  ${text}`];
  };
  return [title, ...items.flatMap(item), ''];
}

/**
 * A command's own options as help lists them, each alias on the line of the flag it stands for
 * (`--event-status-id <id>  event status id or name (also --status)`); the root's own is the version.
 */
function optionItems(helper: Help, command: Command): Array<readonly [string, string]> {
  // -h, --help is in the line of global options, as every command takes it.
  const options = helper.visibleOptions(command).filter((option) => option.long !== '--help' && (command.parent !== null || option.long === undefined || !GLOBAL_LONGS.has(option.long)));
  return options
    .filter((option) => aliasTarget(option) === undefined && optionTopic(option) === undefined && !unlisted(option))
    .map((option) => {
      const aliases = options.filter((other) => aliasTarget(other) === option.long).map((other) => other.long!);
      const text = optionText(option);
      return [helper.optionTerm(option), aliases.length === 0 ? text : `${text} (also ${aliases.join(', ')})`] as const;
    });
}

/** The options a help topic describes, by name in one line each: `More options (rentals help bulk): --plan, --report, …`. */
function topicLines(helper: Help, command: Command): string[] {
  const byTopic = new Map<string, string[]>();
  for (const option of helper.visibleOptions(command)) {
    const topic = optionTopic(option);
    if (topic !== undefined) byTopic.set(topic, [...(byTopic.get(topic) ?? []), option.short ?? option.long!]);
  }
  return [...byTopic].flatMap(([topic, names]) => [`More options (rentals help ${topic}): ${names.join(', ')}`, '']);
}

/** An option's help, with its choices and default where the help does not say them already (commander would repeat them). */
function optionText(option: Option): string {
  const extra: string[] = [];
  const text = option.description;
  if (option.argChoices && !option.argChoices.every((choice) => text.includes(choice))) extra.push(`choices: ${option.argChoices.join(', ')}`);
  if (option.defaultValue !== undefined && (option.required || option.optional) && !/\bdefault\b/.test(text)) extra.push(`default: ${String(option.defaultValueDescription ?? option.defaultValue)}`);
  return extra.length === 0 ? text : `${text} (${extra.join('; ')})`;
}

/**
 * A help screen as a person reads it: the usage, what the command does, its commands before any
 * option (a bare \`rentals\` shows the commands first), its own options, and the global options in
 * one line pointing at \`rentals help options\` (gh's "INHERITED FLAGS"): one 80×24 screen for a
 * command. Not wrapped here: the whole text is wrapped between words by help-output.ts.
 */
function formatHelp(command: Command, helper: Help): string {
  const description = helper.commandDescription(command);
  return [
    `Usage: ${helper.commandUsage(command)}`,
    '',
    ...(description === '' ? [] : [description, '']),
    ...section('Arguments:', helper.visibleArguments(command).map((arg) => [helper.argumentTerm(arg), helper.argumentDescription(arg)] as const)),
    // A group's own `help` command works (`rentals events help list`) but is not listed: -h is in the global line.
    ...section('Commands:', helper.visibleCommands(command).filter((sub) => command.parent === null || sub.name() !== 'help').map((sub) => [helper.subcommandTerm(sub), helper.subcommandDescription(sub)] as const)),
    ...section('Options:', optionItems(helper, command)),
    ...topicLines(helper, command),
    globalOptionsLine((key) => refusesGlobalFlag(command, key)),
    '',
  ].join('\n');
}

/** What a format beyond the five for data gives, for a command that prints it. */
function gloss(format: ViewFormat, page: string | undefined): string | undefined {
  if (format === 'ics') return 'ics: an iCalendar file';
  if (format === 'html') return `html: ${page ?? 'a page'}, self-contained`;
  if (format === 'pdf') return 'pdf: printed by a Chromium-family browser';
  return undefined;
}

/**
 * `-o, --output` in a command's own help: the formats that command prints (generated from the
 * kind of view it declares and its page: output/formats.ts), instead of the global flag's line.
 */
function outputOption(command: Command): Option | undefined {
  const output = outputOf(command);
  if (output === undefined || output.formats.length === 0) return undefined;
  const notes = output.formats.flatMap((format) => gloss(format, output.page) ?? []);
  const flag = setting('output').flag!;
  // The default (table at a terminal, tsv piped) is the global option's: rentals help options.
  return new Option(flag.usage, notes.length === 0 ? output.formats.join('|') : `${output.formats.join('|')} (${notes.join('; ')})`);
}

/** A command's own options, its `-o` line first (the formats it prints). */
function visibleOptions(this: Help, command: Command): Option[] {
  const own = Help.prototype.visibleOptions.call(this, command);
  const output = outputOption(command);
  return output ? [output, ...own] : own;
}

/** `Usage: rentals inventory delete|rm|remove [options] <id>`: every alias in the command's own help too. */
function commandUsage(command: Command): string {
  const ancestors: string[] = [];
  for (let parent = command.parent; parent; parent = parent.parent) ancestors.unshift(parent.name());
  return [...ancestors, [command.name(), ...command.aliases()].join('|'), command.usage()].join(' ');
}

/**
 * commander's Command, with "did you mean" for every unknown flag (a typo of a flag or of its
 * start), and the help of a bare `rentals` or group on stdout with exit 0 (as gh does).
 */
class RootCommand extends Command {
  override createCommand(name?: string): Command {
    return new RootCommand(name);
  }

  /** The global flags not added yet (addGlobalFlags). */
  private pendingFlags: GlobalFlagLine[] = [];

  /** The global flags, or of them those `named` names, the others kept for "did you mean"; none a built command declares itself (`own`). */
  addGlobalFlags(named?: ReadonlySet<string>, own: ReadonlySet<string> = new Set()): void {
    for (const flag of GLOBAL_FLAG_LINES) {
      if (flagNames(flag.usage).some((name) => own.has(name))) continue;
      if (named === undefined || flagNames(flag.usage).some((name) => named.has(name))) {
        const option = this.createOption(flag.usage, flag.help);
        if (flag.values) declareOptionValues(option, flag.values);
        refuseEmptyFileName(option);
        this.addOption(option);
      }
      else this.pendingFlags.push(flag);
    }
  }

  /** The flags and operands the last parse did not know (its first is the first unknown flag). */
  private unknownArgs: string[] = [];

  override parseOptions(args: string[]): { operands: string[]; unknown: string[] } {
    const parsed = super.parseOptions(args);
    this.unknownArgs = parsed.unknown;
    return parsed;
  }

  /**
   * commander checks required options before unknown ones: `book 1 --itme x` would say that
   * --item is missing. A mistyped flag is the better error (with its "did you mean").
   */
  missingMandatoryOptionValue(option: Option): never {
    const flag = this.unknownArgs[0];
    if (flag?.startsWith('-') && flag !== '-') this.unknownOption(flag);
    return (Command.prototype as unknown as { missingMandatoryOptionValue(option: Option): never }).missingMandatoryOptionValue.call(this, option);
  }

  /** commander asks for the help of a bare group as an error (stderr, exit 1): it is what was asked for. */
  override help(): never {
    return super.help({ error: false });
  }

  /** Called by commander for an unknown flag (not in its typings). */
  unknownOption(flag: string): never {
    const candidates: string[] = [];
    for (let command: Command | null = this; command; command = command.parent) {
      if (command instanceof RootCommand) for (const pending of command.pendingFlags.splice(0)) command.option(pending.usage, pending.help);
      const help: Help = command.createHelp();
      for (const option of help.visibleOptions(command)) if (option.long) candidates.push(option.long);
    }
    return this.error(`error: unknown option '${flag}'${didYouMean(suggestions(flag, candidates))}`, { code: 'commander.unknownOption' });
  }
}
