// A sample invocation of every command the registry holds, against the seeded sandbox, for the
// tests that run every command (each -o, -o xlsx): a new command without one fails those tests.

import { join } from 'node:path';
import { registry } from '../../src/cli/catalog.js';
import type { LeafCommand } from '../../src/cli/registry/spec.js';
import { type Runner, ok } from './harness.js';

/** Names of the files the samples read, in `work`; the two snapshots taken, one event changed between them. */
export async function sampleFiles(rentals: Runner, work: string): Promise<SampleFiles> {
  const files = { csv: join(work, 'rows.csv'), plan: join(work, 'plan.json'), before: join(work, 'before.json'), after: join(work, 'after.json') };
  ok(await rentals(['snapshot', '--out', files.before]));
  ok(await rentals(['events', 'update', 'id:4', '--event-city', 'Elgin']));
  ok(await rentals(['snapshot', '--out', files.after]));
  return files;
}

/** The words of the commands in `all` that have no sample: a new command must get one. */
export function withoutSample(all: ReadonlyArray<[string, LeafCommand]>, files: SampleFiles): string[] {
  const known = Object.keys(samples(files));
  return all.map(([words]) => words).filter((words) => !known.includes(words));
}

/** The files the samples read: rows to import, a plan to apply, two snapshots to compare. */
export interface SampleFiles {
  csv: string;
  plan: string;
  before: string;
  after: string;
}

/** A command and whether it only reads (then its xlsx is compared with its csv). */
export interface Sample {
  args: string[];
  reads: boolean;
}

