// The command tree. Generic resource groups come from the resource descriptions; commands
// that are a resource's own (events open, prices import…) and the tool's own (auth, config,
// api, sandbox) register themselves next to them.

import { Command, Option } from 'commander';
import { resourceList, resources } from '../resources/definitions.js';
import { resourceDescription } from './resource/register.js';
import type { Registrar } from './command.js';
import { registerApi } from './commands/api.js';
import { registerAuth } from './commands/auth.js';
import { registerBulkCommands } from './commands/bulk-commands.js';
import { registerCalendarCommands, registerEventCalendarCommands } from './commands/calendar-commands.js';
import { registerConfig } from './commands/config.js';
import { registerEventsOpen } from './commands/events-open.js';
import { registerSandbox } from './commands/sandbox.js';
import { registerResource } from './resource/register.js';

export const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  API or other error
  2  usage or invalid input (nothing was sent)
  3  authentication or authorization (401, 403, missing credentials)
  4  not found (404)
  5  network error, timeout or unreachable server
  6  partial failure of a bulk operation`;

const ENVIRONMENT_HELP = `
Environment:
  RENTALS_BASE_URL, RENTALS_TOKEN, RENTALS_WEB_URL, RENTALS_PROFILE  settings (flags > environment > profile)
  RENTALS_CONFIG_DIR   config directory (default $XDG_CONFIG_HOME/rentals or ~/.config/rentals)
  RENTALS_OUTPUT       default output format; NO_COLOR / FORCE_COLOR  colour`;

const VALUE_OPTIONS = new Set(['--profile', '--base-url', '--web-url', '--token-file', '--timeout', '--retries', '-o', '--output', '--fields']);

/** The command word of argv (`events` in `rentals --json events list`), or undefined. */
export function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return undefined;
    if (!arg.startsWith('-')) return arg;
    if (VALUE_OPTIONS.has(arg)) i++;
  }
  return undefined;
}

/**
 * The command tree. With `argv`, only the group it names is built in full and the others are
 * placeholders with their description (enough for help and suggestions): building every flag of
 * every group is wasted work on each of the thousands of starts a script makes.
 */
export function buildProgram(reg: Registrar, argv?: string[]): Command {
  const { term } = reg.ctx;
  const program = new Command('rentals')
    .description('Operate the equipment rental calendar from the shell: items, prices, events, bookings.')
    .version(typeof __RENTALS_VERSION__ === 'string' ? __RENTALS_VERSION__ : 'dev', '-V, --version', 'print the version')
    .configureOutput({
      writeOut: (text) => term.stdout.write(text),
      writeErr: (text) => term.stderr.write(text),
      outputError: (text, write) => write(text),
    })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .option('--profile <name>', 'config profile to use (default "default")')
    .option('--base-url <url>', 'API base URL, e.g. https://api.example.com')
    .option('--web-url <url>', 'web application URL (for event links)')
    .option('--token-file <path>', 'read the access token from this file')
    .option('--timeout <seconds>', 'per-request timeout (default 30)')
    .option('--retries <n>', 'retries of GET/PUT/DELETE on network errors, 429, 502-504 (default 3)')
    .addOption(new Option('-o, --output <format>', 'table|json|ndjson|csv|tsv (default: table on a terminal, tsv when piped)'))
    .option('--json', 'same as -o json: the API response body as sent')
    .option('--fields <list>', 'comma-separated columns for table, csv, tsv and ndjson')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('-q, --quiet', 'print only data (no notices)')
    .option('--verbose', 'log each request on stderr (method, URL, status, ms)')
    .option('--debug', 'like --verbose, with headers and bodies (secrets redacted)')
    .addHelpText('after', `${EXIT_CODES_HELP}\n${ENVIRONMENT_HELP}\n\nExamples:\n  $ rentals sandbox --seed\n  $ rentals events list\n  $ rentals inventory add --name "Tent 20x20" --quantity-available 4\n  $ rentals events list --json | jq '.data[] | {id, eventName}'\n`);

  const word = argv ? commandWord(argv) : undefined;
  const full = (names: string[]) => word === undefined || names.includes(word) || word === 'help';
  for (const def of resourceList) {
    const names = [def.command, ...(def.commandAliases ?? [])];
    if (!full(names)) {
      program.command(def.command).description(resourceDescription(def)).aliases(def.commandAliases ?? []);
      continue;
    }
    const group = registerResource(program, reg, def);
    if (def === resources.events) registerEventsOpen(group, reg);
    if (def === resources.events) registerEventCalendarCommands(group, reg);
    registerBulkCommands(group, reg, def);
  }
  registerCalendarCommands(program, reg, full);
  registerAuth(program, reg);
  registerConfig(program, reg);
  registerApi(program, reg);
  registerSandbox(program, reg);
  return program;
}
