// Resolves each setting with its source. Precedence: flags > environment > the named profile
// in the config file > defaults. `rentals auth status` shows the result. What each setting is
// (flag, variable, rule, default) is in the settings table (settings-table.ts).

import { readAll } from '../common/read-all.js';
import { DEFAULT_HOLD_POLICY, type HoldPolicy } from '../domain/hold-policy.js';
import type { AlternativeRule } from '../domain/alternatives.js';
import type { TurnaroundPolicy, TurnaroundRule } from '../domain/turnaround.js';
import { UsageError } from '../errors.js';
import { DEFAULT_PROFILE, DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, type DocumentKey, LETTER_CURRENCIES, type PaperSize, type SettingDef, type SettingFlagValues, type SettingName, brokenRule, quotedValue, setting } from './settings-table.js';
import { refuseOpenSecretFile } from './file-mode.js';
import { type Profile, configDir, readConfig, xdgBase } from './store.js';
import { shownPath } from '../common/sanitize.js';

type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

interface Setting<T> {
  value: T | undefined;
  source: Source;
  /** Where exactly: `--base-url`, `RENTALS_TOKEN`, `profile "work"`, `--token-file ~/t`. */
  origin: string;
  /** The value given that breaks the setting's rule, not used: where it was given and the rule it breaks. */
  refused?: { origin: string; rule: string };
  /** The text given, as given (`12` for a timeout of 12,000 ms): what `auth status` shows. */
  given?: string;
}

/** What the settings read of the global flags: each setting's flag, typed from the settings table. */
export type GlobalFlags = SettingFlagValues;

export interface Settings {
  configDir: string;
  /** Where the config directory comes from: RENTALS_CONFIG_DIR, XDG_CONFIG_HOME or default. */
  configDirOrigin: string;
  profileName: Setting<string>;
  profile: Profile;
  /** True when the profile exists in the config file. */
  profileExists: boolean;
  /** The names of the profiles in the config file. */
  knownProfiles: string[];
  baseUrl: Setting<string>;
  webUrl: Setting<string>;
  token: Setting<string>;
  timeoutMs: Setting<number>;
  retries: Setting<number>;
  output: Setting<string>;
  /** A secret file that group or others can read is used anyway (--allow-insecure-token-file). */
  allowInsecureTokenFile: boolean;
  /**
   * The calendar's IANA time zone (the system's by default), resolved on first use: asking Intl
   * costs ~10 ms, which only `-o ics` should pay. Problems of an environment or profile value go
   * to `warnings` of that call.
   */
  timeZone: (warnings: string[]) => Setting<string>;
  /** Which event statuses hold stock (firm, tentative, none): the `holds` setting. */
  holds: Setting<HoldPolicy>;
  /** The shop's holds rules, without a --holds of this run: writes are judged by the stricter of the two. */
  shopHolds: HoldPolicy;
  /** The settings of the pages sent to customers (company, currency, quote terms); resolved when a page asks. */
  document: (warnings: string[]) => DocumentSettings;
  /** Which items may stand in for which (the `alternatives` setting; names matched when used). */
  alternatives: Setting<AlternativeRule[]>;
  /** How long units stay held after a pickup: the `turnaround`, `turnaround-items` and `turnaround-categories` settings (names matched when used). */
  turnaround: TurnaroundPolicy;
  /** Colour on or off as --no-color, NO_COLOR or FORCE_COLOR say; undefined: the terminal decides. */
  color: Setting<boolean>;
  /** Settings from the environment or a profile that were unusable and replaced by defaults. */
  warnings: string[];
  /**
   * Every setting of the table as it stands for this run (what `auth status` shows), the lazy ones
   * (time zone, the customer's page) resolved now; a value that breaks its rule is `refused`.
   */
  inForce: (name: SettingName) => Setting<unknown>;
}

/** `RENTALS_BASE_URL`: the variable the table gives a setting. */
function envName(name: SettingName): string {
  return setting(name).env[0]!;
}

