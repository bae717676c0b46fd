// The token a request carries. With client credentials stored (auth login --client-id), an
// expired token is renewed before use, and a 401 renews it once; new tokens are saved (0600).
//
// Where credentials go: a token or client secret stored in a profile is bound to the profile's
// base URL; when the active base URL (from --base-url or RENTALS_BASE_URL) is another, they are
// never sent. A token given explicitly (RENTALS_TOKEN, --token-file) is used as given: it is
// never replaced by renewal, which applies only to a token rentals obtained itself.

import { maskUrlCredentials } from '../common/urls.js';
import { type IssuedToken, authorize, expiryFrom } from './authorize.js';
import type { ApiClient } from './client.js';
import type { TokenProvider } from './http-types.js';
import { AuthError } from '../errors.js';
import type { Settings } from '../config/settings.js';
import { hasClientCredentials, holdsCredentials, updateProfile } from '../config/store.js';

/** Renew this long before the stated expiry (at most half the token's life), so a token does not die mid-request. */
const EXPIRY_SKEW_MS = 60_000;

export type MissingSetting = 'base URL' | 'access token';

/** `no base URL and no access token is set (profile "default").` */
function missingSettingsLine(settings: Settings, missing: readonly MissingSetting[]): string {
  return `no ${missing.join(' and no ')} is set (profile "${settings.profileName.value}").`;
}

/** What is missing and the ways to set it: the base URL the settings have (if any) is the one the commands name. */
export function missingCredentialsMessage(settings: Settings, missing: readonly MissingSetting[]): string {
  const profile = settings.profileName.value;
  const flag = profile === 'default' ? '' : ` --profile ${profile}`;
  const base = settings.baseUrl.value ?? 'https://api.example.com';
  const exported = [missing.includes('base URL') ? `RENTALS_BASE_URL=${base}` : '', missing.includes('access token') ? 'RENTALS_TOKEN="$(cat token.txt)"' : ''].filter(Boolean);
  return [
    missingSettingsLine(settings, missing),
    `Set ${missing.length > 1 ? 'them' : 'it'} with one of:`,
    `  rentals auth login${flag} --base-url ${base} --with-token < token.txt`,
    `  rentals auth login${flag} --base-url ${base} --client-id <id>`,
    // Under the command, not after it: a command is never wrapped (it is copied whole), its note would be.
    '    (asks for the client secret)',
    `  export ${exported.join(' ')}`,
    'Or try everything locally: rentals sandbox --seed',
  ].join('\n');
}

/** A base URL compared as the same server: scheme, host, port and path, trailing slashes aside. */
export function sameBaseUrl(a: string, b: string): boolean {
  const normal = (value: string): string | undefined => {
    try {
      const url = new URL(value);
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      return undefined;
    }
  };
  const left = normal(a);
  return left !== undefined && left === normal(b);
}

/** True when the active base URL is the one the profile's credentials were stored with. */
function profileCredentialsApply(settings: Settings): boolean {
  const active = settings.baseUrl.value;
  const stored = settings.profile.baseUrl;
  return active !== undefined && stored !== undefined && sameBaseUrl(active, stored);
}

/** Whether the token is one the user gave (environment, --token-file) rather than one from the profile. */
function tokenIsExplicit(settings: Settings): boolean {
  return settings.token.value !== undefined && settings.token.source !== 'profile';
}

/** Why the profile's credentials are not used with the active base URL (undefined when they are, or there are none). */
export function credentialsWithheld(settings: Settings): string | undefined {
  if (tokenIsExplicit(settings) || !holdsCredentials(settings.profile) || profileCredentialsApply(settings)) return undefined;
  const name = settings.profileName.value;
  const owner = settings.profile.baseUrl === undefined ? '(no base URL)' : maskUrlCredentials(settings.profile.baseUrl);
  const { token, clientSecret } = settings.profile;
  const [what, belong, they] = token && clientSecret ? ['token and client secret', 'belong', 'they are'] : [token ? 'token' : 'client secret', 'belongs', 'it is'];
  return `the ${what} of profile "${name}" ${belong} to ${owner}; ${they} not sent to ${settings.baseUrl.value} (from ${settings.baseUrl.origin})`;
}

