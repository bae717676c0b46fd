// `rentals help <topic>`: the help that belongs to no single command. A new topic is one entry
// here; the root --help lists them.

import type { Settings } from '../config/settings.js';
import { DEFAULT_HOLD_POLICY, unknownStatuses } from '../domain/hold-policy.js';
import { holdsHelp } from './holds-help.js';
import { environmentHelp, setting } from '../config/settings-table.js';
import { resourceList } from '../resources/definitions.js';
import { DATES_HELP, DATES_HELP_TOPIC } from './dates-help.js';
import { OPTIONS_TOPIC, globalOptionsHelp } from './global-flags.js';

export interface HelpTopic {
  name: string;
  summary: string;
  /** The text; a topic that depends on the settings in force (holds) gets them, and the service's status names when they could be read. */
  text: (settings?: Settings, statusNames?: readonly string[]) => string;
  /** What `rentals help <topic>` adds from the declarations of the commands' options (loaded only then). */
  options?: () => Promise<string>;
}

const EXIT_CODES = `Exit codes:
  0  success
  1  refused by the calendar's rules (a shortage, a price missing), problems found by check,
     nothing to undo (an empty history, an entry undone already, no undo left unfinished),
     an API error, or another error (no browser for -o pdf, a stdout that cannot be written);
     also a write that was made whose output could not be printed (--jq failing on the answer,
     a full disk): the changes stand, the message names the rentals undo that takes them back
     (a rentals api write is not in the history: the message says no undo takes it back)
  2  usage or invalid input (nothing was sent)
  3  authentication or authorization (401, 403, missing credentials)
  4  not found: a 404, or a name or history entry that matches nothing, or a booking looked
     for that is not there (events unbook of an item the event does not book)
  5  network error, timeout or unreachable server, or a write that may have been applied
  6  partial failure of a bulk operation (a dry run: rows that would not apply), or an undo that
     left records someone changed while it ran
  7  declined: the answer to a [y/N] prompt was no (nothing was changed)
130  cancelled: Ctrl-C or Ctrl-D at a prompt, or Ctrl-C during a write (the write in flight
     finishes and is recorded; no other is sent), or a second Ctrl-C during a bulk run`;

function formats(): string {
  return `Output formats (-o, --output; default from ${setting('output').env[0]} or the profile's output):
  table   aligned columns with a header, for people (the default on a terminal)
  tsv     tab-separated rows without a header (the default when piped; export: csv)
  csv     RFC 4180 rows with a header
  json    the API response body as sent (--json is the same as -o json)
  ndjson  one JSON object per line, one line per record
  ics     an iCalendar file, for the commands that print a calendar (rentals agenda)
  html    a self-contained page to send or print, for the commands that have one
          (events show: the quote; load-sheet: the pick list; agenda; timeline); see docs/documents.md
  pdf     the same page printed to PDF through a Chromium-family browser (RENTALS_CHROMIUM
          names one), on the paper setting or --paper; --out FILE, or stdout when piped
  xlsx    a spreadsheet file with typed cells, for the commands that print rows (to --out FILE
          or a pipe); see docs/spreadsheets.md
--out FILE writes the output to FILE instead of stdout (the format from -o, else the extension).
A command's --help lists the formats it prints on its -o line.

--fields id,name picks and orders the columns of table, tsv, csv and ndjson.
--jq <expression> filters the JSON output with jq: strings raw, one per line; other values compact.
Control and bidi characters in text are shown as escapes (\\t \\r \\x1b \\u009b \\u202e) in everything
for people (tables, plans, stderr, any format at a terminal), and in tsv and ics; csv keeps them
raw inside quoted fields (so import reads back the same value), json as JSON escapes. A csv
cell starting with = + - @, a tab or a CR gets a leading ' so that a spreadsheet does not run it
as a formula (numbers stay as they are; import takes it off again); tsv, for scripts, adds no
such quote, and writes a backslash as \\\\ so that each escape reads back as one character.
At a terminal, long output goes through a pager: RENTALS_PAGER, then PAGER, else "less -FRX";
--no-pager turns it off.
Bulk commands read back exactly what export prints with -o csv, -o ndjson, -o json or -o xlsx.
Set a default: rentals config set output json (or ${setting('output').env[0]}=json).`;
}

