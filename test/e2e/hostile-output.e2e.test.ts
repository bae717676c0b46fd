// Every command that prints a record name, with names full of control characters (C0, DEL, C1,
// ESC sequences, bidi overrides), in every -o: generated from the command registry, so a new
// command is covered without being listed here. Each command's examples (their first `rentals …`,
// as a shell would run it up to a pipe or a redirection) run against a sandbox whose records
// fast-check has renamed; the names in the examples are renamed alike, and the files they read
// are made from the sandbox. Whatever the outcome, the bytes are checked: text for people (a
// table, a plan, a sentence, stderr, anything at a terminal) holds no raw control character but
// the line feed; each machine format holds them only where its own escaping puts them (inside
// RFC 4180 quotes, never in JSON, tsv, ics), and tsv never begins with the header row csv has.
// Runs are bounded: one example per command, 8 runs each.

import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Command } from 'commander';
import { registry } from '../../src/cli/catalog.js';
import { argumentValues, optionValues } from '../../src/cli/completion/sources.js';
import { buildProgram } from '../../src/cli/program.js';
import type { CommandInfo } from '../../src/cli/registry/spec.js';
import { csvHeader, csvLine } from '../../src/output/format.js';
import { textWidth } from '../../src/output/width.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';
import { cliEnv, freshConfigDir, type RunResult } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const FORMATS = ['table', 'tsv', 'csv', 'json', 'ndjson', 'ics'] as const;
type Format = (typeof FORMATS)[number];

/** Commands that serve until stopped: they print no record. */
const NEVER_ENDS = new Set(['sandbox']);

/** A printable tag at the start of every renamed record: its presence says a command printed a name. */
const TAG = 'Zq';

/** The line and paragraph separators: shown escaped, never drawn (a terminal gives them a column; a reader may break the line). */
const SEPARATORS = ['\u2028', '\u2029'];
/** A line feed and what would read as a row of its own if it were drawn: a picture (a chart, a timeline) must show it escaped. */
const FORGED = 'FORGED';
const FORGED_ROW = `\n${FORGED}  192.0`;
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const hostileUnit = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(...BIDI, ...SEPARATORS, FORGED_ROW, '\u001b[2J', '\u001b]8;;http://evil/\u0007link\u001b]8;;\u0007', '\u009b31m', '\r', '"', "'", '\\', ' ', 'é'),
);
/** What fast-check adds to each name: at least one control character, never `=` or `,` (item flags' separators). */
const hostileSuffix = fc.array(hostileUnit, { minLength: 1, maxLength: 6 }).map((units) => units.join(''));

/** Raw characters no text for people may hold (the line feed aside). */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

function unsafeIn(text: string, allowed: RegExp = /\n/g): string | undefined {
  const found = UNSAFE.exec(text.replace(allowed, ''));
  return found ? `U+${found[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${JSON.stringify(text.slice(Math.max(0, found.index - 20), found.index + 20))}` : undefined;
}

/** A line that a name's line feed began: a table folds the cell (the row's other columns stay beside it), a picture must not draw it. */
function forgedRow(text: string): string | undefined {
  const line = text.split('\n').find((l) => l.trimStart().startsWith(FORGED));
  return line === undefined ? undefined : `a name's line feed drew a line of its own: ${JSON.stringify(line)}`;
}

