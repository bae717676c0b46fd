// Every setting of the tool in one table: its flag, environment variable, config key, rule,
// default and help line. The global flags, the environment reading (settings.ts), `config set`
// validation, `auth status`, the Environment section of --help and the manual's table come from it.
// A new setting: add a row here (and its field to Profile in store.ts if a profile stores it).

import { DEFAULT_HOLD_POLICY, HOLD_POLICY_RULE, formatHoldPolicy, readHoldPolicy } from '../domain/hold-policy.js';
import { apiBaseUrlRule, isApiBaseUrl, isPlainHttpUrl, maskUrlCredentials, plainHttpUrlRule } from '../common/urls.js';
import { ALTERNATIVES_RULE, readAlternatives } from '../domain/alternatives.js';
import type { TurnaroundRule } from '../domain/turnaround.js';

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;
const MAX_TIMEOUT_SECONDS = 86_400;
const MAX_RETRIES = 10;
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export type SettingName =
  | 'profile'
  | 'baseUrl'
  | 'webUrl'
  | 'token'
  | 'timeout'
  | 'retries'
  | 'output'
  | 'timezone'
  | 'holds'
  | 'alternatives'
  | 'turnaround'
  | 'turnaroundItems'
  | 'turnaroundCategories'
  | 'configDir'
  | 'color'
  | 'sandboxToken'
  | 'allowInsecureTokenFile'
  | 'companyName'
  | 'companyAddress'
  | 'companyContact'
  | 'logo'
  | 'currency'
  | 'quoteValidDays'
  | 'quoteTerms'
  | 'quotePrefix'
  | 'orderPrefix'
  | 'paper';

/** The profile fields a setting may be stored in (see Profile in store.ts). */
type ProfileKey = 'baseUrl' | 'webUrl' | 'token' | 'timeout' | 'retries' | 'output' | 'timezone' | 'holds' | 'alternatives' | 'turnaround' | 'turnaroundItems' | 'turnaroundCategories' | DocumentKey;

/** The settings of the pages sent to customers (quotes, order confirmations). */
export type DocumentKey = 'companyName' | 'companyAddress' | 'companyContact' | 'logo' | 'currency' | 'quoteValidDays' | 'quoteTerms' | 'quotePrefix' | 'orderPrefix' | 'paper';

export interface SettingDef {
  name: SettingName;
  /** How `auth status` and messages name it. */
  label: string;
  /** The global flag, in commander's syntax, and its help line. */
  flag?: { usage: string; help: string };
  /** Environment variables, the one read first. */
  env: readonly string[];
  /** The key of `rentals config get|set|unset`, when the setting is stored in a profile by config. */
  configKey?: string;
  /** The field of the profile that stores it. */
  profileField?: ProfileKey;
  /** The rule a value must follow, as a phrase after "must be". */
  rule?: string;
  /** The allowed values, when they are a fixed list. */
  choices?: readonly string[];
  /** The values it takes when they are a long list the platform knows (time zones, currencies): what completion offers. */
  values?: () => readonly string[];
  /** The default, as shown to people. */
  default?: string;
  /** One line for the Environment help and the manual. */
  help: string;
  /** Secret: never shown (auth status masks it), never set with `config set`. */
  secret?: boolean;
  /** Listed by `rentals auth status` with its value and where it comes from. */
  status?: boolean;
  /** Converts a text value; undefined when it breaks the rule. */
  parse?: (text: string) => unknown;
}

function seconds(text: string): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return undefined;
  const s = Number(text);
  return s > 0 && s <= MAX_TIMEOUT_SECONDS ? Math.max(1, Math.round(s * 1000)) : undefined;
}

/** An IANA time zone that this Node knows (`Europe/Berlin`, `UTC`). */
function timeZone(text: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function count(text: string): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n <= MAX_RETRIES ? n : undefined;
}

/** An ISO 4217 code this Node's Intl formats (`USD`, `EUR`). */
function currency(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code) ? code : undefined;
}

const LENGTH_UNIT_MS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000 };
const MAX_TURNAROUND_MS = 30 * LENGTH_UNIT_MS.d!;
const TURNAROUND_RULE = 'a length like 4h, 1d, 90m or 1d12h (weeks, days, hours, minutes), 0 for none, at most 30 days';
const TURNAROUND_RULES_RULE = 'Name=length rules separated by ";", names or ids, each length like 4h, 1d or 0 (e.g. "20x20 Frame Tent=1d; Gold Chiavari Chair=2h")';

