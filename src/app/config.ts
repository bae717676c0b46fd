// Use cases of `rentals config list|get|set|unset`: the non-secret settings of a profile, checked
// by the rule they are read with (config/settings-table.ts) before they are stored. The names of
// `alternatives` are matched when used; a name the service in force has no item for is said when
// set too, if the service answers at once (stored all the same: the item may come later).

import { sameBaseUrl } from '../api/credentials.js';
import { insecureHttpReason, parseBaseUrl } from '../api/transport.js';
import { closest } from '../common/similar.js';
import { maskUrlCredentials } from '../common/urls.js';
import { type Settings, maskSecret, quickSettings } from '../config/settings.js';
import { type SettingDef, checkValue, configKeys } from '../config/settings-table.js';
import { type Profile, holdsCredentials, updateProfile } from '../config/store.js';
import { readAlternatives } from '../domain/alternatives.js';
import { UsageError } from '../errors.js';
import type { DoneView, Outcome, RecordListView, TextView } from '../output/views.js';
import type { Factory } from './factory.js';

/** What the config use cases need: the settings in force, a line on stderr (waiting for the lock, a name of no item) and the items. */
export type ConfigDeps = Pick<Factory, 'settings' | 'notices' | 'calendar'>;

/** The stored settings of the settings table, by config key (base-url, web-url, timeout…). */
export const KEYS = new Map(configKeys().map((def) => [def.configKey!, def] as const));

/** What to use instead of config for a secret: it is never printed, nor typed on a command line. */
const SECRET_USE = {
  get: (name: string) => `config does not print the ${name}; rentals auth status says whether one is stored`,
  set: (name: string) => `${name} is not set with config (it would land in your shell history); use rentals auth login`,
  unset: (name: string) => `${name} is not unset with config; rentals auth logout removes it`,
};

function keyOf(name: string, use: keyof typeof SECRET_USE): SettingDef & { profileField: NonNullable<SettingDef['profileField']> } {
  if (name === 'token' || name === 'client-secret') throw new UsageError(SECRET_USE[use](name));
  const def = KEYS.get(name);
  if (!def?.profileField) {
    const near = closest(name, KEYS.keys(), 1);
    throw new UsageError(`unknown key ${JSON.stringify(name)}${near.length > 0 ? `; did you mean ${near[0]}?` : ''} (keys: ${[...KEYS.keys()].join(', ')})`);
  }
  return { ...def, profileField: def.profileField };
}

/**
 * The settings as rows; `-o json`: `{ "profile": …, "data": [{ key, value }…] }`. A value a flag or
 * the environment gives instead of the profile's is named in a notice, so the list is not taken
 * for what is in force.
 */
export function listSettings(deps: Pick<ConfigDeps, 'settings'>): Outcome {
  const settings = deps.settings();
  const { profile } = settings;
  const rows = [...KEYS].map(([key, def]) => ({ key, value: (def.profileField && profile[def.profileField]) ?? null }));
  rows.push({ key: 'token', value: profile.token ? maskSecret(profile.token) : null });
  const view: RecordListView = { kind: 'records', body: { profile: settings.profileName.value, data: rows }, rows, columns: ['key', 'value'] };
  return { view, ...inForceInstead([...[...KEYS].map(([key, def]) => [key, settings.inForce(def.name)] as const), ['token', settings.token]]) };
}

/** The notice naming those of these settings (by config key) a flag or the environment gives instead of the profile's; none when it gives none. */
function inForceInstead(found: ReadonlyArray<readonly [string, ReturnType<Settings['inForce']>]>): Pick<Outcome, 'notices'> {
  const givenHere = found.filter(([, setting]) => setting.source === 'flag' || setting.source === 'env').map(([key, setting]) => `${key} from ${setting.origin}`);
  if (givenHere.length === 0) return {};
  return { notices: [`In force instead of the profile's: ${givenHere.join(', ')} (rentals auth status shows every setting in force).`] };
}

/** The value as stored (nothing when unset); `-o json`: `{ "data": [{ key, value }] }`, null when unset. A value a flag or the environment gives instead is named in a notice, as config list does. */
export function getSetting(deps: Pick<ConfigDeps, 'settings'>, name: string): Outcome {
  const settings = deps.settings();
  const def = keyOf(name, 'get');
  const value = settings.profile[def.profileField];
  const view: TextView = { kind: 'text', text: value === undefined ? '' : String(value), data: [{ key: name, value: value ?? null }] };
  return { view, ...inForceInstead([[name, settings.inForce(def.name)]]) };
}

