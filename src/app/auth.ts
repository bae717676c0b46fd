// Use cases of `rentals auth`: log in (a token checked against the API, or client credentials
// exchanged at /authorize, stored in the profile, 0600), the status of every setting and where it
// comes from (the token masked; with a check, one cheap authenticated request), log out.
// Tokens never come from a flag (shell history, `ps`): from stdin, a hidden prompt or client credentials.

import { authorize, expiryFrom } from '../api/authorize.js';
import { type MissingSetting, StoredCredentials, credentialsWithheld, missingCredentialsMessage } from '../api/credentials.js';
import { assertSafeTransport } from '../api/transport.js';
import { maskSecret, refusal, shownSetting } from '../config/settings.js';
import { type SettingDef, SETTINGS, checkValue, setting } from '../config/settings-table.js';
import { hasClientCredentials, holdsCredentials, updateProfile } from '../config/store.js';
import { ApiError, AuthError, ExitCode, NetworkError, NotFoundError, RentalsError, UsageError } from '../errors.js';
import type { DoneView, Outcome, TextView } from '../output/views.js';
import type { Factory } from './factory.js';
import { readStream } from './input.js';

/**
 * What the auth use cases use of the run: the settings, stdin or a hidden question for a secret, a
 * visible one for the address, clients made on demand, the clock, warnings.
 */
export type AuthDeps = Pick<Factory, 'settings' | 'env' | 'now' | 'stdin' | 'secretAsker' | 'lineAsker' | 'clientTo' | 'client' | 'closeClient' | 'notices' | 'commandToType'>;

export interface LoginOptions {
  withToken?: boolean;
  clientId?: string;
  withSecret?: boolean;
  verify?: boolean;
  /** Allow the token and client secret over plain http:// to a non-loopback host; stored with the profile. */
  insecureHttp?: boolean;
}

/** A secret read from stdin (its flag given) or asked for at a terminal. */
interface SecretSource {
  flag: '--with-token' | '--with-secret';
  question: string;
  /** What it is, for people: `access token`. */
  what: string;
  /** The shell variable the example that pipes it in reads it from. */
  variable: string;
}

async function readSecret(deps: AuthDeps, fromStdin: boolean, source: SecretSource): Promise<string> {
  let secret: string;
  const ask = deps.secretAsker();
  if (fromStdin) secret = (await readStream(deps.stdin())).trim();
  else if (ask) secret = (await ask(source.question)).trim();
  else throw new UsageError(`no terminal to ask on: pipe it to standard input with ${source.flag}`);
  if (!secret) throw new UsageError(fromStdin ? `${source.flag}: standard input was empty: pipe the ${source.what} to it (printf %s "$${source.variable}" | ${deps.commandToType()})` : 'the answer was empty');
  return secret;
}

const NO_ADDRESS = 'give the API address: rentals auth login --base-url https://api.example.com …';
/** Answers to the address question before giving up (gh's prompts give three tries too). */
const ADDRESS_TRIES = 3;

/**
 * No base URL from a flag, the environment or the profile: at a terminal, the address asked for
 * and judged by the rule --base-url is judged by. Nobody to ask (no terminal, or stdin holds the
 * token or secret), an empty answer or end of input: give it with --base-url. A value from the
 * environment that breaks the rule would win over the one typed, so it is not asked for either.
 */
async function askedBaseUrl(deps: AuthDeps, options: LoginOptions): Promise<string> {
  const stdinTaken = options.withToken === true || (options.clientId !== undefined && options.withSecret === true);
  const ask = stdinTaken || deps.settings().baseUrl.source === 'env' ? undefined : deps.lineAsker();
  if (!ask) throw new UsageError(NO_ADDRESS);
  for (let tries = 1; ; tries++) {
    const answer = (await ask('API address (https://…): '))?.trim();
    if (!answer) throw new UsageError(NO_ADDRESS);
    const problem = checkValue(setting('baseUrl'), answer);
    if (problem === undefined) return answer;
    const refused = refusal({ origin: 'the answer', rule: problem });
    if (tries === ADDRESS_TRIES) throw new UsageError(`${refused}; ${ADDRESS_TRIES} answers refused: ${NO_ADDRESS}`);
    deps.notices().warn(refused);
  }
}

export async function login(deps: AuthDeps, options: LoginOptions): Promise<DoneView> {
  const settings = deps.settings();
  const baseUrl = settings.baseUrl.value ?? (await askedBaseUrl(deps, options));
  const profileName = settings.profileName.value!;
  const insecureHttp = options.insecureHttp === true;
  // Before asking for a secret that could not be sent anyway.
  if (!insecureHttp) assertSafeTransport(baseUrl, deps.env());
  const anonymous = deps.clientTo(baseUrl, false, insecureHttp);
  let saved: Record<string, string | undefined>;
  if (options.clientId) {
    if (options.withToken) throw new UsageError('--with-token and --client-id exclude each other');
    const secret = await readSecret(deps, options.withSecret === true, { flag: '--with-secret', question: 'Client secret: ', what: 'client secret', variable: 'SECRET' });
    const issued = await authorize(anonymous, options.clientId, secret).catch((error: unknown) => {
      throw nothingSaved(error, baseUrl, false);
    });
    const now = deps.now();
    saved = {
      token: issued.accessToken,
      tokenIssuedAt: new Date(now).toISOString(),
      tokenExpiresAt: expiryFrom(issued, now),
      clientId: options.clientId,
      clientSecret: secret,
    };
  } else {
    const token = await readSecret(deps, options.withToken === true, { flag: '--with-token', question: 'Access token: ', what: 'access token', variable: 'TOKEN' });
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
    throw nothingSaved(error, baseUrl, true);
  } finally {
    client.close();
  }
}

