// The layouts for people in a real terminal: rentals at 60, 80 and 120 columns, in a tmux pane,
// against the seeded sandbox, asserting on the captured screen (wrapped lines joined back, so a
// line wider than the terminal shows as one). Most screens are run in this process through the
// same entry point as the binary, writing to the pane's terminal (opened here: what rentals learns
// of it, a TTY and its width, it learns as the binary does, from the stream); the built bin itself
// runs in the pane for the screens that prove the process finds its terminal and width on its own.
// tmux is driven through one control-mode client (test/helpers/tmux-control.ts). Skipped, loudly,
// where tmux is missing.

import { openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReadStream, WriteStream } from 'node:tty';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Context, terminalOf } from '../../src/cli/context.js';
import { main } from '../../src/main.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { TERMINAL_TESTS_REQUIRED, terminalProgram } from '../helpers/terminal-programs.js';
import { TmuxControl } from '../helpers/tmux-control.js';
import { openSandbox } from '../sandbox/helpers.js';
import { BIN, cliEnv, cliFor, freshConfigDir } from './harness.js';
import { kebabCase, resourceList } from '../../src/resources/definitions.js';


const HAVE_TMUX = terminalProgram('tmux', 'the terminal layout tests (test/e2e/layouts.e2e.test.ts)');

const WIDTHS = [60, 80, 120];

/** `rentals <resource> list` for every resource that lists (a nested one under its parent 1), from the resource table. */
const LISTS = resourceList
  .filter((def) => def.verbs.includes('list'))
  .map((def) => ({ def, args: [def.command, 'list', ...(def.parent ? [`--${kebabCase(def.parent.field)}`, '1'] : [])] }));
const LIST_CASES = LISTS.flatMap((list) => WIDTHS.map((width) => [list.args.join(' '), width, list] as const));
/** A tmux server of our own, its socket in a directory removed after this file: the user's tmux is never touched. */
let tmux: TmuxControl | undefined;
const DONE = '__rentals_done__';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;
let sandbox: Sandbox;
let env: Record<string, string>;
let piped: ReturnType<typeof cliFor>;

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The environment of a run in the pane: the sandbox's, and nothing of this process's but PATH. */
function paneEnv(more: Record<string, string>): Record<string, string> {
  return { ...env, ...more, LANG: 'C.UTF-8', NO_COLOR: '1', PATH: process.env.PATH ?? '' };
}

/** A new session `width` columns wide whose pane runs `command`; its name and the pane's terminal. */
async function newPane(width: number, command: string): Promise<{ session: string; tty: string }> {
  const session = `w${width}-${Math.random().toString(36).slice(2, 8)}`;
  const tty = await tmux!.run('new-session', '-d', '-P', '-F', '#{pane_tty}', '-s', session, '-x', String(width), '-y', '50', command);
  return { session, tty: tty.trim() };
}

/** The pane's lines (wrapped lines joined). */
async function capture(session: string): Promise<string[]> {
  return (await tmux!.run('capture-pane', '-p', '-J', '-S', '-', '-t', session)).split('\n').map((line) => line.trimEnd());
}

/**
 * The lines of the pane before the DONE line, once it is there (tmux reads what was written in
 * its own time); the session then ended.
 */
async function linesUntilDone(session: string, what: string): Promise<string[]> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const lines = beforeDone(await capture(session));
    if (lines) {
      await tmux!.run('kill-session', '-t', session);
      return lines;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const screen = await capture(session);
  await tmux!.run('kill-session', '-t', session);
  throw new Error(`${what}: its output did not reach the pane in 15 s:\n${screen.join('\n')}`);
}

/** The lines before the DONE line; undefined while DONE is not on the screen. */
function beforeDone(lines: string[]): string[] | undefined {
  const done = lines.findIndex((line) => line.trim() === DONE);
  return done < 0 ? undefined : lines.slice(0, done);
}

/**
 * `rentals …args` in a terminal `width` columns wide; the screen's lines, wrapped lines joined.
 * In this process (main(), as the binary runs it), its stdout, stderr and stdin the pane's
 * terminal; with `bin`, the built bin run in the pane.
 */
