// Resolves each setting with its source. Precedence: flags > environment > the named profile
// in the config file > defaults. `rentals auth status` shows the result. What each setting is
// (flag, variable, rule, default) is in the settings table (settings-table.ts).

import { readAll } from '../common/read-all.js';
import { DEFAULT_HOLD_POLICY, type HoldPolicy } from '../domain/hold-policy.js';
import type { AlternativeRule } from '../domain/alternatives.js';
import { UsageError } from '../errors.js';
import { DEFAULT_PROFILE, DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, type DocumentKey, type SettingDef, type SettingFlagValues, type SettingName, setting } from './settings-table.js';
import { refuseOpenSecretFile } from './file-mode.js';
import { type Profile, configDir, readConfig } from './store.js';

type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

interface Setting<T> {
  value: T | undefined;
  source: Source;
  /** Where exactly: `--base-url`, `RENTALS_TOKEN`, `profile "work"`, `--token-file ~/t`. */
  origin: string;
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
  document: () => DocumentSettings;
  /** Which items may stand in for which (the `alternatives` setting; names matched when used). */
  alternatives: Setting<AlternativeRule[]>;
  /** Settings from the environment or a profile that were unusable and replaced by defaults. */
  warnings: string[];
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

/** `stdin`: where `--token-file -` reads the token (asked for only then: making process.stdin costs a start ~2 ms). */
export async function resolveSettings(
  flags: GlobalFlags,
  env: Record<string, string | undefined>,
  homedir: string,
  stdin?: () => AsyncIterable<unknown>,
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
  const warnings: string[] = [];
  const inProfile = `profile "${name}"`;
  const allowInsecureTokenFile = flags.allowInsecureTokenFile === true || setting('allowInsecureTokenFile').parse!(env[envName('allowInsecureTokenFile')] ?? '') === true;
  const tokenFromFile = flags.tokenFile ? await readTokenFile(flags.tokenFile, allowInsecureTokenFile, stdin) : undefined;
  /** Flag, then environment, then profile, for a setting of the table. */
  const candidates = (name: SettingName, flag: string | undefined, flagOrigin: string): Array<[string | undefined, Source, string]> => {
    const def = setting(name);
    return [
      [flag, 'flag', flagOrigin],
      [env[envName(name)], 'env', envName(name)],
      [def.profileField ? profile[def.profileField] : undefined, 'profile', inProfile],
    ];
  };
  return {
    configDir: dir,
    configDirOrigin: env.RENTALS_CONFIG_DIR ? 'RENTALS_CONFIG_DIR' : env.XDG_CONFIG_HOME ? 'XDG_CONFIG_HOME' : 'default',
    profileName,
    profile,
    profileExists: config.profiles[name] !== undefined,
    knownProfiles: Object.keys(config.profiles),
    baseUrl: pick(candidates('baseUrl', flags.baseUrl, '--base-url')),
    webUrl: pick(candidates('webUrl', flags.webUrl, '--web-url')),
    token: pick(candidates('token', tokenFromFile, `--token-file ${flags.tokenFile ?? ''}`)),
    timeoutMs: checkedSetting(setting('timeout'), DEFAULT_TIMEOUT_MS, candidates('timeout', flags.timeout, '--timeout'), warnings),
    retries: checkedSetting(setting('retries'), DEFAULT_RETRIES, candidates('retries', flags.retries, '--retries'), warnings),
    output: pick(candidates('output', undefined, '--output')),
    allowInsecureTokenFile,
    holds: checkedSetting(setting('holds'), DEFAULT_HOLD_POLICY, candidates('holds', flags.holds, '--holds'), warnings),
    shopHolds: checkedSetting(setting('holds'), DEFAULT_HOLD_POLICY, candidates('holds', undefined, '--holds'), []).value!,
    alternatives: checkedSetting<AlternativeRule[]>(setting('alternatives'), [], candidates('alternatives', undefined, ''), warnings),
    timeZone: (zoneWarnings) =>
      checkedSetting(setting('timezone'), new Intl.DateTimeFormat().resolvedOptions().timeZone, candidates('timezone', flags.timezone, '--timezone'), zoneWarnings),
    document: () => ({
      companyName: documentValue<string>('companyName'),
      companyAddress: documentValue<string>('companyAddress'),
      companyContact: documentValue<string>('companyContact'),
      logo: documentValue<string>('logo'),
      currency: documentValue<string>('currency'),
      quoteValidDays: documentValue<number>('quoteValidDays') ?? DEFAULT_QUOTE_VALID_DAYS,
      quoteTerms: documentValue<string>('quoteTerms'),
    }),
    warnings,
  };

  function documentValue<T>(key: DocumentKey): T | undefined {
    return checkedSetting<T | undefined>(setting(key), undefined, candidates(key, undefined, ''), warnings).value;
  }
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
}

/** A bad flag is a usage error; a bad environment or profile value is a warning and the default,
 * so that it never blocks `rentals config set` — the command that would fix it. */
function checkedSetting<T>(def: SettingDef, fallback: T, candidates: Array<[string | undefined, Source, string]>, warnings: string[]): Setting<T> {
  const chosen = pick(candidates);
  if (chosen.value === undefined) return { value: fallback, source: 'default', origin: 'default' };
  const value = def.parse!(chosen.value) as T | undefined;
  if (value !== undefined) return { value, source: chosen.source, origin: chosen.origin };
  const problem = `${chosen.origin}: ${def.name} must be ${def.rule} (got ${JSON.stringify(chosen.value)})`;
  if (chosen.source === 'flag') throw new UsageError(problem);
  warnings.push(`warning: ${problem}; using the default`);
  return { value: fallback, source: 'default', origin: 'default' };
}

async function readTokenFile(path: string, allowInsecure: boolean, stdin: (() => AsyncIterable<unknown>) | undefined): Promise<string> {
  const fromStdin = path === '-' && stdin !== undefined;
  if (!fromStdin) refuseOpenSecretFile(path, `--token-file ${path}`, allowInsecure);
  try {
    // node:fs/promises loads only here: requiring it costs every start a few ms (it loads readline).
    const { readFile } = await import('node:fs/promises');
    const token = (fromStdin ? await readAll(stdin()) : await readFile(path, 'utf8')).trim();
    if (!token) throw new UsageError(`--token-file ${path}: the file is empty`);
    return token;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--token-file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'cannot read'}`);
  }
}

/** A resolved setting of the table, by name, as text (secrets masked): what `auth status` lists. */
export function shownSetting(settings: Settings, def: SettingDef): { value: string; origin: string } {
  const resolved: Partial<Record<SettingName, Setting<unknown>>> = {
    profile: settings.profileName,
    baseUrl: settings.baseUrl,
    webUrl: settings.webUrl,
    token: settings.token,
    timeout: settings.timeoutMs,
    retries: settings.retries,
    output: settings.output,
    configDir: { value: settings.configDir, source: 'default', origin: settings.configDirOrigin },
  };
  const found = def.name === 'timezone' ? settings.timeZone([]) : resolved[def.name];
  if (!found) return { value: '(not set)', origin: 'not set' };
  const value = def.secret ? maskSecret(found.value as string | undefined) : found.value === undefined ? '(not set)' : String(found.value);
  return { value, origin: found.origin };
}

/** Shows that a secret is set without showing it: `****1a2b` for long tokens, `****` otherwise. */
export function maskSecret(secret: string | undefined): string {
  if (!secret) return '(not set)';
  return secret.length >= 20 ? `****${secret.slice(-4)}` : '****';
}
