// `rentals auth login|status|logout`. Tokens never come from a flag (shell history, `ps`):
// from stdin (--with-token), a hidden prompt, a file (--token-file) or client credentials.

import { authorize, expiryFrom } from '../../api/authorize.js';
import { maskSecret, shownSetting } from '../../config/settings.js';
import { type SettingDef, SETTINGS } from '../../config/settings-table.js';
import { assertSafeTransport } from '../../api/transport.js';
import { StoredCredentials, credentialsWithheld } from '../../api/credentials.js';
import { hasClientCredentials, updateProfile } from '../../config/store.js';
import { AuthError, ExitCode, RentalsError, UsageError } from '../../errors.js';
import { exitCodeFor } from '../exit-codes.js';
import { readStream } from '../input.js';
import type { DoneView, TextView } from '../../output/views.js';
import { defineGroup, defineViewCommand } from '../registry/spec.js';
import type { Outcome } from '../../output/views.js';
import type { Settings } from '../../config/settings.js';
import type { ApiClient } from '../../api/client.js';
import type { TokenProvider } from '../../api/http-types.js';
import type { Session } from '../session.js';
import { TOP_LEVEL } from './top-level.js';

/** What the auth commands use of the run: the settings, a secret read or asked for, clients made on demand, the clock. */
interface AuthDeps {
  settings: Settings;
  env: Record<string, string | undefined>;
  now: () => number;
  /** Standard input whole (--with-token), or a hidden question at a terminal; undefined: nobody to ask. */
  readStdin: () => Promise<string>;
  asker: () => ((question: string) => Promise<string>) | undefined;
  /** A client to `baseUrl` with this token (none: anonymous); the caller closes it. */
  clientTo: (baseUrl: string, token: TokenProvider | false, insecureHttp: boolean) => ApiClient;
  /** The client a command would use (the profile's credentials), closed by `closeClient`. */
  commandClient: () => ApiClient;
  closeClient: () => void;
}

function authDeps(session: Session): AuthDeps {
  const { ctx } = session;
  return {
    settings: session.settings,
    env: ctx.env,
    now: ctx.now,
    readStdin: () => readStream(ctx.term.stdin),
    asker: () => (ctx.term.stdinIsTTY ? (question) => ctx.promptSecret(question) : undefined),
    clientTo: (baseUrl, token, insecureHttp) => session.newClient(baseUrl, undefined, token, insecureHttp),
    commandClient: () => session.httpClient(),
    closeClient: () => session.close(),
  };
}

interface LoginOptions {
  withToken?: boolean;
  clientId?: string;
  withSecret?: boolean;
  verify?: boolean;
  /** Allow the token and client secret over plain http:// to a non-loopback host; stored with the profile. */
  insecureHttp?: boolean;
}

async function readSecret(deps: AuthDeps, fromStdin: boolean, flag: string, question: string): Promise<string> {
  let secret: string;
  const ask = deps.asker();
  if (fromStdin) secret = (await deps.readStdin()).trim();
  else if (ask) secret = (await ask(question)).trim();
  else throw new UsageError(`no terminal to ask on: pipe it to standard input with ${flag}`);
  if (!secret) throw new UsageError(`${fromStdin ? 'standard input' : 'the answer'} was empty`);
  return secret;
}

