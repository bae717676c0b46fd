// docs/assistant.md lists every tool `rentals mcp` offers and everything it leaves out, as the
// registry makes them: its two tables are generated here and must be the page's (the test prints
// the table to paste when they differ).

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { registry } from '../../../src/cli/catalog.js';
import { LEFT_OUT_COMMANDS, LEFT_OUT_OPTIONS } from '../../../src/cli/commands/mcp/left-out.js';
import { type Tool, assistantTools } from '../../../src/cli/commands/mcp/tools.js';

const PAGE = new URL('../../../docs/assistant.md', import.meta.url);

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const summary = (tool: Tool) => tool.description.split('\n\n')[0]!.replace(/\.$/, '');

function toolsTable(tools: readonly Tool[]): string {
  return [
    '| Tool | Command | Effect | What it does |',
    '| --- | --- | --- | --- |',
    ...tools.map((t) => `| \`${t.name}\` | \`rentals ${t.words.join(' ')}\` | ${t.effect} | ${cell(summary(t))} |`),
  ].join('\n');
}

function leftOutTable(): string {
  return [
    '| Left out | Why |',
    '| --- | --- |',
    ...Object.entries(LEFT_OUT_COMMANDS).map(([words, why]) => `| \`rentals ${words}\` | ${cell(why)} |`),
    ...Object.entries(LEFT_OUT_OPTIONS).map(([key, why]) => `| \`--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}\` (of any command) | ${cell(why)} |`),
  ].join('\n');
}

/** The lines between `<!-- name: … -->` and `<!-- /name -->` on the page. */
function section(page: string, name: string): string {
  const match = new RegExp(`<!-- ${name}:[^>]*-->\\n([\\s\\S]*?)\\n<!-- /${name} -->`).exec(page);
  if (!match) throw new Error(`docs/assistant.md has no <!-- ${name}: … --> section`);
  return match[1]!;
}

describe('docs/assistant.md', () => {
  test('lists every tool, as the registry makes them (the table to paste is printed when they differ)', async () => {
    const expected = toolsTable(await assistantTools(registry));
    const page = readFileSync(PAGE, 'utf8');
    expect(section(page, 'tools'), `paste this table into docs/assistant.md:\n\n${expected}\n`).toBe(expected);
  });

  test('lists what is left out and why (the table to paste is printed when they differ)', () => {
    const expected = leftOutTable();
    const page = readFileSync(PAGE, 'utf8');
    expect(section(page, 'left-out'), `paste this table into docs/assistant.md:\n\n${expected}\n`).toBe(expected);
  });

  test('says how many tools there are, and how many of them --read-only keeps', async () => {
    const page = readFileSync(PAGE, 'utf8');
    expect(page).toContain(`${(await assistantTools(registry)).length} tools`);
    expect(page).toContain(`${(await assistantTools(registry, { readOnly: true })).length} of them`);
  });
});
