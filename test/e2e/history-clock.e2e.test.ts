// The history of writes read in the shop's clock: at a terminal each entry's time is the wall time
// of the `timezone` setting (else this system's zone), the zone said once; the machine formats keep
// the ISO UTC instant scripts read. And `rentals undo` with nothing to undo (an empty history, an
// entry undone already, no undo left unfinished) is a state of the history, exit 1, not a usage
// error; an entry that matches nothing is not found, exit 4; a bad command line is exit 2.

import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSandbox } from '../sandbox/helpers.js';
import { cliFor, freshConfigDir, jsonData, ok } from './harness.js';
import type { OpenSandbox } from './server-state.js';

let sandbox: OpenSandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(() => sandbox.close());

/** Sunday 2026-11-29 14:30:54.567 UTC: 08:30 that Sunday in Chicago, 23:30 in Tokyo. */
const WRITTEN = Date.UTC(2026, 10, 29, 14, 30, 54, 567);
const ISO = '2026-11-29T14:30:54.567Z';
const CHICAGO = { RENTALS_TIMEZONE: 'America/Chicago' };

/** A config directory whose history holds one write, made at WRITTEN; the entry's id. */
async function oneWrite(name: string): Promise<{ configDir: string; entry: string }> {
  const configDir = freshConfigDir();
  const { json } = await sandbox.call('POST', '/v2/inventory', { body: { name, quantityAvailable: 2, active: 1 } });
  const id = (json.data as Array<{ id: number }>)[0]!.id;
  ok(await cliFor(sandbox, configDir)(['inventory', 'update', String(id), '--quantity-available', '3'], { now: () => WRITTEN, env: CHICAGO }));
  const [entry] = jsonData(ok(await cliFor(sandbox, configDir)(['history', '-o', 'json'])));
  return { configDir, entry: String(entry!.id) };
}

