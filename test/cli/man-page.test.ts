// The man page and `rentals --help` come from the command registry: both list every command it
// registers, and the man page shipped in dist/ is the one the registry gives today.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { releaseDate, renderManPage } from '../../src/cli/man-page.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
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

const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
const man = await renderManPage(pkg.version, releaseDate(changelog, pkg.version));

const HAVE_MANDOC = spawnSync('mandoc', ['-Tlint', '/dev/null']).error === undefined;
/** `.ci/run` sets RENTALS_DOC_TESTS=required: there a missing mandoc fails instead of skipping. */
const MANDOC_REQUIRED = process.env.RENTALS_DOC_TESTS === 'required';
if (!HAVE_MANDOC) console.warn('\n!!! mandoc is not installed: the man page lint (test/cli/man-page.test.ts) is SKIPPED. Install it: apt-get install -y mandoc !!!\n');

describe('man page', () => {
  const text = man
    .replace(/\\-/g, '-')
    .replace(/\\e/g, '\\')
    .replace(/\\\[u([0-9A-F]{4,6})\]/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
  /** The page's text with its lines joined, as roff fills them. */
  const filledText = text.replace(/\s+/g, ' ');

  test('lists every registered command, with its summary', () => {
    const commands = registeredCommands();
    expect(commands.length).toBeGreaterThan(50);
    for (const command of commands) expect(text, command).toMatch(new RegExp(`^\\.(?:B|SS) ${command.replace(/[|]/g, '\\|')}\\b`, 'm'));
    for (const node of nodes) if (node.kind === 'group' || !node.hidden) expect(filledText).toContain(node.summary.replace(/\s+/g, ' '));
  });

  test('lists the global flags, the environment and the help topics', () => {
    expect(text).toContain('.B --jq <expression>');
    expect(text).toContain('.B RENTALS_TIMEZONE');
    expect(text).toContain('.SH EXIT CODES');
  });

  test('is dated with the release date of its version in the changelog', () => {
    expect(man.split('\n')[0]).toBe(`.TH RENTALS 1 ${releaseDate(changelog, pkg.version)} "rentals ${pkg.version}" "User Commands"`);
    expect(releaseDate('## [Unreleased]\n\n## [0.1.0] - 2026-11-22\n', '0.1.0')).toBe('2026-11-22');
    expect(() => releaseDate('## [Unreleased]\n', '0.2.0')).toThrow('CHANGELOG.md has no "## [0.2.0] - YYYY-MM-DD" heading');
  });

  test('gives each top-level command a subsection of its own, so none reads as part of the group before it', () => {
    for (const node of nodes) {
      if (node.kind === 'command' && node.hidden) continue;
      expect(text, `rentals ${node.name}`).toMatch(new RegExp(`^\\.SS rentals ${node.name}\\b`, 'm'));
    }
  });

  test('lists each global option once, grouped as rentals help options groups them', () => {
    expect(text.match(/^\.B --jq <expression>$/gm)).toHaveLength(1);
    const globals = text.slice(text.indexOf('.SH GLOBAL OPTIONS'), text.indexOf('.SH COMMANDS'));
    expect([...globals.matchAll(/^\.SS (.*)$/gm)].map((m) => m[1])).toEqual(['Connection', 'Calendar', 'Output', 'Logging', 'Also']);
  });

  test('has each section once', () => {
    const sections = [...man.matchAll(/^\.SH (.*)$/gm)].map((m) => m[1]);
    expect(sections).toEqual([...new Set(sections)]);
    expect(sections.filter((s) => s === 'ENVIRONMENT')).toHaveLength(1);
  });

  test.skipIf(!HAVE_MANDOC && !MANDOC_REQUIRED)('lints clean with mandoc, and fits 80 columns when read', () => {
    const file = join(fileTempDir('rentals-man-'), 'rentals.1');
    writeFileSync(file, man);
    const lint = spawnSync('mandoc', ['-Tlint', '-W', 'style', file], { encoding: 'utf8' });
    expect(lint.error, 'mandoc is required here (RENTALS_DOC_TESTS=required): apt-get install -y mandoc').toBeUndefined();
    expect(`${lint.stdout}${lint.stderr}`).toBe('');
    expect(lint.status).toBe(0);
    const shown = spawnSync('mandoc', ['-Tutf8', '-O', 'width=80', file], { encoding: 'utf8' }).stdout.replace(/.\x08/g, '');
    const wide = shown.split('\n').filter((line) => [...line].length > 80);
    expect(wide).toEqual([]);
    expect(shown).toContain('EXIT CODES');
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
