// One word for one thing (src/resources/shop-words.ts): every column title of every command's table,
// every header of the pages (quote, pick list, timeline), the help of every command and the docs
// call each thing a shop deals with by its one word, and never by a word kept for something else
// (`Available` for the units owned, `Customer name` for the customer, `Address` for the venue).

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import type { LeafCommand } from '../../src/cli/registry/spec.js';
import { columnTitle } from '../../src/output/titles.js';
import { fieldTitles, resourceList } from '../../src/resources/definitions.js';
import { SHOP_WORDS, type ShopWord } from '../../src/resources/shop-words.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/fake-context.js';
import { pickListPage, quotePage, timelinePage } from '../helpers/pages-sample.js';
import { cliFor } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let rentals: ReturnType<typeof cliFor>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'words-token-0123456789', seed: true });
  rentals = cliFor(sandbox);
});

afterAll(async () => {
  await sandbox.close();
});

const WORDS: ReadonlyArray<[string, ShopWord]> = Object.entries(SHOP_WORDS);

/** The concept a title stands for under another word (`Available` → owned), if any. */
function misnamed(title: string): string | undefined {
  const folded = title.trim().toLowerCase();
  const found = WORDS.find(([, word]) => word.not.some((other) => other.toLowerCase() === folded));
  return found === undefined ? undefined : `"${title}" is called "${found[1].word}" (${found[1].means})`;
}

function expectWords(where: string, titles: readonly string[]): void {
  expect(titles.length, `${where}: no titles read`).toBeGreaterThan(0);
  expect(titles.flatMap((title) => misnamed(title) ?? []), where).toEqual([]);
}

/** The titles of every box table in a command's output (a group view has one per group). */
function boxTitles(stdout: string): string[] {
  const lines = stdout.split('\n');
  return lines.flatMap((line, i) => (i > 0 && lines[i - 1]!.startsWith('┌') && line.startsWith('│') ? line.split('│').map((cell) => cell.trim()).filter((cell) => cell !== '') : []));
}

/** The labels of a detail view or a status listing: each line's first column. */
function labels(stdout: string): string[] {
  return stdout.split('\n').flatMap((line) => (/^\S.*? {2,}/.test(line) ? [line.split(/ {2,}/)[0]!] : []));
}

/** The column headers of the report's text: its first line's columns. */
function headerColumns(stdout: string): string[] {
  return stdout.split('\n')[0]!.trim().split(/ {2,}/);
}

type Reader = (stdout: string) => string[];

/**
 * A run of every command that prints columns of its own (not a resource's records: those are
 * checked from the resource table below), with how to read its titles. A command of the
 * registry that is neither here nor in ANSWERS_WITH_RECORDS fails the walk.
 */
const RUNS: Record<string, Array<{ args: string[]; read: Reader }>> = {
  'events show': [{ args: ['events', 'show', '1'], read: (out) => [...labels(out), ...boxTitles(out)] }],
  availability: [
    { args: ['availability', '--from', '2026-12-01', '--to', '2026-12-14'], read: boxTitles },
    { args: ['availability', '--from', '2026-12-01', '--to', '2026-12-04', '--daily'], read: (out) => boxTitles(out).slice(0, 1) },
    { args: ['availability', '--find', '--item', '20x20 Frame Tent=1', '--duration', '1d', '--from', '2026-12-01', '--to', '2027-01-31'], read: boxTitles },
  ],
  timeline: [{ args: ['timeline', '--from', '2026-12-01', '--to', '2026-12-14'], read: (out) => out.split('\n').flatMap((line) => /^\S.* \(\d+ (\w+)\)$/.exec(line)?.[1] ?? []).map((word) => columnTitle(word)) }],
  agenda: [{ args: ['agenda', '--from', '2026-12-01', '--to', '2026-12-14'], read: boxTitles }],
  'load-sheet': [{ args: ['load-sheet', '--from', '2026-12-10', '--to', '2026-12-20'], read: boxTitles }],
  report: [
    { args: ['report', 'utilization', '--from', '2026-12-01', '--to', '2026-12-31'], read: headerColumns },
    { args: ['report', 'revenue', '--from', '2026-12-01', '--to', '2026-12-31'], read: headerColumns },
  ],
  'config list': [{ args: ['config', 'list'], read: boxTitles }],
  'auth status': [{ args: ['auth', 'status'], read: labels }],
};

