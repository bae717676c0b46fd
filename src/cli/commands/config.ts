// `rentals config list|get|set|unset`: the non-secret settings of a profile.

import { maskSecret } from '../../config/settings.js';
import { type Profile, updateProfile } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import { OUTPUT_FORMATS } from '../../output/format.js';
import { defineCommand, defineGroup } from '../registry/spec.js';
import type { Session } from '../session.js';

type Key = 'base-url' | 'web-url' | 'output' | 'timeout' | 'retries';

const KEYS: Record<Key, { field: keyof Profile; check: (value: string) => string | undefined }> = {
  'base-url': { field: 'baseUrl', check: url },
  'web-url': { field: 'webUrl', check: url },
  output: { field: 'output', check: (v) => (OUTPUT_FORMATS.includes(v as never) ? undefined : `must be one of ${OUTPUT_FORMATS.join(', ')}`) },
  timeout: { field: 'timeout', check: (v) => (/^\d+(\.\d+)?$/.test(v) && Number(v) > 0 ? undefined : 'must be a number of seconds > 0') },
  retries: { field: 'retries', check: (v) => (/^\d+$/.test(v) ? undefined : 'must be a whole number ≥ 0') },
};

function url(value: string): string | undefined {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? undefined : 'must start with http:// or https://';
  } catch {
    return 'must be a URL such as https://api.example.com';
  }
}

function keyOf(name: string): Key {
  if (name === 'token' || name === 'client-secret') {
    throw new UsageError(`${name} is not set with config (it would land in your shell history); use rentals auth login`);
  }
  if (!Object.hasOwn(KEYS, name)) throw new UsageError(`unknown key ${JSON.stringify(name)} (keys: ${Object.keys(KEYS).join(', ')})`);
  return name as Key;
}

export async function runConfigList(session: Session): Promise<void> {
  const { profile } = session.settings;
  const rows = Object.entries(KEYS).map(([key, { field }]) => ({ key, value: profile[field] ?? null }));
  rows.push({ key: 'token', value: profile.token ? maskSecret(profile.token) : null });
  await session.printer.records({ body: { profile: session.settings.profileName.value, settings: rows }, rows, columns: ['key', 'value'] });
}

export async function runConfigGet(session: Session, name: string): Promise<void> {
  const value = session.settings.profile[KEYS[keyOf(name)].field];
  if (value !== undefined) await session.printer.text(String(value));
}

export async function runConfigSet(session: Session, name: string, value: string | undefined): Promise<void> {
  const key = keyOf(name);
  if (value !== undefined) {
    const problem = KEYS[key].check(value);
    if (problem) throw new UsageError(`${key} ${problem} (got ${JSON.stringify(value)})`);
  }
  const profileName = session.settings.profileName.value!;
  const path = await updateProfile(session.settings.configDir, profileName, (profile) => ({ ...profile, [KEYS[key].field]: value }));
  session.printer.info(value === undefined ? `Unset ${key} in profile "${profileName}" (${path}).` : `Set ${key} in profile "${profileName}" (${path}).`);
}

export const configGroup = defineGroup({
  name: 'config',
  summary: 'Read and change the settings of a profile',
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
      summary: `Print one setting (${Object.keys(KEYS).join(', ')})`,
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