describe("rentals history in the shop's clock", () => {
  let configDir: string;
  beforeAll(async () => {
    ({ configDir } = await oneWrite('Clock tent'));
  });
  const rentals = (args: string[], env: Record<string, string> = CHICAGO, now = WRITTEN + 3_600_000) => cliFor(sandbox, configDir)(args, { now: () => now, env });

  test('the table reads each time in the timezone setting, as a day and a clock reading, and says the zone once', async () => {
    const { stdout, stderr } = ok(await rentals(['history', '-o', 'table']));
    expect(stdout).toContain('Sun 2026-11-29 08:30');
    // The zone in the summary, the last line (on stderr when piped, as every summary).
    const shown = stdout + stderr;
    expect(shown).not.toContain('14:30');
    expect(shown).not.toContain('UTC');
    expect(shown.split('America/Chicago').length - 1).toBe(1);
    expect(shown).toContain('1 entry, the newest first, times in America/Chicago.');
  });

  test('--fields at the table names the columns of csv and tsv (the entry, its time, its command), as they do', async () => {
    const table = ok(await rentals(['history', '-o', 'table', '--fields', 'entry,at,command']));
    const csv = ok(await rentals(['history', '-o', 'csv', '--fields', 'entry,at,command']));
    expect(csv.stdout.split('\n')[0]).toBe('entry,at,command');
    expect(table.stdout).toMatch(/entry\s*│\s*at\s*│\s*command/);
    expect(table.stdout).toContain(ISO);
    expect(table.stdout).toContain('rentals inventory update');
    const wrong = await rentals(['history', '-o', 'table', '--fields', 'at,nonesuch']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--fields: unknown field "nonesuch" (known: entry, resource, id, change, at, command)');
  });

  test('--timezone chooses the clock as the setting does', async () => {
    const { stdout, stderr } = ok(await rentals(['history', '-o', 'table', '--timezone', 'Asia/Tokyo']));
    expect(stdout).toContain('Sun 2026-11-29 23:30');
    expect(stderr).toContain('times in Asia/Tokyo');
  });

  test.each([
    ['-o json', ['-o', 'json']],
    ['-o ndjson', ['-o', 'ndjson']],
    ['-o csv', ['-o', 'csv']],
    ['-o tsv', ['-o', 'tsv']],
    ['--jq', ['--jq', '.data[0].at']],
  ])('%s keeps the ISO UTC instant, whatever the zone', async (_name, args) => {
    const { stdout } = ok(await rentals(['history', ...args]));
    expect(stdout).toContain(ISO);
    expect(stdout).not.toContain('Sun 2026-11-29');
    expect(stdout).not.toContain('America/Chicago');
  });

  test("--since today is today on the shop's clock (21:00 in Chicago is already tomorrow in UTC)", async () => {
    const evening = Date.UTC(2026, 10, 30, 3, 0);
    expect(jsonData(ok(await rentals(['history', '--since', 'today', '-o', 'json'], CHICAGO, evening))).map((e) => e.at)).toEqual([ISO]);
    expect(jsonData(ok(await rentals(['history', '--since', 'today', '-o', 'json'], { RENTALS_TIMEZONE: 'UTC' }, evening)))).toEqual([]);
  });
});

test("undo refused as done already says when the undo was, in the shop's clock and zone", async () => {
  const { configDir, entry } = await oneWrite('Clock chair');
  const rentals = cliFor(sandbox, configDir);
  ok(await rentals(['undo', entry], { now: () => WRITTEN + 60_000, env: CHICAGO }));
  const again = await rentals(['undo', entry], { now: () => WRITTEN + 120_000, env: CHICAGO });
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('(Sun 2026-11-29 08:31 America/Chicago)');
  expect(again.stderr).not.toContain('UTC');
});

describe('undo when there is nothing to undo: exit 1 (a state of the history); not found: 4; a bad command line: 2', () => {
  // One history: an entry undone already (A), a write not undone (C), an entry whose writes were
  // put back in the same run (a lost race backed out: R), and two entries whose ids start alike.
  const empty = freshConfigDir();
  let configDir: string;
  let undone: string;
  let plain: string;
  beforeAll(async () => {
    const first = await oneWrite('Nothing tent');
    configDir = first.configDir;
    undone = first.entry;
    const rentals = cliFor(sandbox, configDir);
    ok(await rentals(['undo', undone]));
    const { json } = await sandbox.call('POST', '/v2/inventory', { body: { name: 'Nothing chair', quantityAvailable: 2, active: 1 } });
    const chair = (json.data as Array<{ id: number }>)[0]!.id;
    ok(await rentals(['inventory', 'update', String(chair), '--quantity-available', '4']));
    plain = String(jsonData(ok(await rentals(['history', '-o', 'json'])))[0]!.id);
    const file = join(configDir, 'history', 'history.ndjson');
    const [head, written] = readFileSync(file, 'utf8').trim().split('\n').map((text) => JSON.parse(text) as Record<string, unknown>);
    const after = written!.after as Record<string, unknown>;
    const before = written!.before as Record<string, unknown>;
    const synthetic = [
      { ...head, id: 'raced001', command: 'rentals inventory update raced' },
      // Raised, then put back as it was: what a write that lost a race and backed out records.
      { kind: 'record', entry: 'raced001', resource: 'inventory', id: after.id, before, after },
      { kind: 'record', entry: 'raced001', resource: 'inventory', id: after.id, before: after, after: before },
      ...['abab0001', 'abab0002'].flatMap((id) => [
        { ...head, id, command: `rentals twin ${id}` },
        { kind: 'record', entry: id, resource: 'inventory', id: after.id, before, after },
      ]),
    ];
    appendFileSync(file, synthetic.map((line) => `${JSON.stringify(line)}\n`).join(''));
  });

  const cases: Array<{ what: string; history: () => string; args: () => string[]; code: number; says: string }> = [
    { what: 'an empty history', history: () => empty, args: () => ['undo'], code: 1, says: 'the history of writes is empty: nothing to undo' },
    { what: 'an empty history, --dry-run', history: () => empty, args: () => ['undo', '--dry-run'], code: 1, says: 'nothing to undo' },
    { what: 'an empty history, --finish', history: () => empty, args: () => ['undo', '--finish'], code: 1, says: 'nothing to finish' },
    { what: 'no undo left unfinished, --finish', history: () => configDir, args: () => ['undo', '--finish'], code: 1, says: 'no undo was left unfinished: nothing to finish' },
    { what: 'no undo left unfinished, --reverse', history: () => configDir, args: () => ['undo', '--reverse'], code: 1, says: 'nothing to take back' },
    { what: 'an entry undone already', history: () => configDir, args: () => ['undo', undone], code: 1, says: 'was undone already' },
    { what: 'an entry undone already, --dry-run', history: () => configDir, args: () => ['undo', undone, '--dry-run'], code: 1, says: 'was undone already' },
    { what: 'an entry undone already, --finish', history: () => configDir, args: () => ['undo', undone, '--finish'], code: 1, says: 'was undone already' },
    { what: 'an entry no undo left unfinished, --finish', history: () => configDir, args: () => ['undo', plain, '--finish'], code: 1, says: 'nothing to finish' },
    { what: 'an entry whose writes were put back in the same run', history: () => configDir, args: () => ['undo', 'raced001'], code: 1, says: 'nothing to undo: what entry raced001' },
    { what: 'an entry that matches none', history: () => configDir, args: () => ['undo', 'ffffffff'], code: 4, says: 'no entry "ffffffff"' },
    { what: 'an entry that matches none, --finish', history: () => configDir, args: () => ['undo', 'ffffffff', '--finish'], code: 4, says: 'no entry "ffffffff"' },
    { what: 'an entry that matches none, in an empty history', history: () => empty, args: () => ['undo', 'ffffffff'], code: 4, says: 'no entry "ffffffff"' },
    { what: 'an id two entries start with', history: () => configDir, args: () => ['undo', 'abab'], code: 2, says: '2 entries start with "abab"' },
    { what: '--finish and --reverse together', history: () => configDir, args: () => ['undo', '--finish', '--reverse'], code: 2, says: 'give one of them' },
  ];

  test.each(cases)('$what: exit $code', async ({ history, args, code, says }) => {
    const result = await cliFor(sandbox, history())(args());
    expect(result.stderr).toContain(says);
    expect(result.code, result.stderr).toBe(code);
  });
});

test("a write's relative dates count on the same clock: --start-date today at 21:00 in Chicago is Chicago's today", async () => {
  const evening = Date.UTC(2026, 10, 30, 3, 0);
  const add = (env: Record<string, string>) =>
    cliFor(sandbox, freshConfigDir())(['events', 'add', '--event-name', 'Clock party', '--event-status-id', 'Quoted', '--rental-block-id', 'Weekend', '--start-date', 'today', '--end-date', 'today', '--dry-run', '-o', 'json'], { now: () => evening, env });
  const start = async (env: Record<string, string>) => {
    const result = await add(env);
    expect(result.code, result.stderr).toBe(0);
    return JSON.stringify(JSON.parse(result.stdout)).match(/"startDate":"([^"]+)"/)?.[1];
  };
  expect(await start(CHICAGO)).toBe('2026-11-29T00:00:00');
  expect(await start({ RENTALS_TIMEZONE: 'UTC' })).toBe('2026-11-30T00:00:00');
});

