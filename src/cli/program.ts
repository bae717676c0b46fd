// The root command: global flags and the top-level help. The commands under it come from the
// registry (catalog.ts); only the group an invocation names is built in full.

import { Command, Option } from 'commander';
import { registry } from './catalog.js';
import type { CommandRegistry } from './registry/registry.js';
import type { CommandNode, Registrar } from './registry/spec.js';

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

/** The top-level word whose group must be built: the command word, or for `help x`, x. */
export function targetWord(argv: string[]): string | undefined {
  const word = commandWord(argv);
  if (word !== 'help') return word;
  const rest = argv.slice(argv.indexOf('help') + 1);
  return commandWord(rest) ?? word;
}

/**
 * The command tree. With `argv`, only the group it names is built in full and the others are
 * placeholders with their description (enough for help and suggestions): building every flag of
 * every group is wasted work on each of the thousands of starts a script makes. Without `argv`,
 * everything is built (tests, completion).
 */
export function buildProgram(reg: Registrar, argv?: string[], commands: CommandRegistry = registry): Command {
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

  const target = argv ? targetWord(argv) : undefined;
  const full = (node: CommandNode) => argv === undefined || (target !== undefined && (node.name === target || node.aliases.includes(target)));
  commands.attach(program, reg, full);
  return program;
}
