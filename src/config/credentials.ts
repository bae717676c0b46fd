// The token a request carries. With client credentials stored (auth login --client-id), an
// expired token is renewed before use, and a 401 renews it once; new tokens are saved (0600).

import { type IssuedToken, authorize, expiryFrom } from '../api/authorize.js';
import type { ApiClient, TokenProvider } from '../api/client.js';
import { AuthError } from '../errors.js';
import type { Settings } from './settings.js';
import { hasClientCredentials, updateProfile } from './store.js';

/** Renew this long before the stated expiry (at most half the token's life), so a token does not die mid-request. */
const EXPIRY_SKEW_MS = 60_000;

export function missingCredentialsMessage(settings: Settings, missing: Array<'base URL' | 'access token'>): string {
  const profile = settings.profileName.value;
  const flag = profile === 'default' ? '' : ` --profile ${profile}`;
  return [
    `no ${missing.join(' and no ')} is set (profile "${profile}").`,
    'Set them with one of:',
    `  rentals auth login${flag} --base-url https://api.example.com --with-token < token.txt`,
    `  rentals auth login${flag} --base-url https://api.example.com --client-id <id>   (asks for the secret)`,
    '  export RENTALS_BASE_URL=https://api.example.com RENTALS_TOKEN=<access token>',
    'Or try everything locally: rentals sandbox --seed',
  ].join('\n');
}

export class StoredCredentials implements TokenProvider {
  private token: string | undefined;
  private expiresAt: number | undefined;
  private lifetimeMs: number | undefined;
  private client?: ApiClient;
  /** One renewal at a time: concurrent requests that need a token wait for the same one. */
  private renewing?: Promise<string>;

  constructor(
    private readonly settings: Settings,
    private readonly now: () => number,
  ) {
    this.token = settings.token.value;
    const stated = settings.token.source === 'profile' ? settings.profile.tokenExpiresAt : undefined;
    this.expiresAt = stated ? Date.parse(stated) : undefined;
    const issued = settings.token.source === 'profile' ? settings.profile.tokenIssuedAt : undefined;
    this.lifetimeMs = issued && this.expiresAt ? this.expiresAt - Date.parse(issued) : undefined;
  }

  /** The client that /authorize calls go through (set once the client exists). */
  attach(client: ApiClient): void {
    this.client = client;
  }

  get canRenew(): boolean {
    return hasClientCredentials(this.settings.profile);
  }

  async getToken(): Promise<string> {
    if (this.renewing) return this.renewing;
    const skew = Math.min(EXPIRY_SKEW_MS, this.lifetimeMs === undefined ? EXPIRY_SKEW_MS : this.lifetimeMs / 2);
    const expired = this.expiresAt !== undefined && this.now() >= this.expiresAt - skew;
    if ((this.token === undefined || expired) && this.canRenew) return this.renew();
    if (this.token === undefined) throw new AuthError(missingCredentialsMessage(this.settings, ['access token']));
    return this.token;
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