async function login(deps: AuthDeps, options: LoginOptions): Promise<DoneView> {
  const { settings } = deps;
  const baseUrl = settings.baseUrl.value;
  if (!baseUrl) throw new UsageError('give the API address: rentals auth login --base-url https://api.example.com …');
  const profileName = settings.profileName.value!;
  const insecureHttp = options.insecureHttp === true;
  // Before asking for a secret that could not be sent anyway.
  if (!insecureHttp) assertSafeTransport(baseUrl, deps.env);
  const anonymous = deps.clientTo(baseUrl, false, insecureHttp);
  let saved: Record<string, string | undefined>;
  if (options.clientId) {
    if (options.withToken) throw new UsageError('--with-token and --client-id exclude each other');
    const secret = await readSecret(deps, options.withSecret === true, '--with-secret', 'Client secret: ');
    const issued = await authorize(anonymous, options.clientId, secret);
    const now = deps.now();
    saved = {
      token: issued.accessToken,
      tokenIssuedAt: new Date(now).toISOString(),
      tokenExpiresAt: expiryFrom(issued, now),
      clientId: options.clientId,
      clientSecret: secret,
    };
  } else {
    const token = await readSecret(deps, options.withToken === true, '--with-token', 'Access token: ');
    if (options.verify !== false) await verifyToken(deps, baseUrl, token, insecureHttp);
    saved = { token, tokenIssuedAt: undefined, tokenExpiresAt: undefined, clientId: undefined, clientSecret: undefined };
  }
  anonymous.close();
  const path = await updateProfile(settings.configDir, profileName, (profile) => ({
    ...profile,
    baseUrl,
    webUrl: settings.webUrl.value ?? profile.webUrl,
    ...saved,
    insecureHttp: insecureHttp || undefined,
  }));
  const expiry = saved.tokenExpiresAt ? `; the token expires at ${saved.tokenExpiresAt} and renews itself` : '';
  return {
    kind: 'done',
    message: `Logged in to ${baseUrl} as profile "${profileName}"${expiry}.\nSaved to ${path} (mode 0600).`,
    records: [{ profile: profileName, baseUrl, tokenExpiresAt: saved.tokenExpiresAt ?? null, configFile: path }],
  };
}

/** The cheap authenticated request that `auth login` and `auth status --check` make. */
const CHECK_PATH = '/v2/rentalblocks';

async function verifyToken(deps: AuthDeps, baseUrl: string, token: string, insecureHttp: boolean): Promise<void> {
  const client = deps.clientTo(baseUrl, { getToken: async () => token }, insecureHttp);
  try {
    await client.get(CHECK_PATH);
  } catch (error) {
    if (error instanceof AuthError) throw new AuthError(`${baseUrl} refused this token (HTTP ${error.status ?? '401'}); nothing was saved`, error.status);
    throw error;
  } finally {
    client.close();
  }
}

/** `auth status --check`: one authenticated request with the credentials a command would use. */
async function checkCredentials(deps: AuthDeps): Promise<{ row: [string, string, string]; code: number }> {
  try {
    await deps.commandClient().get(CHECK_PATH);
    return { row: ['check', 'ok: the API accepted the credentials', `GET ${CHECK_PATH}`], code: ExitCode.ok };
  } catch (error) {
    if (!(error instanceof RentalsError)) throw error;
    const firstLine = error.message.split('\n')[0]!;
    return { row: ['check', `failed: ${firstLine}`, `GET ${CHECK_PATH}`], code: exitCodeFor(error) };
  } finally {
    deps.closeClient();
  }
}

/** The settings and where they come from: aligned lines for people, `{ ready, <setting>: { value, from } }` for machines. */
async function status(deps: AuthDeps, options: { check?: boolean } = {}): Promise<Outcome> {
  const { settings } = deps;
  const { profile } = settings;
  const withheld = credentialsWithheld(settings);
  const credentials = new StoredCredentials(settings, deps.now);
  // The settings the table marks for status, then every other one a flag, the environment or the
  // profile gives (or gives wrongly: it says why it is not used), then what this profile's
  // credentials add; the config dir last.
  const shown = SETTINGS.filter((def) => def.status);
  const row = (def: SettingDef): [string, string, string] => {
    const { value, origin } = shownSetting(settings, def);
    return [def.label, value, origin];
  };
  const given = SETTINGS.filter((def) => !def.status && shownSetting(settings, def).set);
  const rows = [...shown.filter((def) => def.name !== 'configDir'), ...given].map(row);
  if (settings.token.source === 'profile' && profile.tokenExpiresAt) {
    const expired = Date.parse(profile.tokenExpiresAt) <= deps.now();
    rows.push(['token expires', `${profile.tokenExpiresAt}${expired ? ' (expired)' : ''}`, settings.token.origin]);
  }
  if (profile.clientId) rows.push(['client id', profile.clientId, `profile "${settings.profileName.value}"`]);
  if (hasClientCredentials(profile)) {
    const use = credentials.canRenew ? 'renews the token when it expires' : 'not used here';
    rows.push(['client secret', maskSecret(profile.clientSecret), `profile "${settings.profileName.value}"; ${use}`]);
  }
  rows.push(...shown.filter((def) => def.name === 'configDir').map(row));
  if (withheld) rows.push(['not used', withheld, 'credentials are bound to their base URL']);
  if (profile.insecureHttp) rows.push(['plain http', `allowed for ${profile.baseUrl ?? '(no base URL)'}`, `profile "${settings.profileName.value}"`]);
  const ready = Boolean(settings.baseUrl.value && credentials.usable);
  const check = ready && options.check ? await checkCredentials(deps) : undefined;
  if (check) rows.push(check.row);
  const out = Object.fromEntries(rows.map(([k, v, o]) => [k.replace(/ (\w)/g, (_, c: string) => c.toUpperCase()), { value: v, from: o }]));
  const width = Math.max(...rows.map(([k]) => k.length));
  const text = rows.map(([k, v, o]) => `${k.padEnd(width)}  ${v}${o && o !== 'not set' ? `  (from ${o})` : ''}`).join('\n');
  const view: TextView = { kind: 'text', text, data: [{ ready, ...out }] };
  if (!ready) return { view, warnings: ['Not ready: a base URL and a token are needed. Run `rentals auth login --help`.'], exitCode: ExitCode.auth };
  return { view, exitCode: check?.code ?? ExitCode.ok };
}

