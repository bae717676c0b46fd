// Resolves each setting with its source. Precedence: flags > environment > the named profile
// in the config file > defaults. `rentals auth status` shows the result.

import { readFile } from 'node:fs/promises';
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
}

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_RETRIES = 3;

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
  const profile = config.profiles[name] ?? {};
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
    timeoutMs: numberSetting('timeout', [
      [flags.timeout, 'flag', '--timeout'],
      [env.RENTALS_TIMEOUT, 'env', 'RENTALS_TIMEOUT'],
      [profile.timeout, 'profile', inProfile],
      [String(DEFAULT_TIMEOUT_SECONDS), 'default', 'default'],
    ], (seconds) => Math.round(seconds * 1000)),
    retries: numberSetting('retries', [
      [flags.retries, 'flag', '--retries'],
      [env.RENTALS_RETRIES, 'env', 'RENTALS_RETRIES'],
      [profile.retries, 'profile', inProfile],
      [String(DEFAULT_RETRIES), 'default', 'default'],
    ], (n) => n, true),
    output: pick([
      [env.RENTALS_OUTPUT, 'env', 'RENTALS_OUTPUT'],
      [profile.output, 'profile', inProfile],
    ]),
  };
}

function numberSetting(
  name: string,
  candidates: Array<[string | undefined, Source, string]>,
  convert: (n: number) => number,
  integer = false,
): Setting<number> {
  const chosen = pick(candidates);
  const n = Number(chosen.value);
  const valid = chosen.value !== undefined && /^\d+(\.\d+)?$/.test(chosen.value) && (!integer || Number.isInteger(n));
  if (!valid || (!integer && n <= 0)) {
    const rule = integer ? 'a whole number ≥ 0' : 'a number of seconds > 0';
    throw new UsageError(`${chosen.origin}: ${name} must be ${rule} (got ${JSON.stringify(chosen.value)})`);
  }
  return { value: convert(n), source: chosen.source, origin: chosen.origin };
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
