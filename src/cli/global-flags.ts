// The global flags as data, like a command's (flags.ts): one entry per flag, keyed by the name a
// run reads it under, with its help group. A setting's flag takes its spelling, value and help from
// the settings table (config/settings-table.ts, the one place a setting is described); the others
// are declared here. commander's options, the help that lists them and the type of what a run
// reads (GlobalOptions) all derive from this declaration: a misspelt read fails `tsc`.

import { SETTINGS, settingValues, type SettingFlagKey, type SettingFlagValues, type SettingName } from '../config/settings-table.js';

/** The help groups of the global flags, in the order help lists them. */
export const GLOBAL_GROUPS = {
  connection: 'Connection',
  calendar: 'Calendar',
  output: 'Output',
  logging: 'Logging',
} as const;
export type GlobalGroup = keyof typeof GLOBAL_GROUPS;

/** A global flag of a setting: its spelling, value and help are the settings table's. */
interface SettingGlobal {
  setting: SettingName;
  group: GlobalGroup;
  /** Named in the one line of global options a command's help ends with. */
  brief?: true;
}

/** A global flag of the run itself (the output, the logging), declared here. */
interface OwnGlobal {
  help: string;
  group: GlobalGroup;
  /** The value's name in help (`list` → `--fields <list>`); absent: a switch. */
  value?: string;
  /** `q` → `-q, --quiet`. */
  short?: string;
  /** `--no-pager`: the key reads false when given. */
  negate?: true;
  /** Named in the one line of global options a command's help ends with. */
  brief?: true;
}

type GlobalDecl = SettingGlobal | OwnGlobal;

/** The setting each settings flag reads back as (`tokenFile` → `token`), in the table's spelling. */
const SETTING_FLAGS = {
  profile: { setting: 'profile', group: 'connection', brief: true },
  baseUrl: { setting: 'baseUrl', group: 'connection' },
  webUrl: { setting: 'webUrl', group: 'connection' },
  tokenFile: { setting: 'token', group: 'connection' },
  allowInsecureTokenFile: { setting: 'allowInsecureTokenFile', group: 'connection' },
  timeout: { setting: 'timeout', group: 'connection' },
  retries: { setting: 'retries', group: 'connection' },
  timezone: { setting: 'timezone', group: 'calendar' },
  holds: { setting: 'holds', group: 'calendar' },
  output: { setting: 'output', group: 'output', brief: true },
  color: { setting: 'color', group: 'output' },
} as const satisfies Record<SettingFlagKey, SettingGlobal>;

const OWN_FLAGS = {
  out: { value: 'file', help: 'write the output to this file instead of standard output (format: -o, else the extension: .xlsx .csv .tsv .json .ndjson .ics .html .pdf; private: 0600)', group: 'output' },
  json: { help: 'same as -o json: the API response body as sent', group: 'output', brief: true },
  fields: { value: 'list', help: 'comma-separated columns for table, csv, tsv and ndjson', group: 'output' },
  jq: { value: 'expression', help: 'filter the JSON output with jq (strings raw, other values compact JSON)', group: 'output', brief: true },
  pager: { negate: true, help: 'do not page long output at a terminal (RENTALS_PAGER, PAGER, default "less -FRX")', group: 'output' },
  quiet: { short: 'q', help: 'print only data (no notices)', group: 'logging', brief: true },
  verbose: { help: 'log each request on stderr (method, URL, status, ms)', group: 'logging' },
  debug: { help: 'like --verbose, with headers and bodies (secrets redacted)', group: 'logging' },
} as const satisfies Record<string, OwnGlobal>;

/** Every global flag, keyed by the name a run reads it under. */
export const GLOBAL_FLAGS: Readonly<Record<keyof GlobalOptions, GlobalDecl>> = { ...SETTING_FLAGS, ...OWN_FLAGS };

type OwnValue<D> = D extends { negate: true } ? boolean : D extends { value: string } ? string : true;

/** What a run reads of the global flags: the settings' flags typed from the settings table, the others from OWN_FLAGS. */
type Merged<T> = { [K in keyof T]: T[K] } & {};
export type GlobalOptions = Merged<SettingFlagValues & { -readonly [K in keyof typeof OWN_FLAGS]?: OwnValue<(typeof OWN_FLAGS)[K]> }>;