function pick<T>(candidates: Array<[T | undefined, Source, string]>): Setting<T> {
  for (const [value, source, origin] of candidates) {
    if (value !== undefined && value !== '') return { value, source, origin };
  }
  return { value: undefined, source: 'none', origin: 'not set' };
}

/** What a run learns of the machine beyond its environment. */
export interface SystemReadings {
  /** Where `--token-file -` reads the token (asked for only then: making process.stdin costs a start ~2 ms). */
  stdin?: () => AsyncIterable<unknown>;
  /** This system's time zone as Node reports it (absent: this process's). */
  systemZone?: () => string | undefined;
  /** Where the warnings go as they are found: the caller's, so that it can show them when a later setting stops the run (a --token-file refused). */
  warnings?: string[];
}

export async function resolveSettings(
  flags: GlobalFlags,
  env: Record<string, string | undefined>,
  homedir: string,
  { stdin, systemZone = processZone, warnings = [] }: SystemReadings = {},
): Promise<Settings> {
  const dir = configDir(env, homedir);
  const config = await readConfig(dir);
  const profileName = pick<string>([
    [flags.profile, 'flag', '--profile'],
    [env[envName('profile')], 'env', envName('profile')],
    [config.currentProfile, 'profile', 'config file'],
    [DEFAULT_PROFILE, 'default', 'default'],
  ]);
  const name = profileName.value!;
  if (setting('profile').parse!(name) === undefined) {
    throw new UsageError(`${profileName.origin}: a profile name is ${setting('profile').rule} (got ${JSON.stringify(name)})`);
  }
  const profile = config.profiles[name] ?? {};
  const inProfile = `profile "${name}"`;
  /** Flag, then environment, then profile, for a setting of the table. */
  const candidates = (name: SettingName, flag: string | undefined, flagOrigin: string): Array<[string | undefined, Source, string]> => {
    const def = setting(name);
    return [
      [flag, 'flag', flagOrigin],
      [env[envName(name)], 'env', envName(name)],
      [def.profileField ? profile[def.profileField] : undefined, 'profile', inProfile],
    ];
  };
  const insecure = checkedSetting(setting('allowInsecureTokenFile'), false, candidates('allowInsecureTokenFile', flags.allowInsecureTokenFile ? 'true' : undefined, '--allow-insecure-token-file'), warnings);
  const allowInsecureTokenFile = insecure.value === true;
  const tokenFromFile = flags.tokenFile ? await readTokenFile(flags.tokenFile, allowInsecureTokenFile, stdin) : undefined;
  const documentSetting = (key: DocumentKey, into: string[]): Setting<unknown> => checkedSetting<unknown>(setting(key), undefined, candidates(key, undefined, ''), into);
  const documentValue = <T>(key: DocumentKey, into: string[]): T | undefined => documentSetting(key, into).value as T | undefined;
  // The zone is resolved when a command reads the clock, but a bad --timezone is a usage error on every command.
  if (flags.timezone !== undefined) ruledSetting(setting('timezone'), [[flags.timezone, 'flag', '--timezone']]);
  const resolved: Settings = {
    configDir: dir,
    configDirOrigin: env.RENTALS_CONFIG_DIR ? 'RENTALS_CONFIG_DIR' : xdgBase(env.XDG_CONFIG_HOME) ? 'XDG_CONFIG_HOME' : 'default',
    profileName,
    profile,
    profileExists: config.profiles[name] !== undefined,
    knownProfiles: Object.keys(config.profiles),
    // No default to fall back to: a base URL that breaks the rule is refused when a command needs it.
    baseUrl: ruledSetting(setting('baseUrl'), candidates('baseUrl', flags.baseUrl, '--base-url')),
    webUrl: ruledSetting(setting('webUrl'), candidates('webUrl', flags.webUrl, '--web-url'), warnings),
    token: pick(candidates('token', tokenFromFile, `--token-file ${flags.tokenFile ?? ''}`)),
    color: colourSetting(flags, env),
    timeoutMs: checkedSetting(setting('timeout'), DEFAULT_TIMEOUT_MS, candidates('timeout', flags.timeout, '--timeout'), warnings),
    retries: checkedSetting(setting('retries'), DEFAULT_RETRIES, candidates('retries', flags.retries, '--retries'), warnings),
    // -o itself (which takes the view formats too: ics, html) is the session's to judge.
    output: checkedSetting<string>(setting('output'), undefined, candidates('output', undefined, '--output'), warnings),
    allowInsecureTokenFile,
    holds: checkedSetting(setting('holds'), DEFAULT_HOLD_POLICY, candidates('holds', flags.holds, '--holds'), warnings),
    shopHolds: checkedSetting(setting('holds'), DEFAULT_HOLD_POLICY, candidates('holds', undefined, '--holds'), []).value!,
    alternatives: checkedSetting<AlternativeRule[]>(setting('alternatives'), [], candidates('alternatives', undefined, ''), warnings),
    turnaround: {
      all: checkedSetting<number>(setting('turnaround'), 0, candidates('turnaround', undefined, ''), warnings).value!,
      items: checkedSetting<TurnaroundRule[]>(setting('turnaroundItems'), [], candidates('turnaroundItems', undefined, ''), warnings).value!,
      categories: checkedSetting<TurnaroundRule[]>(setting('turnaroundCategories'), [], candidates('turnaroundCategories', undefined, ''), warnings).value!,
    },
    timeZone: (zoneWarnings) => {
      const chosen = checkedSetting<string>(setting('timezone'), undefined, candidates('timezone', flags.timezone, '--timezone'), zoneWarnings);
      return chosen.value === undefined ? { ...chosen, value: systemTimeZone(systemZone(), env.TZ, zoneWarnings) } : chosen;
    },
    document: (into) => ({
      companyName: documentValue<string>('companyName', into),
      companyAddress: documentValue<string>('companyAddress', into),
      companyContact: documentValue<string>('companyContact', into),
      logo: documentValue<string>('logo', into),
      currency: documentValue<string>('currency', into),
      quoteValidDays: documentValue<number>('quoteValidDays', into) ?? DEFAULT_QUOTE_VALID_DAYS,
      quoteTerms: documentValue<string>('quoteTerms', into),
      prefixes: { quote: documentValue<string>('quotePrefix', into) ?? 'Q-', order: documentValue<string>('orderPrefix', into) ?? 'O-' },
      paper: documentValue<PaperSize>('paper', into) ?? defaultPaper(documentValue<string>('currency', [])),
    }),
    warnings,
    inForce: (name) => inForce[name](),
  };
  // Every name of the table, or tsc fails: a new setting cannot be left out of what status shows.
  const inForce: Record<SettingName, () => Setting<unknown>> = {
    profile: () => resolved.profileName,
    baseUrl: () => resolved.baseUrl,
    webUrl: () => resolved.webUrl,
    token: () => resolved.token,
    timeout: () => resolved.timeoutMs,
    retries: () => resolved.retries,
    output: () => resolved.output,
    timezone: () => resolved.timeZone([]),
    holds: () => resolved.holds,
    alternatives: () => resolved.alternatives,
    turnaround: () => checkedSetting<number>(setting('turnaround'), 0, candidates('turnaround', undefined, ''), []),
    turnaroundItems: () => checkedSetting<TurnaroundRule[]>(setting('turnaroundItems'), [], candidates('turnaroundItems', undefined, ''), []),
    turnaroundCategories: () => checkedSetting<TurnaroundRule[]>(setting('turnaroundCategories'), [], candidates('turnaroundCategories', undefined, ''), []),
    configDir: () => ({ value: dir, source: resolved.configDirOrigin === 'default' ? 'default' : 'env', origin: resolved.configDirOrigin }),
    color: () => resolved.color,
    sandboxToken: () => pick([[env[envName('sandboxToken')], 'env', envName('sandboxToken')]]),
    allowInsecureTokenFile: () => insecure,
    companyName: () => documentSetting('companyName', []),
    companyAddress: () => documentSetting('companyAddress', []),
    companyContact: () => documentSetting('companyContact', []),
    logo: () => documentSetting('logo', []),
    currency: () => documentSetting('currency', []),
    quoteValidDays: () => documentSetting('quoteValidDays', []),
    quoteTerms: () => documentSetting('quoteTerms', []),
    quotePrefix: () => documentSetting('quotePrefix', []),
    orderPrefix: () => documentSetting('orderPrefix', []),
    paper: () => documentSetting('paper', []),
  };
  return resolved;
}