async function screen(width: number, args: string[], more: Record<string, string> = {}, { bin = false } = {}): Promise<string[]> {
  if (bin) return binScreen(width, args, more);
  const { session, tty } = await newPane(width, 'sleep 600');
  // The terminal as a process in the pane has it: stdout and stderr each a descriptor of it.
  const stdout = new WriteStream(openSync(tty, 'w'));
  const stderr = new WriteStream(openSync(tty, 'w'));
  let stdin: ReadStream | undefined;
  const ctx: Context = {
    term: terminalOf(stdout, stderr, () => (stdin ??= new ReadStream(openSync(tty, 'r')))),
    env: paneEnv(more),
    homedir: env.HOME!,
    now: () => Date.now(),
    promptSecret: async (question) => expect.fail(`unexpected prompt: ${question}`),
    promptLine: async (question) => expect.fail(`unexpected question: ${question}`),
    confirm: async (question) => expect.fail(`unexpected question: ${question}`),
    openBrowser: async (url) => expect.fail(`unexpected browser: ${url}`),
    onInterrupt: () => () => undefined,
  };
  try {
    await main([...args, '--no-pager'], ctx);
    // Ended, not dropped: what is still queued (a terminal slow to read) reaches it, DONE last.
    await new Promise<void>((resolve) => stderr.end(resolve));
    await new Promise<void>((resolve) => stdout.end(`${DONE}\n`, resolve));
  } finally {
    for (const stream of [stdout, stderr, stdin]) stream?.destroy();
  }
  return linesUntilDone(session, `rentals ${args.join(' ')}`);
}

/** The built bin run in a pane `width` columns wide: the process finds its terminal and its width itself. */
async function binScreen(width: number, args: string[], more: Record<string, string>): Promise<string[]> {
  const vars = Object.entries(paneEnv(more)).map(([k, v]) => `${k}=${quote(v)}`);
  const { session } = await newPane(width, `env -i ${vars.join(' ')} ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')} --no-pager; echo ${DONE}; sleep 600`);
  return linesUntilDone(session, `rentals ${args.join(' ')} (the bin)`);
}

/** `2025-06-12` → `Thu`. */
function dayName(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
}

/** Text with every run of spaces (and no-break spaces) as one space. */
function spaced(text: string): string {
  return text.replace(/[ \u00a0]+/g, ' ');
}

/** The screen as one text: lines joined by a space (wrapping breaks only at spaces), spaces as one. */
function joined(lines: string[]): string {
  return spaced(lines.map((line) => line.trim()).join(' '));
}

function expectWithin(lines: string[], width: number): void {
  for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(width);
}

/** The lines of the tables on a screen (notices on stderr are the terminal's to wrap). */
function tableLines(lines: string[]): string[] {
  return lines.filter((line) => /^[│┌└]/.test(line));
}

/** The rows of `rentals …args -o tsv`: what the terminal must show. */
async function tsvRows(args: string[]): Promise<string[][]> {
  const rows = (await piped([...args, '-o', 'tsv'])).stdout.trimEnd().split('\n').map((line) => line.split('\t'));
  expect(rows.length).toBeGreaterThan(3);
  return rows;
}

/** The screen of `rentals …args` at `width` as one text, after checking that no line is wider and nothing is cut. */
async function shownText(width: number, args: string[]): Promise<string> {
  const lines = await screen(width, args);
  expectWithin(lines, width);
  const text = joined(lines);
  expect(text).not.toContain('…');
  return text;
}

