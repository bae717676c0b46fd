// `-o, --output` in each command's own help: the formats that command prints, generated from the
// kind of view it declares and whether it has a page (a quote, a pick list, a timeline), and a run
// with a format its help does not list is refused for that format.

import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { buildProgram } from '../../src/cli/program.js';
import type { LeafCommand } from '../../src/cli/registry/spec.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';

const nodes = [...(await registry.loadAll()).values()];
const leaves: Array<{ path: string[]; command: LeafCommand }> = nodes.flatMap((node) =>
  node.kind === 'group' ? registry.commandsOf(node).map((command) => ({ path: [node.name, command.name], command })) : [{ path: [node.name], command: node }],
);

/** The formats on the `-o, --output` line of `rentals …path --help` (its wrapped lines joined). */
async function listedFormats(path: string[]): Promise<string[] | undefined> {
  const help = (await runCli([...path, '--help'], { home: '/nonexistent' })).stdout;
  const lines = help.split('\n');
  const at = lines.findIndex((line) => /^\s+-o, --output <format>/.test(line));
  if (at < 0) return undefined;
  const own = [lines[at]!];
  for (const line of lines.slice(at + 1)) {
    if (!/^\s{10,}\S/.test(line)) break;
    own.push(line);
  }
  const text = own.join(' ').replace(/^\s+-o, --output <format>\s+/, '');
  const formats = text.match(/^[a-z|]+/)?.[0];
  return formats?.split('|');
}

const program = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: 0 } });

/** Placeholders for the required arguments and options of `path`, which let commander reach the action. */
function placeholders(path: string[]): string[] {
  const command = path.reduce<Command | undefined>((parent, word) => parent?.commands.find((c) => c.name() === word), program)!;
  const args = command.registeredArguments.filter((arg) => arg.required).map(() => '1');
  const options = command.options.filter((option) => option.mandatory).flatMap((option) => [option.long!, '1']);
  return [...args, ...options];
}

/** Runs with `-o format`, giving each required option commander names (a concept's spellings are checked when the command runs) a placeholder. */
async function runWithPlaceholders(args: string[], format: string): Promise<{ code: number; stderr: string }> {
  let run = await runCli([...args, '-o', format], { home: '/nonexistent' });
  for (let more = [...args]; ; ) {
    const missing = /required option '(--[a-z-]+)/.exec(run.stderr)?.[1];
    if (missing === undefined) return run;
    more = [...more, missing, '1'];
    run = await runCli([...more, '-o', format], { home: '/nonexistent' });
  }
}

describe('-o in every command help: the formats it prints', () => {
  test.each([
    ['events', 'show'],
    ['load-sheet'],
    ['timeline'],
  ])('rentals %s … --help lists html and pdf (its page)', async (...path) => {
    const formats = await listedFormats(path);
    expect(formats).toEqual(expect.arrayContaining(['table', 'tsv', 'csv', 'json', 'ndjson', 'html', 'pdf']));
  });

  test('agenda lists ics; a plain list lists neither ics nor html', async () => {
    expect(await listedFormats(['agenda'])).toContain('ics');
    const list = await listedFormats(['inventory', 'list']);
    expect(list).toEqual(expect.arrayContaining(['table', 'tsv', 'csv', 'json', 'ndjson']));
    expect(list).not.toContain('ics');
    expect(list).not.toContain('html');
    expect(list).not.toContain('pdf');
  });

  const printing = leaves.filter(({ command }) => command.formats !== undefined && !command.hidden);
  test('every command that prints a view declares its formats', () => {
    expect(printing.length).toBeGreaterThan(30);
  });

  test.each(printing.map(({ path, command }) => [path.join(' '), path, command] as const))('rentals %s: -o lists what it prints; a format it does not list is refused', async (_name, path, command) => {
    // A command that takes no -o (a shell script) has no -o line.
    const listed = (await listedFormats(path)) ?? [];
    expect(listed).toEqual([...command.formats!]);
    for (const format of ['ics', 'html', 'pdf']) {
      if (listed.includes(format)) continue;
      const run = await runWithPlaceholders([...path, ...placeholders(path)], format);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`-o ${format}`);
    }
  });
});