describe("a system whose time zone Node does not know (TZ= gives Etc/Unknown; TZ=Foo/Bar gives none): UTC, said once, never a crash", () => {
  const UNKNOWN = { systemZone: () => 'Etc/Unknown', env: { TZ: '' } };
  const NONE = { systemZone: () => undefined, env: { TZ: 'Foo/Bar' } };
  const warningsOf = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning:'));

  test('a write still writes, records its entry in UTC and warns once, naming what it found and how to set the zone', async () => {
    const configDir = freshConfigDir();
    const { json } = await sandbox.call('POST', '/v2/inventory', { body: { name: 'Zoneless tent', quantityAvailable: 2, active: 1 } });
    const id = (json.data as Array<{ id: number }>)[0]!.id;
    const { stderr } = ok(await cliFor(sandbox, configDir)(['inventory', 'update', String(id), '--quantity-available', '4'], { ...UNKNOWN, now: () => WRITTEN }));
    expect(warningsOf(stderr)).toEqual([
      'warning: this system\'s time zone is not one this Node knows (found "Etc/Unknown", TZ=""); using UTC. Set the shop\'s zone with `rentals config set timezone Europe/Berlin` (or RENTALS_TIMEZONE, --timezone)',
    ]);
    const history = ok(await cliFor(sandbox, configDir)(['history', '-o', 'table'], { ...NONE, now: () => WRITTEN + 60_000 }));
    expect(history.stdout).toContain('Sun 2026-11-29 14:30');
    expect(history.stderr).toContain('times in UTC.');
    expect(history.stdout + history.stderr).not.toContain('undefined');
    expect(warningsOf(history.stderr)).toEqual([expect.stringContaining('(found TZ="Foo/Bar"); using UTC')]);
  });

  test.each([
    ['agenda', ['agenda', '--from', 'today', '--to', '+7d']],
    ['events list --from today', ['events', 'list', '--from', 'today']],
    ['events add --dry-run', ['events', 'add', '--event-name', 'Zoneless party', '--event-status-id', 'Quoted', '--rental-block-id', 'Weekend', '--start-date', 'today', '--end-date', 'today', '--dry-run']],
  ])('%s reads today in UTC, with the one warning', async (_name, args) => {
    const { stderr } = ok(await cliFor(sandbox, freshConfigDir())(args, UNKNOWN));
    expect(warningsOf(stderr)).toEqual([expect.stringContaining('using UTC')]);
  });

  test('the timezone setting stands without a warning; a command that reads no time says nothing', async () => {
    const berlin = ok(await cliFor(sandbox, freshConfigDir())(['agenda', '--from', 'today', '-o', 'table'], { ...UNKNOWN, env: { ...UNKNOWN.env, RENTALS_TIMEZONE: 'Europe/Berlin' } }));
    expect(warningsOf(berlin.stderr)).toEqual([]);
    const list = ok(await cliFor(sandbox, freshConfigDir())(['inventory', 'list'], UNKNOWN));
    expect(warningsOf(list.stderr)).toEqual([]);
  });

  test('a refused RENTALS_TIMEZONE falls back to a usable zone, not to the unknown one', async () => {
    const { stderr } = ok(await cliFor(sandbox, freshConfigDir())(['agenda', '--from', 'today'], { ...UNKNOWN, env: { ...UNKNOWN.env, RENTALS_TIMEZONE: 'Mars/Olympus' } }));
    expect(warningsOf(stderr)).toEqual([expect.stringContaining('RENTALS_TIMEZONE: timezone must be'), expect.stringContaining('using UTC')]);
  });
});
