// `rentals auth login|status|logout`. Tokens never come from a flag (shell history, `ps`):
// from stdin (--with-token), a hidden prompt, a file (--token-file) or client credentials.

import { authorize, expiryFrom } from '../../api/authorize.js';
import { maskSecret, shownSetting } from '../../config/settings.js';
import { type SettingDef, SETTINGS } from '../../config/settings-table.js';
import { assertSafeTransport } from '../../api/client.js';
import { StoredCredentials, credentialsWithheld } from '../../api/credentials.js';
import { hasClientCredentials, updateProfile } from '../../config/store.js';
import { AuthError, ExitCode, RentalsError, UsageError } from '../../errors.js';
import { exitCodeFor } from '../exit-codes.js';
import { readStream } from '../input.js';
import type { DoneView, TextView } from '../../output/views.js';
import { defineGroup, defineViewCommand } from '../registry/spec.js';
import type { Outcome } from '../../output/views.js';
import type { Session } from '../session.js';
import { TOP_LEVEL } from './top-level.js';

interface LoginOptions {
  withToken?: boolean;
  clientId?: string;
  withSecret?: boolean;
  verify?: boolean;
  /** Allow the token and client secret over plain http:// to a non-loopback host; stored with the profile. */
  insecureHttp?: boolean;
}

async function readSecret(session: Session, fromStdin: boolean, flag: string, question: string): Promise<string> {
  const { term } = session.ctx;
  let secret: string;
  if (fromStdin) secret = (await readStream(term.stdin)).trim();
  else if (term.stdinIsTTY) secret = (await session.ctx.promptSecret(question)).trim();
  else throw new UsageError(`no terminal to ask on: pipe it to standard input with ${flag}`);
  if (!secret) throw new UsageError(`${fromStdin ? 'standard input' : 'the answer'} was empty`);
  return secret;
}

async function login(session: Session, options: LoginOptions): Promise<DoneView> {
  const { settings } = session;
  const baseUrl = settings.baseUrl.value;
  if (!baseUrl) throw new UsageError('give the API address: rentals auth login --base-url https://api.example.com …');
  const profileName = settings.profileName.value!;
  const insecureHttp = options.insecureHttp === true;
  // Before asking for a secret that could not be sent anyway.
  if (!insecureHttp) assertSafeTransport(baseUrl, session.ctx.env);
  const anonymous = session.newClient(baseUrl, undefined, false, insecureHttp);
  let saved: Record<string, string | undefined>;
  if (options.clientId) {
    if (options.withToken) throw new UsageError('--with-token and --client-id exclude each other');
    const secret = await readSecret(session, options.withSecret === true, '--with-secret', 'Client secret: ');
    const issued = await authorize(anonymous, options.clientId, secret);
    const now = session.ctx.now();
    saved = {
      token: issued.accessToken,
      tokenIssuedAt: new Date(now).toISOString(),
      tokenExpiresAt: expiryFrom(issued, now),
      clientId: options.clientId,
      clientSecret: secret,
    };
  } else {
    const token = await readSecret(session, options.withToken === true, '--with-token', 'Access token: ');
    if (options.verify !== false) await verifyToken(session, baseUrl, token, insecureHttp);
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

async function verifyToken(session: Session, baseUrl: string, token: string, insecureHttp: boolean): Promise<void> {
  const client = session.newClient(baseUrl, undefined, { getToken: async () => token }, insecureHttp);
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
async function checkCredentials(session: Session): Promise<{ row: [string, string, string]; code: number }> {
  try {
    await session.httpClient().get(CHECK_PATH);
    return { row: ['check', 'ok: the API accepted the credentials', `GET ${CHECK_PATH}`], code: ExitCode.ok };
  } catch (error) {
    if (!(error instanceof RentalsError)) throw error;
    const firstLine = error.message.split('\n')[0]!;
    return { row: ['check', `failed: ${firstLine}`, `GET ${CHECK_PATH}`], code: exitCodeFor(error) };
  } finally {
    session.close();
  }
}

/** The settings and where they come from: aligned lines for people, `{ ready, <setting>: { value, from } }` for machines. */
async function status(session: Session, options: { check?: boolean } = {}): Promise<Outcome> {
  const { settings } = session;
  const { profile } = settings;
  const withheld = credentialsWithheld(settings);
  const credentials = new StoredCredentials(settings, session.ctx.now);
  // The settings the table marks for status, then what this profile's credentials add; the config dir last.
  const shown = SETTINGS.filter((def) => def.status);
  const row = (def: SettingDef): [string, string, string] => {
    const { value, origin } = shownSetting(settings, def);
    return [def.label, value, origin];
  };
  const rows = shown.filter((def) => def.name !== 'configDir').map(row);
  if (settings.token.source === 'profile' && profile.tokenExpiresAt) {
    const expired = Date.parse(profile.tokenExpiresAt) <= session.ctx.now();
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
  const check = ready && options.check ? await checkCredentials(session) : undefined;
  if (check) rows.push(check.row);
  const out = Object.fromEntries(rows.map(([k, v, o]) => [k.replace(/ (\w)/g, (_, c: string) => c.toUpperCase()), { value: v, from: o }]));
  const width = Math.max(...rows.map(([k]) => k.length));
  const text = rows.map(([k, v, o]) => `${k.padEnd(width)}  ${v}${o && o !== 'not set' ? `  (from ${o})` : ''}`).join('\n');
  const view: TextView = { kind: 'text', text, data: [{ ready, ...out }] };
  if (!ready) return { view, warnings: ['Not ready: a base URL and a token are needed. Run `rentals auth login --help`.'], exitCode: ExitCode.auth };
  return { view, exitCode: check?.code ?? ExitCode.ok };
}

async function logout(session: Session): Promise<Outcome> {
  const { settings } = session;
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
  options: (command) =>
    command
      .option('--with-token', 'read the access token from standard input')
      .option('--client-id <id>', 'get tokens from /authorize with this client id (the secret is asked for)')
      .option('--with-secret', 'with --client-id: read the client secret from standard input')
      .option('--skip-verify', 'store the token without checking it against the API')
      .option('--insecure-http', 'allow sending the token and client secret over plain http:// to this (non-loopback) host'),
  view: 'done',
  deps: (session) => session,
  handler: (session, options) =>
    login(session, {
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
  options: (command) => command.option('--check', 'also make one cheap authenticated request; exit 3 if the credentials are refused'),
  view: 'text',
  deps: (session) => session,
  handler: (session, options) => status(session, { check: options.check === true }),
});

const authLogout = defineViewCommand({
  name: 'logout',
  summary: "Remove the profile's token and client credentials",
  examples: ['rentals auth logout', 'rentals auth logout --profile staging'],
  view: 'done',
  deps: (session) => session,
  handler: (session) => logout(session),
});