async function logout(deps: Pick<AuthDeps, 'settings'>): Promise<Outcome> {
  const { settings } = deps;
  const name = settings.profileName.value!;
  if (!settings.profile.token && !settings.profile.clientSecret) {
    return { view: { kind: 'done', message: `Profile "${name}" holds no token; nothing to do.`, records: [{ profile: name, loggedOut: false }] } };
  }
  await updateProfile(settings.configDir, name, (profile) => ({
    ...profile,
    token: undefined,
    tokenIssuedAt: undefined,
    tokenExpiresAt: undefined,
    clientId: undefined,
    clientSecret: undefined,
  }));
  return {
    view: { kind: 'done', message: `Logged out of profile "${name}": its token and client credentials are removed.`, records: [{ profile: name, loggedOut: true }] },
    warnings: settings.token.source === 'env' ? ['Note: RENTALS_TOKEN is still set in this environment.'] : [],
  };
}

export const authGroup = defineGroup({
  ...TOP_LEVEL.auth,
  examples: ['rentals auth login --base-url https://api.example.com --with-token < token.txt', 'rentals auth status'],
  commands: () => [authLogin, authStatus, authLogout],
});

const authLogin = defineViewCommand({
  name: 'login',
  summary: 'Store the API address and an access token (or client credentials) in a profile',
  examples: [
    'rentals auth login --base-url https://api.example.com --with-token < token.txt',
    'rentals auth login --base-url https://api.example.com --client-id my-app',
    'rentals auth login --profile staging --base-url https://staging.example.com --web-url https://app.example.com',
  ],
  createsProfile: true,
  flags: {
    withToken: { help: 'read the access token from standard input' },
    clientId: { value: 'id', help: 'get tokens from /authorize with this client id (the secret is asked for)' },
    withSecret: { help: 'with --client-id: read the client secret from standard input' },
    skipVerify: { help: 'store the token without checking it against the API' },
    insecureHttp: { help: 'allow sending the token and client secret over plain http:// to this (non-loopback) host' },
  },
  view: 'done',
  deps: authDeps,
  handler: (deps, options) =>
    login(deps, {
      withToken: options.withToken === true,
      clientId: options.clientId,
      withSecret: options.withSecret === true,
      verify: options.skipVerify !== true,
      insecureHttp: options.insecureHttp === true,
    }),
});

const authStatus = defineViewCommand({
  name: 'status',
  summary: 'Show each setting and where it comes from (the token masked)',
  examples: ['rentals auth status', 'rentals auth status --check', 'rentals auth status --profile staging --json'],
  flags: { check: { help: 'also make one cheap authenticated request; exit 3 if the credentials are refused' } },
  view: 'text',
  deps: authDeps,
  handler: (deps, options) => status(deps, { check: options.check === true }),
});

const authLogout = defineViewCommand({
  name: 'logout',
  summary: "Remove the profile's token and client credentials",
  examples: ['rentals auth logout', 'rentals auth logout --profile staging'],
  view: 'done',
  deps: (session) => ({ settings: session.settings }),
  handler: (deps) => logout(deps),
});