/** One global flag as commander's usage and help line: `-o, --output <format>`, the setting's help. */
export interface GlobalFlagLine {
  key: keyof GlobalOptions;
  usage: string;
  help: string;
  group: GlobalGroup;
  brief: boolean;
  /** The values it takes when they are a set the tool knows (a setting's choices, the time zones): completion offers them. */
  values?: () => readonly string[] | undefined;
}

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function lineOf(key: keyof GlobalOptions, decl: GlobalDecl): GlobalFlagLine {
  if ('setting' in decl) {
    const def = SETTINGS.find((s) => s.name === decl.setting);
    if (!def?.flag) throw new Error(`global flags: the setting ${decl.setting} has no flag in the settings table`);
    return { key, usage: def.flag.usage, help: def.flag.help, group: decl.group, brief: decl.brief === true, values: () => settingValues(def) };
  }
  const long = `--${decl.negate ? 'no-' : ''}${kebab(key)}${decl.value === undefined ? '' : ` <${decl.value}>`}`;
  return { key, usage: decl.short ? `-${decl.short}, ${long}` : long, help: decl.help, group: decl.group, brief: decl.brief === true };
}

/** The global flags in the order help lists them: group by group, each in its declared order. */
export const GLOBAL_FLAG_LINES: readonly GlobalFlagLine[] = (Object.keys(GLOBAL_GROUPS) as GlobalGroup[]).flatMap((group) =>
  (Object.entries(GLOBAL_FLAGS) as Array<[keyof GlobalOptions, GlobalDecl]>).filter(([, decl]) => decl.group === group).map(([key, decl]) => lineOf(key, decl)),
);

/** The flag words of a usage: `-o, --output <format>` → -o, --output. */
export function flagNames(usage: string): string[] {
  return usage.split(/[\s,|]+/).filter((word) => word.startsWith('-'));
}

/** The help topic that lists every global option (`rentals help options`). */
export const OPTIONS_TOPIC = 'options';

/**
 * The one line of global options that ends a command's help (gh's "INHERITED FLAGS", clig.dev):
 * the few a person reaches for, and where all of them are.
 */
export function globalOptionsLine(refuses: (key: keyof GlobalOptions) => boolean = () => false): string {
  const brief = GLOBAL_FLAG_LINES.filter((flag) => flag.brief && !refuses(flag.key)).map((flag) => flagNames(flag.usage)[0]!);
  return `Global options (rentals help ${OPTIONS_TOPIC}): -h, ${brief.join(', ')}, …`;
}

/** What `rentals help options` and the man page say before the options. */
export const GLOBAL_OPTIONS_INTRO = [
  'Global options: every command takes them, before or after its own words (rentals -o json events list is rentals events list -o json).',
  'A flag wins over the environment, which wins over the profile (rentals help environment).',
] as const;

/** The global options, group by group as help lists them, the options of every run ("Also") last. */
export function globalOptionGroups(): Array<{ title: string; flags: Array<{ usage: string; help: string }> }> {
  return [
    ...(Object.keys(GLOBAL_GROUPS) as GlobalGroup[]).map((group) => ({ title: GLOBAL_GROUPS[group], flags: GLOBAL_FLAG_LINES.filter((flag) => flag.group === group) })),
    {
      title: 'Also',
      flags: [
        { usage: '-h, --help', help: 'the help of the command it follows' },
        { usage: '-V, --version', help: 'the version of rentals' },
      ],
    },
  ];
}

/** Every global option, group by group, each with its help: `rentals help options`. */
export function globalOptionsHelp(): string {
  const width = Math.max(...GLOBAL_FLAG_LINES.map((flag) => flag.usage.length)) + 2;
  const groups = globalOptionGroups().map(({ title, flags }) => `${title}:\n${flags.map((flag) => `  ${flag.usage.padEnd(width)}${flag.help}`).join('\n')}`);
  return [...GLOBAL_OPTIONS_INTRO, ...groups].join('\n\n');
}
