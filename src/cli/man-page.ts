// rentals(1), generated from the command registry at build time (scripts/build.mjs writes
// dist/rentals.1, which package.json "man" installs): every group, command, flag, setting and
// help topic, so that `man rentals` never disagrees with `rentals --help`.

import { PassThrough } from 'node:stream';
import type { Command, Help, Option } from 'commander';
import { SETTINGS } from '../config/settings-table.js';
import { ExitCode } from '../errors.js';
import type { Context } from './context.js';
import { GLOBAL_OPTIONS_INTRO, OPTIONS_TOPIC, globalOptionGroups } from './global-flags.js';
import { HELP_TOPICS, OTHER_VARIABLES } from './help-topics.js';
import { fitted } from './help-output.js';
import { buildProgram } from './program.js';
import { registry } from './catalog.js';

/** Text as roff: backslashes and hyphens escaped, no line taken for a request. */
function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    // Non-ASCII as roff's Unicode escapes, which every formatter reads whatever its input encoding.
    .replace(/[^\x00-\x7f]/gu, (c) => `\\[u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`)
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

function optionItems(help: Help, options: readonly Option[]): string[] {
  return options.flatMap((option) => ['.TP', `.B ${roff(help.optionTerm(option))}`, ...filled(help.optionDescription(option))]);
}

function commandItems(help: Help, command: Command, path: string): string[] {
  const name = `${path} ${help.subcommandTerm(command)}`;
  const lines = ['.TP', `.B ${roff(name)}`, ...filled(command.description())];
  const options = help.visibleOptions(command).filter((o) => o.long !== '--help');
  if (options.length > 0) lines.push('.RS', ...optionItems(help, options), '.RE');
  return lines;
}

/** An inert context: building the tree reads no stream, and nothing runs. */
function inertContext(): Context {
  const none = (): never => {
    throw new Error('the man page generator runs no command');
  };
  const stream = new PassThrough();
  return {
    term: { stdout: stream, stderr: stream, stdin: stream, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 0 },
    env: {},
    homedir: '/',
    now: () => 0,
    promptSecret: none,
    promptLine: none,
    confirm: none,
    openBrowser: none,
    onInterrupt: () => () => undefined,
  };
}

/**
 * Every top-level command word and alias (what bin/rentals.js names its code caches by), for
 * scripts/build.mjs, which writes them on the bundle's last line.
 * @public
 */
export function topLevelWords(): string[] {
  return registry.entries.flatMap((entry) => [entry.name, ...entry.aliases]);
}

/** The full command tree, as help shows it (hidden commands left out). */
export function commandTree(): Promise<Command> {
  return buildProgram({ ctx: inertContext(), state: { exitCode: ExitCode.ok } });
}

/**
 * The date of the man page: the release date of `version` in CHANGELOG.md (`## [0.1.0] - 2026-11-22`),
 * so that a build of one version always writes the same page.
 */
export function releaseDate(changelog: string, version: string): string {
  const heading = new RegExp(`^## \\[${version.replace(/[.]/g, '\\.')}\\] - (\\d{4}-\\d{2}-\\d{2})\\s*$`, 'm').exec(changelog);
  if (!heading) throw new Error(`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" heading: the man page's date comes from it`);
  return heading[1]!;
}

/** Width of the text of a section when the page is read at 80 columns (man indents it by 7). */
const TEXT_WIDTH = 72;

