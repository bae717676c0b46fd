// `rentals config list|get|set|unset`: the non-secret settings of a profile (app/config.ts).

import { KEYS, getSetting, listSettings, setSetting } from '../../app/config.js';
import { defineGroup, defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

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
      summary: `Print one setting (${[...KEYS.keys()].join(', ')})`,
      examples: ['rentals config get base-url'],
      view: 'text',
      handler: async (factory, _options, [key]) => getSetting(factory, key),
    }),
    defineViewCommand({
      effect: 'sets',
      name: 'set',
      args: '<key> <value>',
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
      summary: 'Remove one setting',
      examples: ['rentals config unset output'],
      view: 'done',
      handler: (factory, _options, [key]) => setSetting(factory, key, undefined),
    }),
  ],
});
