// The man page and `rentals --help` come from the command registry: both list every command it
// registers, and the man page shipped in dist/ is the one the registry gives today.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { renderManPage } from '../../src/cli/man-page.js';
import { runCli } from '../helpers/fake-context.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string; man: string[] };

/** Every visible command of the registry as `rentals group verb` (or `rentals command`). */
const nodes = [...(await registry.loadAll()).values()];

function registeredCommands(): string[] {
  return nodes.flatMap((node) => {
    if (node.kind === 'command') return node.hidden ? [] : [`rentals ${node.name}`];
    return registry.commandsOf(node).filter((c) => !c.hidden).map((c) => `rentals ${node.name} ${c.name}`);
  });
}

const man = await renderManPage(pkg.version);

describe('man page', () => {
  const text = man.replace(/\\-/g, '-').replace(/\\e/g, '\\');

  test('lists every registered command, with its summary', () => {
    const commands = registeredCommands();
    expect(commands.length).toBeGreaterThan(50);
    for (const command of commands) expect(text, command).toMatch(new RegExp(`^\\.(?:B|SS) ${command.replace(/[|]/g, '\\|')}\\b`, 'm'));
    for (const node of nodes) if (node.kind === 'group' || !node.hidden) expect(text).toContain(node.summary);
  });

  test('lists the global flags, the environment and the help topics', () => {
    expect(text).toContain('.B --jq <expression>');
    expect(text).toContain('.B RENTALS_TIMEZONE');
    expect(text).toContain('.SH EXIT CODES');
  });

  test('ships in the package as package.json "man" says, and is the one the registry gives', () => {
    expect(pkg.man).toEqual(['dist/rentals.1']);
    expect(readFileSync(new URL(`../../${pkg.man[0]}`, import.meta.url), 'utf8')).toBe(man);
  });
});

describe('rentals --help', () => {
  test('lists exactly the registered top-level commands', async () => {
    const { stdout } = await runCli(['--help'], { home: '/nonexistent' });
    const section = stdout.split('\nCommands:\n')[1]!.split('\n\n')[0]!;
    const listed = section
      .split('\n')
      .filter((line) => /^ {2}\S/.test(line))
      .map((line) => line.trim().split(/\s/)[0]!);
    const visible = nodes.filter((node) => node.kind === 'group' || !node.hidden);
    expect(listed).toEqual(visible.map((node) => [node.name, ...node.aliases].join('|')));
  });
});
