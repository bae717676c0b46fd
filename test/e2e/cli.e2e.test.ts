// rentals against a real sandbox, every command group, as a user sees it: in-process, but for what
// only a spawned bin/rentals.js shows (output to a pipe, an exit code, a token on a stdin pipe).

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/fake-context.js';
import { type RunResult, cliEnv, cliFor, freshConfigDir, jsonData, runBin, runRentals } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let rentals: ReturnType<typeof cliFor>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'e2e-token-0123456789abcdef', seed: true, webUrl: 'https://app.example.test' });
  rentals = cliFor(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
});

function ok(result: RunResult): RunResult {
  expect(result.stderr).not.toMatch(/at .*\.js:\d+/); // never a stack trace
  expect(result.code, result.stderr).toBe(0);
  return result;
}

function idOf(result: RunResult): number {
  return Number(jsonData(ok(result))[0]!.id);
}

describe('read-only groups', () => {
  test('rental-blocks list prints tab-separated rows without a header when piped', async () => {
    // Spawned: whether stdout is a terminal is the process's own finding here.
    const { stdout } = ok(await runBin(['rental-blocks', 'list'], { env: cliEnv(sandbox) }));
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines[0]!.split('\t')[0]).toBe('1');
    expect(stdout).not.toMatch(/pricingType/);
    expect(stdout).not.toMatch(/\u001b\[/); // no colour when not a TTY
  });

  test.each(['v1', 'v2'])('rental-blocks get --json keeps the %s envelope and Links as sent', async (version) => {
    const data = jsonData(ok(await rentals(['rental-blocks', 'get', '1', '--json', '--api-version', version])));
    expect(data).toHaveLength(1);
    const links = data[0]!.Links as Array<{ rel: string; href: string }>;
    expect(links.map((l) => l.rel)).toEqual(['self']);
    expect(links[0]!.href).toBe(`${sandbox.url}/${version}/rentalblocks/1`);
  });

  test('statuses list and get, v2 only', async () => {
    const { stdout } = ok(await rentals(['statuses', 'list', '-o', 'csv']));
    expect(stdout.split('\n')[0]).toBe('id,statusType');
    expect(stdout).toMatch(/\n2,Confirmed\n/);
    expect(jsonData(ok(await rentals(['statuses', 'get', '2', '--json'])))[0]!.statusType).toBe('Confirmed');
    const v1 = await rentals(['statuses', 'list', '--api-version', 'v1']);
    expect(v1.code).toBe(2);
    expect(v1.stderr).toMatch(/only in v2/);
  });
});