describe.skipIf(!HAVE_TMUX && !TERMINAL_TESTS_REQUIRED)('layouts for people in a real terminal (tmux)', () => {
  beforeAll(async () => {
    // The scrollback is set before any test's pane exists (a long grid scrolls off a 50-line screen).
    tmux = await TmuxControl.start(join(fileTempDir('rentals-tmux-'), 'socket'), { 'history-limit': '10000' });
    sandbox = await openSandbox({ seed: true });
    const config = freshConfigDir();
    env = cliEnv(sandbox, config);
    piped = cliFor(sandbox, config);
  });
  afterAll(async () => {
    await tmux?.close();
    await sandbox?.close();
  });

  test.concurrent.each(WIDTHS)('check at %i columns: every problem in full, every event it names, each way out a command whole on a line of its own', async (width) => {
    type Shown = { code: string; message: string; events: Array<{ name: string }>; commands?: Array<{ what: string; command: string }> };
    // A substitute named: the overbooking has ways out (its seeded window is past, no window is offered).
    const alternatives = { RENTALS_ALTERNATIVES: '40x60 Pole Tent=20x40 Frame Tent|20x20 Frame Tent' };
    const problems = JSON.parse((await piped(['check', '-o', 'json'], { env: alternatives })).stdout) as { data: Shown[] };
    expect(problems.data.length).toBeGreaterThan(0);
    const lines = await screen(width, ['check'], alternatives);
    const text = joined(lines);
    for (const problem of problems.data) {
      expect(text).toContain(spaced(`${problem.code} ${problem.message}`));
      for (const event of problem.events) expect(text).toContain(event.name);
      for (const way of problem.commands ?? []) expect(lines).toContain(`    ${way.command}`);
    }
    expect(problems.data.flatMap((p) => p.commands ?? []).length).toBeGreaterThan(0);
    // Nothing cut, and no line wider than the terminal but a command to copy (pasted whole, never broken).
    expect(text).not.toContain('…');
    expectWithin(lines.filter((line) => !/^\s*rentals /.test(line)), width);
  });

  test.concurrent.each(WIDTHS)('agenda at %i columns: time, event, customer, items and total of every event', async (width) => {
    const args = ['agenda', '--from', '2025-06-10', '--to', '2025-06-20'];
    const rows = await tsvRows(args);
    const text = await shownText(width, args);
    for (const [, id, event, , start, , , customer, , items, total] of rows) {
      expect(text).toContain(`${event} (${id})`);
      expect(text).toContain(start!.slice(11));
      if (customer) expect(text).toContain(customer);
      if (items) expect(text).toContain(spaced(items));
      expect(text).toContain(`total ${total}`);
    }
  });

  test.concurrent.each(WIDTHS)('availability --daily over a month at %i columns: all 31 days and every item in full', async (width) => {
    const range = ['--from', '2025-07-01', '--to', '2025-07-31'];
    const grid = (await piped(['availability', ...range, '--daily', '-o', 'tsv'])).stdout.trimEnd().split('\n');
    expect(grid[0]!.split('\t')).toHaveLength(32);
    const lines = await screen(width, ['availability', ...range, '--daily']);
    expectWithin(lines, width);
    const headers = lines.filter((line) => line.startsWith('│ Item'));
    const days = new Set(headers.flatMap((line) => line.split('│').slice(2).map((cell) => cell.trim())).filter((cell) => cell !== ''));
    expect([...days].sort()).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')));
    const labels = joined(lines.filter((line) => line.startsWith('│') && !line.startsWith('│ Item')).map((line) => line.split('│')[1]!));
    for (const line of grid) expect(labels).toContain(line.split('\t')[0]);
    expect(lines.join('\n')).not.toContain('…');
  });

  test.concurrent.each(WIDTHS)('load-sheet at %i columns: time, event, customer, address and items of every movement', async (width) => {
    const args = ['load-sheet', '--date', '2025-06-10', '--to', '2025-06-16'];
    const rows = await tsvRows(args);
    const text = await shownText(width, args);
    for (const [, , time, id, event, customer, address, items] of rows) {
      expect(text).toContain(spaced(`${time} ${event} (${id})`));
      for (const value of [customer, address, items]) if (value) expect(text).toContain(spaced(value));
    }
  });

  test.concurrent.each(WIDTHS)('agenda from the middle of an event at %i columns: the event under the day it began, marked continuing', async (width) => {
    const events = JSON.parse((await piped(['agenda', '--from', '2025-06-13', '--to', '2025-06-13', '-o', 'json'])).stdout).data as Array<{ date: string; eventName: string; continuing: boolean; id: number }>;
    const underWay = events.filter((e) => e.continuing);
    expect(underWay.length).toBeGreaterThan(0);
    const lines = await screen(width, ['agenda', '--from', '2025-06-13', '--to', '2025-06-13']);
    expectWithin(lines, width);
    for (const event of underWay) {
      expect(event.date < '2025-06-13').toBe(true);
      const heading = lines.findIndex((line) => line.startsWith(`${dayName(event.date)} ${event.date}, under way when the range begins`));
      expect(heading, `${event.eventName} under ${event.date}`).toBeGreaterThanOrEqual(0);
      const at = lines.findIndex((line) => line.includes(`(${event.id})`));
      expect(at).toBeGreaterThan(heading);
      expect(joined(lines.slice(at, at + 2))).toContain('continuing');
      // Not under the range's first day as if it began then.
      const first = lines.findIndex((line) => line.startsWith('Fri 2025-06-13'));
      if (first >= 0) expect(at < first).toBe(true);
    }
  });

  test.concurrent.each(WIDTHS)('load-sheet at %i columns: a quote marked as one', async (width) => {
    const args = ['load-sheet', '--date', '2025-06-10', '--to', '2025-06-16'];
    const rows = (await tsvRows(args)).filter((row) => row[8] === 'true');
    expect(rows.length).toBeGreaterThan(0);
    const text = await shownText(width, args);
    for (const [, , time, id, event] of rows) expect(text).toMatch(new RegExp(`${time} ${spaced(event!).replace(/[()]/g, '\\$&')} \\(${id}\\)( · QUOTE, not confirmed| [^│]*│[^\\n]*yes)`));
  });

  test.concurrent.each(LIST_CASES)('%s at %i columns: nothing cut, text in full, ids as names, money with its scale', async (_name, width, { def, args }) => {
    const lines = await screen(width, args);
    expectWithin(tableLines(lines), width);
    const screenText = lines.join('\n');
    expect(screenText).not.toContain('…');
    const note = lines.find((line) => line.startsWith('note:')) ?? '';
    const shownColumns = def.columns.filter((c) => !new RegExp(`\\b${c}\\b`).test(note));
    const words = new Set(joined(lines).split(' '));
    const records = JSON.parse((await piped([...args, '-o', 'json'])).stdout).data as Array<Record<string, unknown>>;
    expect(records.length).toBeGreaterThan(0);
    for (const column of shownColumns) {
      const field = def.fields.find((f) => f.name === column)!;
      for (const record of records) {
        const value = record[column];
        if (value === null || value === undefined || value === '') continue;
        if (field.kind === 'string') for (const word of String(value).split(/\s+/)) expect(words, `${column}: ${String(value)}`).toContain(word);
        if (field.kind === 'decimal') expect(words, `${column}: ${String(value)}`).toContain(Number(value).toFixed(2));
      }
      if (field.references || def.parent?.field === column) {
        // The referenced record's name, never its bare id, in that column.
        const resource = def.parent?.field === column ? def.parent.resource : field.references!;
        const target = resourceList.find((r) => r.name === resource)!;
        const names = JSON.parse((await piped([target.command, 'list', '-o', 'json'])).stdout).data as Array<Record<string, unknown>>;
        const label = target.labelField ?? 'name';
        for (const record of records) {
          const named = names.find((n) => n.id === record[column]);
          if (named) for (const word of String(named[label]).split(/\s+/)) expect(words, `${column} ${String(record[column])} by name`).toContain(word);
        }
      }
    }
  });

  test.each(WIDTHS)('the changes of events add, book and confirm at %i columns: status and item by name, prices with their scale, the name in full, the summary last', async (width) => {
    const name = `Layout check ${width} with a name long enough to wrap somewhere`;
    const addedScreen = await screen(width, ['events', 'add', '--event-name', name, '--event-status-id', 'Quoted', '--rental-block-id', 'Weekend', '--start-date', '2031-06-12 14:00', '--end-date', '2031-06-13 01:00', '--customer-name', 'Ann Smith']);
    expectWithin(addedScreen, width);
    // A start years ahead is warned about first ("check the year"): the changes follow.
    const addedLines = addedScreen.slice(addedScreen.findIndex((line) => line.startsWith('Created event')));
    const added = joined(addedLines);
    expect(added).toMatch(/^Created event \d+ "Layout check/);
    expect(added).toMatch(/Status +Quoted Block +Weekend Dropoff +2031-06-12 14:00 Start +2031-06-12 14:00 End +2031-06-13 01:00/);
    expect(added).not.toContain('…');
    expect(added).toMatch(/1 record created\. rentals undo [0-9a-f]{8} takes it back\.$/);
    for (const word of name.split(' ')) expect(added).toContain(word);
    const items = JSON.parse((await piped(['inventory', 'list', '-o', 'json'])).stdout).data as Array<{ id: number; name: string }>;
    const booked = await screen(width, ['events', 'book', name, '--item', items[0]!.name, '--quantity', '1', '--price', '67.5']);
    expectWithin(booked, width);
    const bookedText = joined(booked);
    expect(bookedText).toContain(spaced(`Booked 1 × ${items[0]!.name} on "${name}" at 67.50 (as given)`));
    expect(bookedText).not.toContain(`(${items[0]!.id})`);
    const confirmedLines = await screen(width, ['events', 'confirm', name]);
    expectWithin(confirmedLines, width);
    expect(joined(confirmedLines)).toMatch(/Status +Quoted → Confirmed .*is Confirmed: its 1 booking now holds? firmly\. rentals undo [0-9a-f]{8} takes it back\.$/);
  });

  test.each(WIDTHS)('history and an undo dry run at %i columns: what was written by name, field titles, prices with their figures, the summary last', async (width) => {
    const name = `History check ${width}`;
    const written = async (args: string[]) => expect((await piped(args)).code, args.join(' ')).toBe(0);
    await written(['events', 'add', '--event-name', name, '--event-status-id', 'Quoted', '--rental-block-id', 'Weekend', '--start-date', '2032-06-12 14:00', '--end-date', '2032-06-13 01:00']);
    await written(['events', 'book', name, '--item', '20x20 Frame Tent=1']);
    await written(['events', 'confirm', name]);
    const prices = JSON.parse((await piped(['prices', 'list', '--inventory-id', '20x20 Frame Tent', '-o', 'json'])).stdout).data as Array<{ id: number; rentalBlockId: number; price: number }>;
    const weekend = prices.find((p) => p.rentalBlockId === 2)!;
    await written(['prices', 'update', String(weekend.id), '--inventory-id', '20x20 Frame Tent', '--price', '742.5']);

    const lines = await screen(width, ['history', '--limit', '4']);
    expectWithin(lines, width);
    const text = joined(lines);
    expect(text).toContain('Changed the Weekend price of 20x20 Frame Tent: 675.00 → 742.50 (+10.0%)');
    expect(text).toMatch(new RegExp(`Changed event \\d+ "${name}" Status Quoted → Confirmed`));
    expect(text).toContain(`Booked 1 × 20x20 Frame Tent on "${name}" at 675.00`);
    expect(text).toMatch(new RegExp(`Created event \\d+ "${name}" Status Quoted Block Weekend Dropoff 2032-06-12 14:00 Start 2032-06-12 14:00 End 2032-06-13 01:00`));
    for (const apiWord of ['eventStatusId', 'startDate', 'inventoryId', 'rentalBlockId', '│ bookings', 'created']) expect(text).not.toContain(apiWord);
    expect(text).toMatch(/4 entries, the newest first, times in [A-Za-z_/+-]+\. rentals undo [0-9a-f]{8} takes back the newest; rentals undo ENTRY any other\.$/);

    const undo = joined(await screen(width, ['undo', '--dry-run']));
    expect(undo).toMatch(/^Would change the Weekend price of 20x20 Frame Tent: 742\.50 → 675\.00 \(-9\.1%\) Dry run: 1 record of entry [0-9a-f]{8} \(rentals prices update .*\) would be put back; nothing was sent\.$/);
    await written(['undo']);
  });

  test.each(WIDTHS)('a refusal for stock at %i columns: each way out a command in full under what it does, the override last', async (width) => {
    const month = String(WIDTHS.indexOf(width) + 1).padStart(2, '0');
    const dates = ['--rental-block-id', 'Weekend', '--start-date', `2034-${month}-10 14:00`, '--end-date', `2034-${month}-11 23:00`];
    const written = async (args: string[]) => expect((await piped(args)).code, args.join(' ')).toBe(0);
    await written(['events', 'add', '--event-name', `Holder ${width}`, '--event-status-id', 'Confirmed', ...dates]);
    await written(['events', 'book', `Holder ${width}`, '--item', '20x20 Frame Tent=4']);
    await written(['events', 'add', '--event-name', `Refusal check ${width}`, '--event-status-id', 'Confirmed', ...dates]);
    const asked = ['events', 'book', `Refusal check ${width}`, '--item', '20x20 Frame Tent=2'];
    const alternatives = { RENTALS_ALTERNATIVES: '20x20 Frame Tent=20x40 Frame Tent|10x10 Pop-up Canopy' };
    const json = await piped([...asked, '-o', 'json'], { env: alternatives });
    const commands = JSON.parse(json.stdout).refused.commands as Array<{ kind: string; what: string; command: string }>;
    expect([...new Set(commands.map((c) => c.kind))]).toEqual(['substitute', 'substitute-keep-price', 'other-stock', 'window', 'override']);

    const text = joined(await screen(width, asked, alternatives));
    // The screen's run has --no-pager where the piped one has -o json.
    const typed = commands.map((c) => ({ ...c, command: c.command.replace(' -o json', ' --no-pager') }));
    expect(text).toContain('Nothing was written. Ways out:');
    for (const way of typed) expect(text).toContain(spaced(`${way.what}: ${way.command}`));
    expect(text.endsWith(spaced(`Write anyway, overbooked: ${typed.at(-1)!.command}`))).toBe(true);
    expect(typed.at(-1)!.command).toBe(`rentals events book 'Refusal check ${width}' --item '20x20 Frame Tent=2' --no-pager --allow-overbook`);
  });

  test.concurrent.each(WIDTHS)('availability at %i columns: the Free column kept, the detail columns left out before it, every item with its free units', async (width) => {
    const args = ['availability', '--from', '2025-06-10', '--to', '2025-06-16'];
    const rows = await tsvRows(args);
    const lines = await screen(width, args);
    expectWithin(tableLines(lines), width);
    const header = lines.find((line) => line.startsWith('│ ID'))!.split('│').map((cell) => cell.trim());
    expect(header).toContain('Free');
    expect(header).toContain('Item');
    const note = lines.find((line) => line.startsWith('note:')) ?? '';
    expect(note).not.toMatch(/\bfree\b/);
    // Each item's row: its id, then its free units in the Free column.
    const free = header.indexOf('Free');
    for (const [id, , , , , units] of rows) {
      const row = lines.find((line) => new RegExp(`^│ +${id} │`).test(line))!;
      expect(row.split('│')[free]!.trim(), `item ${id}`).toBe(units);
    }
  });

  test('the quick start availability at 80 columns: the item name in full, the empty columns left out first', async () => {
    const items = JSON.parse((await piped(['inventory', 'list', '-o', 'json'])).stdout).data as Array<{ id: number; name: string }>;
    const long = items.reduce((a, b) => (b.name.length > a.name.length ? b : a));
    const lines = await screen(80, ['availability', '--from', '2031-06-12', '--to', '2031-06-13', '--item', long.name]);
    expectWithin(tableLines(lines), 80);
    expect(lines.find((line) => line.startsWith('note:'))).toMatch(/^note: .* not shown \(empty\) to fit 80 columns$/);
    expect(lines.join('\n')).not.toContain('…');
    const words = new Set(joined(lines).split(' '));
    for (const word of long.name.split(' ')) expect(words).toContain(word);
  });

  test('report revenue --include-cancelled at 80 columns: every name in full, a long one wrapped, never cut; the cancelled rows after the total', async () => {
    const args = ['report', 'revenue', '--from', '2025-06-01', '--to', '2025-07-31', '--by', 'item', '--include-cancelled'];
    const rows = JSON.parse((await piped([...args, '-o', 'json'])).stdout).data as Array<{ key: string; label: string; cancelled: boolean }>;
    const cancelled = rows.filter((row) => row.cancelled);
    expect(cancelled.length).toBeGreaterThan(0);
    const lines = await screen(80, args);
    expectWithin(lines, 80);
    expect(lines.join('\n')).not.toContain('…');
    const words = new Set(joined(lines).split(' '));
    for (const row of rows) for (const word of row.label.split(/\s+/)) expect(words, row.label).toContain(word);
    // The total under the rows it sums, then the cancelled rows apart, each starting a line of its own.
    const heading = lines.indexOf('Cancelled, not in the total:');
    expect(lines.findIndex((line) => /^total\s/.test(line))).toBe(heading - 2);
    const after = lines.slice(heading + 1).filter((line) => /^\S/.test(line) && !line.startsWith('cancelled total'));
    expect(after).toHaveLength(cancelled.length);
  });

  test('prices import --dry-run at 80 columns: the one row that changes listed, the unchanged counted (--all lists them)', async () => {
    const csv = (await piped(['prices', 'export', '-o', 'csv'])).stdout.trimEnd().split('\n');
    const header = csv[0]!.split(',');
    const price = header.indexOf('price');
    const changed = csv[1]!.split(',');
    changed[price] = '1234.56';
    const file = join(fileTempDir('rentals-dry-'), 'prices.csv');
    writeFileSync(file, [csv[0], changed.join(','), ...csv.slice(2)].join('\n') + '\n');
    const unchanged = csv.length - 2;
    const lines = await screen(80, ['prices', 'import', file, '--dry-run']);
    expect(lines.filter((line) => /^line +\d+/.test(line))).toEqual([expect.stringMatching(/^line +2 +update .*→ 1234\.56/)]);
    expect(lines).toContain(`(${unchanged} unchanged rows not listed; --all lists them)`);
    expect(lines.some((line) => line.startsWith(`${unchanged + 1} rows: 0 create, 1 update, ${unchanged} unchanged`))).toBe(true);
    const all = await screen(80, ['prices', 'import', file, '--dry-run', '--all']);
    expect(all.filter((line) => /^line +\d+/.test(line))).toHaveLength(unchanged + 1);
    // Piped (a script reading the plan): the rows of its changes, tab-separated.
    expect((await piped(['prices', 'import', file, '--dry-run'])).stdout.trimEnd().split('\n')).toEqual([expect.stringMatching(/^update\tprices\t\d+\t.*\tprice\t[\d.]+\t1234\.56$/)]);
  });

  test.concurrent.each(WIDTHS)('the fleet timeline at %i columns: every active item, within the width, a legend for every mark', async (width) => {
    const items = (JSON.parse((await piped(['inventory', 'list', '-o', 'json'])).stdout).data as Array<{ name: string; active: unknown }>).filter((i) => i.active === true || i.active === 1);
    const lines = await screen(width, ['timeline', '--from', '2025-06-10', '--to', '2025-06-16']);
    expectWithin(lines.filter((line) => !line.startsWith('Range:')), width);
    for (const item of items) expect(lines.some((line) => line.startsWith(`${item.name} (`)), item.name).toBe(true);
    const legend = joined(lines.slice(lines.findIndex((line) => line.includes('units free'))));
    for (const mark of ['+ 10 or more', '█ firm', '░ tentative', '! short', '? short if every quote confirms']) expect(legend).toContain(mark);
  });

  test.concurrent.each(WIDTHS)('a dry run of a price change at %i columns: every line within the width, each change whole on one line', async (width) => {
    const args = ['prices', 'adjust', '--percent', '10', '--rental-block-id', 'Weekend', '--dry-run'];
    const lines = await screen(width, args);
    expectWithin(lines, width);
    const changes = lines.filter((line) => line.includes('→'));
    expect(changes.length).toBeGreaterThan(10);
    for (const line of changes) expect(line, line).toMatch(/\d+\.\d\d → \d+\.\d\d \([+-]\d+\.\d%\)$/);
    expect(joined(lines)).toContain('Dry run: nothing was sent.');
  });

  test.concurrent.each(WIDTHS)('an error at %i columns: on stderr, wrapped between words, every word whole', async (width) => {
    const args = ['events', 'list', '--range', 'nosuchrange'];
    const message = (await piped(args)).stderr.trim();
    expect(message.length).toBeGreaterThan(width);
    // The built bin: the process finds that its stderr is a terminal, and its width.
    const lines = await screen(width, args, {}, { bin: true });
    expectWithin(lines, width);
    expect(joined(lines)).toBe(spaced(message.replace(/\s+/g, ' ')));
  });

  test.concurrent.each(WIDTHS)('nothing set up at %i columns: each way to set it up a command alone on its line, whole; every other line within the width', async (width) => {
    const lines = (await screen(width, ['inventory', 'list'], { RENTALS_BASE_URL: '', RENTALS_TOKEN: '', RENTALS_CONFIG_DIR: freshConfigDir() })).filter((line) => line !== '');
    const commands = lines.filter((line) => /^ {2}(rentals|export) /.test(line));
    expect(commands.length).toBe(3);
    // A command and nothing after it (a note after a command is wrapped by the terminal, mid-phrase).
    for (const command of commands) expect(command.trim(), command).not.toMatch(/ {2}/);
    expectWithin(lines.filter((line) => !commands.includes(line)), width);
    expect(joined(lines)).toContain('--client-id <id> (asks for the client secret)');
  });

  test.concurrent.each(WIDTHS)('rentals --help at %i columns: the commands first, every line fits (examples stay whole, to paste)', async (width) => {
    // The built bin: the process finds that its stdout is a terminal, and its width.
    const lines = await screen(width, ['--help'], {}, { bin: true });
    expect(lines.indexOf('Commands:')).toBeLessThan(8);
    expect(lines.findIndex((line) => /^\s*-/.test(line))).toBeGreaterThan(lines.indexOf('Commands:'));
    expectWithin(lines.filter((line) => !/^\s*\$ /.test(line)), width);
  });

  test.concurrent.each(WIDTHS)('undo --help at %i columns: wrapped between words; at 80 columns and more, one 24-line screen', async (width) => {
    const lines = await screen(width, ['undo', '--help']);
    expectWithin(lines.filter((line) => !/^\s*\$ /.test(line)), width);
    if (width >= 80) expect(lines.join('\n').trimEnd().split('\n').length).toBeLessThanOrEqual(24);
    expect(joined(lines)).toContain('Global options (rentals help options): -h, --profile, -o, --json, --jq, -q, …');
    const whole = (await piped(['undo', '--help'])).stdout;
    for (const word of joined(lines).split(' ')) expect(whole, word).toContain(word);
  });

  test.concurrent.each(WIDTHS)('events show --help at %i columns: -o says it prints the quote as html, within the width', async (width) => {
    const lines = await screen(width, ['events', 'show', '--help']);
    expectWithin(lines.filter((line) => !/^\s*\$ /.test(line)), width);
    const at = lines.findIndex((line) => line.trim().startsWith('-o, --output'));
    expect(at).toBeGreaterThan(0);
    const own = joined(lines.slice(at, lines.findIndex((line, i) => i > at && /^\s+-/.test(line))));
    expect(own).toMatch(/\|html\b/);
    expect(own).toContain('the quote');
  });

  test.concurrent.each(WIDTHS)("events show at %i columns: the contacts, the customer's address, the requirements and the notes, each line wrapped under its label, nothing cut", async (width) => {
    const values: Record<string, string> = {
      'customer contact': 'Priya Shah, events manager, (630) 555-0163, priya.shah@acme-corporation.example\nAccounts payable: ap@acme-corporation.example',
      'customer address': '900 Commerce Drive, Suite 200, Oak Brook, IL, 60523',
      'venue contact': 'Sam Ortega, site lead, (630) 555-0110, on site from 7am on the day of delivery\nGate code 4412',
      'special requirements': 'Tent up by noon the day before the ceremony, sides rolled up unless it rains.\nNo stakes on the lawn: water barrels only.',
      'internal notes': 'Pays late: take the deposit before anything goes out on the truck.',
    };
    const name = `Counter check ${width}`;
    const [address1, address2, city, state, zip] = values['customer address']!.split(', ');
    const added = await piped([
      'events', 'add', '--event-name', name, '--event-status-id', 'Confirmed', '--rental-block-id', 'Daily', '--start-date', `2033-0${WIDTHS.indexOf(width) + 1}-10 09:00`, '--end-date', `2033-0${WIDTHS.indexOf(width) + 1}-10 18:00`,
      '--customer-name', 'Acme Corp', '--customer-contacts', values['customer contact']!, '--customer-address1', address1!, '--customer-address2', address2!, '--customer-city', city!, '--customer-state', state!, '--customer-postal-code', zip!,
      '--event-address1', 'Lakeside Pavilion', '--event-city', 'Naperville', '--event-contacts', values['venue contact']!, '--event-special-requirements', values['special requirements']!, '--internal-notes', values['internal notes']!,
    ]);
    expect(added.code, added.stderr).toBe(0);
    const lines = await screen(width, ['events', 'show', name]);
    expectWithin(lines, width);
    const fields = lines.slice(0, lines.indexOf(''));
    const column = 'special requirements'.length + 2;
    for (const [label, value] of Object.entries(values)) {
      const at = fields.findIndex((line) => line.startsWith(`${label}  `));
      expect(at, label).toBeGreaterThan(0);
      const next = fields.findIndex((line, i) => i > at && !line.startsWith(' '));
      const block = fields.slice(at, next < 0 ? undefined : next);
      // Every line of the value from the value column on, the label's alone on the left.
      for (const line of block.slice(1)) expect(line.slice(0, column).trim(), line).toBe('');
      const shown = block.map((line) => line.slice(column));
      expect(joined(shown)).toBe(spaced(value.replace(/\n/g, ' ')));
      // Each line of the value starts a line of its own.
      for (const line of value.split('\n')) expect(shown.some((piece) => line === piece || line.startsWith(`${piece} `)), line).toBe(true);
    }
    expect(lines.join('\n')).not.toContain('…');
  });

  test.concurrent.each(WIDTHS)('events list at %i columns: in date order, the Start column rising', async (width) => {
    const lines = await screen(width, ['events', 'list', '--fields', 'id,startDate,eventName']);
    const starts = lines.flatMap((line) => /^│ +\d+ │ (\d{4}-\d\d-\d\d \d\d:\d\d)/.exec(line)?.[1] ?? []);
    expect(starts.length).toBeGreaterThan(10);
    expect(starts).toEqual([...starts].sort());
  });

  test.concurrent.each(WIDTHS)('inventory list and availability at %i columns: the units owned under one word, "Owned"', async (width) => {
    const header = (lines: string[]) => lines.find((line) => line.startsWith('│ ID'))!.split('│').map((cell) => cell.trim());
    const inventory = header(await screen(width, ['inventory', 'list']));
    const availability = header(await screen(width, ['availability', '--item', '20x20 Frame Tent']));
    expect(inventory).toContain('Owned');
    expect(availability).toContain('Owned');
    expect([...inventory, ...availability]).not.toContain('Available');
  });

  test('events list at a terminal: titles for people and status names; piped: the API names and ids', async () => {
    const lines = await screen(120, ['events', 'list', '--fields', 'id,eventName,eventStatusId']);
    expect(lines.find((line) => line.startsWith('│ id'))).toMatch(/^│ id │ eventName +│ eventStatusId │$/);
    const titled = await screen(120, ['statuses', 'list']);
    expect(titled.find((line) => line.startsWith('│ ID'))).toMatch(/^│ ID │ Status +│$/);
    const named = (await screen(200, ['events', 'list'])).join('\n');
    expect(named).toMatch(/│ Status +│/);
    expect(named).toMatch(/│ (Confirmed|Quoted|Cancelled|Completed) +│/);
    expect((await piped(['events', 'list', '--fields', 'eventStatusId'])).stdout.split('\n')[0]).toMatch(/^\d+$/);
  });
});
