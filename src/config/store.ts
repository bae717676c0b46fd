// The config file: profiles of settings and credentials, written atomically with mode 0600
// in a 0700 directory, because it holds access tokens and client secrets.

import { promises as fs, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { writeFileAtomically } from '../common/atomic-file.js';
import { RentalsError } from '../errors.js';
import { describeJsonError } from '../json-error.js';
import { type LockOptions, withFileLock } from './lock.js';
import { shownPath } from '../common/sanitize.js';

export interface Profile {
  baseUrl?: string;
  webUrl?: string;
  token?: string;
  /** ISO time at which `token` stops working (from /authorize's expires_in). */
  tokenExpiresAt?: string;
  /** ISO time at which `token` was issued (to renew short-lived tokens in proportion). */
  tokenIssuedAt?: string;
  clientId?: string;
  clientSecret?: string;
  /** Sending the token or client secret over plain http:// to a non-loopback host is allowed (auth login --insecure-http). */
  insecureHttp?: boolean;
  output?: string;
  timezone?: string;
  holds?: string;
  alternatives?: string;
  turnaround?: string;
  turnaroundItems?: string;
  turnaroundCategories?: string;
  companyName?: string;
  companyAddress?: string;
  companyContact?: string;
  logo?: string;
  currency?: string;
  quoteValidDays?: string;
  quoteTerms?: string;
  quotePrefix?: string;
  orderPrefix?: string;
  paper?: string;
  timeout?: string;
  retries?: string;
}

export interface ConfigFile {
  /** The profile used when neither --profile nor RENTALS_PROFILE names one. */
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

const CONFIG_FILE_NAME = 'config.json';

/**
 * An XDG base directory variable, when it counts: the XDG spec has a relative path ignored (else
 * the tool's files would land in whatever directory a command runs in, a working tree say).
 */
export function xdgBase(value: string | undefined): string | undefined {
  return value && isAbsolute(value) ? value : undefined;
}

/** `$RENTALS_CONFIG_DIR`, else `$XDG_CONFIG_HOME/rentals`, else `~/.config/rentals`. */
export function configDir(env: Record<string, string | undefined>, homedir: string): string {
  if (env.RENTALS_CONFIG_DIR) return env.RENTALS_CONFIG_DIR;
  const xdg = xdgBase(env.XDG_CONFIG_HOME);
  return xdg ? join(xdg, 'rentals') : join(homedir, '.config', 'rentals');
}

/** The tool's data (reports of mass changes, a kept sandbox): `$XDG_DATA_HOME/rentals`, else `~/.local/share/rentals`. */
export function dataDir(env: Record<string, string | undefined>, homedir: string): string {
  const xdg = xdgBase(env.XDG_DATA_HOME);
  return xdg ? join(xdg, 'rentals') : join(homedir, '.local', 'share', 'rentals');
}

export function configFilePath(dir: string): string {
  return join(dir, CONFIG_FILE_NAME);
}

export async function readConfig(dir: string): Promise<ConfigFile> {
  const path = configFilePath(dir);
  let text: string;
  try {
    // Read synchronously: it is small, and at startup an asynchronous read would start libuv's
    // thread pool for this one file (~1 ms of every command).
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw new RentalsError(`cannot read ${shownPath(path)}: ${(error as Error).message}`);
  }
  let parsed: Partial<ConfigFile>;
  try {
    parsed = JSON.parse(text) as Partial<ConfigFile>;
  } catch (error) {
    throw new RentalsError(`${shownPath(path)} is not valid JSON (${describeJsonError(error, text)}); fix or remove it`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new RentalsError(`${shownPath(path)} must hold a JSON object; fix or remove it`);
  }
  // A null-prototype map: a profile named like an Object.prototype member is just a key.
  const profiles = Object.assign(Object.create(null) as Record<string, Profile>, isObject(parsed.profiles) ? parsed.profiles : {});
  return { ...parsed, profiles };
}

function isObject(value: unknown): value is Record<string, Profile> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasClientCredentials(profile: Profile): boolean {
  return Boolean(profile.clientId && profile.clientSecret);
}

/** The profile holds a secret (a token, or a client secret, even one whose id is missing): bound to its base URL, removed by `auth logout`. */
export function holdsCredentials(profile: Profile): boolean {
  return Boolean(profile.token || profile.clientSecret);
}

/** Writes the whole file at once (common/atomic-file.ts: 0600, fsynced, renamed into place; a link to it kept). */
export async function writeConfig(dir: string, config: ConfigFile): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700).catch(() => undefined);
  const path = join(dir, CONFIG_FILE_NAME);
  await writeFileAtomically(path, `${JSON.stringify(config, null, 2)}\n`).catch((error: unknown) => {
    throw new RentalsError(error instanceof Error ? error.message : String(error));
  });
  return path;
}

/** Reads, changes one profile, writes back: under the config lock, so concurrent updates are never lost. */
export async function updateProfile(
  dir: string,
  name: string,
  change: (profile: Profile) => Profile | undefined,
  lock: LockOptions = {},
): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  return withFileLock(join(dir, `${CONFIG_FILE_NAME}.lock`), async () => {
    const config = await readConfig(dir);
    const next = change({ ...(config.profiles[name] ?? {}) });
    if (next === undefined) delete config.profiles[name];
    else config.profiles[name] = dropUndefined(next);
    return writeConfig(dir, config);
  }, lock);
}

function dropUndefined(profile: Profile): Profile {
  return Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)) as Profile;
}