/** The bytes of one run are safe for where they go; a message when not. */
function problem(format: Format, out: RunResult, tty: boolean): string | undefined {
  const err = unsafeIn(out.stderr);
  if (err) return `stderr: ${err}`;
  const stdout = out.stdout;
  if (tty) return unsafeIn(stdout, /\r\n|\n|\t/g) ?? forgedRow(stdout);
  switch (format) {
    case 'tsv':
      return unsafeIn(stdout, /[\t\n]/g);
    case 'csv':
      return unsafeIn(stdout.replace(/"(?:[^"]|"")*"/g, '""'));
    case 'ics':
      return unsafeIn(stdout, /\r\n|\n/g);
    case 'json':
    case 'ndjson':
      // ndjson: a line per record, or one JSON document where the view is one (`rentals api`'s body).
      for (const doc of format === 'json' || isJson(stdout) ? [stdout] : stdout.split('\n')) {
        if (doc.trim() !== '' && doc.trimStart().startsWith('{')) {
          try {
            JSON.parse(doc);
          } catch {
            return `${format} that does not parse: ${doc.slice(0, 80)}`;
          }
        }
      }
      return unsafeIn(stdout);
    default:
      return unsafeIn(stdout);
  }
}

/** tsv has no header row, csv has one (rentals help formats): a message when tsv begins with csv's header. */
function tsvHeader(tsv: RunResult, csv: RunResult): string | undefined {
  // Text that is the same in every format (a completion script, a request) has no header to compare.
  if (tsv.code !== 0 || csv.code !== 0 || tsv.stdout === csv.stdout) return undefined;
  const first = tsv.stdout.split('\n')[0]!;
  return first !== '' && first === csv.stdout.split('\n')[0]!.split(',').join('\t') ? `a header row, as csv's: ${JSON.stringify(first.slice(0, 80))}` : undefined;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The words of an example as a shell runs its first command: up to a pipe, a redirection, `&&` or a comment. */
function firstCommand(example: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of example.replace(/^rentals\s+/, '')) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else word = (word ?? '') + ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if ('|<>#&'.includes(ch)) break;
    else word = (word ?? '') + ch;
  }
  if (word !== undefined && !quote) words.push(word);
  return words;
}

/** Flags that name a file written: a fresh path per run (a report is never overwritten). */
const WRITTEN = new Set(['--report', '--plan', '--out']);

let sandbox: Sandbox;
let files: string;
let runCount = 0;
/** Seed name → the name fast-check gave it. */
const renamed = new Map<string, string>();