export async function setSetting(deps: ConfigDeps, name: string, value: string | undefined): Promise<DoneView> {
  const settings = deps.settings();
  const def = keyOf(name, value === undefined ? 'unset' : 'set');
  if (value !== undefined) {
    // The rule the setting is read with later: a value that would only warn then is refused now.
    const problem = checkValue(def, value);
    if (problem) throw new UsageError(problem);
  }
  const profileName = settings.profileName.value!;
  if (def.profileField === 'baseUrl') refuseMovingCredentials(settings.profile, profileName, value);
  const path = await updateProfile(settings.configDir, profileName, (profile) => withSetting(profile, def.profileField, value), {
    onWaiting: (pid) => deps.notices().info(`Waiting for rentals process ${pid}, which is changing the config file…`),
  });
  // A set makes the profile when it is new: said so, with the name it may have been meant for (a typo of --profile).
  const near = settings.profileExists ? [] : closest(profileName, settings.knownProfiles, 1);
  const created = settings.profileExists ? '' : `, a new profile${near.length > 0 ? ` (did you mean ${near[0]}?)` : ''}`;
  if (def.name === 'alternatives' && value !== undefined) await warnUnknownItems(deps, value);
  if (def.profileField === 'baseUrl' && value !== undefined) warnPlainHttp(deps, settings.profile, value);
  return {
    kind: 'done',
    message: value === undefined ? `Unset ${name} in profile "${profileName}" (${path}).` : `Set ${name} in profile "${profileName}"${created} (${path}).`,
    records: [{ profile: profileName, key: name, value: value ?? null, configFile: path }],
  };
}

/**
 * A base URL that commands will not send credentials to (plain http:// to another machine, with no
 * opt-in for that server): said now, with the ways on, rather than by every later command. Stored
 * all the same: a token from the environment is refused the same way, and the opt-in comes with a login.
 */
function warnPlainHttp(deps: ConfigDeps, profile: Profile, value: string): void {
  if (profile.insecureHttp && profile.baseUrl !== undefined && sameBaseUrl(profile.baseUrl, value)) return;
  const reason = insecureHttpReason(parseBaseUrl(value));
  if (reason !== undefined) deps.notices().warn(`warning: base-url: commands will not send credentials ${reason}`);
}

/** The names of an alternatives setting that no item of the service has, as its use says them (domain/stand-ins.ts); nothing when the service is not set or does not answer. */
async function warnUnknownItems(deps: ConfigDeps, value: string): Promise<void> {
  const settings = deps.settings();
  const read = readAlternatives(value);
  if (!settings.baseUrl.value || !read.ok) return;
  // The items, as a TAB reads names: a slower service is not asked.
  quickSettings(settings, 'config set');
  const items = await deps.calendar().then((calendar) => calendar.items()).catch(() => undefined);
  if (items === undefined) return;
  const { resolveAlternatives } = await import('../domain/stand-ins.js');
  const { problems } = resolveAlternatives(read.rules, items);
  if (problems.length > 0) deps.notices().warn(`warning: the alternatives setting: ${problems.join('; ')} (saved all the same)`);
}

/**
 * Stored credentials are bound to the base URL they were stored with: another server needs its own
 * login, so that `config set base-url` never sends a token (or the plain-http opt-in) elsewhere,
 * and `config unset base-url` (value undefined) never leaves them bound to no server.
 */
function refuseMovingCredentials(profile: Profile, profileName: string, value: string | undefined): void {
  if (!holdsCredentials(profile) || (value === undefined && profile.baseUrl === undefined)) return;
  if (value !== undefined && profile.baseUrl !== undefined && sameBaseUrl(profile.baseUrl, value)) return;
  const flag = profileName === 'default' ? '' : ` --profile ${profileName}`;
  const owner = profile.baseUrl === undefined ? 'no base URL' : maskUrlCredentials(profile.baseUrl);
  const logout = `log out first (rentals auth logout${flag})`;
  const ways = value === undefined ? logout : `log in to ${value} instead (rentals auth login${flag} --base-url ${value} …), or ${logout}`;
  throw new UsageError(`base-url: profile "${profileName}" holds credentials for ${owner}, which are never sent to another server; ${ways}`);
}

/** The profile with one setting changed; a base URL of another server drops the plain-http opt-in made for the old one. */
function withSetting(profile: Profile, field: keyof Profile, value: string | undefined): Profile {
  const changed = { ...profile, [field]: value };
  const sameServer = value !== undefined && profile.baseUrl !== undefined && sameBaseUrl(profile.baseUrl, value);
  return field === 'baseUrl' && !sameServer ? { ...changed, insecureHttp: undefined } : changed;
}
