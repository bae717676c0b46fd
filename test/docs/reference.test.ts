// The manual and the reference built into the tool (`rentals help <topic>`, `--help`, the man page,
// all generated from the command registry and src/cli/help-topics.ts) say the same: a ```text block
// marked `<!-- output of: rentals … -->` is exactly what that command prints, every help topic is
// shown so in the manual, every flag the README and the manual name is one the tool has (so one the
// man page and --help list), and the README's table of commands names every command there is.

import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { commandTree } from '../../src/cli/man-page.js';
import { HELP_TOPICS } from '../../src/cli/help-topics.js';
import { runRentals } from '../e2e/harness.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { fencedBlocks, manualFiles, readDoc } from './markdown.js';
import { readLine } from './shell-words.js';

const generated = manualFiles().flatMap((file) => fencedBlocks(file).filter((block) => block.outputOf !== undefined));

describe('blocks marked as the output of a command', () => {
  test.each(generated.map((block) => [`${block.file}:${block.line}`, block] as const))('%s is what the command prints', async (_where, block) => {
    const line = readLine(block.outputOf!);
    expect(line.words, `${_where}: "${block.outputOf}" is not a plain rentals command`).toBeDefined();
    // A clean environment: no profile, no service, so the output is the tool's own.
    const home = fileTempDir('rentals-docs-ref-');
    const result = await runRentals(line.words!, { env: { HOME: home, RENTALS_CONFIG_DIR: home } });
    expect(result.code, result.stderr).toBe(0);
    // Trailing blank lines aside (a block cannot end with one).
    expect(block.lines.join('\n').trimEnd(), `${_where}: paste the output of ${block.outputOf}`).toBe(result.stdout.trimEnd());
  });

  test('the manual shows every help topic as rentals help prints it', () => {
    const shown = new Set(generated.map((block) => block.outputOf));
    const missing = HELP_TOPICS.map((topic) => `rentals help ${topic.name}`).filter((command) => !shown.has(command));
    expect(missing, 'show each topic in the page of its subject, after <!-- output of: rentals help <topic> -->').toEqual([]);
  });
});

describe("the README's commands at a glance", () => {
  test('name every command and group rentals has', async () => {
    const readme = readDoc('README.md');
    const table = readme.slice(readme.indexOf('## Commands at a glance'), readme.indexOf('\n## ', readme.indexOf('## Commands at a glance') + 1));
    expect(table.length).toBeGreaterThan(100);
    const nodes = [...(await registry.loadAll()).values()].filter((node) => node.kind === 'group' || !node.hidden);
    const missing = nodes.filter((node) => !table.includes(`rentals ${node.name}`)).map((node) => node.name);
    expect(missing, 'add a row to the README table "Commands at a glance" for each').toEqual([]);
  });
});

describe('the flags the README and the manual name', () => {
  test('are flags of rentals, as its --help and man page list them', async () => {
    const flags = new Set(['--help']);
    const walk = (command: Command): void => {
      for (const option of command.options) if (option.long) flags.add(option.long);
      command.commands.forEach(walk);
    };
    walk(await commandTree());
    expect(flags.has('--for-spreadsheet') && flags.has('--max-change') && flags.has('--finish')).toBe(true);
    const unknown = manualFiles().flatMap((file) => [...readDoc(file).matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].filter((m) => !flags.has(m[0])).map((m) => `${file}: ${m[0]}`));
    expect(unknown, 'a flag renamed or gone: say what the tool takes now').toEqual([]);
  });
});