/**
 * A login that failed before saving: the same error and exit code, saying that nothing was saved
 * and the way on. Out of reach or failing (a network error, a 5xx): a token can be stored unchecked
 * (`withToken`); a 404: the base URL is likely wrong, and a token stored for it would be no use.
 */
function nothingSaved(error: unknown, baseUrl: string, withToken: boolean): unknown {
  if (!(error instanceof RentalsError)) return error;
  const failing = error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
  if (error instanceof NotFoundError) error.message += `\nNothing was saved: is ${baseUrl} the right base URL?`;
  else if (failing && withToken) error.message += '\nNothing was saved; --skip-verify stores the token without checking it.';
  else error.message += '\nNothing was saved.';
  return error;
}

/** `auth status --check`: one authenticated request with the credentials a command would use. */
async function checkCredentials(deps: AuthDeps): Promise<{ row: [string, string, string]; code: number }> {
  try {
    await deps.client().get(CHECK_PATH);
    return { row: ['check', 'ok: the API accepted the credentials', `GET ${CHECK_PATH}`], code: ExitCode.ok };
  } catch (error) {
    if (!(error instanceof RentalsError)) throw error;
    const firstLine = error.message.split('\n')[0]!;
    return { row: ['check', `failed: ${firstLine}`, `GET ${CHECK_PATH}`], code: error.exitCode };
  } finally {
    deps.closeClient();
  }
}

/** The settings and where they come from: aligned lines for people, `{ ready, <setting>: { value, from } }` for machines. */
export async function status(deps: AuthDeps, options: { check?: boolean } = {}): Promise<Outcome> {
  const settings = deps.settings();
  const { profile } = settings;
  const withheld = credentialsWithheld(settings);
  const credentials = new StoredCredentials(settings, deps.now);
  // The settings the table marks for status, then every other one a flag, the environment or the
  // profile gives (or gives wrongly: it says why it is not used), then what this profile's
  // credentials add; the config dir last.
  const shown = SETTINGS.filter((def) => def.status);
  // Unset: "(not set)" for people, null (value and origin) for machines, as config list has it.
  const unset = new Set<string>();
  const row = (def: SettingDef): [string, string, string] => {
    const { value, origin, missing } = shownSetting(settings, def);
    if (missing) unset.add(def.label);
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
  if (withheld) rows.push(['not used', withheld, `profile "${settings.profileName.value}"`]);
  if (profile.insecureHttp) rows.push(['plain http', `allowed for ${profile.baseUrl ?? '(no base URL)'}`, `profile "${settings.profileName.value}"`]);
  const ready = Boolean(settings.baseUrl.value && credentials.usable);
  const check = ready && options.check ? await checkCredentials(deps) : undefined;
  if (check) rows.push(check.row);
  const out = Object.fromEntries(rows.map(([k, v, o]) => [k.replace(/ (\w)/g, (_, c: string) => c.toUpperCase()), unset.has(k) ? { value: null, from: null } : { value: v, from: o }]));
  const width = Math.max(...rows.map(([k]) => k.length));
  const text = rows.map(([k, v, o]) => `${k.padEnd(width)}  ${v}${o && o !== 'not set' ? `  (from ${o})` : ''}`).join('\n');
  const view: TextView = { kind: 'text', text, data: [{ ready, ...out }] };
  if (!ready) {
    const missing: MissingSetting[] = [];
    if (!settings.baseUrl.value) missing.push('base URL');
    if (!credentials.usable && !withheld) missing.push('access token');
    // What is missing, with the ways to set it (the sandbox too), as a command that needs them says it.
    if (missing.length > 0) return { view, warnings: [`Not ready: ${missingCredentialsMessage(settings, missing)}`], exitCode: ExitCode.auth };
    const flag = settings.profileName.value === 'default' ? '' : ` --profile ${settings.profileName.value}`;
    return { view, warnings: [`Not ready: ${withheld ?? 'the credentials cannot be used'}. Run \`rentals auth login${flag} --help\`.`], exitCode: ExitCode.auth };
  }
  return { view, exitCode: check?.code ?? ExitCode.ok };
}

export async function logout(deps: Pick<AuthDeps, 'settings'>): Promise<Outcome> {
  const settings = deps.settings();
  const name = settings.profileName.value!;
  if (!holdsCredentials(settings.profile)) {
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

