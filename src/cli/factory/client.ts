// The client part of a run: the base URL it talks to, its credentials (checked before the first
// request: a missing token or an open secret file is exit 3 with no request sent), and the one
// HTTP client, made on first use with the run's settings (timeout, retries, proxies, logging).
// Every request of the run goes through a client made here: a write the server accepted is told
// to the run, whether or not the history records it (`rentals api` writes bypass the history).

import { ApiClient } from '../../api/client.js';
import type { RequestLogEntry, TokenProvider } from '../../api/http-types.js';
import { type MissingSetting, StoredCredentials, credentialsWithheld, insecureHttpAllowed, missingCredentialsMessage, withheldMessage } from '../../api/credentials.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../common/json-depth.js';
import { truncate } from '../../common/text.js';
import { refuseOpenSecretFile } from '../../config/file-mode.js';
import { type Settings, refusal } from '../../config/settings.js';
import { configFilePath, hasClientCredentials } from '../../config/store.js';
import { AuthError, UsageError } from '../../errors.js';
import type { Context } from '../context.js';

/** What the client reads of the run: its settings, whether to log requests, the context's environment, clock and waits. */
export interface ClientSetup {
  ctx: Context;
  settings: Settings;
  /** --verbose: a line per request on stderr; --debug: headers and bodies too (secrets redacted). */
  verbose: boolean;
  debug: boolean;
  /** A request that changes data (not GET or HEAD) was answered with success: the run has written. */
  wrote: () => void;
}

export class RunClient {
  private client?: ApiClient;
  private credentials?: StoredCredentials;

  constructor(private readonly setup: ClientSetup) {}

  /** The base URL, or exit 3 with how to set it. */
  baseUrl(): string {
    const { settings, ctx } = this.setup;
    const baseUrl = settings.baseUrl.value;
    const { refused, source } = settings.baseUrl;
    if (refused) throw new UsageError(`${refusal(refused)}${source === 'profile' ? '; set it again with rentals config set base-url <url>' : ''}`);
    if (!baseUrl) {
      // The command needs a profile: say that the one named does not exist (even with no profiles at all).
      const { profileName, profileExists, knownProfiles } = settings;
      if (!profileExists && profileName.source !== 'default' && knownProfiles.length === 0) {
        ctx.term.stderr.write(`warning: ${profileName.origin}: no profile "${profileName.value}" in the config file (it holds none yet)\n`);
      }
      const missing: MissingSetting[] = ['base URL'];
      if (!settings.token.value && !hasClientCredentials(settings.profile)) missing.push('access token');
      throw new AuthError(missingCredentialsMessage(settings, missing));
    }
    return baseUrl;
  }

  /** The authenticated client, made once (with a socket per concurrent request when `maxSockets` is given first). */
  http(maxSockets?: number): ApiClient {
    if (this.client) return this.client;
    const { settings } = this.setup;
    const baseUrl = this.baseUrl();
    const credentials = new StoredCredentials(settings, this.setup.ctx.now);
    if (!credentials.usable) {
      const withheld = credentialsWithheld(settings);
      throw new AuthError(withheld ? withheldMessage(settings, withheld) : missingCredentialsMessage(settings, ['access token']));
    }
    if (credentials.usesStoredSecrets) {
      const file = configFilePath(settings.configDir);
      refuseOpenSecretFile(file, `the config file ${file}, which holds the credentials of profile "${settings.profileName.value}"`, settings.allowInsecureTokenFile);
    }
    this.credentials = credentials;
    this.client = this.newClient(baseUrl, maxSockets);
    this.credentials.attach(this.client);
    return this.client;
  }

  /**
   * A client with the run's settings; `auth` false for none (/authorize, a dry run's request), or a
   * provider of its own (auth login's check). Plain http:// to a non-loopback host carries
   * credentials only when the profile opted in for this base URL, or `allowInsecureHttp` says so
   * (auth login --insecure-http).
   */
  newClient(baseUrl: string, maxSockets?: number, auth: TokenProvider | boolean = true, allowInsecureHttp = insecureHttpAllowed(this.setup.settings)): ApiClient {
    const { ctx, settings, verbose, debug, wrote } = this.setup;
    return new ApiClient({
      baseUrl,
      auth: auth === true ? this.credentials : auth === false ? undefined : auth,
      allowInsecureHttp,
      env: ctx.env,
      timeoutMs: settings.timeoutMs.value,
      retries: settings.retries.value,
      sleep: ctx.sleep,
      debug,
      maxSockets,
      log: verbose || debug ? (entry) => ctx.term.stderr.write(formatLogEntry(entry)) : undefined,
      notice: (message) => ctx.term.stderr.write(`${message}\n`),
      answered: (method, status) => {
        if (method !== 'GET' && method !== 'HEAD' && status < 400) wrote();
      },
    });
  }

  close(): void {
    this.client?.close();
  }
}

const SECRET_KEY = /token|secret|password|authorization/i;

/** Removes secrets from a JSON body before it is shown by --debug. */
function redactBody(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return text;
  if (nestsDeeperThan(text)) return `(a JSON body nested more than ${MAX_JSON_DEPTH} deep, not shown)`;
  try {
    return JSON.stringify(JSON.parse(text, (key, value: unknown) => (SECRET_KEY.test(key) && value ? '[redacted]' : value)));
  } catch {
    const redacted = text.replace(/((?:access_|refresh_)?token|secret|password)=[^&\s]*/gi, '$1=[redacted]');
    return truncate(redacted, 2001);
  }
}

function formatLogEntry(entry: RequestLogEntry): string {
  const outcome = entry.status !== undefined ? String(entry.status) : `failed: ${entry.error ?? 'unknown error'}`;
  const retry = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
  const lines = [`* ${entry.method} ${entry.url} → ${outcome} in ${entry.ms} ms${retry}`];
  if (entry.requestHeaders) {
    for (const [k, v] of Object.entries(entry.requestHeaders)) lines.push(`> ${k}: ${v}`);
    const body = redactBody(entry.requestBody);
    if (body) lines.push(`> ${body}`);
  }
  if (entry.responseHeaders) {
    for (const [k, v] of Object.entries(entry.responseHeaders)) lines.push(`< ${k}: ${String(v)}`);
    const body = redactBody(entry.responseBody);
    if (body) lines.push(`< ${body}`);
  }
  return `${lines.join('\n')}\n`;
}