/** --no-color, NO_COLOR (any value) or FORCE_COLOR (0 or false: off; else on); none: the terminal decides. */
function colourSetting(flags: GlobalFlags, env: Record<string, string | undefined>): Setting<boolean> {
  if (flags.color === false) return { value: false, source: 'flag', origin: '--no-color', given: 'off' };
  if (env.NO_COLOR) return { value: false, source: 'env', origin: 'NO_COLOR', given: 'off' };
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    const on = force !== '0' && force !== 'false';
    return { value: on, source: 'env', origin: 'FORCE_COLOR', given: on ? 'on' : 'off' };
  }
  return { value: undefined, source: 'none', origin: 'not set' };
}

export const DEFAULT_QUOTE_VALID_DAYS = 30;

/** What a quote or order confirmation says of the company and its terms. */
export interface DocumentSettings {
  companyName?: string | undefined;
  companyAddress?: string | undefined;
  companyContact?: string | undefined;
  /** A file name; the page embeds the file. */
  logo?: string | undefined;
  /** ISO 4217. */
  currency?: string | undefined;
  quoteValidDays: number;
  quoteTerms?: string | undefined;
  /** What a quote's and an order's number start with. */
  prefixes: { quote: string; order: string };
  /** The paper pages are printed on: the setting, else by the currency. */
  paper: PaperSize;
}

