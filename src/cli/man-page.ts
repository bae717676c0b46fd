// rentals(1), generated from the command registry at build time (scripts/build.mjs writes
// dist/rentals.1, which package.json "man" installs): every group, command, flag, setting and
// help topic, so that `man rentals` never disagrees with `rentals --help`.

import { PassThrough } from 'node:stream';
import type { Command, Help, Option } from 'commander';
import { SETTINGS } from '../config/settings-table.js';
import { ExitCode } from '../errors.js';
import type { Context } from './context.js';
import { HELP_TOPICS } from './help-topics.js';
import { buildProgram } from './program.js';
import { registry } from './catalog.js';

/** Text as roff: backslashes and hyphens escaped, no line taken for a request. */
function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

function optionItems(help: Help, options: readonly Option[]): string[] {
  return options.flatMap((option) => ['.TP', `.B ${roff(help.optionTerm(option))}`, roff(help.optionDescription(option))]);
}

function commandItems(help: Help, command: Command, path: string): string[] {
  const name = `${path} ${help.subcommandTerm(command)}`;
  const lines = ['.TP', `.B ${roff(name)}`, roff(command.description())];
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
    confirm: none,
    openBrowser: none,
    onInterrupt: () => () => undefined,
  };
}

/** The full command tree, as help shows it (hidden commands left out). */
/**
 * Every top-level command word and alias (what bin/rentals.js names its code caches by), for
 * scripts/build.mjs, which writes them on the bundle's last line.
 * @public
 */
export function topLevelWords(): string[] {
  return registry.entries.flatMap((entry) => [entry.name, ...entry.aliases]);
}

export function commandTree(): Promise<Command> {
  return buildProgram({ ctx: inertContext(), state: { exitCode: ExitCode.ok } });
}

export async function renderManPage(version: string): Promise<string> {
  const program = await commandTree();
  const help = program.createHelp();
  const lines = [
    `.TH RENTALS 1 "" "rentals ${roff(version)}" "User Commands"`,
    '.SH NAME',
    `rentals \\- ${roff(program.description())}`,
    '.SH SYNOPSIS',
    '.B rentals',
    '[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIsubcommand\\fR] [\\fIoptions\\fR] [\\fIarguments\\fR]',
    '.SH GLOBAL OPTIONS',
    ...optionItems(help, help.visibleOptions(program)),
    '.SH COMMANDS',
  ];
  for (const command of help.visibleCommands(program)) {
    if (command.commands.length === 0) {
      lines.push(...commandItems(help, command, 'rentals'));
      continue;
    }
    lines.push(`.SS ${roff(`rentals ${[command.name(), ...command.aliases()].join('|')}`)}`, roff(command.description()));
    for (const sub of help.visibleCommands(command)) {
      if (sub.name() !== 'help') lines.push(...commandItems(help, sub, `rentals ${command.name()}`));
    }
  }
  lines.push('.SH ENVIRONMENT');
  for (const def of SETTINGS) {
    lines.push('.TP', `.B ${roff(def.env.join(', '))}`, roff(def.default ? `${def.help} (default ${def.default})` : def.help));
  }
  lines.push('.TP', '.B RENTALS_PAGER, PAGER', roff('the pager for long output at a terminal (default "less -FRX")'), '.TP', '.B RENTALS_DEBUG', roff('1: the same as --debug'));
  for (const topic of HELP_TOPICS) {
    lines.push(`.SH ${roff(topic.name.toUpperCase().replace(/-/g, ' '))}`, '.nf', roff(topic.text()), '.fi');
  }
  lines.push('.SH SEE ALSO', roff(`rentals help ${HELP_TOPICS.map((t) => t.name).join(', rentals help ')}`));
  return `${lines.join('\n')}\n`;
}
