// End to end, against the sandbox, a profile logged in by client credentials; a
// wrong RENTALS_TOKEN is used as given (exit 3 naming it, no silent renewal), and
// `auth status --check` tells a working login from a refused token.

import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { freshConfigDir, runRentals } from './harness.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clientId: 'app', clientSecret: 'e2e-client-secret-42', seed: true });
  dir = freshConfigDir();
  const login = await runRentals(['auth', 'login', '--base-url', sandbox.url, '--client-id', 'app', '--with-secret'], {
    env: { RENTALS_CONFIG_DIR: dir, HOME: dir },
    input: 'e2e-client-secret-42\n',
  });
  expect(login.code, login.stderr).toBe(0);
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a token given explicitly, against the sandbox', () => {
  test('RENTALS_TOKEN=wrong: exit 3 naming RENTALS_TOKEN, no data, no renewal through the stored client credentials', async () => {
    const result = await runRentals(['events', 'list', '--verbose'], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir, RENTALS_TOKEN: 'wrong' } });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('The access token from RENTALS_TOKEN was refused.');
    expect(result.stderr).not.toMatch(/\/authorize/);
  });

  test('the stored login works; auth status --check says ok (exit 0), and refused with a wrong token (exit 3)', async () => {
    const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
    expect((await runRentals(['events', 'list'], { env })).code).toBe(0);
    const good = await runRentals(['auth', 'status', '--check'], { env });
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/^check\s+ok: the API accepted the credentials {2}\(from GET \/v2\/rentalblocks\)$/m);
    const bad = await runRentals(['auth', 'status', '--check'], { env: { ...env, RENTALS_TOKEN: 'wrong' } });
    expect(bad.code).toBe(3);
    expect(bad.stdout).toMatch(/^check\s+failed: GET \/v2\/rentalblocks: HTTP 401 Unauthorized/m);
    expect(bad.stdout + bad.stderr).not.toContain('e2e-client-secret-42');
  });
});