/** A shop that counts in dollars of the US or Canada prints on Letter; every other on A4. */
export function defaultPaper(currency: string | undefined): PaperSize {
  return currency !== undefined && LETTER_CURRENCIES.includes(currency) ? 'Letter' : 'A4';
}

/** The zone this process's clock reads: `Etc/Unknown` when TZ is empty, undefined when TZ names no zone (`Foo/Bar`, `:/etc/localtime`). */
function processZone(): string | undefined {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone as string | undefined;
}

/** This system's zone when it passes the timezone setting's rule; else UTC, and a warning that says what was found and how to set the shop's zone. */
function systemTimeZone(reported: string | undefined, tz: string | undefined, warnings: string[]): string {
  const zone = reported === undefined ? undefined : (setting('timezone').parse!(reported) as string | undefined);
  if (zone !== undefined) return zone;
  const found = [reported === undefined ? undefined : quotedValue(reported), tz === undefined ? undefined : `TZ=${quotedValue(tz)}`].filter((part) => part !== undefined);
  warnings.push(
    `warning: this system's time zone is not one this Node knows (${found.length > 0 ? `found ${found.join(', ')}` : 'none found'}); using UTC. ` +
      `Set the shop's zone with \`rentals config set timezone Europe/Berlin\` (or RENTALS_TIMEZONE, --timezone)`,
  );
  return 'UTC';
}

/** A bad flag is a usage error; a bad environment or profile value is a warning and the default,
 * so that it never blocks `rentals config set` — the command that would fix it. */
function checkedSetting<T>(def: SettingDef, fallback: T | undefined, candidates: Array<[string | undefined, Source, string]>, warnings: string[]): Setting<T> {
  const chosen = ruledSetting<T>(def, candidates);
  if (chosen.source === 'none') return { value: fallback, source: 'default', origin: 'default' };
  if (chosen.refused === undefined) return chosen;
  warnings.push(`warning: ${refusal(chosen.refused)}; using the default`);
  return { value: fallback, source: 'default', origin: 'default', refused: chosen.refused };
}

/**
 * The first value given, parsed by the setting's rule. A flag that breaks it is a usage error; an
 * environment or profile value that does is not used: `refused` says why (and is a warning
 * when `warnings` is given).
 */
