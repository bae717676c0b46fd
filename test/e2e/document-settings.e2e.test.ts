// The settings of the customer's page given through the environment, against the sandbox: honoured
// when good, said when bad (a warning naming the variable), and the logo file bounded before it is
// read: a symlink to /dev/zero, a FIFO, a directory and a 200 MB file are refused (exit 2) without
// being read, a small image is embedded.

import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, ftruncateSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor } from './harness.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let rentals: Runner;
let files: string;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox);
  files = fileTempDir('rentals-document-');
});
afterAll(async () => {
  await sandbox?.close();
});

const quote = (env: Record<string, string>) => rentals(['events', 'show', '1', '-o', 'html'], { env, timeoutMs: 10_000 });

describe('settings of the page, from the environment', () => {
  test('RENTALS_CURRENCY and RENTALS_COMPANY_NAME are honoured; a currency the rule refuses is a warning naming the variable', async () => {
    const good = await quote({ RENTALS_CURRENCY: 'EUR', RENTALS_COMPANY_NAME: 'Harbor Tents' });
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/€\d/);
    expect(good.stdout).toContain('Harbor Tents');
    expect(good.stderr).toBe('');
    const bad = await quote({ RENTALS_CURRENCY: 'EURO', RENTALS_QUOTE_VALID_DAYS: '0' });
    expect(bad.code, bad.stderr).toBe(0);
    expect(bad.stderr).toContain('warning: RENTALS_CURRENCY: currency must be an ISO 4217 code such as USD, EUR or GBP (got "EURO"); using the default\n');
    expect(bad.stderr).toContain('warning: RENTALS_QUOTE_VALID_DAYS: quote-valid-days must be a whole number of days from 1 to 365 (got "0"); using the default\n');
    // Each said once, however many parts of the run read the page's settings.
    expect(bad.stderr.split('\n').filter((line) => line.startsWith('warning:'))).toHaveLength(2);
  });

  test('RENTALS_LOGO: a small image is embedded', async () => {
    const logo = join(files, 'small.png');
    writeFileSync(logo, Buffer.from('89504e470d0a1a0a', 'hex'));
    const page = await quote({ RENTALS_LOGO: logo });
    expect(page.code, page.stderr).toBe(0);
    expect(page.stdout).toContain('<img src="data:image/png;base64,iVBORw0KGgo="');
  });

  test('RENTALS_LOGO: a symlink to /dev/zero, a FIFO, a directory and a 200 MB file are refused without being read (exit 2, nothing printed)', async () => {
    const zero = join(files, 'zero.png');
    symlinkSync('/dev/zero', zero);
    const fifo = join(files, 'fifo.png');
    execFileSync('mkfifo', [fifo]);
    const folder = join(files, 'folder.png');
    mkdirSync(folder);
    const huge = join(files, 'huge.png');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 200 * 1024 * 1024); // sparse: 200 MB by its size, nothing on disk
    closeSync(fd);
    const hint = ' (set another with rentals config set logo <file>, or unset it)\n';
    for (const [logo, why] of [
      [zero, 'is a device or a pipe, not a file it can read'],
      [fifo, 'is a device or a pipe, not a file it can read'],
      [folder, 'is a directory, not a file'],
      [huge, 'is 209715200 bytes; at most 1048576 are read'],
    ] as const) {
      const refused = await quote({ RENTALS_LOGO: logo });
      expect([refused.code, refused.stdout, refused.stderr], logo).toEqual([2, '', `error: logo ${logo}: ${why}${hint}`]);
    }
  });
});