async function api(method: string, path: string, body?: unknown): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `bearer ${Buffer.from(sandbox.token).toString('base64')}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: Array<Record<string, unknown>> };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data ?? [];
}

function strip(record: Record<string, unknown>): Record<string, unknown> {
  const { Links: _links, ...rest } = record;
  return rest;
}

/**
 * Gives each record's `fields` a hostile suffix (and `filled` a value first where it has none).
 * `filled` holds text whose line breaks are its lines (contacts, notes): its suffixes lose their
 * line feeds here (a line of its own is what such a line break is for; where it is drawn, a test
 * below says), the forged row with it, but keep every other control.
 */
async function rename(path: string, fields: string[], suffixes: string[], filled: string[] = []): Promise<void> {
  let k = 0;
  for (const record of await api('GET', path)) {
    const body = strip(record);
    for (const field of filled) body[field] = `${TAG}${typeof body[field] === 'string' && body[field] !== '' ? String(body[field]) : field}${suffixes[k++ % suffixes.length]!.split(FORGED_ROW).join('\u2028').replace(/\n/g, ' ')}`;
    for (const field of fields) {
      const old = body[field];
      if (typeof old !== 'string' || old === '') continue;
      const name = `${TAG}${old}${suffixes[k++ % suffixes.length]}`;
      renamed.set(old, name);
      body[field] = name;
    }
    await api('PUT', `${path}/${String(body.id)}`, body);
  }
}

async function runOf(args: string[], format: Format | undefined, tty: boolean, configDir: string): Promise<RunResult> {
  const env = { ...cliEnv(sandbox, configDir), LANG: 'C.UTF-8', NO_COLOR: '1' };
  const formatArgs = format ? ['-o', format] : [];
  const result = await runCli([...args, ...formatArgs], { env, home: configDir, tty, columns: 100, realWaits: true });
  return { code: result.code, stdout: result.stdout, stderr: result.stderr };
}

/** An example's words with its names renamed, its input files made and its output files fresh. */
function prepared(words: string[], resourceFile: (name: string) => string): string[] {
  const names = [...renamed.keys()].sort((a, b) => b.length - a.length);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let word = words[i]!;
    if (word === '--json' || word === '--browser') continue;
    if (word === '-o' || word === '--output') {
      i++;
      continue;
    }
    if (WRITTEN.has(words[i - 1] ?? '')) word = join(files, `written-${++runCount}-${word}`);
    else if (/\.(csv|ndjson|json)$/.test(word)) word = resourceFile(word);
    else for (const name of names) if (word.includes(name)) word = word.split(name).join(renamed.get(name)!);
    out.push(word);
  }
  return out;
}

function commands(): Array<{ path: string[]; info: CommandInfo }> {
  return [...registryNodes].flatMap((node) =>
    node.kind === 'group' ? registry.commandsOf(node).map((command) => ({ path: [node.name, command.name], info: command as CommandInfo })) : [{ path: [node.name], info: node as CommandInfo }],
  );
}

const registryNodes = (await registry.loadAll()).values();
const all = commands();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'hostile-output-token-0123456789', seed: true, webUrl: 'https://app.example.test', log: () => undefined });
  files = fileTempDir('rentals-hostile-');
  const before = join(files, 'before.json');
  await runOf(['snapshot', '--out', before], undefined, false, freshConfigDir());
  const [suffixes] = fc.sample(fc.array(hostileSuffix, { minLength: 8, maxLength: 8 }), { numRuns: 1, seed: 26 });
  await rename('/v1/inventory', ['name'], suffixes!);
  await rename('/v2/inventorycategory', ['name'], suffixes!);
  await rename('/v1/events', ['eventName', 'customerName'], suffixes!, ['customerContacts', 'eventContacts', 'eventSpecialRequirements', 'internalNotes']);
  await runOf(['snapshot', '--out', join(files, 'after.json')], undefined, false, freshConfigDir());
}, 60_000);

afterAll(async () => {
  await sandbox.close();
});

/** Each group's records as its export prints them, read once for the file (the commands of a group read the same rows). */
const exports = new Map<string, Promise<Array<Record<string, unknown>>>>();

function exportedRows(group: string): Promise<Array<Record<string, unknown>>> {
  let rows = exports.get(group);
  if (!rows) {
    const args = group === 'bookings' ? ['bookings', 'export', '--event-id', '1', '-o', 'ndjson'] : [group, 'export', '-o', 'ndjson'];
    rows = runOf(args, undefined, false, freshConfigDir()).then((exported) =>
      exported.code === 0 ? exported.stdout.trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>) : [],
    );
    exports.set(group, rows);
  }
  return rows;
}

/** The file an example reads, made from the sandbox for the command's resource (a changed copy, so that a plan has updates). */
async function makeFiles(group: string, dir: string): Promise<(name: string) => string> {
  mkdirSync(dir, { recursive: true });
  const rows = await exportedRows(group);
  const changed = rows.map((row) => ({
    ...row,
    ...(typeof row.quantityAvailable === 'number' ? { quantityAvailable: row.quantityAvailable + 1 } : {}),
    ...(typeof row.quantity === 'number' ? { quantity: row.quantity + 1 } : {}),
    ...(row.price !== undefined && row.price !== null ? { price: Number(row.price) + 1 } : {}),
    ...(typeof row.name === 'string' ? { name: `${row.name}\u001b[31m\u202e` } : {}),
  }));
  const columns = [...new Set(changed.flatMap((row) => Object.keys(row)))];
  const csv = `${csvHeader(columns)}\n${changed.map((row) => csvLine(row, columns)).join('\n')}\n`;
  const ndjson = changed.map((row) => JSON.stringify(row)).join('\n') + '\n';
  const body = JSON.stringify({ name: `${TAG} body \u001b]0;title\u0007\u009b2J\u202e`, eventName: `${TAG} event \u001b[2J\u202e`, quantityAvailable: 1, active: 1 });
  const made = new Map<string, string>();
  return (name) => {
    if (name === 'before.json' || name === 'after.json') return join(files, name);
    const path = join(dir, name);
    if (!made.has(name)) {
      const text = name.endsWith('.csv') ? csv : name.endsWith('.ndjson') ? ndjson : /^(item|event)\.json$/.test(name) ? body : '';
      writeFileSync(path, text);
      made.set(name, path);
    }
    return path;
  };
}

const covered = new Set<string>();

describe('every command, hostile names, every -o: the bytes are safe, and tsv has no header row (property, from the registry)', () => {
  const runnable = all.filter(({ path }) => !NEVER_ENDS.has(path[0]!));

  test.each(runnable.map(({ path, info }) => [path.join(' '), path, info] as const))('%s', async (name, path, info) => {
    const own = info.examples.map(firstCommand).filter((words) => path.every((word, i) => words[i] === word));
    // One example per command keeps the sweep to seconds: a dry run's where there is one (a plan view), else the first.
    const examples = [own.find((words) => words.includes('--dry-run')) ?? own[0] ?? path];
    const resourceFile = await makeFiles(path[0]!, join(files, name.replace(/\W+/g, '-')));
    const failures: string[] = [];
    for (const example of examples) {
      const args = prepared(example, resourceFile);
      const configDir = freshConfigDir();
      const piped = new Map<Format, RunResult>();
      for (const format of FORMATS) {
        const result = await runOf(args, format, false, configDir);
        piped.set(format, result);
        const bad = problem(format, result, false);
        if (bad) failures.push(`${args.join(' ')} -o ${format}: ${bad}`);
        if (`${result.stdout}${result.stderr}`.includes(TAG)) covered.add(name);
      }
      const header = tsvHeader(piped.get('tsv')!, piped.get('csv')!);
      if (header) failures.push(`${args.join(' ')} -o tsv: ${header}`);
      const atTerminal = await runOf(args, undefined, true, configDir);
      const bad = problem('table', atTerminal, true);
      if (bad) failures.push(`${args.join(' ')} at a terminal: ${bad}`);
      const csvAtTerminal = await runOf(args, 'csv', true, configDir);
      const badCsv = problem('csv', csvAtTerminal, true);
      if (badCsv) failures.push(`${args.join(' ')} -o csv at a terminal: ${badCsv}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  test('the commands that print a record name are most of the registry', () => {
    // The figure for the report; a floor so that a broken example harness cannot pass by printing nothing.
    console.log(`hostile output: ${covered.size} of ${runnable.length} commands printed a renamed record: ${[...covered].sort().join(', ')}`);
    expect(covered.size).toBeGreaterThanOrEqual(25);
  });
});