function ruledSetting<T>(def: SettingDef, candidates: Array<[string | undefined, Source, string]>, warnings?: string[]): Setting<T> {
  const chosen = pick(candidates);
  if (chosen.value === undefined) return { value: undefined, source: 'none', origin: 'not set' };
  const value = def.parse!(chosen.value as string) as T | undefined;
  if (value !== undefined) return { value, source: chosen.source, origin: chosen.origin, given: chosen.value as string };
  const refused = { origin: chosen.origin, rule: brokenRule(def, chosen.value as string) };
  if (chosen.source === 'flag') throw new UsageError(refusal(refused));
  warnings?.push(`warning: ${refusal(refused)}; not used`);
  return { value: undefined, source: chosen.source, origin: chosen.origin, refused };
}

/** `RENTALS_TIMEOUT: timeout must be a number of seconds from 0.001 to 86400 (got "0")`. */
export function refusal(refused: { origin: string; rule: string }): string {
  return `${refused.origin}: ${refused.rule}`;
}

/** A token is a few hundred bytes; a file or a pipe holding more is not a token file (a link to /dev/zero never ends). */
const MAX_TOKEN_FILE_BYTES = 64 * 1024;

async function readTokenFile(path: string, allowInsecure: boolean, stdin: (() => AsyncIterable<unknown>) | undefined): Promise<string> {
  const label = `--token-file ${shownPath(path)}`;
  const fromStdin = path === '-' && stdin !== undefined;
  if (!fromStdin) refuseOpenSecretFile(path, label, allowInsecure);
  const tooLong = () => new UsageError(`${label}: holds more than ${MAX_TOKEN_FILE_BYTES} bytes; at most that many are read`);
  // A pipe (`--token-file <(pass show api)`) is read too, bounded like a file.
  // Loaded only here: a start without --token-file initialises no module more.
  const text = fromStdin
    ? await readAll(stdin(), { bytes: MAX_TOKEN_FILE_BYTES, tooLong })
    : (await import('../common/bounded-file.js')).readBoundedFile(path, { label, maxBytes: MAX_TOKEN_FILE_BYTES, streams: true }).toString('utf8');
  const token = text.trim();
  if (!token) throw new UsageError(`${label}: the file is empty`);
  return token;
}

/**
 * A setting as `auth status` lists it (secrets masked): its value as given, or why it is not used,
 * and where it comes from; `set` is false when nothing gave it (its default or nothing stands),
 * `missing` when it has no value at all ("(not set)" for people, null for machines).
 */
export function shownSetting(settings: Settings, def: SettingDef): { value: string; origin: string; set: boolean; missing: boolean } {
  const found = settings.inForce(def.name);
  const set = found.source === 'flag' || found.source === 'env' || found.source === 'profile';
  if (found.refused !== undefined) return { value: `(not used: ${found.refused.rule})`, origin: found.refused.origin, set: true, missing: false };
  if (found.value === undefined) return { value: '(not set)', origin: 'not set', set: false, missing: true };
  if (def.secret) return { value: maskSecret(String(found.value)), origin: found.origin, set, missing: false };
  return { value: found.given ?? String(found.value), origin: found.origin, set, missing: false };
}

/** Shows that a secret is set without showing it: `****1a2b` for long tokens, `****` otherwise. */
export function maskSecret(secret: string | undefined): string {
  if (!secret) return '(not set)';
  return secret.length >= 20 ? `****${secret.slice(-4)}` : '****';
}

/** How long a request may take that must never make the user wait: a TAB's names, the items a saved setting is checked against. */
const QUICK_TIMEOUT_MS = 1500;

/** `settings` for requests that must never make the user wait: one try, bounded by a short timeout, whatever the profile says; `origin` names what asked for it. */
export function quickSettings(settings: Settings, origin: string): void {
  settings.timeoutMs = { value: QUICK_TIMEOUT_MS, source: 'default', origin };
  settings.retries = { value: 0, source: 'default', origin };
}
