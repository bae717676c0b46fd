// -o pdf when the browser fails: its exit and its last words in the error (exit 1), never a bare
// EPIPE; its temporary profile removed all the same (the suite fails on anything left behind).

import { chmodSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printPdfDocument } from '../../src/output/pdf/print-pdf.js';
import { tempDir } from '../helpers/fake-context.js';

function fakeBrowser(script: string): string {
  const file = join(tempDir('rentals-fake-browser-'), 'chrome');
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe.skipIf(process.platform === 'win32')('a browser that fails to print', () => {
  it('that exits at once: its exit code and what it said, exit 1', async () => {
    const browser = fakeBrowser('echo "something went wrong in the browser" >&2; exit 3');
    const profiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith('rentals-pdf-'));
    const before = profiles();
    const failed = await printPdfDocument('<p>x</p>', { browser, paper: 'A4' }).catch((error: unknown) => error);
    expect((failed as Error).message).toBe(`-o pdf: the browser ${browser} exited (code 3) before the PDF was printed; it said:\nsomething went wrong in the browser`);
    expect((failed as { exitCode: number }).exitCode).toBe(1);
    expect(profiles()).toEqual(before);
  });
});