describe('prices set --dry-run prints names escaped, in every format', () => {
  test.each(['table', 'tsv', 'csv'] as const)('prices set --dry-run -o %s shows the item name escaped', async (format) => {
    const [item] = (await api('GET', '/v1/inventory')).filter((record) => String(record.name).startsWith(TAG));
    const result = await runOf(['prices', 'set', '--inventory-id', String(item!.id), '--rental-block-id', '2', '--price', '149.50', '--dry-run'], format, false, freshConfigDir());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(TAG);
    // A table for people; tsv and csv are its change rows, each format's own escaping (as every write's).
    expect(problem(format, result, false)).toBeUndefined();
  });
});

/** The record a `… add -o json` printed. */
function added(result: RunResult): { id: number } {
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { data: Array<{ id: number }> }).data[0]!;
}

describe('pictures at a terminal: a line break in a name is shown escaped, never drawn', () => {
  const FAKE_ITEM = 'Real\nFAKE LINE  192.0  100.0%';
  const FAKE_EVENT = 'Gala\u2028FAKE\r\u2029';

  test('report utilization and revenue charts and the timeline print the names on one line, escaped', async () => {
    const configDir = freshConfigDir();
    const run = (args: string[], tty = false) => runOf(args, undefined, tty, configDir);
    const item = added(await run(['inventory', 'add', '--name', FAKE_ITEM, '--quantity-available', '5', '-o', 'json']));
    const event = added(await run(['events', 'add', '--event-name', FAKE_EVENT, '--event-status-id', 'Confirmed', '--rental-block-id', 'Daily', '--start-date', '2031-05-05 09:00', '--end-date', '2031-05-06 18:00', '-o', 'json']));
    const booked = await run(['events', 'book', String(event.id), '--item', `${item.id}=2`, '--price', '10']);
    expect(booked.code, booked.stderr).toBe(0);
    const range = ['--from', '2031-05-05', '--to', '2031-05-06'];
    for (const args of [['report', 'utilization', ...range], ['report', 'revenue', ...range], ['timeline', '--item', String(item.id), ...range]]) {
      const shown = await run(args, true);
      expect(shown.code, shown.stderr).toBe(0);
      const lines = shown.stdout.split('\n');
      expect(lines.filter((line) => /^\s*FAKE/.test(line)), args.join(' ')).toEqual([]);
      expect(shown.stdout, args.join(' ')).toMatch(args[0] === 'timeline' ? /2× Gala\\u2028FAKE\\r\\u2029 +█/ : /Real\\nFAKE LINE/);
    }
  });

  test("events show at a terminal: a contact's or a note's line feed starts a line under its label, never one of its own; every other control escaped", async () => {
    const configDir = freshConfigDir();
    const run = (args: string[], tty = false) => runOf(args, undefined, tty, configDir);
    const hostile = `\u001b[2J\u202e\t\u0007\u009b31m\rX${FORGED_ROW}`;
    const flags = ['--customer-contacts', '--event-contacts', '--event-special-requirements', '--internal-notes'].flatMap((flag, i) => [flag, `Line${i}${hostile}`]);
    const event = added(await run(['events', 'add', '--event-name', 'Notes party', '--event-status-id', 'Confirmed', '--rental-block-id', 'Daily', '--start-date', '2031-07-05 09:00', '--end-date', '2031-07-05 18:00', ...flags, '-o', 'json']));
    const shown = await run(['events', 'show', String(event.id)], true);
    expect(shown.code, shown.stderr).toBe(0);
    expect(unsafeIn(shown.stdout)).toBeUndefined();
    const forged = shown.stdout.split('\n').filter((line) => line.trimStart().startsWith(FORGED));
    expect(forged).toHaveLength(4);
    const column = 'special requirements'.length + 2;
    for (const line of forged) expect(line).toBe(`${' '.repeat(column)}${FORGED_ROW.trim()}`);
    expect(shown.stdout).toContain('Line3\\x1b[2J\\u202e\\t\\x07\\u009b31m\\rX\n');
  });

  test('a table row whose name holds U+2028/U+2029 is as wide as the others: the separators are shown escaped and measured so', async () => {
    const configDir = freshConfigDir();
    const run = (args: string[], tty = false) => runOf(args, undefined, tty, configDir);
    added(await run(['inventory', 'add', '--name', 'Line\u2028Para\u2029End', '--quantity-available', '5', '-o', 'json']));
    const table = await run(['inventory', 'list'], true);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('Line\\u2028Para\\u2029End');
    const widths = new Set(table.stdout.split('\n').filter((line) => /[│|]/.test(line)).map((line) => textWidth(line)));
    expect(widths.size, table.stdout).toBe(1);
  });

  test('the timeline shows a control character in a name escaped, so two names never look the same', async () => {
    const configDir = freshConfigDir();
    const run = (args: string[], tty = false) => runOf(args, undefined, tty, configDir);
    const item = added(await run(['inventory', 'add', '--name', 'Twin Tent\u0007', '--quantity-available', '5', '-o', 'json']));
    for (const name of ['Twin Show', 'Twin Show\u0008']) {
      const event = added(await run(['events', 'add', '--event-name', name, '--event-status-id', 'Confirmed', '--rental-block-id', 'Daily', '--start-date', '2031-06-05 09:00', '--end-date', '2031-06-05 18:00', '-o', 'json']));
      expect((await run(['events', 'book', String(event.id), '--item', `${item.id}=1`, '--price', '10'])).code).toBe(0);
    }
    const shown = await run(['timeline', '--item', String(item.id), '--from', '2031-06-05', '--to', '2031-06-05'], true);
    expect(shown.stdout).toContain('Twin Tent\\x07 (5 owned)');
    expect(shown.stdout).toContain('1× Twin Show\\x08');
    expect(shown.stdout).toMatch(/1× Twin Show +[█░]/);
  });
});

