// The command registry: one description per command, duplicates refused when a group is built,
// and the events group ready for a verb named `show` (no longer an alias of `get` there).

import { describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { buildProgram } from '../../src/cli/program.js';
import { CommandRegistry } from '../../src/cli/registry/registry.js';
import { type CommandGroup, type LeafCommand, defineGroup, defineViewCommand } from '../../src/cli/registry/spec.js';
import { fakeContext } from '../helpers/fake-context.js';

function events(): CommandGroup {
  const found = registry.find('events');
  if (found?.kind !== 'group') throw new Error('no events group');
  return found;
}

function withEventsCommand(extra: LeafCommand): CommandRegistry {
  const group = events();
  return new CommandRegistry(
    registry.nodes.map((node) => (node === group ? defineGroup({ ...group, commands: () => [...group.commands(), extra] }) : node)),
  );
}

const showEvent = (aliases: string[] = []) =>
  defineViewCommand({
    name: 'show',
    args: '<id>',
    aliases,
    summary: 'Show an event with its bookings and totals',
    examples: ['rentals events show 12'],
    view: 'text',
    deps: () => undefined,
    handler: async (_deps, _options, [id]) => ({ kind: 'text', text: `event ${id}` }),
  });

function build(commands: CommandRegistry, argv?: string[]) {
  const fake = fakeContext({ home: '/nonexistent' });
  return { fake, program: buildProgram({ ctx: fake.ctx, state: { exitCode: 0 } }, argv, commands) };
}

describe('the command registry', () => {
  test('refuses a command whose name is an alias of another in the same group', () => {
    const group = defineGroup({
      name: 'things',
      summary: 'Things',
      examples: ['rentals things list'],
      commands: () => [
        defineViewCommand({ name: 'get', aliases: ['show', 'view'], summary: 'Get', examples: ['x'], view: 'text', deps: () => undefined, handler: async () => ({}) }),
        defineViewCommand({ name: 'show', summary: 'Show', examples: ['x'], view: 'text', deps: () => undefined, handler: async () => ({}) }),
      ],
    });
    expect(() => build(new CommandRegistry([group]))).toThrow('command registry: "things show" is both an alias of "get" and the command "show"');
  });

  test('refuses two top-level commands under one name', () => {
    const twice = defineViewCommand({ name: 'api', summary: 'Again', examples: ['x'], view: 'text', deps: () => undefined, handler: async () => ({}) });
    expect(() => new CommandRegistry([...registry.nodes, twice])).toThrow('command registry: "api" is both the command "api" and the command "api"');
  });

  test('refuses an alias given to two verbs', () => {
    const group = defineGroup({
      name: 'things',
      summary: 'Things',
      examples: ['x'],
      commands: () => [
        defineViewCommand({ name: 'delete', aliases: ['rm'], summary: 'Delete', examples: ['x'], view: 'text', deps: () => undefined, handler: async () => ({}) }),
        defineViewCommand({ name: 'remove', aliases: ['rm'], summary: 'Remove', examples: ['x'], view: 'text', deps: () => undefined, handler: async () => ({}) }),
      ],
    });
    expect(() => new CommandRegistry([group]).commandsOf(group)).toThrow('"things rm" is both an alias of "delete" and an alias of "remove"');
  });

  test('every group of the tool builds without a clash', () => {
    for (const node of registry.nodes) if (node.kind === 'group') expect(() => registry.commandsOf(node)).not.toThrow();
  });

  test('events get is no longer `show`: events show is a verb of its own', () => {
    const commands = registry.commandsOf(events());
    expect(commands.find((c) => c.name === 'get')?.aliases).toEqual(['view']);
    expect(commands.find((c) => c.name === 'show')?.summary).toMatch(/bookings, line totals and the event total/);
  });

  test('a second show in the events group is refused', () => {
    expect(() => build(withEventsCommand(showEvent()))).toThrow('"events show" is both the command "show" and the command "show"');
  });

  test('other resources keep show as an alias of get', () => {
    const inventory = registry.find('inventory');
    if (inventory?.kind !== 'group') throw new Error('no inventory group');
    expect(registry.commandsOf(inventory).find((c) => c.name === 'get')?.aliases).toEqual(['show', 'view']);
  });

  test('a command that takes the alias view of events get is refused', () => {
    const peek = defineViewCommand({ name: 'peek', aliases: ['view'], summary: 'Peek', examples: ['rentals events peek 12'], view: 'text', deps: () => undefined, handler: async () => ({}) });
    expect(() => build(withEventsCommand(peek))).toThrow('"events view" is both an alias of "get" and an alias of "peek"');
  });

  test('only the named group is built in full', () => {
    const { program } = build(registry, ['prices', 'list']);
    const built = program.commands.filter((c) => c.commands.length > 0).map((c) => c.name());
    expect(built).toEqual(['prices']);
    const { program: bare } = build(registry, ['--version']);
    expect(bare.commands.filter((c) => c.commands.length > 0)).toEqual([]);
  });
});
