// Hostile or mistaken input is refused before anything is sent, with a message naming it: a
// directory, a FIFO or an unreadable file given as a file (exit 2, never a hang or an "unexpected
// error"); a JSON body holding a number where text goes; an event status id the service does not
// have (checked as a status name is, unless the service does not list its statuses); a datetime
// outside the years rentals accepts.

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { resources } from '../../src/resources/definitions.js';
import { DATETIME_YEARS } from '../../src/schemas/values.js';
import { api, envelope, expectNothingSent, listedForNames, sampleRecord, useNock, withApi } from '../helpers/api.js';
import { runCli, tempDir } from '../helpers/fake-context.js';

useNock();

const isRoot = process.getuid?.() === 0;

function fifo(dir: string): string {
  const path = join(dir, 'pipe');
  execFileSync('mkfifo', [path]);
  return path;
}

describe('a path given as a file that is not a readable file: exit 2 naming it, nothing sent', () => {
  const cases: Array<[string, (dir: string) => string]> = [
    ['a directory', (dir) => {
      const path = join(dir, 'a-directory');
      mkdirSync(path);
      return path;
    }],
    ['a FIFO', fifo],
  ];
  test.each(cases)('%s: add --file, import, diff', async (_what, make) => {
    const path = make(tempDir());
    for (const args of [['inventory', 'add', '--file', path], ['inventory', 'import', path, '--dry-run'], ['diff', path, path]]) {
      const result = await runCli(args, withApi());
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(path);
      expect(result.stderr).not.toContain('unexpected error');
    }
    expectNothingSent();
  });

  test.skipIf(isRoot)('an unreadable file (mode 000)', async () => {
    const path = join(tempDir(), 'secret.json');
    writeFileSync(path, '{"name":"x","quantityAvailable":1,"active":1}');
    chmodSync(path, 0o000);
    const result = await runCli(['inventory', 'add', '--file', path], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path}: permission denied`);
  });
});

describe('a JSON body is held to the types a flag has', () => {
  test.each([123, true, ['a'], { a: 1 }])('{"name": %j} is refused: a name is text', async (name) => {
    const path = join(tempDir(), 'item.json');
    writeFileSync(path, JSON.stringify({ name, quantityAvailable: 1, active: 1 }));
    const result = await runCli(['inventory', 'add', '--file', path], withApi());
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/name.*must be text/);
    expectNothingSent();
  });
});

const STATUSES = [1, 2, 3, 4].map((id, i) => sampleRecord(resources.statuses, id, { statusType: ['Quoted', 'Confirmed', 'Completed', 'Lost'][i] }));
const EVENT_FLAGS = ['--event-name', 'Smith wedding', '--rental-block-id', '2', '--start-date', '2026-06-12 14:00', '--end-date', '2026-06-13 01:00'];

describe('an event status id is checked against the service before sending', () => {
  // A bare number given for a record reads its list (some record could be named so).
  beforeEach(() => {
    listedForNames('/v2/rentalblocks', [{ id: 1, pricingType: 'Daily' }, { id: 2, pricingType: 'Weekend' }]);
    listedForNames('/v1/events', [sampleRecord(resources.events, 12, { eventStatusId: 77 })]);
  });
  test('an id the service does not list is not found (exit 4, as an unknown status name), naming the known ones', async () => {
    api().get('/v2/status').reply(200, envelope(STATUSES));
    const result = await runCli(['events', 'add', ...EVENT_FLAGS, '--event-status-id', '99'], withApi());
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toContain('no event status has id 99; known: Quoted (1), Confirmed (2), Completed (3), Lost (4)');
    expect(result.stderr).toContain('Nothing was sent.');
  });

  test('update checks the id it is given, not the one the event already has', async () => {
    api().get('/v1/events/12').optionally().reply(200, envelope([sampleRecord(resources.events, 12, { eventStatusId: 77 })]));
    api().get('/v2/status').reply(200, envelope(STATUSES));
    const result = await runCli(['events', 'update', '12', '--event-status-id', '99'], withApi());
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toContain('no event status has id 99');
    expect(result.stderr).not.toContain('77');
  });

  test('a known id goes through', async () => {
    api().get('/v2/status').reply(200, envelope(STATUSES));
    const result = await runCli(['events', 'add', ...EVENT_FLAGS, '--event-status-id', '2', '--dry-run'], withApi());
    expect(result.code, result.stderr).toBe(0);
  });

  test.each([404, 403])('a service whose /v2/status answers %i does not block the write', async (status) => {
    api().get('/v2/status').reply(status, { message: 'no' });
    const result = await runCli(['events', 'add', ...EVENT_FLAGS, '--event-status-id', '99', '--dry-run'], withApi());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('\teventStatusId\t\t99\n');
  });
});

describe(`datetimes are held to the years ${DATETIME_YEARS.min}–${DATETIME_YEARS.max}`, () => {
  test.each(['0000-06-12', '1899-12-31 23:59', '2200-01-01'])('--start-date %s is refused (exit 2), nothing sent', async (date) => {
    const result = await runCli(['events', 'add', '--event-name', 'x', '--event-status-id', '2', '--rental-block-id', '2', '--start-date', date, '--end-date', '2026-06-13'], withApi());
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`the year must be between ${DATETIME_YEARS.min} and ${DATETIME_YEARS.max}`);
    expectNothingSent();
  });
});
