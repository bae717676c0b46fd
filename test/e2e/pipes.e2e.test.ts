// Pipes that compose: what one command writes into a pipe, the next reads from `-`.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { cliFor, cliEnv, freshConfigDir, ok, startBin } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let rentals: ReturnType<typeof cliFor>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'e2e-pipes-0123456789abcdef', seed: true });
  rentals = cliFor(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
});

describe('pipes compose', () => {
  test('rentals inventory export | rentals inventory import - --dry-run: piped export is CSV with its header', async () => {
    const exported = ok(await rentals(['inventory', 'export'])).stdout;
    expect(exported.split('\n')[0]).toBe('id,name,quantityAvailable,active');
    const imported = await rentals(['inventory', 'import', '-', '--dry-run', '-o', 'table'], { input: exported });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/: 0 create, 0 update, \d+ unchanged, 0 invalid/);
  });

  test('an explicit format is kept: export -o tsv stays tab-separated', async () => {
    const tsv = ok(await rentals(['inventory', 'export', '-o', 'tsv'])).stdout;
    expect(tsv.split('\n')[0]).toMatch(/^\d+\t/);
  });

  test('rentals snapshot | rentals diff before.json - (and | rentals sandbox --from-snapshot -): a snapshot from stdin', async () => {
    const before = join(freshConfigDir(), 'before.json');
    writeFileSync(before, ok(await rentals(['snapshot'])).stdout);
    const same = await rentals(['diff', before, '-'], { input: ok(await rentals(['snapshot'])).stdout });
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toContain('No differences.');
    // rentals snapshot | rentals sandbox --from-snapshot -: a copy to rehearse on, from a pipe.
    const copy = startBin(['sandbox', '--port', '0', '--token', 'copy-token-0123456789', '--from-snapshot', '-'], {
      input: ok(await rentals(['snapshot'])).stdout,
      env: { ...cliEnv(sandbox), RENTALS_SANDBOX_TOKEN: '' },
    });
    let banner = '';
    const url = await new Promise<string>((resolve, reject) => {
      copy.child.stdout.on('data', (chunk: Buffer) => {
        banner += chunk.toString();
        const found = /^Sandbox listening on (\S+)$/m.exec(banner);
        if (found) resolve(found[1]!);
      });
      copy.child.on('exit', () => reject(new Error(`the sandbox exited: ${banner}`)));
    });
    const copied = await rentals(['inventory', 'list', '--jq', '.data | length'], { env: { RENTALS_BASE_URL: url, RENTALS_TOKEN: 'copy-token-0123456789' } });
    const original = await rentals(['inventory', 'list', '--jq', '.data | length']);
    expect(ok(copied).stdout).toBe(ok(original).stdout);
    copy.child.kill('SIGTERM');
    await copy.done;
    const both = await rentals(['diff', '-', '-']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('only one of the two snapshots');
  });
});
