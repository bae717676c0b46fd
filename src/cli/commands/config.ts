// `rentals config list|get|set|unset`: the non-secret settings of a profile.

import { maskSecret } from '../../config/settings.js';
import { type SettingDef, checkValue, configKeys } from '../../config/settings-table.js';
import { updateProfile } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import type { DoneView, RecordListView, TextView } from '../../output/views.js';
import { defineGroup, defineViewCommand } from '../registry/spec.js';
import type { Settings } from '../../config/settings.js';
import type { Notices } from '../../output/notices.js';
import type { Session } from '../session.js';
import { TOP_LEVEL } from './top-level.js';

/** What the config commands need: the settings in force and a line on stderr while waiting for the lock. */
interface ConfigDeps {
  settings: Settings;
  notices: Notices;
}

function configDeps(session: Session): ConfigDeps {
  return { settings: session.settings, notices: session.notices() };
}

/** The stored settings of the settings table, by config key (base-url, web-url, timeout…). */
const KEYS = new Map(configKeys().map((def) => [def.configKey!, def] as const));

function keyOf(name: string): SettingDef & { profileField: NonNullable<SettingDef['profileField']> } {
  if (name === 'token' || name === 'client-secret') {
    throw new UsageError(`${name} is not set with config (it would land in your shell history); use rentals auth login`);
  }
  const def = KEYS.get(name);
  if (!def?.profileField) throw new UsageError(`unknown key ${JSON.stringify(name)} (keys: ${[...KEYS.keys()].join(', ')})`);
  return { ...def, profileField: def.profileField };
}

/** The settings as rows; `-o json`: `{ "profile": …, "data": [{ key, value }…] }`. */
function listSettings({ settings }: ConfigDeps): RecordListView {
  const { profile } = settings;
  const rows = [...KEYS].map(([key, def]) => ({ key, value: (def.profileField && profile[def.profileField]) ?? null }));
  rows.push({ key: 'token', value: profile.token ? maskSecret(profile.token) : null });
  return { kind: 'records', body: { profile: settings.profileName.value, data: rows }, rows, columns: ['key', 'value'] };
}

/** The value as stored, in every format (nothing when unset). */
function getSetting({ settings }: ConfigDeps, name: string): TextView {
  const value = settings.profile[keyOf(name).profileField];
  return { kind: 'text', text: value === undefined ? '' : String(value) };
}

async function setSetting({ settings, notices }: ConfigDeps, name: string, value: string | undefined): Promise<DoneView> {
  const def = keyOf(name);
  if (value !== undefined) {
    // The rule the setting is read with later: a value that would only warn then is refused now.
    const problem = checkValue(def, value);
    if (problem) throw new UsageError(problem);
  }
  const profileName = settings.profileName.value!;
  const path = await updateProfile(settings.configDir, profileName, (profile) => ({ ...profile, [def.profileField]: value }), {
    onWaiting: (pid) => notices.info(`Waiting for rentals process ${pid}, which is changing the config file…`),
  });
  return {
    kind: 'done',
    message: value === undefined ? `Unset ${name} in profile "${profileName}" (${path}).` : `Set ${name} in profile "${profileName}" (${path}).`,
    records: [{ profile: profileName, key: name, value: value ?? null, configFile: path }],
  };
}

export const configGroup = defineGroup({
  ...TOP_LEVEL.config,
  examples: ['rentals config list', 'rentals config set output json'],
  commands: () => [
    defineViewCommand({
      name: 'list',
      aliases: ['ls'],
      summary: "List the profile's settings",
      examples: ['rentals config list', 'rentals config list --profile staging'],
      view: 'records',
      deps: configDeps,
      handler: async (deps) => listSettings(deps),
    }),
    defineViewCommand({
      name: 'get',
      args: '<key>',
      summary: `Print one setting (${[...KEYS.keys()].join(', ')})`,
      examples: ['rentals config get base-url'],
      view: 'text',
      deps: configDeps,
      handler: async (deps, _options, [key]) => getSetting(deps, key),
    }),
    defineViewCommand({
      name: 'set',
      args: '<key> <value>',
      summary: 'Change one setting',
      examples: ['rentals config set base-url https://api.example.com', 'rentals config set output json --profile ci'],
      createsProfile: true,
      view: 'done',
      deps: configDeps,
      handler: (deps, _options, [key, value]) => setSetting(deps, key, value),
    }),
    defineViewCommand({
      name: 'unset',
      args: '<key>',
      summary: 'Remove one setting',
      examples: ['rentals config unset output'],
      view: 'done',
      deps: configDeps,
      handler: (deps, _options, [key]) => setSetting(deps, key, undefined),
    }),
  ],
});