/** A turnaround: `4h`, `1d12h`, `90m`, `0` → milliseconds; undefined when it is no such length. */
export function readTurnaround(text: string): number | undefined {
  const compact = text.trim().toLowerCase();
  if (/^0+[wdhm]?$/.test(compact)) return 0;
  if (!/^(?:\d{1,5}[wdhm]\s*)+$/.test(compact)) return undefined;
  let ms = 0;
  for (const [, n, unit] of compact.matchAll(/(\d+)([wdhm])/g)) ms += Number(n) * LENGTH_UNIT_MS[unit!]!;
  return ms <= MAX_TURNAROUND_MS ? ms : undefined;
}

/** `Tent=1d; Chair=2h` (names or ids) → its rules; undefined when a part breaks the rule or a name is given twice. */
export function readTurnaroundRules(text: string): TurnaroundRule[] | undefined {
  const rules: TurnaroundRule[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const equals = part.lastIndexOf('=');
    const name = equals < 0 ? '' : part.slice(0, equals).trim();
    const ms = equals < 0 ? undefined : readTurnaround(part.slice(equals + 1));
    if (name === '' || ms === undefined || rules.some((r) => r.name.toLowerCase() === name.toLowerCase())) return undefined;
    rules.push({ name, ms });
  }
  return rules;
}

/** Images a page embeds (as a data: URL), by file extension. */
export const LOGO_TYPES: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp' };
const MAX_QUOTE_DAYS = 365;

/** Free text of a page: one to 2,000 characters; `\n` typed in a shell becomes a line break. */
function pageText(text: string): string | undefined {
  const value = text.replace(/\\n/g, '\n').trim();
  return value !== '' && value.length <= 2000 ? value : undefined;
}

function documentSetting(name: DocumentKey, configKey: string, label: string, help: string, rule: string, parse: (text: string) => unknown, defaultText?: string): SettingDef {
  const env = `RENTALS_${configKey.toUpperCase().replace(/-/g, '_')}`;
  return { name, label, env: [env], configKey, profileField: name, rule, help, parse, ...(defaultText ? { default: defaultText } : {}) };
}

const PAGE_TEXT_RULE = 'text of 1 to 2000 characters (\\n for a new line)';

