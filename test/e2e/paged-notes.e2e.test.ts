// What a person should read beside the data, at a terminal whose output is paged: the range, the
// summary and the notes are part of the paged text (those said before the data open it, those
// after close it), not written on stderr behind the pager where they scroll away; piped, they stay
// on stderr. The pager here is a real one that writes what it is shown to a file.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { spawnPager } from '../../src/cli/pager.js';
import { fakeContext, runCli, tempDir } from '../helpers/fake-context.js';
import { cliFor } from './harness.js';
import { seededSandboxForFile } from './seeded-sandbox.js';

const seeded = seededSandboxForFile();

/** `rentals …argv` at an 80-column terminal whose pager writes to a file: what it showed, and stderr. */
async function atTerminal(argv: string[]): Promise<{ code: number; paged: string; stderr: string }> {
  const file = join(tempDir(), 'paged.txt');
  const fake = fakeContext({ tty: true, columns: 80, now: () => Date.now(), env: { ...seeded.env(), RENTALS_PAGER: `cat > '${file}'` } });
  fake.ctx.startPager = spawnPager;
  const result = await runCli(argv, fake);
  let paged = '';
  try {
    paged = readFileSync(file, 'utf8');
  } catch {
    // Nothing was paged.
  }
  return { code: result.code, paged, stderr: result.stderr };
}

describe('notes in the paged text at a terminal, on stderr when piped', () => {
  test('check: "N problems found" opens the paged list, and is not left behind on stderr', async () => {
    const piped = await cliFor(seeded.sandbox(), seeded.env().RENTALS_CONFIG_DIR)(['check']);
    const summary = /^\d+ problems? found \(\d+ events? checked\)\.$/m.exec(piped.stderr)?.[0];
    expect(summary, piped.stderr).toBeDefined();
    expect(piped.stdout).not.toContain(summary!);
    const shown = await atTerminal(['check']);
    expect(shown.code).toBe(1);
    expect(shown.paged.split('\n')[0]).toBe(summary);
    expect(shown.stderr).not.toContain(summary!);
  });

  test('agenda: the Range line opens the paged text', async () => {
    const argv = ['agenda', '--from', '2025-06-10', '--to', '2025-06-20'];
    const piped = await cliFor(seeded.sandbox(), seeded.env().RENTALS_CONFIG_DIR)(argv);
    const range = piped.stderr.split('\n').find((line) => line.startsWith('Range: '))!;
    expect(range).toBeDefined();
    const shown = await atTerminal(argv);
    expect(shown.paged.split('\n')[0]).toBe(range);
    expect(shown.paged).toContain('Range: ');
    expect(shown.stderr).not.toContain('Range: ');
  });

  test('undo: what was put back, and the summary, in the paged text', async () => {
    const rentals = cliFor(seeded.sandbox(), seeded.env().RENTALS_CONFIG_DIR);
    expect((await rentals(['inventory', 'add', '--name', 'Paged notes tent', '--quantity-available', '2'])).code).toBe(0);
    const shown = await atTerminal(['undo']);
    expect(shown.code).toBe(0);
    expect(shown.paged.replace(/\s+/g, ' ')).toMatch(/Undid .*: 1 record put back\./);
    expect(shown.stderr).not.toContain('Undid');
  });

  test('with --no-pager, or --quiet, the notes are where they were: stderr, or nowhere', async () => {
    const shown = await atTerminal(['agenda', '--from', '2025-06-10', '--to', '2025-06-20', '--no-pager']);
    expect(shown.paged).toBe('');
    expect(shown.stderr).toContain('Range: ');
    const quiet = await atTerminal(['agenda', '--from', '2025-06-10', '--to', '2025-06-20', '-q']);
    expect(quiet.paged).not.toContain('Range: ');
    expect(quiet.stderr).not.toContain('Range: ');
  });

  test('history whose filters keep no entry says so once, not also "No records."', async () => {
    const rentals = cliFor(seeded.sandbox(), seeded.env().RENTALS_CONFIG_DIR);
    expect((await rentals(['inventory', 'update', '1', '--name', 'Filtered history tent'])).code).toBe(0);
    for (const argv of [['history', '--item', '1', '--since', 'tomorrow'], ['history', '--item', '1', '--since', 'tomorrow', '--no-pager']]) {
      const shown = await atTerminal(argv);
      expect(shown.code).toBe(0);
      const said = [...shown.paged.split('\n'), ...shown.stderr.split('\n')].filter((line) => line.trim() !== '');
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^No entries match --item and --since \(the history of writes has \d+ entr(y|ies)\)\.$/);
    }
  });
});