/** Filled text as source lines of at most 80 bytes (roff joins them again). */
function filled(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '').map(roff)) {
    if (line !== '' && Buffer.byteLength(`${line} ${word}`) > 80) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  // A line that starts with . or ' would be read as a request.
  return lines.map((l) => (/^[.']/.test(l) ? `\\&${l}` : l));
}

export async function renderManPage(version: string, date: string): Promise<string> {
  const program = await commandTree();
  const help = program.createHelp();
  const lines = [
    `.TH RENTALS 1 ${date} "rentals ${roff(version)}" "User Commands"`,
    '.SH NAME',
    ...filled(`rentals - ${program.description()}`),
    '.SH SYNOPSIS',
    '.B rentals',
    '[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIsubcommand\\fR]',
    '[\\fIoptions\\fR] [\\fIarguments\\fR]',
    '.SH DESCRIPTION',
    ...filled(DESCRIPTION),
    '.SH GLOBAL OPTIONS',
    ...globalOptions(),
    '.SH COMMANDS',
  ];
  for (const command of help.visibleCommands(program)) {
    if (command.commands.length === 0) {
      // A subsection of its own: after a group, a .TP of its own would read as one of the group's.
      const options = help.visibleOptions(command).filter((o) => o.long !== '--help');
      lines.push(`.SS ${roff(`rentals ${help.subcommandTerm(command)}`)}`, ...filled(command.description()), ...optionItems(help, options));
      continue;
    }
    lines.push(`.SS ${roff(`rentals ${[command.name(), ...command.aliases()].join('|')}`)}`, ...filled(command.description()));
    for (const sub of help.visibleCommands(command)) {
      if (sub.name() !== 'help') lines.push(...commandItems(help, sub, `rentals ${command.name()}`));
    }
  }
  lines.push('.SH ENVIRONMENT', ...filled('A flag wins over the environment, which wins over the profile of the config file, which wins over the default.'));
  for (const def of SETTINGS) {
    lines.push('.TP', `.B ${roff(def.env.join(', '))}`, ...filled(def.default ? `${def.help} (default ${def.default})` : def.help));
  }
  for (const variable of OTHER_VARIABLES) lines.push('.TP', `.B ${roff(variable.names)}`, ...filled(variable.help));
  for (const topic of HELP_TOPICS) {
    // The environment and options topics are the ENVIRONMENT and GLOBAL OPTIONS sections above.
    if (topic.name === 'environment' || topic.name === OPTIONS_TOPIC) continue;
    const text = await fitted(topic.text(), TEXT_WIDTH);
    lines.push(`.SH ${roff(topic.name.toUpperCase().replace(/-/g, ' '))}`, '.nf', roff(text), '.fi');
  }
  lines.push('.SH FILES');
  for (const [path, what] of FILES) lines.push('.TP', `.I ${roff(path)}`, ...filled(what));
  lines.push('.SH SEE ALSO', ...filled(`rentals help ${HELP_TOPICS.map((t) => t.name).join(', rentals help ')}; the manual in the docs directory of the source.`));
  return `${lines.join('\n')}\n`;
}

/** The global options as `rentals help options` lists them: the same words, group by group. */
function globalOptions(): string[] {
  return [
    ...GLOBAL_OPTIONS_INTRO.flatMap((paragraph, index) => [...(index > 0 ? ['.PP'] : []), ...filled(paragraph)]),
    ...globalOptionGroups().flatMap(({ title, flags }) => [`.SS ${title}`, ...flags.flatMap((flag) => ['.TP', `.B ${roff(flag.usage)}`, ...filled(flag.help)])]),
  ];
}

const DESCRIPTION =
  "rentals operates an equipment rental calendar through the vendor's JSON-over-HTTP API: items, " +
  'prices, events and the items booked on them, availability, quotes, checks, bulk price changes, ' +
  'history and undo. rentals sandbox runs a local server that implements the same API. At a ' +
  'terminal it prints tables; piped, tab-separated rows; -o json, ndjson, csv, tsv, xlsx, ics, ' +
  'html or pdf on request, and --out FILE writes any of them to a file. ' +
  'Settings come from flags, then the environment, then the profile of the config file (see ' +
  'ENVIRONMENT and FILES).';

/** Where rentals keeps its files (with the default directories: see ENVIRONMENT). */
const FILES: ReadonlyArray<readonly [string, string]> = [
  ['~/.config/rentals/config.json', 'the profiles: settings and stored credentials (mode 0600)'],
  ['~/.config/rentals/history/', 'the history of the writes made through rentals (rentals history, rentals undo)'],
  ['~/.config/rentals/plan-key', 'the key that signs plan files (mode 0600)'],
  ['~/.config/rentals/cache/completion-names.json', 'the names shell completion offers, per base URL, refreshed at most every 5 minutes (mode 0600)'],
  ['~/.local/share/rentals/reports/', 'the reports of mass price changes run without --report'],
  ['~/.local/share/rentals/sandbox.json', 'the data of rentals sandbox --keep'],
  ['~/.cache/rentals/', 'compiled code, to start faster; may be deleted at any time'],
];
