// The help contract over every registered command: each description in the registry has a
// one-line summary and examples that run rentals, and the command tree that buildProgram()
// builds from it holds each one, whose --help exits 0 and shows them.

import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { buildProgram } from '../../src/cli/program.js';
import type { CommandInfo } from '../../src/cli/registry/spec.js';
import { resourceList } from '../../src/resources/definitions.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';

function walk(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  return [{ path, command }, ...command.commands.flatMap((sub) => walk(sub, [...path, sub.name()]))];
}

const program = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: 0 } });
const commands = walk(program);

/** Every description of the registry with its command path. */
const nodes = [...(await registry.loadAll()).values()];

function registered(): Array<{ path: string[]; info: CommandInfo }> {
  return nodes.flatMap((node) => [
    { path: [node.name], info: node as CommandInfo },
    ...(node.kind === 'group' ? registry.commandsOf(node).map((command) => ({ path: [node.name, command.name], info: command as CommandInfo })) : []),
  ]);
}

describe('the registry contract', () => {
  test.each(registered().map(({ path, info }) => [path.join(' '), path, info] as const))('%s', async (_name, path, info) => {
    expect(info.summary.trim()).not.toBe('');
    expect(info.summary).not.toContain('\n');
    expect(info.examples.length).toBeGreaterThan(0);
    for (const example of info.examples) expect(example).toMatch(/^rentals \S/);
    const built = path.reduce<Command | undefined>((command, word) => command?.commands.find((c) => c.name() === word), program);
    expect(built?.description()).toBe(info.summary);
    expect(built?.aliases()).toEqual([...info.aliases]);
    const result = await runCli([...path, '--help'], { home: '/nonexistent' });
    expect(result.code).toBe(0);
    for (const example of info.examples) expect(result.stdout).toContain(`  $ ${example}\n`);
    expect(result.stdout).not.toContain('\n\n\n');
    if (info.hidden) return;
    const offered = await runCli(['__complete', '--shell', 'bash', '--', ...path.slice(0, -1), ''], { home: '/nonexistent' });
    expect(offered.stdout.split('\n')).toContain(path[path.length - 1]);
  });
});

describe('every command documents itself', () => {
  test('the tree holds every resource group and the tool commands', () => {
    const top = program.commands.map((c) => c.name());
    expect(top).toEqual(expect.arrayContaining([...resourceList.map((d) => d.command), 'auth', 'config', 'api', 'sandbox']));
    expect(commands.length).toBeGreaterThan(40);
  });

  test.each(commands.map(({ path, command }) => [path.join(' ') || '(rentals)', path, command] as const))(
    'rentals %s --help',
    async (_name, path, command) => {
      const description = command.description();
      expect(description.trim()).not.toBe('');
      expect(description).not.toContain('\n');
      const result = await runCli([...path, '--help'], { home: '/nonexistent' });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`Usage: rentals${path.length ? ` ${path.join(' ')}` : ''}`);
      // commander wraps long descriptions at 80 columns when not on a terminal.
      expect(result.stdout.replace(/\s+/g, ' ')).toContain(description);
      expect(result.stdout).toMatch(/\nExamples:\n {2}\$ rentals \S/);
    },
  );
});

describe('top-level help and version', () => {
  test('rentals --help lists every group, and the topic of the exit codes, which lists them', async () => {
    const result = await runCli(['--help'], { home: '/nonexistent' });
    expect(result.code).toBe(0);
    for (const def of resourceList) expect(result.stdout).toMatch(new RegExp(`\\n  ${def.command}\\b`));
    expect(result.stdout).toContain('rentals help exit-codes');
    const codes = (await runCli(['help', 'exit-codes'], { home: '/nonexistent' })).stdout;
    for (const line of ['0  success', '2  usage or invalid input (nothing was sent)', '3  authentication or authorization', '4  not found: a 404, or a name or history entry that matches nothing', '5  network error, timeout or unreachable server', '6  partial failure of a bulk operation']) {
      expect(codes).toContain(line);
    }
  });

  test('rentals --version prints a version and exits 0', async () => {
    const result = await runCli(['--version'], { home: '/nonexistent' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\S+\n$/);
  });

  test('rentals with no command, or a bare group, shows the help on stdout and exits 0 (as gh does)', async () => {
    const result = await runCli([], { home: '/nonexistent' });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Usage: rentals [options] [command]');
    const group = await runCli(['events'], { home: '/nonexistent' });
    expect([group.code, group.stderr]).toEqual([0, '']);
    expect(group.stdout).toContain('Usage: rentals events|event [options] [command]');
  });

  test('the help of a command names the global flags it inherits in one line, which points at their topic', async () => {
    const result = await runCli(['inventory', 'list', '--help'], { home: '/nonexistent' });
    expect(result.stdout).toMatch(/^Global options \(rentals help options\): -h, --profile, -o, --json, --jq, -q, …$/m);
    expect(result.stdout).not.toContain('--no-pager');
  });

  test('RENTALS_DEBUG=1 is --debug', async () => {
    const result = await runCli(['inventory', 'list', '--base-url', 'http://127.0.0.1:9', '--retries', '0'], {
      home: '/nonexistent',
      env: { RENTALS_DEBUG: '1', RENTALS_TOKEN: 'tok-0123456789abcdef' },
    });
    expect(result.stderr).toMatch(/^> authorization: Bearer \[redacted\]$/im);
  });

  test('the partial tree built for one command still lists every group in help', async () => {
    const result = await runCli(['inventory', 'nosuchverb'], { home: '/nonexistent' });
    expect(result.code).toBe(2);
    const full = await runCli(['help'], { home: '/nonexistent' });
    for (const def of resourceList) expect(full.stdout).toMatch(new RegExp(`\\n  ${def.command}\\b`));
  });
});

describe('dates as an operator says them', () => {
  // Every command whose range is --from/--to (a calendar range: not history's --since, not a generic verb's filter) takes --range too.
  const ranged = commands.filter(({ command }) => command.options.some((o) => o.long === '--from') && command.options.some((o) => o.long === '--to'));

  test('there are ranged commands to check', () => {
    expect(ranged.map(({ path }) => path.join(' '))).toEqual(expect.arrayContaining(['agenda', 'availability', 'check', 'timeline', 'report', 'load-sheet', 'events list']));
  });

  test.each(ranged.map(({ path, command }) => [path.join(' '), command] as const))('%s takes --range', (_name, command) => {
    const option = command.options.find((o) => o.long === '--range');
    expect(option, 'no --range').toBeDefined();
    expect(option!.description).toContain('this-week');
  });
});
