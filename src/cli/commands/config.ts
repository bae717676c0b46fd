// `rentals config list|get|set|unset`: the non-secret settings of a profile.

import { maskSecret } from '../../config/settings.js';
import { type SettingDef, checkValue, configKeys } from '../../config/settings-table.js';
import { updateProfile } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import { defineCommand, defineGroup } from '../registry/spec.js';
import type { Session } from '../session.js';
import { TOP_LEVEL } from './top-level.js';

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

async function runConfigList(session: Session): Promise<void> {
  const { profile } = session.settings;
  const rows = [...KEYS].map(([key, def]) => ({ key, value: (def.profileField && profile[def.profileField]) ?? null }));
  rows.push({ key: 'token', value: profile.token ? maskSecret(profile.token) : null });
  await session.printer.records({ body: { profile: session.settings.profileName.value, settings: rows }, rows, columns: ['key', 'value'] });
}

async function runConfigGet(session: Session, name: string): Promise<void> {
  const value = session.settings.profile[keyOf(name).profileField];
  if (value !== undefined) await session.printer.text(String(value));
}

async function runConfigSet(session: Session, name: string, value: string | undefined): Promise<void> {
  const def = keyOf(name);
  if (value !== undefined) {
    // The rule the setting is read with later: a value that would only warn then is refused now.
    const problem = checkValue(def, value);
    if (problem) throw new UsageError(`${problem} (got ${JSON.stringify(value)})`);
  }
  const profileName = session.settings.profileName.value!;
  const path = await updateProfile(session.settings.configDir, profileName, (profile) => ({ ...profile, [def.profileField]: value }), {
    onWaiting: (pid) => session.printer.info(`Waiting for rentals process ${pid}, which is changing the config file…`),
  });
  session.printer.info(value === undefined ? `Unset ${name} in profile "${profileName}" (${path}).` : `Set ${name} in profile "${profileName}" (${path}).`);
}

export const configGroup = defineGroup({
  ...TOP_LEVEL.config,
  examples: ['rentals config list', 'rentals config set output json'],
  commands: () => [
    defineCommand({
      name: 'list',
      aliases: ['ls'],
      summary: "List the profile's settings",
      examples: ['rentals config list', 'rentals config list --profile staging'],
      run: (session) => runConfigList(session),
    }),
    defineCommand({
      name: 'get',
      args: '<key>',
      summary: `Print one setting (${[...KEYS.keys()].join(', ')})`,
      examples: ['rentals config get base-url'],
      run: (session, _options, [key]) => runConfigGet(session, key),
    }),
    defineCommand({
      name: 'set',
      args: '<key> <value>',
      summary: 'Change one setting',
      examples: ['rentals config set base-url https://api.example.com', 'rentals config set output json --profile ci'],
      createsProfile: true,
      run: (session, _options, [key, value]) => runConfigSet(session, key, value),
    }),
    defineCommand({
      name: 'unset',
      args: '<key>',
      summary: 'Remove one setting',
      examples: ['rentals config unset output'],
      run: (session, _options, [key]) => runConfigSet(session, key, undefined),
    }),
  ],
});
