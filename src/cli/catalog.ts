// Every command of the tool, in one place. A resource group gets the generic verbs of its
// description (list, get, add, update, delete), the bulk commands when it has a `bulk` part, and
// the commands of its own listed in OWN_COMMANDS. A new command: write it with defineCommand
// (src/cli/registry/spec.ts) in src/cli/commands/, then add it here.

import { type ResourceName, resourceList } from '../resources/definitions.js';
import { apiCommand } from './commands/api.js';
import { authGroup } from './commands/auth.js';
import { bulkCommands } from './commands/bulk-commands.js';
import { calendarCommands, eventCalendarCommands } from './commands/calendar/index.js';
import { completeCommand, completionCommand } from './commands/completion.js';
import { configGroup } from './commands/config.js';
import { eventsOpen } from './commands/events-open.js';
import { helpCommand } from './commands/help.js';
import { pricesAdjust } from './commands/prices-adjust.js';
import { pricesSet } from './commands/prices-set.js';
import { sandboxCommand } from './commands/sandbox.js';
import { diffCommand, snapshotCommand } from './commands/snapshot.js';
import { CommandRegistry } from './registry/registry.js';
import { type LeafCommand, defineGroup } from './registry/spec.js';
import { genericCommands, groupExamples, resourceDescription } from './resource/register.js';

/** A resource's own commands, besides the generic and bulk ones. */
const OWN_COMMANDS: Partial<Record<ResourceName, () => LeafCommand[]>> = {
  events: () => [eventsOpen, ...eventCalendarCommands()],
  prices: () => [pricesSet, pricesAdjust],
};

/** Generic verbs a resource's own command of the same name takes over (same output, more flags). */
const REPLACED_VERBS: Partial<Record<ResourceName, string[]>> = {
  events: ['list'],
};

export const registry = new CommandRegistry([
  ...resourceList.map((def) =>
    defineGroup({
      name: def.command,
      aliases: def.commandAliases,
      summary: resourceDescription(def),
      examples: groupExamples(def),
      commands: () => {
        const own = OWN_COMMANDS[def.name]?.() ?? [];
        const replaced = new Set(REPLACED_VERBS[def.name] ?? []);
        return [...genericCommands(def).filter((c) => !replaced.has(c.name)), ...bulkCommands(def), ...own];
      },
    }),
  ),
  ...calendarCommands,
  authGroup,
  configGroup,
  apiCommand,
  sandboxCommand,
  snapshotCommand,
  diffCommand,
  helpCommand,
  completionCommand,
  completeCommand,
]);