/** Commands whose tables are a resource's records (their titles come from the resource table), or that print no columns. */
const ANSWERS_WITH_RECORDS = new Set([
  ...['book', 'unbook', 'confirm', 'cancel', 'uncancel', 'clone', 'move', 'open'].map((verb) => `events ${verb}`),
  'check', // a problem per paragraph: code and message
  'history', // checked by its own tests; no table without writes
  'undo',
  'config get',
  'config set',
  'config unset',
  'auth login',
  'auth logout',
  'api',
  'snapshot',
  'diff',
  'completion',
  '__complete',
  'prices set',
  'prices adjust',
]);

const GENERIC = new Set(['list', 'get', 'add', 'update', 'delete', 'export', 'import', 'apply']);

const leaves: Array<{ path: string; command: LeafCommand }> = [...(await registry.loadAll()).values()].flatMap((node) =>
  node.kind === 'group' ? registry.commandsOf(node).map((command) => ({ path: `${node.name} ${command.name}`, command })) : [{ path: node.name, command: node }],
);

describe('one word for one thing in every title', () => {
  it.each(resourceList.map((def) => [def.command, def] as const))('%s: every field titled by its word', (_name, def) => {
    const titles = fieldTitles(def);
    expectWords(def.command, def.fields.map((field) => columnTitle(field.name, titles)));
  });

  it('the units of an item the shop has are "Owned" in the inventory list and in availability alike', async () => {
    const inventory = boxTitles((await rentals(['inventory', 'list', '-o', 'table'])).stdout);
    const availability = boxTitles((await rentals(['availability', '-o', 'table'])).stdout);
    expect(inventory).toContain(SHOP_WORDS.owned.word);
    expect(availability).toContain(SHOP_WORDS.owned.word);
    expect(inventory).toContain(SHOP_WORDS.item.word);
  });

  it('every command of the registry is walked', () => {
    const unwalked = leaves.filter(({ path, command }) => command.formats !== undefined && !GENERIC.has(path.split(' ').pop()!) && RUNS[path] === undefined && !ANSWERS_WITH_RECORDS.has(path));
    expect(unwalked.map(({ path }) => path)).toEqual([]);
  });

  it.each(Object.entries(RUNS))('rentals %s: its titles', async (name, runs) => {
    for (const run of runs) {
      const result = await rentals([...run.args, '-o', 'table']);
      expect(result.code, result.stderr).toBe(0);
      expectWords(`${name} (${run.args.join(' ')})`, run.read(result.stdout));
    }
  });

  it.each([
    ['the quote', () => quotePage('A4')],
    ['the pick list', () => pickListPage('A4')],
    ['the timeline', () => timelinePage('A4').html],
  ] as const)('%s: every header', (name, page) => {
    const headers = [...page().matchAll(/<(th|dt|h[1-4])\b[^>]*>([^<]*)</g)].map((m) => m[2]!.replace(/&[a-z#0-9]+;/g, '').trim()).filter((text) => text !== '' && !/^\W+$/.test(text));
    expectWords(name, headers);
  });
});

describe('one word for one thing in help and docs', () => {
  const phrases = WORDS.flatMap(([, word]) => (('phrases' in word ? word.phrases : undefined) ?? []).map((phrase) => ({ phrase, word })));
  const misused = (text: string) =>
    phrases.flatMap(({ phrase, word }) => (new RegExp(`(?<![\\w-])${phrase.replace(/ /g, '\\s+')}(?![\\w-])`, 'i').test(text) ? [`"${phrase}" (say "${word.word.toLowerCase()}")`] : []));

  it.each(leaves.filter(({ command }) => !command.hidden).map(({ path }) => [path] as const))('rentals %s --help', async (path) => {
    const help = await runCli([...path.split(' '), '--help'], { home: '/nonexistent' });
    expect(misused(help.stdout)).toEqual([]);
  });

  it('the help topics, the README and every page of docs/', async () => {
    const texts: Array<[string, string]> = [];
    for (const topic of ['formats', 'holds', 'dates', 'bulk', 'environment']) texts.push([`help ${topic}`, (await runCli(['help', topic], { home: '/nonexistent' })).stdout]);
    const root = join(import.meta.dirname, '..', '..');
    texts.push(['README.md', readFileSync(join(root, 'README.md'), 'utf8')]);
    for (const file of (existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')) : []).filter((name) => name.endsWith('.md'))) texts.push([`docs/${file}`, readFileSync(join(root, 'docs', file), 'utf8')]);
    expect(texts.flatMap(([where, text]) => misused(text).map((problem) => `${where}: ${problem}`))).toEqual([]);
  });
});
