// What a run changes, declared by every command of the registry (its effect): the annotations of
// its tool for an assistant and what `rentals mcp --read-only` offers. Checked against what the
// command takes: a command that only reads has no option of a write.

import { beforeAll, describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import type { Effect, LeafCommand } from '../../src/cli/registry/spec.js';

const EFFECTS: readonly Effect[] = ['reads', 'adds', 'sets', 'changes', 'deletes'];
/** Options only a write has: a dry run, the overbook override, the go-ahead of a delete or mass change. */
const WRITE_OPTIONS = ['dryRun', 'allowOverbook', 'yes'];

let commands: Array<{ path: string; command: LeafCommand }>;
beforeAll(async () => {
  commands = (await registry.everyCommand()).map(({ words, command }) => ({ path: words.join(' '), command }));
});

const effectOf = (path: string) => commands.find((c) => c.path === path)?.command.effect;

describe('the effect every command declares', () => {
  test('every command of the registry declares one of the five effects', () => {
    expect(commands.length).toBeGreaterThan(60);
    for (const { path, command } of commands) expect(EFFECTS, path).toContain(command.effect);
  });

  test('a command that only reads takes no option of a write (--dry-run, --allow-overbook, --yes)', () => {
    for (const { path, command } of commands.filter((c) => c.command.effect === 'reads')) {
      for (const option of WRITE_OPTIONS) expect(Object.keys(command.flags ?? {}), `${path} --${option}`).not.toContain(option);
    }
  });

  test('a command that takes --dry-run or --allow-overbook writes', () => {
    for (const { path, command } of commands) {
      const flags = Object.keys(command.flags ?? {});
      if (flags.includes('dryRun') || flags.includes('allowOverbook')) expect(command.effect, path).not.toBe('reads');
    }
  });

  test('the generic verbs of every resource: list and get read, add adds, update sets, delete deletes', () => {
    const verbs: Record<string, Effect> = { list: 'reads', get: 'reads', add: 'adds', update: 'sets', delete: 'deletes', export: 'reads' };
    for (const { path, command } of commands) {
      const verb = path.split(' ')[1];
      if (verb !== undefined && verbs[verb] !== undefined) expect(command.effect, path).toBe(verbs[verb]);
    }
  });

  test('the calendar writes say what they do: book sets, unbook deletes, clone adds, move and adjust change by what is there, undo too', () => {
    expect(effectOf('events book')).toBe('sets');
    expect(effectOf('events unbook')).toBe('deletes');
    expect(effectOf('events clone')).toBe('adds');
    expect(effectOf('events move')).toBe('changes');
    expect(effectOf('prices adjust')).toBe('changes');
    expect(effectOf('prices set')).toBe('sets');
    expect(effectOf('undo')).toBe('changes');
    expect(effectOf('availability')).toBe('reads');
  });
});
