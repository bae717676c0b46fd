// The token a request carries. With client credentials stored (auth login --client-id), an
// expired token is renewed before use, and a 401 renews it once; new tokens are saved (0600).

import { type IssuedToken, authorize, expiryFrom } from '../api/authorize.js';
import type { ApiClient, TokenProvider } from '../api/client.js';
import { AuthError } from '../errors.js';
import type { Settings } from './settings.js';
import { updateProfile } from './store.js';

/** Renew this long before the stated expiry, so a token does not die mid-request. */
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
  private client?: ApiClient;

  constructor(
    private readonly settings: Settings,
    private readonly now: () => number,
  ) {
    this.token = settings.token.value;
    const stated = settings.token.source === 'profile' ? settings.profile.tokenExpiresAt : undefined;
    this.expiresAt = stated ? Date.parse(stated) : undefined;
  }

  /** The client that /authorize calls go through (set once the client exists). */
  attach(client: ApiClient): void {
    this.client = client;
  }

  get canRenew(): boolean {
    return Boolean(this.settings.profile.clientId && this.settings.profile.clientSecret);
  }

  async getToken(): Promise<string> {
    const expired = this.expiresAt !== undefined && this.now() >= this.expiresAt - EXPIRY_SKEW_MS;
    if ((this.token === undefined || expired) && this.canRenew) return this.renew();
    if (this.token === undefined) throw new AuthError(missingCredentialsMessage(this.settings, ['access token']));
    return this.token;
  }

  async refresh(): Promise<string | undefined> {
    return this.canRenew ? this.renew() : undefined;
  }

  private async renew(): Promise<string> {
    if (!this.client) throw new Error('StoredCredentials used before attach()');
    const { clientId, clientSecret } = this.settings.profile;
    const issued: IssuedToken = await authorize(this.client, clientId!, clientSecret!);
    this.token = issued.accessToken;
    const expiresAt = expiryFrom(issued, this.now());
    this.expiresAt = expiresAt ? Date.parse(expiresAt) : undefined;
    await updateProfile(this.settings.configDir, this.settings.profileName.value!, (profile) => ({
      ...profile,
      token: issued.accessToken,
      tokenExpiresAt: expiresAt,
    }));
    return issued.accessToken;
  }
}