function bulk(): string {
  const bulkResources = resourceList.filter((def) => def.bulk);
  const identity = bulkResources.map((def) => {
    const names = def.bulk?.names.map((n) => n.column) ?? [];
    const key = (def.naturalKey ?? []).join(' and ');
    return `  ${def.command.padEnd(10)} id, or ${key}${names.length > 0 ? ` (or ${names.join(' and ')})` : ''}`;
  });
  return `Bulk changes: ${bulkResources.map((def) => `rentals ${def.command} export|import|apply`).join(', ')},
and rentals prices set|adjust.

  export           every record as rows that import reads back (-o csv, ndjson, json or xlsx;
                   --for-spreadsheet [--locale de]: csv a spreadsheet opens as written)
  import <file>    create or update records from CSV, NDJSON, JSON or .xlsx (- for stdin;
                   --locale de reads numbers written 1.200,50)
  --dry-run        print the plan (create, update old → new, unchanged, invalid) and send nothing
  --plan <file>    write the plan and send nothing; run it later with apply <file>
  apply <file>     run a plan; a record changed since the plan is skipped as stale
  --report <file>  one NDJSON line per row (what was done, old and new values), after a first
                   line {"run":…} that records the command and its flags
  --resume <file>  retry only the rows a report says did not apply, with the file and flags the
                   report records (its lines added to it unless --report names another file)
  --undo <file>    put back what a report says was changed
  --skip-invalid   apply the valid rows even when some are invalid

Rows name their record by:
${identity.join('\n')}
inventoryId and rentalBlockId may hold a name instead (Weekend, name:2026, id:7), read as the
id flags read it, when inventoryName or pricingType is empty.

A price moved by a factor of 10 or more (a separator or unit mixed up) refuses the whole run
unless --allow-large-changes or --max-change <percent>; so does an adjust that would take a price
to 0 or move it x10 (--percent 1000 typed for 10). Names a spreadsheet rewrote (007 as 7) are
reported and left as they are; inventory import --renames writes them.

An unchanged row sends nothing. Exit code 6 when some rows failed; see rentals help exit-codes.`;
}

/** Variables rentals reads that are not settings of a profile (the settings are in src/config/settings-table.ts). */
export const OTHER_VARIABLES: ReadonlyArray<{ names: string; help: string }> = [
  { names: 'RENTALS_PAGER, PAGER', help: 'the pager for long output at a terminal (default "less -FRX"; empty or cat: none)' },
  { names: 'RENTALS_DEBUG', help: '1: the same as --debug' },
  { names: 'HTTPS_PROXY, HTTP_PROXY, NO_PROXY', help: 'an http:// proxy for https and http base URLs, and the hosts to reach directly (lowercase names first)' },
  { names: 'NODE_EXTRA_CA_CERTS', help: 'a PEM file of certificates to trust besides the system ones (a private CA)' },
  { names: 'XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME', help: 'where the config (and history), the data (reports, a kept sandbox) and the code cache go (default ~/.config, ~/.local/share, ~/.cache)' },
];

function environment(): string {
  const width = Math.max(...OTHER_VARIABLES.map((v) => v.names.length)) + 2;
  return `${environmentHelp()}\n\nAlso read:\n${OTHER_VARIABLES.map((v) => `  ${v.names.padEnd(width)}${v.help}`).join('\n')}`;
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  { name: OPTIONS_TOPIC, summary: 'the global options every command takes', text: globalOptionsHelp },
  { name: 'exit-codes', summary: 'what each exit code means', text: () => EXIT_CODES },
  { name: 'environment', summary: 'environment variables and where settings come from', text: environment },
  { name: 'formats', summary: 'output formats (-o), --fields, --jq, --out', text: formats },
  { name: 'bulk', summary: 'bulk changes: export, import, plans, reports, undo', text: bulk, options: async () => (await import('./bulk/options.js')).bulkRunOptionsHelp() },
  { name: DATES_HELP_TOPIC, summary: 'date arguments and the time model of the calendar', text: () => DATES_HELP },
  {
    name: 'holds',
    summary: 'which event statuses hold stock, firmly or as quotes',
    text: (settings, statusNames) => {
      const policy = settings?.holds.value ?? DEFAULT_HOLD_POLICY;
      return holdsHelp(policy, statusNames === undefined ? undefined : unknownStatuses(policy, statusNames));
    },
  },
];

export function helpTopic(name: string): HelpTopic | undefined {
  return HELP_TOPICS.find((topic) => topic.name === name);
}
