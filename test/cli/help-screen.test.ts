// Help as one screen: every command's --help at an 80×24 terminal fits it (the global options in
// one line pointing at `rentals help options`, which lists them all from their declaration), a bare
// `rentals` shows the commands first, and no line of help is wider than the terminal or cut inside
// a word.

import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { GLOBAL_FLAG_LINES, flagNames } from '../../src/cli/global-flags.js';
import { HELP_TOPICS } from '../../src/cli/help-topics.js';
import { buildProgram } from '../../src/cli/program.js';
import { textWidth } from '../../src/output/width.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';

const HOME = { home: '/nonexistent' };
const SCREEN = { ...HOME, tty: true, columns: 80 };

function walk(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  return [{ path, command }, ...command.commands.filter((sub) => !(sub as unknown as { _hidden: boolean })._hidden).flatMap((sub) => walk(sub, [...path, sub.name()]))];
}

const program = await buildProgram({ ctx: fakeContext(HOME).ctx, state: { exitCode: 0 } });
/** Every command and group below the root (the root lists every command: it is the one help longer than a screen). */
const commands = walk(program).filter(({ path }) => path.length > 0);

function lines(text: string): string[] {
  return text.trimEnd().split('\n');
}

/**
 * The helps longer than a screen, and why: a flag per field of the API's event record (30 of
 * them, each said once), and the sandbox server's own settings. Each entry must still be needed.
 */
const LONGER: Record<string, string> = {
  'events add': 'one flag per writable field of the event record (30)',
  'events update': 'one flag per writable field of the event record (30)',
  sandbox: 'the local server: its data, address, credentials and limits',
};

describe('every command’s help fits one 80×24 screen', () => {
  test.each(commands.map(({ path }) => [path.join(' '), path] as const))('rentals %s --help', async (name, path) => {
    const result = await runCli([...path, '--help'], SCREEN);
    expect(result.code).toBe(0);
    const shown = lines(result.stdout);
    if (LONGER[name]) expect(shown.length, `${name} fits a screen now: take it off LONGER`).toBeGreaterThan(24);
    else expect(shown.length, result.stdout).toBeLessThanOrEqual(24);
    for (const line of shown) if (!/^\s*\$ /.test(line)) expect(textWidth(line), line).toBeLessThanOrEqual(80);
    // The global options in one line, never listed flag by flag; the output flags where the command takes them.
    const takesOutput = !['sandbox', 'mcp', 'help', 'completion'].includes(name);
    const global = takesOutput ? 'Global options (rentals help options): -h, --profile, -o, --json, --jq, -q, …' : 'Global options (rentals help options): -h, --profile, -q, …';
    expect(shown.filter((line) => line.startsWith('Global options'))).toEqual([global]);
    expect(result.stdout).not.toContain('--allow-insecure-token-file');
  });
});

describe('the help topics at an 80-column terminal', () => {
  // A topic is written for a wider screen; at 80 columns an entry's text is filled again under
  // its start, not wrapped line by line (which leaves a short line in the middle of a sentence).
  test.each(HELP_TOPICS.map((topic) => [topic.name] as const))('rentals help %s reads as filled paragraphs', async (name) => {
    const result = await runCli(['help', name], SCREEN);
    expect(result.code).toBe(0);
    const shown = lines(result.stdout);
    for (const line of shown) if (!/^\s*\$ /.test(line)) expect(textWidth(line), line).toBeLessThanOrEqual(80);
    expect(shown.filter((line) => /[,;]$/.test(line) && textWidth(line) < 60)).toEqual([]);
  });
});

describe('the root help and the options topic', () => {
  test('a bare rentals shows the commands first, the global options in one line', async () => {
    const shown = lines((await runCli([], SCREEN)).stdout);
    const commandsAt = shown.indexOf('Commands:');
    expect(commandsAt).toBeGreaterThan(0);
    expect(commandsAt).toBeLessThan(8);
    expect(shown.findIndex((line) => /^\s*-/.test(line))).toBeGreaterThan(commandsAt);
    expect(shown).toContain('Global options (rentals help options): -h, --profile, -o, --json, --jq, -q, …');
    expect(shown.join('\n')).not.toContain('--base-url');
  });

  test('rentals help options lists every global option with its help, group by group', async () => {
    const result = await runCli(['help', 'options'], HOME);
    expect(result.code).toBe(0);
    const text = result.stdout;
    for (const flag of GLOBAL_FLAG_LINES) expect(text.replace(/\s+/g, ' ')).toContain(`${flag.usage} ${flag.help}`.replace(/\s+/g, ' '));
    for (const heading of ['Connection:', 'Calendar:', 'Output:', 'Logging:']) expect(text).toContain(`\n${heading}\n`);
    expect(text).toContain('-V, --version');
    // Every flag the root parses is there.
    const root = program.options.flatMap((option) => (option.long ? [option.long] : []));
    for (const long of root) expect(GLOBAL_FLAG_LINES.some((flag) => flagNames(flag.usage).includes(long)) || long === '--version', long).toBe(true);
  });

  test.each([60, 80, 120])('help at %i columns is wrapped between words, never inside one', async (width) => {
    for (const argv of [['--help'], ['undo', '--help'], ['help', 'options'], ['events', 'book', '--help']]) {
      const text = (await runCli(argv, { ...HOME, tty: true, columns: width })).stdout;
      const piped = (await runCli(argv, HOME)).stdout;
      const words = new Set(piped.split(/\s+/).filter((word) => word !== ''));
      for (const line of lines(text)) {
        if (/^\s*\$ /.test(line)) continue;
        expect(textWidth(line), line).toBeLessThanOrEqual(width);
        for (const word of line.split(/\s+/).filter((w) => w !== '')) expect(words, `${argv.join(' ')}: "${word}" in ${line}`).toContain(word);
      }
    }
  });
});