/** The profile opted in to plain http:// (auth login --insecure-http) for the active base URL. */
export function insecureHttpAllowed(settings: Settings): boolean {
  return settings.profile.insecureHttp === true && profileCredentialsApply(settings);
}

export function withheldMessage(settings: Settings, withheld: string): string {
  const base = settings.baseUrl.value ?? '<base URL>';
  return [
    `${withheld}.`,
    'Credentials are bound to the base URL they were stored with. For this server, either:',
    '  export RENTALS_TOKEN="$(cat token.txt)"   (a token for it, from a file; or --token-file <file>)',
    `  rentals auth login --profile <name> --base-url ${base} …`,
  ].join('\n');
}

export class StoredCredentials implements TokenProvider {
  private token: string | undefined;
  readonly origin: string;
  readonly explicit: boolean;
  /** Stored client credentials usable here: the token is renewed through /authorize. */
  readonly canRenew: boolean;
  private expiresAt: number | undefined;
  private lifetimeMs: number | undefined;
  private client?: ApiClient;
  /** One renewal at a time: concurrent requests that need a token wait for the same one. */
  private renewing?: Promise<string>;

  constructor(
    private readonly settings: Settings,
    private readonly now: () => number,
  ) {
    this.explicit = tokenIsExplicit(settings);
    const applies = profileCredentialsApply(settings);
    this.token = this.explicit || applies ? settings.token.value : undefined;
    this.origin = settings.token.origin;
    this.canRenew = !this.explicit && applies && hasClientCredentials(settings.profile);
    const stated = settings.token.source === 'profile' ? settings.profile.tokenExpiresAt : undefined;
    this.expiresAt = stated ? Date.parse(stated) : undefined;
    const issued = settings.token.source === 'profile' ? settings.profile.tokenIssuedAt : undefined;
    this.lifetimeMs = issued && this.expiresAt ? this.expiresAt - Date.parse(issued) : undefined;
  }

  /** The token or client secret used comes from the profile in the config file. */
  get usesStoredSecrets(): boolean {
    return !this.explicit && (this.token !== undefined || this.canRenew);
  }

  /** A token to send, or the means to get one. */
  get usable(): boolean {
    return this.token !== undefined || this.canRenew;
  }

  /** The client that /authorize calls go through (set once the client exists). */
  attach(client: ApiClient): void {
    this.client = client;
  }

  current(): string | undefined {
    return this.renewing || this.expired() ? undefined : this.token;
  }

  async getToken(): Promise<string> {
    if (this.renewing) return this.renewing;
    if ((this.token === undefined || this.expired()) && this.canRenew) return this.renew();
    if (this.token === undefined) {
      const withheld = credentialsWithheld(this.settings);
      throw new AuthError(withheld ? withheldMessage(this.settings, withheld) : missingCredentialsMessage(this.settings, ['access token']));
    }
    return this.token;
  }

  /** Due for renewal: past its stated expiry, less a skew (at most half its life). */
  private expired(): boolean {
    if (this.expiresAt === undefined) return false;
    const skew = Math.min(EXPIRY_SKEW_MS, this.lifetimeMs === undefined ? EXPIRY_SKEW_MS : this.lifetimeMs / 2);
    return this.now() >= this.expiresAt - skew;
  }

  async refresh(): Promise<string | undefined> {
    return this.canRenew ? this.renew() : undefined;
  }

  private renew(): Promise<string> {
    this.renewing ??= this.obtain().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async obtain(): Promise<string> {
    if (!this.client) throw new Error('StoredCredentials used before attach()');
    const { clientId, clientSecret } = this.settings.profile;
    const issued: IssuedToken = await authorize(this.client, clientId!, clientSecret!);
    this.token = issued.accessToken;
    const issuedAt = this.now();
    const expiresAt = expiryFrom(issued, issuedAt);
    this.expiresAt = expiresAt ? Date.parse(expiresAt) : undefined;
    this.lifetimeMs = issued.expiresIn === undefined ? undefined : issued.expiresIn * 1000;
    await updateProfile(this.settings.configDir, this.settings.profileName.value!, (profile) => ({
      ...profile,
      token: issued.accessToken,
      tokenIssuedAt: new Date(issuedAt).toISOString(),
      tokenExpiresAt: expiresAt,
    }));
    return issued.accessToken;
  }
}
