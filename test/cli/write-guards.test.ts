// The write guards, generated from the command registry: every resource whose changes can overbook
// (its writes go through a writer's rule: bookings, events, inventory) takes --allow-overbook on
// update and on its bulk commands, and every command that takes --allow-overbook takes --dry-run,
// so a user can always see first what the rule would let through.

import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { ExitCode } from '../../src/errors.js';
import { resourceList } from '../../src/resources/definitions.js';
import { fakeContext } from '../helpers/fake-context.js';

function leaves(command: Command, path: string[] = []): Array<{ path: string; flags: Set<string> }> {
  if (command.commands.length === 0) return [{ path: path.join(' '), flags: new Set(command.options.flatMap((o) => (o.long ? [o.long] : []))) }];
  return command.commands.flatMap((child) => leaves(child, [...path, child.name()]));
}

const program = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: ExitCode.ok } });
const commands = leaves(program);
const byPath = new Map(commands.map((c) => [c.path, c.flags]));

describe('write guards on every command that can overbook', () => {
  test('a resource with write rules takes --allow-overbook and --dry-run on update and on its bulk writes', () => {
    const ruled = resourceList.filter((def) => def.writeRules !== undefined);
    expect(ruled.map((def) => def.name).sort()).toEqual(['bookings', 'events', 'inventory']);
    for (const def of ruled) {
      const verbs = ['update', ...(def.bulk ? ['import', 'apply'] : [])];
      for (const verb of verbs) expect(byPath.get(`${def.command} ${verb}`), `${def.command} ${verb}`).toContain('--allow-overbook');
    }
  });

  test('every command that takes --allow-overbook shows first what it would write (--dry-run, or --plan for apply)', () => {
    const guarded = commands.filter((c) => c.flags.has('--allow-overbook'));
    expect(guarded.map((c) => c.path)).toEqual(expect.arrayContaining(['events book', 'events confirm', 'events uncancel', 'events move', 'events clone', 'events update', 'inventory update']));
    for (const { path, flags } of guarded) expect(flags.has('--dry-run') || path.endsWith(' apply'), path).toBe(true);
  });
});
