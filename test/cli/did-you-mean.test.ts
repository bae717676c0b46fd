// Did-you-mean for every unknown flag of every command, every unknown command and help topic.

import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { closeMatches } from '../../src/cli/registry/suggest.js';
import { ExitCode } from '../../src/errors.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';

const HOME = { home: '/nonexistent' };

function leaves(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  if (command.commands.length === 0) return [{ path, command }];
  return command.commands.flatMap((child) => leaves(child, [...path, child.name()]));
}

/** `--quantity-available` → `--quantty-available`: one letter dropped inside the first word. */
function typo(flag: string): string {
  return `${flag.slice(0, 5)}${flag.slice(6)}`;
}

const program = await buildProgram({ ctx: fakeContext(HOME).ctx, state: { exitCode: ExitCode.ok } });

describe('did you mean', () => {
  const cases = leaves(program)
    .map(({ path, command }) => ({ path, flag: command.options.map((o) => o.long).find((long) => long !== undefined && long.length >= 8 && long !== '--help') }))
    .filter((c): c is { path: string[]; flag: string } => c.flag !== undefined);

  test('the commands are many, and most have a flag to mistype', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  test.each(cases.map((c) => [c.path.join(' '), c.flag, c.path] as const))('rentals %s: a typo of %s is suggested', async (_, flag, path) => {
    const result = await runCli([...path, typo(flag)], HOME);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\(Did you mean .*--/);
    expect(result.stderr).toContain(flag);
  });

  test('inventory add --quantiy → --quantity-available (as events book --quantiy → --quantity)', async () => {
    expect((await runCli(['inventory', 'add', '--quantiy', '3'], HOME)).stderr).toContain('(Did you mean --quantity-available?)');
    expect((await runCli(['events', 'book', '1', '--quantiy', '3'], HOME)).stderr).toContain('(Did you mean --quantity?)');
  });

  test('rentals help evnts, rentals help events lsit, rentals help formts', async () => {
    for (const [args, guess] of [
      [['help', 'evnts'], 'events'],
      [['help', 'events', 'lsit'], 'list'],
      [['help', 'formts'], 'formats'],
    ] as const) {
      const result = await runCli([...args], HOME);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`(Did you mean ${guess}?)`);
    }
  });

  test('an unknown command', async () => {
    expect((await runCli(['evnts'], HOME)).stderr).toContain('(Did you mean events?)');
    expect((await runCli(['events', 'lsit'], HOME)).stderr).toContain('(Did you mean list?)');
  });

  test('a whole word beats the start of one; nothing far is suggested', () => {
    expect(closeMatches('--itme', ['--item', '--timeout', '--timezone'])).toEqual(['--item']);
    expect(closeMatches('--zzzzzz', ['--item', '--timeout'])).toEqual([]);
  });
});