/** Every command's sample against the seeded sandbox, by its words (`events book`). */
export function samples(files: SampleFiles): Record<string, Sample> {
  const read = (...args: string[]): Sample => ({ args, reads: true });
  const write = (...args: string[]): Sample => ({ args, reads: false });
  return {
    'rental-blocks list': read('rental-blocks', 'list'),
    'rental-blocks get': read('rental-blocks', 'get', 'Weekend'),
    'inventory list': read('inventory', 'list'),
    'inventory get': read('inventory', 'get', 'id:1'),
    'inventory add': write('inventory', 'add', '--name', '007', '--quantity-available', '4'),
    'inventory update': write('inventory', 'update', 'id:2', '--quantity-available', '6'),
    'inventory delete': write('inventory', 'delete', 'id:3', '--yes'),
    'inventory export': read('inventory', 'export'),
    'inventory import': write('inventory', 'import', files.csv, '--dry-run'),
    'inventory apply': write('inventory', 'apply', files.plan),
    'categories list': read('categories', 'list'),
    'categories get': read('categories', 'get', 'Tents'),
    'categories add': write('categories', 'add', '--name', 'Heaters'),
    'categories update': write('categories', 'update', 'Chairs', '--name', 'Seating'),
    'categories delete': write('categories', 'delete', 'Lighting', '--yes'),
    'prices list': read('prices', 'list', '--inventory-id', 'id:1'),
    'prices get': read('prices', 'get', '2', '--inventory-id', 'id:1'),
    'prices add': write('prices', 'add', '--inventory-id', 'id:1', '--rental-block-id', 'Monthly', '--price', '2400'),
    'prices update': write('prices', 'update', '3', '--inventory-id', 'id:1', '--price', '1400'),
    'prices delete': write('prices', 'delete', '3', '--inventory-id', 'id:1', '--yes'),
    'prices export': read('prices', 'export'),
    'prices import': write('prices', 'import', files.csv, '--dry-run'),
    'prices apply': write('prices', 'apply', files.plan),
    'prices set': write('prices', 'set', '--inventory-id', 'id:1', '--rental-block-id', 'Daily', '--price', '455'),
    'prices adjust': write('prices', 'adjust', '--percent', '5', '--dry-run'),
    'events get': read('events', 'get', 'id:1'),
    'events add': write('events', 'add', '--event-name', 'Sheet Party', '--event-status-id', 'Quoted', '--rental-block-id', 'Daily', '--start-date', '2027-09-01', '--end-date', '2027-09-02'),
    'events update': write('events', 'update', 'id:2', '--event-city', 'Springfield'),
    'events delete': write('events', 'delete', 'id:2', '--yes'),
    'events open': read('events', 'open', 'id:1'),
    'events list': read('events', 'list'),
    'events show': read('events', 'show', 'id:1'),
    'events book': write('events', 'book', 'Sheet Party', '--item', 'White Folding Chair', '--qty', '2'),
    'events unbook': write('events', 'unbook', 'Sheet Party', '--item', 'White Folding Chair'),
    'events confirm': write('events', 'confirm', 'id:3'),
    'events cancel': write('events', 'cancel', 'id:6', '--cancel-reason', 'rain'),
    'events uncancel': write('events', 'uncancel', 'id:6'),
    'events clone': write('events', 'clone', 'id:1', '--start-date', '2028-06-11'),
    'events move': write('events', 'move', 'Sheet Party', '--by', '1d'),
    'bookings list': read('bookings', 'list', '--event-id', 'id:1'),
    'bookings get': read('bookings', 'get', '1', '--event-id', 'id:1'),
    'bookings add': write('bookings', 'add', '--event-id', 'Sheet Party', '--inventory-id', 'LED Uplight', '--quantity', '1', '--price', '25'),
    'bookings update': write('bookings', 'update', '1', '--event-id', 'id:1', '--quantity', '3'),
    'bookings delete': write('bookings', 'delete', '2', '--event-id', 'id:1', '--yes'),
    'bookings export': read('bookings', 'export', '--event-id', 'id:1'),
    'bookings import': write('bookings', 'import', '--event-id', 'id:1', files.csv, '--dry-run'),
    'bookings apply': write('bookings', 'apply', files.plan),
    'statuses list': read('statuses', 'list'),
    'statuses get': read('statuses', 'get', 'Confirmed'),
    availability: read('availability', '--from', '2026-12-09', '--to', '2026-12-12'),
    timeline: read('timeline', '--from', '2026-12-09', '--to', '2026-12-12'),
    agenda: read('agenda', '--from', '2026-12-01', '--to', '2027-01-31'),
    'load-sheet': read('load-sheet', '--from', '2026-12-01', '--to', '2027-01-31'),
    check: read('check'),
    report: read('report', 'utilization', '--from', '2026-12-01', '--to', '2026-12-31'),
    history: read('history'),
    undo: write('undo'),
    'auth login': write('auth', 'login', '--base-url', 'http://127.0.0.1:9', '--with-token'),
    'auth status': read('auth', 'status'),
    'auth logout': write('auth', 'logout'),
    'config list': read('config', 'list'),
    'config get': read('config', 'get', 'base-url'),
    'config set': write('config', 'set', 'output', 'csv'),
    'config unset': write('config', 'unset', 'output'),
    api: read('api', 'GET', '/v2/status'),
    snapshot: read('snapshot'),
    diff: read('diff', files.before, files.after),
    completion: read('completion', 'bash'),
    __complete: write('__complete', '--shell', 'zsh', 'events', 'li'),
  };
}

/**
 * Writes the seeded sandbox refuses (nothing written, exit 1), by the command's words: for want of
 * stock (their ways out in `-o json`), a name taken, a price pair taken, units owned below what
 * events hold.
 */
export const REFUSALS: Readonly<Record<string, readonly string[]>> = {
  'events book': ['events', 'book', '23', '--item', '40x60 Pole Tent=1'],
  'events move': ['events', 'move', '25', '--by', '1h'],
  'bookings update': ['bookings', 'update', '88', '--event-id', '25', '--quantity', '2'],
  'inventory update': ['inventory', 'update', '40x60 Pole Tent', '--quantity-available', '0'],
  'categories add': ['categories', 'add', '--name', 'Tents'],
  'prices add': ['prices', 'add', '--inventory-id', 'id:1', '--rental-block-id', 'Daily', '--price', '5'],
};

/** Every command of the registry with its words; those without a session (help, the sandbox) take no -o. */
export async function commands(): Promise<Array<[string, LeafCommand]>> {
  const all: Array<[string, LeafCommand]> = [];
  for (const node of (await registry.loadAll()).values()) {
    if (node.kind === 'command') all.push([node.name, node]);
    else for (const command of node.commands()) all.push([`${node.name} ${command.name}`, command]);
  }
  return all.filter(([, command]) => command.view !== undefined);
}

