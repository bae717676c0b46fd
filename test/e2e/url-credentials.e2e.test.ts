// A base URL with a user name and password (`http://user:secret@host`) is refused wherever it comes
// from (a flag, the environment, `config set`, `auth login`, a profile written by hand or by an
// older version), before anything is sent or stored; every message shows it as `http://***@host`.
// What an older version stored in the history is shown without the password.

import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { redactedCommand } from '../../src/config/history.js';
import { type RunResult, freshConfigDir, runRentals } from './harness.js';
import { openSandbox } from '../sandbox/helpers.js';

const PASSWORD = 'hunter2-in-the-url';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let withPassword: string;
let masked: string;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  withPassword = sandbox.url.replace('http://', `http://admin:${PASSWORD}@`);
  masked = sandbox.url.replace('http://', 'http://***@');
});
afterAll(async () => {
  await sandbox?.close();
});

/** Every file under `dir` (the config file, the history, caches): none may hold the password. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function expectNoPassword(result: RunResult, dir: string): void {
  expect(result.stdout + result.stderr).not.toContain(PASSWORD);
  for (const file of filesUnder(dir)) expect(readFileSync(file, 'utf8'), file).not.toContain(PASSWORD);
}

describe('a base URL carrying a password is refused, shown without it, and never stored', () => {
  test('--base-url on a write: exit 2, nothing sent, nothing in the history', async () => {
    const dir = freshConfigDir();
    const result = await runRentals(['inventory', 'add', '--name', 'Url Tent', '--quantity-available', '1', '--base-url', withPassword], { env: { RENTALS_TOKEN: sandbox.token, RENTALS_CONFIG_DIR: dir, HOME: dir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--base-url: base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "${masked}")`);
    expectNoPassword(result, dir);
    const listed = await runRentals(['inventory', 'list', '-o', 'json'], { env: { RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: sandbox.token, RENTALS_CONFIG_DIR: dir, HOME: dir } });
    expect(listed.stdout).not.toContain('Url Tent');
  });

  test('RENTALS_BASE_URL: exit 2 naming the variable, the URL masked', async () => {
    const dir = freshConfigDir();
    const result = await runRentals(['inventory', 'list'], { env: { RENTALS_BASE_URL: withPassword, RENTALS_TOKEN: sandbox.token, RENTALS_CONFIG_DIR: dir, HOME: dir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`RENTALS_BASE_URL: base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "${masked}")\n`);
    expectNoPassword(result, dir);
  });

  test('config set base-url and auth login --base-url refuse it: the config file never holds it', async () => {
    const dir = freshConfigDir();
    const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
    const set = await runRentals(['config', 'set', 'base-url', withPassword], { env });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain(`base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "${masked}")`);
    expectNoPassword(set, dir);
    const login = await runRentals(['auth', 'login', '--base-url', withPassword, '--with-token'], { env, input: `${sandbox.token}\n` });
    expect(login.code).toBe(2);
    expectNoPassword(login, dir);
    const web = await runRentals(['config', 'set', 'web-url', `https://user:${PASSWORD}@app.example.com`], { env });
    expect(web.code).toBe(2);
    expectNoPassword(web, dir);
  });

  test('a profile that holds one (written by hand or an older version): commands refuse it with the fix; auth status shows it masked', async () => {
    const dir = freshConfigDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: withPassword, token: sandbox.token } } }), { mode: 0o600 });
    const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
    const list = await runRentals(['inventory', 'list'], { env });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain(`profile "default": base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it) (got "${masked}"); set it again with rentals config set base-url <url>`);
    expect(list.stdout + list.stderr).not.toContain(PASSWORD);
    const status = await runRentals(['auth', 'status'], { env });
    expect(status.stdout + status.stderr).not.toContain(PASSWORD);
    expect(status.stdout).toMatch(/^base URL\s+\(not used: base-url must be .* \(got "http:\/\/\*\*\*@127\.0\.0\.1:\d+"\)\)\s+\(from profile "default"\)$/m);
    const fixed = await runRentals(['config', 'set', 'base-url', sandbox.url], { env });
    expect(fixed.code, fixed.stderr).toBe(0);
    expect((await runRentals(['inventory', 'list'], { env })).code).toBe(0);
  });

  test('history written by an older version shows its command line and base URL without the password', async () => {
    const dir = freshConfigDir();
    mkdirSync(join(dir, 'history'), { recursive: true, mode: 0o700 });
    const entry = { kind: 'entry', id: '20260101T000000Z-1', at: '2026-01-01T00:00:00.000Z', command: `rentals inventory add --name Old --base-url ${withPassword}`, baseUrl: withPassword };
    const record = { kind: 'record', entry: entry.id, resource: 'inventory', id: 1, before: null, after: { id: 1, name: 'Old' } };
    writeFileSync(join(dir, 'history', 'history.ndjson'), `${JSON.stringify(entry)}\n${JSON.stringify(record)}\n`, { mode: 0o600 });
    const shown = await runRentals(['history', '-o', 'json'], { env: { RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: sandbox.token, RENTALS_CONFIG_DIR: dir, HOME: dir } });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`--base-url ${masked}`);
    expect(shown.stdout).not.toContain(PASSWORD);
  });

  test('the sandbox refuses one as its public or web URL', async () => {
    for (const flag of ['--public-url', '--web-url']) {
      const result = await runRentals(['sandbox', '--port', '0', flag, `http://user:${PASSWORD}@127.0.0.1:4010`], { env: { RENTALS_CONFIG_DIR: freshConfigDir() } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${flag} must be an http(s) URL such as http://127.0.0.1:4010, without a user name or password (got "http://***@127.0.0.1:4010")`);
    }
  });

  test('a command line recorded in the history never holds a URL password', () => {
    expect(redactedCommand(['api', 'GET', '/v1/inventory', '--base-url', withPassword])).toBe(`rentals api GET /v1/inventory --base-url '${masked}'`);
    expect(redactedCommand([`--web-url=https://u:${PASSWORD}@app.example.com/x`])).toBe("rentals '--web-url=https://***@app.example.com/x'");
  });
});
