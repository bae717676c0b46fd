// `rentals config list|get|set|unset`: the non-secret settings of a profile (app/config.ts).

import { KEYS, getSetting, listSettings, setSetting } from '../../app/config.js';
import { settingValues } from '../../config/settings-table.js';
import { defineGroup, defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

/** The keys config stores, as `config get|set|unset` reads them. */
const CONFIG_KEYS = [...KEYS.keys()];

/** What `config set <key>` takes, when it is a set the tool knows (paper sizes, formats, time zones). */
function valuesOfKey(key: string | undefined): readonly string[] | undefined {
  const def = key === undefined ? undefined : KEYS.get(key);
  return def === undefined ? undefined : settingValues(def);
}

export const configGroup = defineGroup({
  ...TOP_LEVEL.config,
  examples: ['rentals config list', 'rentals config set output json'],
  commands: () => [
    defineViewCommand({
      effect: 'reads',
      name: 'list',
      aliases: ['ls'],
      summary: "List the profile's settings",
      examples: ['rentals config list', 'rentals config list --profile staging'],
      view: 'records',
      handler: async (factory) => listSettings(factory),
    }),
    defineViewCommand({
      effect: 'reads',
      name: 'get',
      args: '<key>',
      argValues: { key: CONFIG_KEYS },
      summary: `Print one setting (${[...KEYS.keys()].join(', ')})`,
      examples: ['rentals config get base-url'],
      view: 'text',
      // The value as stored, for `$(rentals config get …)`, whatever the profile's output; -o json: { key, value }.
      defaultFormat: () => 'table',
      handler: async (factory, _options, [key]) => getSetting(factory, key),
    }),
    defineViewCommand({
      effect: 'sets',
      name: 'set',
      args: '<key> <value>',
      argValues: { key: CONFIG_KEYS, value: ([key]) => valuesOfKey(key) },
      summary: 'Change one setting',
      examples: ['rentals config set base-url https://api.example.com', 'rentals config set output json --profile ci'],
      createsProfile: true,
      view: 'done',
      handler: (factory, _options, [key, value]) => setSetting(factory, key, value),
    }),
    defineViewCommand({
      effect: 'deletes',
      name: 'unset',
      args: '<key>',
      argValues: { key: CONFIG_KEYS },
      summary: 'Remove one setting',
      examples: ['rentals config unset output'],
      view: 'done',
      handler: (factory, _options, [key]) => setSetting(factory, key, undefined),
    }),
  ],
});