const PREFIX = /^[A-Za-z0-9._/#-]{1,20}$/;
const PREFIX_RULE = '1 to 20 letters, digits or . _ / # -';

/** The paper sizes a page is printed on. */
export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
/** Shops in these currencies print on Letter by default; every other shop on A4. */
export const LETTER_CURRENCIES: readonly string[] = ['USD', 'CAD'];

/** `a4`, ` Letter ` → `A4`, `Letter`; undefined for another size. */
export function paperOf(text: string): PaperSize | undefined {
  return PAPER_SIZES.find((size) => size.toLowerCase() === text.trim().toLowerCase());
}

/** The formats of -o; the output layer's OUTPUT_FORMATS (a test keeps the two equal). */
const OUTPUT_CHOICES = ['table', 'json', 'ndjson', 'csv', 'tsv'] as const;

/** Built with a `const` inference (its entries keep their literal types): the global flags' values are typed from it (SettingFlagValues). */
const TABLE = [
  {
    name: 'profile',
    label: 'profile',
    flag: { usage: '--profile <name>', help: `config profile to use (default "${DEFAULT_PROFILE}")` },
    env: ['RENTALS_PROFILE'],
    rule: 'letters, digits, ".", "_" or "-", at most 64',
    default: `"${DEFAULT_PROFILE}"`,
    help: 'config profile to use',
    parse: (text) => (PROFILE_NAME.test(text) ? text : undefined),
    status: true,
  },
  {
    name: 'baseUrl',
    label: 'base URL',
    flag: { usage: '--base-url <url>', help: 'API base URL, e.g. https://api.example.com' },
    env: ['RENTALS_BASE_URL'],
    configKey: 'base-url',
    profileField: 'baseUrl',
    rule: apiBaseUrlRule('https://api.example.com'),
    help: 'API base URL',
    parse: (text) => (isApiBaseUrl(text) ? text : undefined),
    status: true,
  },
  {
    name: 'webUrl',
    label: 'web URL',
    flag: { usage: '--web-url <url>', help: 'web application URL (for event links)' },
    env: ['RENTALS_WEB_URL'],
    configKey: 'web-url',
    profileField: 'webUrl',
    rule: plainHttpUrlRule('https://app.example.com'),
    help: 'web application URL (for event links)',
    parse: (text) => (isPlainHttpUrl(text) ? text : undefined),
    status: true,
  },
  {
    name: 'token',
    label: 'token',
    flag: { usage: '--token-file <file>', help: 'read the access token from this file ("-" for stdin)' },
    env: ['RENTALS_TOKEN'],
    profileField: 'token',
    help: 'access token (rentals auth login stores one in the profile)',
    secret: true,
    status: true,
  },
  {
    name: 'output',
    label: 'output',
    flag: { usage: '-o, --output <format>', help: 'table|json|ndjson|csv|tsv, xlsx for a spreadsheet file, and ics, html or pdf where a command prints them (its --help lists its own) (default: table on a terminal, tsv when piped)' },
    env: ['RENTALS_OUTPUT'],
    configKey: 'output',
    profileField: 'output',
    choices: OUTPUT_CHOICES,
    rule: `one of ${OUTPUT_CHOICES.join(', ')}`,
    default: 'table on a terminal, tsv when piped',
    help: 'default output format',
    parse: (text) => (OUTPUT_CHOICES.includes(text as never) ? text : undefined),
  },
  {
    name: 'timezone',
    label: 'time zone',
    flag: { usage: '--timezone <zone>', help: "the shop's clock: today, ranges, history times, -o ics (default: this system's)" },
    env: ['RENTALS_TIMEZONE'],
    configKey: 'timezone',
    profileField: 'timezone',
    rule: 'an IANA time zone such as Europe/Berlin or UTC',
    default: "this system's zone, else UTC",
    help: "the shop's time zone: relative dates, history times, iCalendar output",
    parse: timeZone,
    values: () => Intl.supportedValuesOf('timeZone'),
  },
  {
    name: 'holds',
    label: 'holds by status',
    flag: { usage: '--holds <rules>', help: 'which event statuses hold stock: Status=firm|tentative|none, … (see `rentals help holds`)' },
    env: ['RENTALS_HOLDS'],
    configKey: 'holds',
    profileField: 'holds',
    rule: HOLD_POLICY_RULE,
    default: formatHoldPolicy(DEFAULT_HOLD_POLICY),
    help: 'which event statuses hold stock, firmly or tentatively (rentals help holds)',
    parse: (text) => {
      const read = readHoldPolicy(text);
      return read.ok ? read.policy : undefined;
    },
  },
  {
    name: 'alternatives',
    label: 'alternatives',
    env: ['RENTALS_ALTERNATIVES'],
    configKey: 'alternatives',
    profileField: 'alternatives',
    rule: ALTERNATIVES_RULE,
    default: 'none',
    help: 'items that may stand in for others when one is short, in order of preference (ways out of a shortage)',
    parse: (text) => {
      const read = readAlternatives(text);
      return read.ok ? read.rules : undefined;
    },
  },
  {
    name: 'turnaround',
    label: 'turnaround',
    env: ['RENTALS_TURNAROUND'],
    configKey: 'turnaround',
    profileField: 'turnaround',
    rule: TURNAROUND_RULE,
    default: 'none (0)',
    help: 'how long a unit stays held after its event\'s pickup, to be cleaned and prepared (every item; docs/turnaround.md)',
    parse: readTurnaround,
  },
  {
    name: 'turnaroundItems',
    label: 'turnaround by item',
    env: ['RENTALS_TURNAROUND_ITEMS'],
    configKey: 'turnaround-items',
    profileField: 'turnaroundItems',
    rule: TURNAROUND_RULES_RULE,
    default: 'none',
    help: 'the turnaround of some items, before their category\'s and the one for every item',
    parse: readTurnaroundRules,
  },
  {
    name: 'turnaroundCategories',
    label: 'turnaround by category',
    env: ['RENTALS_TURNAROUND_CATEGORIES'],
    configKey: 'turnaround-categories',
    profileField: 'turnaroundCategories',
    rule: TURNAROUND_RULES_RULE.replace('names or ids', 'category names or ids').replace('e.g. "20x20 Frame Tent=1d; Gold Chiavari Chair=2h"', 'e.g. "Tents=1d; Linens=4h"'),
    default: 'none',
    help: "the turnaround of the items of some categories (where the service tells an item's category)",
    parse: readTurnaroundRules,
  },
  {
    name: 'timeout',
    label: 'timeout',
    flag: { usage: '--timeout <seconds>', help: 'per-request timeout (default 30)' },
    env: ['RENTALS_TIMEOUT'],
    configKey: 'timeout',
    profileField: 'timeout',
    rule: `a number of seconds from 0.001 to ${MAX_TIMEOUT_SECONDS}`,
    default: String(DEFAULT_TIMEOUT_MS / 1000),
    help: 'per-request timeout in seconds',
    parse: seconds,
  },
  {
    name: 'retries',
    label: 'retries',
    flag: { usage: '--retries <n>', help: 'retries of GET/PUT/DELETE on network errors, 429, 502-504 (default 3)' },
    env: ['RENTALS_RETRIES'],
    configKey: 'retries',
    profileField: 'retries',
    rule: `a whole number from 0 to ${MAX_RETRIES}`,
    default: String(DEFAULT_RETRIES),
    help: 'retries on network errors, 429, 502-504 (GET/PUT/DELETE)',
    parse: count,
  },
  {
    name: 'configDir',
    label: 'config dir',
    env: ['RENTALS_CONFIG_DIR'],
    default: '$XDG_CONFIG_HOME/rentals or ~/.config/rentals',
    help: 'config directory',
    status: true,
  },
  {
    name: 'color',
    label: 'colour',
    flag: { usage: '--no-color', help: 'no colour (also NO_COLOR)' },
    env: ['NO_COLOR', 'FORCE_COLOR'],
    default: 'on a terminal',
    help: 'colour off (NO_COLOR=1), or on when piped (FORCE_COLOR=1)',
  },
  {
    name: 'allowInsecureTokenFile',
    label: 'insecure token file',
    flag: { usage: '--allow-insecure-token-file', help: 'use a token file or config file that group or others can read (refused by default, as ssh does)' },
    env: ['RENTALS_ALLOW_INSECURE_TOKEN_FILE'],
    rule: '1, true or yes (0, false or no: refused, as by default)',
    default: 'refused',
    help: 'use a --token-file or a config file with stored credentials that group or others can read',
    parse: (text) => (/^(1|true|yes)$/i.test(text.trim()) ? true : /^(0|false|no)$/i.test(text.trim()) ? false : undefined),
  },
  documentSetting('companyName', 'company-name', 'company name', 'company name at the head of quotes and order confirmations', PAGE_TEXT_RULE, pageText),
  documentSetting('companyAddress', 'company-address', 'company address', 'company address on quotes (\\n between lines)', PAGE_TEXT_RULE, pageText),
  documentSetting('companyContact', 'company-contact', 'company contact', 'phone, e-mail or website on quotes', PAGE_TEXT_RULE, pageText),
  documentSetting('logo', 'logo', 'logo', 'image file embedded at the head of quotes', `a file name ending in ${Object.keys(LOGO_TYPES).map((e) => `.${e}`).join(', ')}`, (text) =>
    (LOGO_TYPES[text.trim().toLowerCase().split('.').pop() ?? ''] && text.trim().includes('.') ? text.trim() : undefined),
  ),
  {
    ...documentSetting('currency', 'currency', 'currency', 'currency of every amount shown to people (screens, messages, pages; machine output keeps plain numbers)', 'an ISO 4217 code such as USD, EUR or GBP', currency, 'none: plain amounts'),
    values: () => Intl.supportedValuesOf('currency'),
  },
  documentSetting('quoteValidDays', 'quote-valid-days', 'quote valid days', 'days a quote is valid from its issue date', `a whole number of days from 1 to ${MAX_QUOTE_DAYS}`, (text) => {
    const n = Number(text.trim());
    return /^\d+$/.test(text.trim()) && n >= 1 && n <= MAX_QUOTE_DAYS ? n : undefined;
  }, '30'),
  documentSetting('quoteTerms', 'quote-terms', 'quote terms', 'terms printed at the foot of quotes and confirmations', PAGE_TEXT_RULE, pageText),
  documentSetting('quotePrefix', 'quote-prefix', 'quote prefix', "what a quote's number starts with (the number is the prefix and the event's id: Q-19)", PREFIX_RULE, (text) => (PREFIX.test(text.trim()) ? text.trim() : undefined), 'Q-'),
  documentSetting('orderPrefix', 'order-prefix', 'order prefix', "what an order confirmation's number starts with (O-19)", PREFIX_RULE, (text) => (PREFIX.test(text.trim()) ? text.trim() : undefined), 'O-'),
  {
    ...documentSetting('paper', 'paper', 'paper', 'the paper pages are printed on (-o pdf, and the print size of -o html)', `${PAPER_SIZES.join(' or ')}`, paperOf, `Letter when the currency is ${LETTER_CURRENCIES.join(' or ')}, else A4`),
    choices: PAPER_SIZES,
  },
  {
    name: 'sandboxToken',
    label: 'sandbox token',
    env: ['RENTALS_SANDBOX_TOKEN'],
    default: 'generated',
    help: 'token that rentals sandbox accepts without --token',
    secret: true,
  },
] as const satisfies readonly SettingDef[];

export const SETTINGS: readonly SettingDef[] = TABLE;

/** `--token-file` → `tokenFile`, `--no-color` → `color`: the key commander reads a flag back under. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type LongName<Usage extends string> = Usage extends `${string}--${infer Rest}` ? (Rest extends `${infer Name} <${string}` ? Name : Rest) : never;
type FlagKey<Usage extends string> = LongName<Usage> extends `no-${infer Name}` ? CamelCase<Name> : CamelCase<LongName<Usage>>;
/** A value flag gives its text; a `--no-` flag false (commander's default is true); a switch true. */
type FlagValue<Usage extends string> = Usage extends `${string}<${string}` ? string : LongName<Usage> extends `no-${string}` ? boolean : true;
type WithFlag = Extract<(typeof TABLE)[number], { flag: { usage: string } }>;

/** What the settings' global flags give (`baseUrl?: string`, `tokenFile?: string`, `color?: boolean`), from the table. */
export type SettingFlagValues = { [D in WithFlag as FlagKey<D['flag']['usage']>]?: FlagValue<D['flag']['usage']> };

/** The key each setting's global flag is read back under (`token` → `tokenFile`). */
export type SettingFlagKey = keyof SettingFlagValues;

/** The values a setting takes when they are a set the tool knows (its choices, the platform's time zones); undefined for free text. */
export function settingValues(def: SettingDef): readonly string[] | undefined {
  return def.choices ?? def.values?.();
}

export function setting(name: SettingName): SettingDef {
  const found = SETTINGS.find((s) => s.name === name);
  if (!found) throw new Error(`no setting ${name}`);
  return found;
}

/** The settings `rentals config` stores, by config key. */
export function configKeys(): SettingDef[] {
  return SETTINGS.filter((s) => s.configKey !== undefined);
}

/** The problem with `value` for this setting (`retries must be a whole number from 0 to 10 (got "x")`), or undefined. */
export function checkValue(def: SettingDef, value: string): string | undefined {
  if (!def.parse || def.parse(value) !== undefined) return undefined;
  return brokenRule(def, value);
}

/** `retries must be a whole number from 0 to 10 (got "x")`: the setting named as people know it (its config key, else its label). */
export function brokenRule(def: SettingDef, value: string): string {
  return `${def.configKey ?? def.label} must be ${def.rule} (got ${quotedValue(value)})`;
}

/** A value quoted in a message: a URL's user name and password never shown. */
export function quotedValue(value: string): string {
  return JSON.stringify(maskUrlCredentials(value));
}

/** The Environment section of --help and `rentals help environment`. */
export function environmentHelp(): string {
  const rows = SETTINGS.map((s) => [s.env.join(', '), s.default ? `${s.help} (default ${s.default})` : s.help] as const);
  const width = Math.max(...rows.map(([names]) => names.length));
  const lines = rows.map(([names, help]) => `  ${names.padEnd(width)}  ${help}`);
  return `Environment (flags > environment > profile > default):\n${lines.join('\n')}`;
}

/** The settings table of docs/configuration.md (Markdown); a test keeps the page equal to it. */
export function settingsMarkdown(): string {
  const cell = (text: string | undefined) => (text ? text.replace(/\|/g, '\\|') : '');
  const code = (text: string | undefined) => (text ? `\`${text}\`` : '');
  const lines = [
    '| Setting | Flag | Environment | `config` key | Rule | Default |',
    '|---|---|---|---|---|---|',
    ...SETTINGS.map((s) =>
      [
        s.help,
        code(s.flag?.usage),
        s.env.map((e) => `\`${e}\``).join(', '),
        code(s.configKey),
        cell(s.rule),
        cell(s.default),
      ].join(' | '),
    ).map((row) => `| ${row} |`),
  ];
  return lines.join('\n');
}
