// Every command of the tool, in one place. A resource group gets the generic verbs of its
// description (list, get, add, update, delete), the bulk commands when it has a `bulk` part, and
// the commands of its own listed in OWN_COMMANDS. A new command: write it with defineViewCommand or
// defineRawViewCommand (src/cli/registry/spec.ts) in src/cli/commands/, give a top-level one its
// heading in commands/top-level.ts, then add it here.
//
// Every entry is lazy: a run imports the modules of the command it names and no other (startup,
// `npm run bench startup`). Only the headings (name, aliases, summary) are read on every start.

import { type ResourceDef, type ResourceName, resourceList } from '../resources/definitions.js';
import { TOP_LEVEL } from './commands/top-level.js';
import { CommandRegistry } from './registry/registry.js';
import { type CommandHeading, type CommandNode, type LeafCommand, defineGroup, lazyEntry } from './registry/spec.js';

/** A resource's own commands, besides the generic and bulk ones. */
const OWN_COMMANDS: Partial<Record<ResourceName, () => Promise<LeafCommand[]>>> = {
  events: async () => {
    const [{ eventsOpen }, { eventCalendarCommands }] = await Promise.all([import('./commands/events-open.js'), import('./commands/calendar/index.js')]);
    return [eventsOpen, ...eventCalendarCommands()];
  },
  prices: async () => {
    const [{ pricesSet }, { pricesAdjust }] = await Promise.all([import('./commands/prices-set.js'), import('./commands/prices-adjust.js')]);
    return [pricesSet, pricesAdjust];
  },
};

/** Generic verbs a resource's own command of the same name takes over (same output, more flags). */
const REPLACED_VERBS: Partial<Record<ResourceName, string[]>> = {
  events: ['list'],
};

export function resourceDescription(def: ResourceDef): string {
  return `${def.summary} [API ${def.versions.join(', ')}]`;
}

async function resourceGroup(def: ResourceDef): Promise<CommandNode> {
  const [{ genericCommandNamed, genericCommands, groupExamples }, { bulkCommands }, own] = await Promise.all([
    import('./resource/register.js'),
    import('./commands/bulk-commands.js'),
    OWN_COMMANDS[def.name]?.() ?? [],
  ]);
  const replaced = new Set(REPLACED_VERBS[def.name] ?? []);
  return defineGroup({
    name: def.command,
    aliases: def.commandAliases,
    summary: resourceDescription(def),
    examples: groupExamples(def),
    commands: () => [...genericCommands(def).filter((c) => !replaced.has(c.name)), ...bulkCommands(def), ...own],
    // The generic verb alone (making every command of the group took ~0.25 ms).
    commandNamed: (word) => {
      const generic = genericCommandNamed(def, word);
      return generic && !replaced.has(generic.name) ? generic : undefined;
    },
  });
}

/** A resource's generic verb (`inventory list`), made without the group's bulk and own commands; undefined for a verb its own command replaces. */
async function genericVerbAlone(def: ResourceDef, verb: string): Promise<LeafCommand | undefined> {
  const { genericCommandNamed } = await import('./resource/register.js');
  const generic = genericCommandNamed(def, verb);
  return generic && !(REPLACED_VERBS[def.name] ?? []).includes(generic.name) ? generic : undefined;
}

const command = (heading: CommandHeading, load: () => Promise<CommandNode>) => lazyEntry(heading, 'command', load);
const group = (heading: CommandHeading, load: () => Promise<CommandNode>) => lazyEntry(heading, 'group', load);

export const registry = new CommandRegistry([
  ...resourceList.map((def) =>
    lazyEntry({ name: def.command, aliases: def.commandAliases, summary: resourceDescription(def) }, 'group', () => resourceGroup(def), (verb) => genericVerbAlone(def, verb)),
  ),
  command(TOP_LEVEL.availability, async () => (await import('./commands/calendar/availability.js')).availabilityCommand),
  command(TOP_LEVEL.timeline, async () => (await import('./commands/calendar/timeline.js')).timelineCommand),
  command(TOP_LEVEL.agenda, async () => (await import('./commands/calendar/agenda.js')).agendaCommand),
  command(TOP_LEVEL.loadSheet, async () => (await import('./commands/calendar/load-sheet.js')).loadSheetCommand),
  command(TOP_LEVEL.check, async () => (await import('./commands/calendar/check.js')).checkCommand),
  command(TOP_LEVEL.report, async () => (await import('./commands/calendar/report.js')).reportCommand),
  command(TOP_LEVEL.history, async () => (await import('./commands/history.js')).historyCommand),
  command(TOP_LEVEL.undo, async () => (await import('./commands/undo.js')).undoCommand),
  group(TOP_LEVEL.auth, async () => (await import('./commands/auth.js')).authGroup),
  group(TOP_LEVEL.config, async () => (await import('./commands/config.js')).configGroup),
  command(TOP_LEVEL.api, async () => (await import('./commands/api.js')).apiCommand),
  command(TOP_LEVEL.sandbox, async () => (await import('./commands/sandbox.js')).sandboxCommand),
  command(TOP_LEVEL.snapshot, async () => (await import('./commands/snapshot.js')).snapshotCommand),
  command(TOP_LEVEL.diff, async () => (await import('./commands/snapshot.js')).diffCommand),
  command(TOP_LEVEL.mcp, async () => (await import('./commands/mcp/index.js')).mcpCommand),
  command(TOP_LEVEL.help, async () => (await import('./commands/help.js')).helpCommand),
  command(TOP_LEVEL.completion, async () => (await import('./commands/completion.js')).completionCommand),
  command(TOP_LEVEL.complete, async () => (await import('./commands/completion.js')).completeCommand),
]);
