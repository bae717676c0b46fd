// Resolves each setting with its source. Precedence: flags > environment > the named profile
// in the config file > defaults. `rentals auth status` shows the result.

import { readFile } from 'node:fs/promises';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../api/client.js';
import { UsageError } from '../errors.js';
import { type Profile, configDir, readConfig } from './store.js';

export type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

export interface Setting<T> {
  value: T | undefined;
  source: Source;
  /** Where exactly: `--base-url`, `RENTALS_TOKEN`, `profile "work"`, `--token-file ~/t`. */
  origin: string;
}

export interface GlobalFlags {
  profile?: string;
  baseUrl?: string;
  webUrl?: string;
  tokenFile?: string;
  timeout?: string;
  retries?: string;
}

export interface Settings {
  configDir: string;
  profileName: Setting<string>;
  profile: Profile;
  /** True when the profile exists in the config file. */
  profileExists: boolean;
  baseUrl: Setting<string>;
  webUrl: Setting<string>;
  token: Setting<string>;
  timeoutMs: Setting<number>;
  retries: Setting<number>;
  output: Setting<string>;
  /** Settings from the environment or a profile that were unusable and replaced by defaults. */
  warnings: string[];
}

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_TIMEOUT_SECONDS = DEFAULT_TIMEOUT_MS / 1000;
const MAX_TIMEOUT_SECONDS = 86_400;
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function pick<T>(candidates: Array<[T | undefined, Source, string]>): Setting<T> {
  for (const [value, source, origin] of candidates) {
    if (value !== undefined && value !== '') return { value, source, origin };
  }
  return { value: undefined, source: 'none', origin: 'not set' };
}

export async function resolveSettings(
  flags: GlobalFlags,
  env: Record<string, string | undefined>,
  homedir: string,
): Promise<Settings> {
  const dir = configDir(env, homedir);
  const config = await readConfig(dir);
  const profileName = pick<string>([
    [flags.profile, 'flag', '--profile'],
    [env.RENTALS_PROFILE, 'env', 'RENTALS_PROFILE'],
    [config.currentProfile, 'profile', 'config file'],
    [DEFAULT_PROFILE, 'default', 'default'],
  ]);
  const name = profileName.value!;
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`${profileName.origin}: a profile name is letters, digits, ".", "_" or "-", at most 64 (got ${JSON.stringify(name)})`);
  }
  const profile = config.profiles[name] ?? {};
  const warnings: string[] = [];
  const inProfile = `profile "${name}"`;
  const tokenFromFile = flags.tokenFile ? await readTokenFile(flags.tokenFile) : undefined;
  return {
    configDir: dir,
    profileName,
    profile,
    profileExists: config.profiles[name] !== undefined,
    baseUrl: pick([
      [flags.baseUrl, 'flag', '--base-url'],
      [env.RENTALS_BASE_URL, 'env', 'RENTALS_BASE_URL'],
      [profile.baseUrl, 'profile', inProfile],
    ]),
    webUrl: pick([
      [flags.webUrl, 'flag', '--web-url'],
      [env.RENTALS_WEB_URL, 'env', 'RENTALS_WEB_URL'],
      [profile.webUrl, 'profile', inProfile],
    ]),
    token: pick([
      [tokenFromFile, 'flag', `--token-file ${flags.tokenFile ?? ''}`],
      [env.RENTALS_TOKEN, 'env', 'RENTALS_TOKEN'],
      [profile.token, 'profile', inProfile],
    ]),
    timeoutMs: numberSetting(TIMEOUT, [
      [flags.timeout, 'flag', '--timeout'],
      [env.RENTALS_TIMEOUT, 'env', 'RENTALS_TIMEOUT'],
      [profile.timeout, 'profile', inProfile],
    ], warnings),
    retries: numberSetting(RETRIES, [
      [flags.retries, 'flag', '--retries'],
      [env.RENTALS_RETRIES, 'env', 'RENTALS_RETRIES'],
      [profile.retries, 'profile', inProfile],
    ], warnings),
    output: pick([
      [env.RENTALS_OUTPUT, 'env', 'RENTALS_OUTPUT'],
      [profile.output, 'profile', inProfile],
    ]),
    warnings,
  };
}

interface NumberRule {
  name: string;
  rule: string;
  /** The value to use, or undefined when `n` breaks the rule. */
  convert: (n: number) => number | undefined;
  fallback: number;
}

const TIMEOUT: NumberRule = {
  name: 'timeout',
  rule: `a number of seconds from 0.001 to ${MAX_TIMEOUT_SECONDS}`,
  convert: (s) => (s > 0 && s <= MAX_TIMEOUT_SECONDS ? Math.max(1, Math.round(s * 1000)) : undefined),
  fallback: DEFAULT_TIMEOUT_MS,
};
const RETRIES: NumberRule = {
  name: 'retries',
  rule: 'a whole number from 0 to 10',
  convert: (n) => (Number.isInteger(n) && n <= 10 ? n : undefined),
  fallback: DEFAULT_RETRIES,
};

/** A bad flag is a usage error; a bad environment or profile value is a warning and the default,
 * so that it never blocks `rentals config set` — the command that would fix it. */
function numberSetting(rule: NumberRule, candidates: Array<[string | undefined, Source, string]>, warnings: string[]): Setting<number> {
  const chosen = pick(candidates);
  if (chosen.value === undefined) return { value: rule.fallback, source: 'default', origin: 'default' };
  const value = /^\d+(\.\d+)?$/.test(chosen.value.trim()) ? rule.convert(Number(chosen.value)) : undefined;
  if (value !== undefined) return { value, source: chosen.source, origin: chosen.origin };
  const problem = `${chosen.origin}: ${rule.name} must be ${rule.rule} (got ${JSON.stringify(chosen.value)})`;
  if (chosen.source === 'flag') throw new UsageError(problem);
  warnings.push(`warning: ${problem}; using the default`);
  return { value: rule.fallback, source: 'default', origin: 'default' };
}

async function readTokenFile(path: string): Promise<string> {
  try {
    const token = (await readFile(path, 'utf8')).trim();
    if (!token) throw new UsageError(`--token-file ${path}: the file is empty`);
    return token;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--token-file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'cannot read'}`);
  }
}

/** Shows that a secret is set without showing it: `****1a2b` for long tokens, `****` otherwise. */
export function maskSecret(secret: string | undefined): string {
  if (!secret) return '(not set)';
  return secret.length >= 20 ? `****${secret.slice(-4)}` : '****';
}