/** Every command of the tree with where it completes record names: an option's value, or a positional argument. */
function namePositions(): Array<{ words: string[]; resource: string }> {
  const found: Array<{ words: string[]; resource: string }> = [];
  const walk = (command: Command, path: string[]): void => {
    for (const option of command.options) {
      const source = optionValues(command, option);
      if (source.kind === 'names' && option.long) {
        found.push({ words: [...path, option.long, ''], resource: source.resource });
        break;
      }
    }
    command.registeredArguments.forEach((_argument, index) => {
      const source = argumentValues(command, index, [], () => []);
      if (source.kind === 'names' && index === 0) found.push({ words: [...path, ''], resource: source.resource });
    });
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(completionTree, []);
  return found;
}

const completionTree = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: 0 } });

describe('rentals __complete: hostile names are never offered raw, and each record can still be completed (from the command tree)', () => {
  const positions = namePositions();
  const configDir = freshConfigDir();
  const complete = async (shell: string, words: string[]): Promise<RunResult> => runOf(['__complete', '--shell', shell, '--', ...words], undefined, false, configDir);

  test('the tree completes names at many places', () => {
    expect(positions.length).toBeGreaterThan(20);
    const resources = new Set(positions.map((p) => p.resource));
    expect(resources.size).toBeGreaterThanOrEqual(4);
    expect([...resources]).toEqual(expect.arrayContaining(['inventory', 'events']));
  });

  test('every place that completes names, in bash: safe candidates only, every item and event offered by name or by id', async () => {
    const items = await api('GET', '/v1/inventory');
    const events = await api('GET', '/v1/events');
    const failures: string[] = [];
    for (const { words, resource } of positions) {
      const result = await complete('bash', words);
      const offered = result.stdout.split('\n').filter((line) => line !== '');
      const bad = unsafeIn(result.stdout) ?? unsafeIn(result.stderr);
      if (bad) failures.push(`${words.join(' ')}: ${bad}`);
      const records = resource === 'inventory' ? items : resource === 'events' ? events : [];
      const label = resource === 'events' ? 'eventName' : 'name';
      for (const record of records) {
        const name = String(record[label]);
        if (!offered.includes(name) && !offered.includes(`id:${String(record.id)}`)) failures.push(`${words.join(' ')}: ${JSON.stringify(name)} (id ${String(record.id)}) is not offered`);
      }
    }
    expect(failures).toEqual([]);
  });

  test.each(['zsh', 'fish'])('%s: the same, one place per resource', async (shell) => {
    const seen = new Set<string>();
    for (const { words, resource } of positions) {
      if (seen.has(resource)) continue;
      seen.add(resource);
      const result = await complete(shell, words);
      expect(result.stdout.split('\n').filter((line) => line !== '').length, words.join(' ')).toBeGreaterThan(0);
      expect(unsafeIn(result.stdout, /[\n\t]/g), words.join(' ')).toBeUndefined();
    }
  });
});
