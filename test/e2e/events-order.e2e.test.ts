// `events list` in date order (by start) unless told otherwise, with a range too; `--sort` takes
// a column's title, its field name or the field's alias, for every list that sorts; a key that is
// none of them is refused with the choices.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { fakeContext } from '../helpers/fake-context.js';
import { cliFor, jsonData } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let rentals: ReturnType<typeof cliFor>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'order-token-0123456789', seed: true });
  rentals = cliFor(sandbox);
});

afterAll(async () => {
  await sandbox.close();
});

type Event = { id: number; startDate: string | null; customerName: string | null };

const byStart = (a: Event, b: Event) => String(a.startDate).localeCompare(String(b.startDate)) || a.id - b.id;

async function events(args: string[]): Promise<Event[]> {
  const result = await rentals(['events', 'list', ...args, '-o', 'json']);
  expect(result.code, result.stderr).toBe(0);
  return jsonData(result) as Event[];
}

describe('events list in date order', () => {
  it('by default: by start, then by id (the service sends them by id)', async () => {
    const listed = await events([]);
    const ids = listed.map((e) => e.id);
    expect(ids).not.toEqual([...ids].sort((a, b) => a - b));
    expect(listed).toEqual([...listed].sort(byStart));
  });

  it('with --range, --from/--to or a filter, the same order', async () => {
    const ranged = await events(['--from', '2026-11-01', '--to', '2027-01-31']);
    expect(ranged.length).toBeGreaterThan(3);
    expect(ranged).toEqual([...ranged].sort(byStart));
    const searched = await events(['--search', 'a']);
    expect(searched).toEqual([...searched].sort(byStart));
    const tsv = (await rentals(['events', 'list', '--fields', 'id', '-o', 'tsv'])).stdout.trim().split('\n').map(Number);
    expect(tsv).toEqual((await events([])).map((e) => e.id));
  });

  it('--sort takes the title, the field name or its alias, in any case; :desc reverses', async () => {
    const expected = (await events([])).map((e) => e.id);
    for (const key of ['start', 'Start', 'startDate', 'START', 'start-date']) expect((await events(['--sort', key])).map((e) => e.id), key).toEqual(expected);
    const descending = (await events(['--sort', 'Start:desc'])).map((e) => e.startDate);
    expect(descending).toEqual([...descending].sort().reverse());
    const byCustomer = (await events(['--sort', 'Customer'])).map((e) => e.customerName ?? '');
    expect(byCustomer).toEqual([...byCustomer].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })));
    expect((await events(['--sort', 'id'])).map((e) => e.id)).toEqual([...expected].sort((a, b) => a - b));
  });

  it('a key that is no column is refused (exit 2) with the choices, titles and fields', async () => {
    const result = await rentals(['events', 'list', '--sort', 'begin']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--sort: "begin"');
    for (const choice of ['Start (startDate)', 'Event (eventName)', 'Status (eventStatusId)']) expect(result.stderr).toContain(choice);
  });
});

const program = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: 0 } });
/** Every command of the registry with a --sort option. */
const sorting = program.commands.flatMap((group) => [group, ...group.commands]).filter((command) => command.options.some((option) => option.long === '--sort'));

describe('every list that sorts takes its columns by title and by field', () => {
  it('finds them in the registry', () => {
    expect(sorting.map((command) => `${command.parent?.name() === 'rentals' ? '' : `${command.parent?.name()} `}${command.name()}`)).toContain('events list');
  });

  it.each(sorting.map((command) => [command.parent === program ? command.name() : `${command.parent!.name()} ${command.name()}`] as const))('rentals %s --sort: every column of its table, by title and by field', async (path) => {
    const words = path.split(' ');
    const table = await rentals([...words, '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    const header = table.stdout.split('\n').find((line) => line.startsWith('│'))!;
    const titles = header.split('│').map((cell) => cell.trim()).filter((cell) => cell !== '');
    const fields = (await rentals([...words, '-o', 'csv'])).stdout.split('\n')[0]!.split(',');
    expect(titles.length).toBe(fields.length);
    for (const [i, title] of titles.entries()) {
      const byTitle = await rentals([...words, '--sort', title, '-o', 'json']);
      const byField = await rentals([...words, '--sort', fields[i]!, '-o', 'json']);
      expect(byTitle.code, `${title}: ${byTitle.stderr}`).toBe(0);
      expect(byTitle.stdout).toBe(byField.stdout);
    }
  });
});
