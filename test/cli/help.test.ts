// The help contract over every registered command, found by walking the command tree that
// buildProgram() builds: a one-line description, at least one example, and --help exits 0.

import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { resourceList } from '../../src/resources/definitions.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';

function walk(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  return [{ path, command }, ...command.commands.flatMap((sub) => walk(sub, [...path, sub.name()]))];
}

const program = buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: 0 } });
const commands = walk(program);

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
  test('rentals --help lists every group and the exit codes', async () => {
    const result = await runCli(['--help'], { home: '/nonexistent' });
    expect(result.code).toBe(0);
    for (const def of resourceList) expect(result.stdout).toMatch(new RegExp(`\\n  ${def.command}\\b`));
    for (const line of ['0  success', '2  usage or invalid input (nothing was sent)', '3  authentication or authorization', '4  not found (404)', '5  network error, timeout or unreachable server', '6  partial failure of a bulk operation']) {
      expect(result.stdout).toContain(line);
    }
  });

  test('rentals --version prints a version and exits 0', async () => {
    const result = await runCli(['--version'], { home: '/nonexistent' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\S+\n$/);
  });

  test('rentals with no command shows the help on stderr and exits 2', async () => {
    const result = await runCli([], { home: '/nonexistent' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Usage: rentals [options] [command]');
  });

  test('the partial tree built for one command still lists every group in help', async () => {
    const result = await runCli(['inventory', 'nosuchverb'], { home: '/nonexistent' });
    expect(result.code).toBe(2);
    const full = await runCli(['help'], { home: '/nonexistent' });
    for (const def of resourceList) expect(full.stdout).toMatch(new RegExp(`\\n  ${def.command}\\b`));
  });
});