describe('inventory and categories', () => {
  test('add, get, update one field, list, delete, then 404', async () => {
    const id = idOf(await rentals(['inventory', 'add', '--name', 'E2E tent', '--quantity-available', '4', '--json']));
    const got = jsonData(ok(await rentals(['inventory', 'get', String(id), '--json', '--api-version', 'v1'])))[0]!;
    expect(got).toMatchObject({ id, name: 'E2E tent', quantityAvailable: 4, active: 1 });
    expect((got.Links as Array<{ href: string }>)[0]!.href).toContain('/v1/inventory/');

    const updated = jsonData(ok(await rentals(['inventory', 'update', String(id), '--quantity-available', '6', '--json'])))[0]!;
    expect(updated).toMatchObject({ id, name: 'E2E tent', quantityAvailable: 6, active: 1 });
    ok(await rentals(['inventory', 'update', String(id), '--inactive']));

    const list = ok(await rentals(['inventory', 'list', '--fields', 'id,name,active']));
    expect(list.stdout).toContain(`${id}\tE2E tent\tfalse`);

    const noYes = await rentals(['inventory', 'delete', String(id)]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);
    const deleted = ok(await rentals(['inventory', 'delete', String(id), '--yes', '--json']));
    const body = JSON.parse(deleted.stdout) as { entry: string };
    expect(body).toEqual({ data: [{ id }], changes: [{ action: 'delete', resource: 'inventory', id, name: 'E2E tent', before: expect.objectContaining({ id, name: 'E2E tent', active: 0 }), after: null }], entry: expect.any(String) });
    const gone = await rentals(['inventory', 'get', String(id)]);
    expect(gone.code).toBe(4);
    expect(gone.stderr).toMatch(/404/);
    // `entry` is the history entry a script hands to `rentals undo`.
    expect(jsonData(ok(await rentals(['history', '--limit', '1', '-o', 'json'])))[0]).toMatchObject({ id: body.entry });
  });

  test('TZ= (a system with no time zone Node knows: Etc/Unknown) still writes, in UTC, with one warning', async () => {
    // Spawned: the zone is what Node makes of the process's TZ.
    const id = idOf(await rentals(['inventory', 'add', '--name', 'Zoneless tent', '--quantity-available', '2', '--json']));
    const { stdout, stderr } = ok(await runBin(['inventory', 'update', String(id), '--quantity-available', '4', '-o', 'json'], { env: { ...cliEnv(sandbox), TZ: '' } }));
    expect((JSON.parse(stdout) as { data: unknown[] }).data[0]).toMatchObject({ id, quantityAvailable: 4 });
    expect(stderr.split('\n').filter((line) => line.startsWith('warning:'))).toEqual([expect.stringContaining('(found "Etc/Unknown", TZ=""); using UTC')]);
  });

  test('categories are v2 only; a new category is not inactive', async () => {
    const created = jsonData(ok(await rentals(['categories', 'add', '--name', 'E2E category', '--json'])))[0]!;
    expect(created.inactive).toBe(0);
    const renamed = jsonData(ok(await rentals(['categories', 'update', String(created.id), '--name', 'Renamed', '--json'])))[0]!;
    expect(renamed).toMatchObject({ name: 'Renamed', inactive: 0 });
    ok(await rentals(['categories', 'delete', String(created.id), '--yes']));
    const v1 = await rentals(['categories', 'list', '--api-version', 'v1']);
    expect(v1.code).toBe(2);
  });

  test('invalid input exits 2, names field, rule and value, and changes nothing', async () => {
    const before = jsonData(ok(await rentals(['inventory', 'list', '--json']))).length;
    const bad = await rentals(['inventory', 'add', '--name', 'x', '--quantity-available', '-1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/quantityAvailable: must be an integer from 0 to 2147483647 \(got "-1"\)/);
    const price = await rentals(['prices', 'add', '--inventory-id', '1', '--rental-block-id', '1', '--price', '1,200']);
    expect(price.code).toBe(2);
    expect(price.stderr).toMatch(/price: .*commas.*"1,200"/);
    expect(jsonData(ok(await rentals(['inventory', 'list', '--json']))).length).toBe(before);
  });
});

describe('prices, events and bookings', () => {
  test('a whole session: item, prices by name, event with a status name, booking, open, cancel', async () => {
    const item = idOf(await rentals(['inventory', 'add', '--name', 'E2E stage 8x8', '--quantity-available', '2', '--json']));
    const missingParent = await rentals(['prices', 'list']);
    expect(missingParent.code).toBe(2);
    expect(missingParent.stderr).toMatch(/--inventory-id/);

    const price = jsonData(ok(await rentals(['prices', 'add', '--inventory-id', 'E2E stage 8x8', '--rental-block-id', 'Weekend', '--price', '249.50', '--json'])))[0]!;
    expect(price).toMatchObject({ inventoryId: item, rentalBlockId: 2, price: 249.5 });
    ok(await rentals(['prices', 'update', String(price.id), '--inventory-id', String(item), '--price', '260']));
    const prices = ok(await rentals(['prices', 'list', '--inventory-id', String(item), '-o', 'ndjson']));
    expect(JSON.parse(prices.stdout.trim())).toMatchObject({ id: price.id, price: 260 });

    const event = jsonData(
      ok(
        await rentals([
          'events', 'add', '--event-name', 'E2E wedding', '--event-status-id', 'Confirmed', '--rental-block-id', '2',
          '--start-date', '2027-06-12 14:00', '--end-date', '2027-06-13', '--customer-name', 'Ann Smith', '--amount-deposit', '500', '--json',
        ]),
      ),
    )[0]!;
    expect(event).toMatchObject({
      eventStatusId: 2,
      startDate: '2027-06-12T14:00:00',
      dropoffDate: '2027-06-12T14:00:00',
      // A day given as the end is the whole day.
      endDate: '2027-06-14T00:00:00',
      teardownDate: '2027-06-14T00:00:00',
      pickupDate: '2027-06-14T00:00:00',
      customerName: 'Ann Smith',
      amountDeposit: 500,
      eventAddress1: null,
    });
    const rels = (event.Links as Array<{ rel: string }>).map((l) => l.rel);
    expect(rels).toEqual(expect.arrayContaining(['self', 'edit', 'delete', 'add', 'web']));

    const open = ok(await rentals(['events', 'open', String(event.id)]));
    expect(open.stdout.trim()).toBe(`https://app.example.test/event/edit/${event.id}`);

    for (const version of ['v1', 'v2']) {
      const booking = jsonData(
        ok(await rentals(['bookings', 'add', '--event-id', String(event.id), '--inventory-id', String(item), '--quantity', '2', '--price', '260', '--api-version', version, '--json'])),
      )[0]!;
      expect(booking).toMatchObject({ eventId: event.id, inventoryId: item, quantity: 2, price: 260 });
      expect((booking.Links as Array<{ href: string }>)[0]!.href).toContain(`/${version}/events/${event.id}/inventory/`);
      ok(await rentals(['bookings', 'update', String(booking.id), '--event-id', String(event.id), '--quantity', '1', '--api-version', version]));
      const listed = ok(await rentals(['bookings', 'list', '--event-id', String(event.id), '--fields', 'id,quantity', '--api-version', version]));
      expect(listed.stdout).toContain(`${booking.id}\t1`);
      ok(await rentals(['bookings', 'delete', String(booking.id), '--event-id', String(event.id), '--yes', '--api-version', version]));
    }

    const cancelled = jsonData(ok(await rentals(['events', 'update', String(event.id), '--cancel-date', '2027-05-01', '--cancel-reason', 'Postponed', '--json'])))[0]!;
    expect(cancelled).toMatchObject({ eventName: 'E2E wedding', cancelDate: '2027-05-01T00:00:00', cancelReason: 'Postponed', customerName: 'Ann Smith' });

    const table = ok(await rentals(['events', 'list', '-o', 'table']));
    // Titles and status names for people; the E2E event (cancelled) shows its status by name.
    expect(table.stdout).toMatch(/│ ID │ Event +│ Status +│/);
    expect(table.stdout).toMatch(/E2E wedding +│ Cancelled /);
    expect(table.stdout).not.toContain('Links');

    ok(await rentals(['prices', 'delete', String(price.id), '--inventory-id', String(item), '--yes']));
    ok(await rentals(['events', 'delete', String(event.id), '--yes']));
    ok(await rentals(['inventory', 'delete', String(item), '--yes']));
  });

  test('unknown status name is not found (exit 4) listing the known ones; nothing is created', async () => {
    const result = await rentals(['events', 'add', '--event-name', 'x', '--event-status-id', 'Maybe', '--rental-block-id', '1', '--start-date', '2027-01-01', '--end-date', '2027-01-02']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/eventStatusId: no event status is named "Maybe"; known: Quoted \(1\), Confirmed \(2\)/);
  });

  test('an item that still has prices is not deleted: exit 1, the prices named, before anything is sent', async () => {
    const prices = jsonData(ok(await rentals(['prices', 'list', '--inventory-id', '1', '--json'])));
    expect(prices.length).toBeGreaterThan(0);
    const result = await rentals(['inventory', 'delete', '1', '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`inventory item 1 "`);
    expect(result.stderr).toContain(`rentals prices delete ${String(prices[0]!.id)} --inventory-id 1 --yes`);
    expect(result.stderr).not.toMatch(/409/);
  });
});

describe('raw calls, auth and failures', () => {
  test('api GET /v2/status prints the body', async () => {
    const body = JSON.parse(ok(await rentals(['api', 'GET', '/v2/status'])).stdout) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThanOrEqual(2);
  });

  test("api: an error answer's body goes to stdout as sent, not through --jq (written for the success body), as gh api does; the exit code and the message on stderr are the error's", async () => {
    const plain = await rentals(['api', 'GET', '/v2/inventory/99999']);
    expect(plain.code).toBe(4);
    expect(plain.stderr).toMatch(/^error: GET \/v2\/inventory\/99999: HTTP 404 Not Found: /);
    const body = JSON.parse(plain.stdout) as { error: unknown };
    expect(body.error).toBeDefined();
    // A filter that fails on the error's body (it iterates the success body's data) changes nothing.
    const filtered = await rentals(['api', 'GET', '/v2/inventory/99999', '--jq', '.data[] | .id']);
    expect(filtered.code).toBe(4);
    expect(JSON.parse(filtered.stdout)).toEqual(body);
    expect(filtered.stderr).toBe(plain.stderr);
    const refused = await rentals(['api', 'GET', '/v2/status'], { env: { RENTALS_TOKEN: 'wrong-token-zzzz' } });
    expect(refused.code).toBe(3);
    expect(refused.stdout).not.toBe('');
    expect(refused.stdout + refused.stderr).not.toContain('wrong-token-zzzz');
  });

  test('a wrong token is exit 3 and the token is never printed', async () => {
    const result = await rentals(['events', 'list', '--debug'], { env: { RENTALS_TOKEN: 'wrong-token-zzzz' } });
    expect(result.code).toBe(3);
    const everything = result.stdout + result.stderr;
    expect(everything).not.toContain('wrong-token-zzzz');
    expect(everything).not.toContain(Buffer.from('wrong-token-zzzz').toString('base64'));
    expect(everything).toMatch(/authorization: bearer \[redacted\]/);
  });

  test('no server is exit 5', async () => {
    const result = await runBin(['events', 'list', '--retries', '0'], {
      env: { RENTALS_BASE_URL: 'http://127.0.0.1:9', RENTALS_TOKEN: 't', RENTALS_CONFIG_DIR: freshConfigDir() },
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/ECONNREFUSED/);
  });

  test('missing credentials is exit 3 with how to set them', async () => {
    const result = await runRentals(['events', 'list'], { env: { RENTALS_CONFIG_DIR: freshConfigDir() } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/rentals auth login/);
    expect(result.stderr).toMatch(/RENTALS_BASE_URL/);
  });

  test('auth login --with-token stores a 0600 profile that later commands use', async () => {
    const dir = freshConfigDir();
    const env = { RENTALS_CONFIG_DIR: dir, RENTALS_BASE_URL: undefined, RENTALS_TOKEN: undefined };
    // Spawned: the token arrives on a real stdin pipe.
    const login = await runBin(['auth', 'login', '--base-url', sandbox.url, '--with-token'], { env, input: `${sandbox.token}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout + login.stderr).not.toContain(sandbox.token);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    ok(await runRentals(['rental-blocks', 'list'], { env }));
    const status = ok(await runRentals(['auth', 'status'], { env }));
    expect(status.stdout).toMatch(/token\s+\*\*\*\*cdef\s+\(from profile "default"\)/);
    expect(status.stdout).not.toContain(sandbox.token);
    ok(await runRentals(['auth', 'logout'], { env }));
    expect((await runRentals(['rental-blocks', 'list'], { env })).code).toBe(3);
  });

  test('auth login at a terminal with no base URL asks for it, then for the token; later commands use the profile', async () => {
    const dir = freshConfigDir();
    const env = { ...cliEnv(sandbox, dir), RENTALS_BASE_URL: undefined, RENTALS_TOKEN: undefined };
    const login = await runCli(['auth', 'login'], { env, home: dir, tty: true, lineAnswers: ['sandbox.example', sandbox.url], promptAnswers: [sandbox.token] });
    expect(login.code, login.stderr).toBe(0);
    expect(login.fake.questions).toEqual(['API address (https://…): ', 'API address (https://…): ']);
    expect(login.stderr).toContain('the answer: base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "sandbox.example")');
    expect(login.fake.prompts).toEqual(['Access token: ']);
    expect(login.stdout + login.stderr).not.toContain(sandbox.token);
    ok(await runRentals(['rental-blocks', 'list'], { env }));
    const status = ok(await runRentals(['auth', 'status'], { env }));
    expect(status.stdout.split('\n').find((line) => line.startsWith('base URL'))).toContain(`${sandbox.url}  (from profile "default")`);
  });

  test('auth login --client-id gets a token from /authorize and renews it when it expires', async () => {
    // One clock for the sandbox and the CLI, moved past the token's second instead of waited for.
    let clock = Date.now();
    const now = () => clock;
    const short = await startSandbox({ port: 0, clientId: 'app', clientSecret: 'shh-secret', tokenTtlSeconds: 1, now });
    try {
      const dir = freshConfigDir();
      const env = { RENTALS_CONFIG_DIR: dir };
      const login = await runRentals(['auth', 'login', '--base-url', short.url, '--client-id', 'app', '--with-secret'], { env, input: 'shh-secret\n', now });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stdout + login.stderr).not.toContain('shh-secret');
      clock += 1200;
      const after = ok(await runRentals(['rental-blocks', 'list', '--verbose'], { env, now }));
      expect(after.stderr).toMatch(/GET \S+\/authorize → 200/);
      const wrong = await runRentals(['auth', 'login', '--base-url', short.url, '--client-id', 'app', '--with-secret'], { env: { RENTALS_CONFIG_DIR: freshConfigDir() }, input: 'nope\n', now });
      expect(wrong.code).toBe(3);
    } finally {
      await short.close();
    }
  });
});
