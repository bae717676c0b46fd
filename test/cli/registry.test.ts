// The command registry: one description per command, duplicates refused when a group is built,
// the events group ready for a verb named `show` (no longer an alias of `get` there), and every
// lazy entry loading the module it lists, and only the ones a run names.

import { describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { buildProgram } from '../../src/cli/program.js';
import { CommandRegistry } from '../../src/cli/registry/registry.js';
import { type CommandGroup, type LeafCommand, defineGroup, defineViewCommand, lazyEntry } from '../../src/cli/registry/spec.js';
import { fakeContext } from '../helpers/fake-context.js';

const loaded = await registry.loadAll();

function groupNamed(name: string): CommandGroup {
  const found = loaded.get(registry.find(name)!);
  if (found?.kind !== 'group') throw new Error(`no ${name} group`);
  return found;
}

const events = () => groupNamed('events');

function withEventsCommand(extra: LeafCommand): CommandRegistry {
  const group = events();
  return new CommandRegistry(
    [...loaded.values()].map((node) => (node === group ? defineGroup({ ...group, commands: () => [...group.commands(), extra] }) : node)),
  );
}

const showEvent = (aliases: string[] = []) =>
  defineViewCommand({
    effect: 'reads',
    name: 'show',
    args: '<id>',
    aliases,
    summary: 'Show an event with its bookings and totals',
    examples: ['rentals events show 12'],
    view: 'text',
   
    handler: async (_factory, _options, [id]) => ({ kind: 'text', text: `event ${id}` }),
  });

async function build(commands: CommandRegistry, argv?: string[]) {
  const fake = fakeContext({ home: '/nonexistent' });
  return { fake, program: await buildProgram({ ctx: fake.ctx, state: { exitCode: 0 } }, argv, commands) };
}

describe('the command registry', () => {
  test('refuses a command whose name is an alias of another in the same group', async () => {
    const group = defineGroup({
      name: 'things',
      summary: 'Things',
      examples: ['rentals things list'],
      commands: () => [
        defineViewCommand({ effect: 'reads', name: 'get', aliases: ['show', 'view'], summary: 'Get', examples: ['x'], view: 'text', handler: async () => ({}) }),
        defineViewCommand({ effect: 'reads', name: 'show', summary: 'Show', examples: ['x'], view: 'text', handler: async () => ({}) }),
      ],
    });
    await expect(build(new CommandRegistry([group]))).rejects.toThrow('command registry: "things show" is both an alias of "get" and the command "show"');
  });

  test('refuses two top-level commands under one name', () => {
    const twice = defineViewCommand({ effect: 'reads', name: 'api', summary: 'Again', examples: ['x'], view: 'text', handler: async () => ({}) });
    expect(() => new CommandRegistry([...registry.entries, twice])).toThrow('command registry: "api" is both the command "api" and the command "api"');
  });

  test('refuses an alias given to two verbs', () => {
    const group = defineGroup({
      name: 'things',
      summary: 'Things',
      examples: ['x'],
      commands: () => [
        defineViewCommand({ effect: 'reads', name: 'delete', aliases: ['rm'], summary: 'Delete', examples: ['x'], view: 'text', handler: async () => ({}) }),
        defineViewCommand({ effect: 'reads', name: 'remove', aliases: ['rm'], summary: 'Remove', examples: ['x'], view: 'text', handler: async () => ({}) }),
      ],
    });
    expect(() => new CommandRegistry([group]).commandsOf(group)).toThrow('"things rm" is both an alias of "delete" and an alias of "remove"');
  });

  test('every group of the tool builds without a clash', () => {
    for (const node of loaded.values()) if (node.kind === 'group') expect(() => registry.commandsOf(node)).not.toThrow();
  });

  test('events get is no longer `show`: events show is a verb of its own', () => {
    const commands = registry.commandsOf(events());
    expect(commands.find((c) => c.name === 'get')?.aliases).toEqual(['view']);
    expect(commands.find((c) => c.name === 'show')?.summary).toMatch(/bookings, line totals and total/);
  });

  test('a second show in the events group is refused', async () => {
    await expect(build(withEventsCommand(showEvent()))).rejects.toThrow('"events show" is both the command "show" and the command "show"');
  });

  test('other resources keep show as an alias of get', () => {
    expect(registry.commandsOf(groupNamed('inventory')).find((c) => c.name === 'get')?.aliases).toEqual(['show', 'view']);
  });

  test('a command that takes the alias view of events get is refused', async () => {
    const peek = defineViewCommand({ effect: 'reads', name: 'peek', aliases: ['view'], summary: 'Peek', examples: ['rentals events peek 12'], view: 'text', handler: async () => ({}) });
    await expect(build(withEventsCommand(peek))).rejects.toThrow('"events view" is both an alias of "get" and an alias of "peek"');
  });

  test('only the named group is built in full', async () => {
    const { program } = await build(registry, ['prices', 'list']);
    const built = program.commands.filter((c) => c.commands.length > 0).map((c) => c.name());
    expect(built).toEqual(['prices']);
    // …and in it, only the named verb; a run that names one command lists no others.
    const prices = program.commands.find((c) => c.name() === 'prices')!;
    expect(prices.commands.map((c) => c.name())).toEqual(['list']);
    expect(program.commands.map((c) => c.name())).toEqual(['prices']);
    const { program: bareGroup } = await build(registry, ['--json', 'prices']);
    const allBuilt = bareGroup.commands.find((c) => c.name() === 'prices')!.commands;
    expect(allBuilt.length).toBeGreaterThan(5);
    expect(allBuilt.every((c) => c.options.length > 0)).toBe(true);
    expect(bareGroup.commands.length).toBe(registry.entries.length);
    const { program: byAlias } = await build(registry, ['prices', 'ls']);
    expect(byAlias.commands.find((c) => c.name() === 'prices')!.commands.map((c) => c.name())).toEqual(['list']);
    // A help flag before a word shows the help of what it follows, with every command listed.
    const { program: rootHelp } = await build(registry, ['--help', 'check']);
    expect(rootHelp.commands.length).toBe(registry.entries.length);
    const { program: groupHelp } = await build(registry, ['prices', '-h', 'list']);
    expect(groupHelp.commands.find((c) => c.name() === 'prices')!.commands.length).toBe(allBuilt.length);
    // A verb that names nothing builds the group whole (its help and "did you mean" list them all).
    const { program: typo } = await build(registry, ['prices', 'lsit']);
    expect(typo.commands.find((c) => c.name() === 'prices')!.commands.length).toBe(allBuilt.length);
  });

  test('a run of one command of a group makes that command alone, when the group can (commandNamed)', async () => {
    const list = defineViewCommand({ effect: 'reads', name: 'list', aliases: ['ls'], summary: 'List', examples: ['x'], view: 'text', handler: async () => ({}) });
    const made: string[] = [];
    const things = defineGroup({
      name: 'things',
      summary: 'Things',
      examples: ['x'],
      commands: () => {
        made.push('all');
        return [list, defineViewCommand({ effect: 'reads', name: 'import', summary: 'Import', examples: ['x'], view: 'text', handler: async () => ({}) })];
      },
      commandNamed: (word) => (word === 'list' || word === 'ls' ? list : undefined),
    });
    const commands = new CommandRegistry([things]);
    for (const verb of ['list', 'ls']) {
      const { program } = await build(commands, ['things', verb]);
      expect(program.commands.map((c) => [c.name(), c.commands.map((leaf) => leaf.name())])).toEqual([['things', ['list']]]);
    }
    expect(made).toEqual([]);
    const { program } = await build(commands, ['things', 'import']);
    expect(program.commands[0]!.commands.map((c) => c.name())).toEqual(['import']);
    expect(made).toEqual(['all']);
  });

  test('every group\'s command made alone is the one its whole list has under that word', () => {
    for (const node of loaded.values()) {
      if (node.kind !== 'group' || !node.commandNamed) continue;
      for (const command of registry.commandsOf(node)) {
        for (const word of [command.name, ...command.aliases]) {
          const alone = node.commandNamed(word);
          if (alone) expect([node.name, word, alone.name, alone.aliases, alone.summary]).toEqual([node.name, word, command.name, command.aliases, command.summary]);
        }
      }
    }
    const inventory = loaded.get(registry.find('inventory')!) as CommandGroup;
    expect(inventory.commandNamed?.('list')?.name).toBe('list');
    // events list is the events group's own (more flags): the generic one is not made alone.
    expect((loaded.get(registry.find('events')!) as CommandGroup).commandNamed?.('list')).toBeUndefined();
  });
});

describe('the lazy entries', () => {
  /** A registry whose entries count their loads. */
  function counting() {
    const loads: string[] = [];
    const leaf = (name: string) =>
      lazyEntry({ name, summary: `The ${name} command` }, 'command', async () => {
        loads.push(name);
        return defineViewCommand({ effect: 'reads', name, summary: `The ${name} command`, examples: [`rentals ${name}`], view: 'text', handler: async () => ({}) });
      });
    const things = lazyEntry({ name: 'things', summary: 'Things' }, 'group', async () => {
      loads.push('things');
      return defineGroup({ name: 'things', summary: 'Things', examples: ['rentals things list'], commands: () => [defineViewCommand({ effect: 'reads', name: 'list', summary: 'List', examples: ['rentals things list'], view: 'text', handler: async () => ({}) })] });
    });
    return { loads, commands: new CommandRegistry([things, leaf('alpha'), leaf('beta'), leaf('help')]) };
  }

  test('a run loads the module of the command it names, and no other', async () => {
    const { loads, commands } = counting();
    const { program } = await build(commands, ['alpha', '--flag']);
    expect(loads).toEqual(['alpha']);
    expect(program.commands.map((c) => c.name())).toEqual(['alpha']);
    // With `help alpha`, the others are listed all the same, for the root help and "did you mean".
    const { program: helped } = await build(commands, ['help', 'alpha']);
    expect(helped.commands.map((c) => [c.name(), c.description()])).toEqual([
      ['things', 'Things'],
      ['alpha', 'The alpha command'],
      ['beta', 'The beta command'],
      ['help', 'The help command'],
    ]);
  });

  test('a group is loaded when named, and `help x` loads help and x', async () => {
    const { loads, commands } = counting();
    await build(commands, ['things', 'list']);
    expect(loads).toEqual(['things']);
    const second = counting();
    await build(second.commands, ['help', 'beta']);
    expect(second.loads.sort()).toEqual(['beta', 'help']);
  });

  test("a group's verb its entry can make alone loads only that command (inventory list: no bulk, no event verbs)", async () => {
    const loads: string[] = [];
    const list = defineViewCommand({ effect: 'reads', name: 'list', aliases: ['ls'], summary: 'List', examples: ['rentals things list'], view: 'text', handler: async () => ({}) });
    const things = lazyEntry(
      { name: 'things', summary: 'Things' },
      'group',
      async () => {
        loads.push('things');
        return defineGroup({ name: 'things', summary: 'Things', examples: ['rentals things list'], commands: () => [list] });
      },
      async (verb) => {
        loads.push(`things ${verb}`);
        return verb === 'list' || verb === 'ls' ? list : undefined;
      },
    );
    const commands = new CommandRegistry([things]);
    const { program } = await build(commands, ['things', 'ls']);
    expect(loads).toEqual(['things ls']);
    expect(program.commands[0]!.commands.map((c) => c.name())).toEqual(['list']);
    // A verb it cannot make alone (a typo, another command): the whole group, for "did you mean".
    await build(commands, ['things', 'lst']);
    expect(loads).toEqual(['things ls', 'things lst', 'things']);
  });

  test('the tool: `inventory list` is made alone, `events list` (the events group\'s own) is not', async () => {
    const inventory = registry.find('inventory');
    const events = registry.find('events');
    expect(inventory?.kind === 'lazy' && (await inventory.loadCommand?.('list'))?.name).toBe('list');
    expect(events?.kind === 'lazy' && (await events.loadCommand?.('list'))).toBeUndefined();
  });

  test('no command word, or an unknown one, loads every command (the root help lists their arguments)', async () => {
    const { loads, commands } = counting();
    await build(commands, ['--json']);
    expect(loads.sort()).toEqual(['alpha', 'beta', 'help']);
    const unknown = counting();
    await build(unknown.commands, ['thigns']);
    expect(unknown.loads.sort()).toEqual(['alpha', 'beta', 'help']);
  });

  test('each module is imported once per run', async () => {
    const { loads, commands } = counting();
    await commands.loadAll();
    await commands.loadAll();
    expect(loads.sort()).toEqual(['alpha', 'beta', 'help', 'things']);
  });

  test('a module that describes another command than its entry is refused', async () => {
    const wrong = lazyEntry({ name: 'gamma', summary: 'Gamma' }, 'command', async () => defineViewCommand({ effect: 'reads', name: 'gamma', summary: 'Something else', examples: ['rentals gamma'], view: 'text', handler: async () => ({}) }));
    await expect(new CommandRegistry([wrong]).loadAll()).rejects.toThrow('the module of "gamma" describes "gamma" (command: Something else), not what the catalog lists');
  });

  test('every entry of the tool loads what it lists (name, aliases, summary, kind)', async () => {
    for (const entry of registry.entries) {
      const node = loaded.get(entry)!;
      expect([node.name, node.aliases, node.summary, node.hidden === true]).toEqual([entry.name, entry.aliases, entry.summary, entry.hidden === true]);
      expect(node.kind).toBe(entry.kind === 'lazy' ? entry.loads : entry.kind);
    }
  });
});
