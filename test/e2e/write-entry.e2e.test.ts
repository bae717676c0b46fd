// Every command that writes records (its view: the changes it made, or a bulk run's) names in its
// `-o json` the history entry its writes went into, `entry`: what a script hands to `rentals undo`.
// Generated from the registry: a new write without a sample here fails the test. The samples run
// in the registry's order against one seeded sandbox, as the other tests of every command do.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LeafCommand } from '../../src/cli/registry/spec.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type SampleFiles, commands, sampleFiles, samples } from './command-samples.js';
import { type Runner, cliFor, freshConfigDir, ok } from './harness.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let rentals: Runner;
let work: string;
let files: SampleFiles;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  work = fileTempDir('rentals-write-entry-');
  rentals = cliFor(sandbox, freshConfigDir());
  files = await sampleFiles(rentals, work);
});

afterAll(async () => {
  await sandbox.close();
});

/** The views of a command that writes records: its changes, or what a bulk run wrote. */
const WRITE_VIEWS = new Set(['changes', 'plan']);

function writesRecords(command: LeafCommand): boolean {
  const view = typeof command.view === 'function' ? command.view({} as never) : command.view;
  return command.effect !== 'reads' && view !== undefined && WRITE_VIEWS.has(view);
}

function file(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

/** A plan made by `args` (`--plan` added), for an apply to send. */
async function planOf(name: string, args: string[]): Promise<string> {
  const path = join(work, name);
  ok(await rentals([...args, '--plan', path]));
  return path;
}

/** The id of a record `args` adds (`-o json`). */
async function added(args: string[]): Promise<number> {
  const body = JSON.parse(ok(await rentals([...args, '-o', 'json'])).stdout) as { data: Array<{ id: number }> };
  return body.data[0]!.id;
}

/**
 * Where the samples elsewhere do not write: the bulk commands' are dry runs (or read a plan none
 * made); a seeded item or event is still referenced, so its delete is refused. Here, runs that write.
 */
const WRITING: Record<string, () => Promise<string[]>> = {
  'inventory delete': async () => ['inventory', 'delete', `id:${await added(['inventory', 'add', '--name', 'Spare Stool', '--quantity-available', '1'])}`, '--yes'],
  'events delete': async () => [
    'events', 'delete',
    `id:${await added(['events', 'add', '--event-name', 'Spare Party', '--event-status-id', 'Quoted', '--rental-block-id', 'Daily', '--start-date', '2027-10-01', '--end-date', '2027-10-02'])}`,
    '--yes',
  ],
  'inventory import': async () => ['inventory', 'import', file('items.csv', 'id,name,quantityAvailable\n5,,77\n')],
  'inventory apply': async () => ['inventory', 'apply', await planOf('items.json', ['inventory', 'import', file('items-plan.csv', 'id,name,quantityAvailable\n6,,66\n')])],
  'prices import': async () => ['prices', 'import', file('prices.csv', 'inventoryId,rentalBlockId,price\n4,1,101\n')],
  'prices apply': async () => ['prices', 'apply', await planOf('prices.json', ['prices', 'adjust', '--item', 'Stage Stairs', '--percent', '5'])],
  'prices adjust': async () => ['prices', 'adjust', '--item', 'LED Uplight', '--amount', '1', '--yes'],
  'bookings import': async () => ['bookings', 'import', '--event-id', 'id:1', file('bookings.csv', 'inventoryId,quantity,price\n13,2,25\n')],
  'bookings apply': async () => ['bookings', 'apply', await planOf('bookings.json', ['bookings', 'import', '--event-id', 'id:1', file('bookings-plan.csv', 'inventoryId,quantity,price\n14,1,120\n')])],
};

describe('every write: -o json names the history entry it went into', async () => {
  const writes = (await commands()).filter(([, command]) => writesRecords(command));

  test('the writes are found in the registry, bulk runs among them', () => {
    expect(writes.map(([words]) => words)).toEqual(expect.arrayContaining(['inventory update', 'events book', 'undo', 'prices import', 'prices adjust', 'prices apply']));
  });

  test.each(writes.map(([words]) => words))('%s', async (words) => {
    const args = WRITING[words] ? await WRITING[words]() : samples(files)[words]!.args;
    expect(args, `${words}: a sample that writes`).not.toContain('--dry-run');
    const result = ok(await rentals([...args, '-o', 'json'], { input: '' }));
    const body = JSON.parse(result.stdout) as { entry?: unknown };
    const newest = JSON.parse(ok(await rentals(['history', '--limit', '1', '-o', 'json'])).stdout) as { data: Array<{ id: string; command: string }> };
    expect(newest.data[0]!.command, words).toMatch(new RegExp(`^rentals ${words}\\b`));
    expect(body.entry, `${words}: ${result.stdout.slice(0, 300)}`).toBe(newest.data[0]!.id);
  });
});
