// `-o pdf` through a real headless Chromium, read back with poppler (pdfinfo, pdftotext): the
// quote on the shop's paper with no browser furniture (no date, no URL, no page numbers), to a
// private file or to a pipe; refused at a terminal without --out and without a browser, before
// any request; the agenda and the timeline landscape. Skipped (loudly) without chromium or
// poppler, unless RENTALS_BROWSER_TESTS=required.

import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { browserTestsRequired, findChromium } from '../helpers/chromium.js';
import { runCli } from '../helpers/fake-context.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { runProgram } from '../helpers/programs.js';
import { cliEnv, cliFor, freshConfigDir, jsonData, runBin } from '../e2e/harness.js';

const CHROMIUM = findChromium();
const POPPLER = spawnSync('pdfinfo', ['-v']).status === 0 && spawnSync('pdftotext', ['-v']).status === 0;

if (!POPPLER) console.warn('\n!!! poppler-utils (pdfinfo, pdftotext) is not installed: the PDF tests (test/browser/pdf.test.ts) are SKIPPED !!!\n');
if (browserTestsRequired() && (!CHROMIUM || !POPPLER)) {
  it('finds chromium and poppler (RENTALS_BROWSER_TESTS=required)', () => {
    expect.fail('RENTALS_BROWSER_TESTS=required but chromium or poppler-utils is missing: apt-get install -y chromium poppler-utils');
  });
}

/** pdfinfo's fields: Pages, Page size, Title… */
async function pdfInfo(file: string): Promise<Record<string, string>> {
  const out = (await runProgram('pdfinfo', [file])).stdout;
  return Object.fromEntries(out.split('\n').flatMap((line) => (/^([^:]+):\s+(.*)$/.exec(line) ? [[RegExp.$1, RegExp.$2]] : [])));
}

/** The text of pages `first` to `last` (all by default), in reading order. */
async function pdfText(file: string, first?: number, last?: number): Promise<string> {
  const range = first === undefined ? [] : ['-f', String(first), '-l', String(last ?? first)];
  return (await runProgram('pdftotext', [...range, '-layout', file, '-'])).stdout;
}

// A browser start takes seconds on a slow or busy machine, and a test here may print three PDFs.
describe.skipIf(!CHROMIUM || !POPPLER)('-o pdf through a headless Chromium', { timeout: 120_000 }, () => {
  type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
  let sandbox: Sandbox;
  let config: string;
  let rentals: ReturnType<typeof cliFor>;
  let dir: string;
  let quote: { id: number; eventName: string };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, token: 'pdf-token-0123456789', seed: true });
    config = freshConfigDir();
    rentals = cliFor(sandbox, config);
    dir = fileTempDir('rentals-pdf-');
    const events = jsonData(await rentals(['events', 'list', '--status', 'Quoted', '-o', 'json'])) as Array<{ id: number; eventName: string }>;
    quote = events[0]!;
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  it('writes the quote to --out as a private PDF, on A4 by default, with no header or footer of the browser', async () => {
    const file = join(dir, 'quote.pdf');
    const result = await rentals(['events', 'show', String(quote.id), '-o', 'pdf', '--out', file], { env: { RENTALS_CHROMIUM: CHROMIUM } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = await pdfInfo(file);
    expect(info['Page size']).toMatch(/\(A4\)/);
    const text = await pdfText(file);
    expect(text).toContain(`Quote Q-${quote.id}`);
    expect(text).toContain(quote.eventName);
    // Chromium's own header and footer: the date, the page's title or URL, "1/1".
    expect(text).not.toMatch(/about:blank|file:\/\/|data:text|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b1\/1\b/);
  });

  it('prints on Letter for a shop in US dollars (the paper setting and --paper: test/e2e/calendar-beyond)', async () => {
    const letter = join(dir, 'letter.pdf');
    const env = { RENTALS_CHROMIUM: CHROMIUM, RENTALS_CURRENCY: 'USD' };
    // The file's extension asks for the PDF.
    expect((await rentals(['events', 'show', String(quote.id), '--out', letter], { env })).code).toBe(0);
    expect((await pdfInfo(letter))['Page size']).toMatch(/\(letter\)/);
  });

  it('at a terminal without --out: refused (exit 2) before any request', async () => {
    const result = await runCli(['events', 'show', String(quote.id), '-o', 'pdf'], { env: { ...cliEnv({ url: 'http://127.0.0.1:9', token: 'x' }, config), RENTALS_CHROMIUM: CHROMIUM }, stdoutIsTTY: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give --out FILE, or redirect stdout');
    expect(result.stdout).toBe('');
  });

  it("leaves nothing of the browser's in the user's home: its crash reports and settings go with its throwaway profile", async () => {
    const home = fileTempDir('rentals-pdf-home-');
    const cache = fileTempDir('rentals-pdf-cache-');
    // A process of its own: the browser inherits its environment, and so its HOME.
    const env = { ...cliEnv(sandbox, config), RENTALS_CHROMIUM: CHROMIUM!, HOME: home, XDG_CACHE_HOME: cache };
    const result = await runBin(['events', 'show', String(quote.id), '-o', 'pdf', '--out', join(dir, 'home.pdf')], { env, timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    const left = [home, cache].flatMap((root) => readdirSync(root, { recursive: true }).map(String));
    expect(left.filter((path) => /chrom|crash|dconf/i.test(path))).toEqual([]);
  });

  it('without a browser: a clear error (exit 1) naming how to install one, before any request', async () => {
    const result = await runCli(['events', 'show', String(quote.id), '-o', 'pdf', '--out', join(dir, 'none.pdf')], { env: { ...cliEnv({ url: 'http://127.0.0.1:9', token: 'x' }, config), RENTALS_CHROMIUM: join(dir, 'no-such-chrome') } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('RENTALS_CHROMIUM names');
    expect(result.stderr).toContain('apt-get install chromium');
    expect(result.stderr).not.toMatch(/ECONNREFUSED|network/i);
  });

  it('names print safely on paper: control and bidi characters as visible escapes, the text beside them in order; right-to-left letters keep to themselves', async () => {
    const env = { RENTALS_CHROMIUM: CHROMIUM };
    const item = jsonData(await rentals(['inventory', 'add', '--name', 'Evil\u001b[31mRED\u001b[0m\u202eTent', '--quantity-available', '3', '-o', 'json']))[0]!;
    const added = await rentals(['events', 'add', '--event-name', 'Party\u202e', '--event-status-id', 'Confirmed', '--rental-block-id', 'Daily', '--start-date', '2031-08-01 09:00', '--end-date', '2031-08-01 18:00', '--customer-name', 'Bob\u2067', '-o', 'json']);
    const id = Number(jsonData(added)[0]!.id);
    expect((await rentals(['events', 'book', String(id), '--item', `${String(item.id)}=1`, '--price', '10'])).code).toBe(0);
    // On the same pick list: a name in right-to-left letters (Hebrew for "wedding").
    const hebrew = '\u05d7\u05ea\u05d5\u05e0\u05d4';
    const rtl = Number(jsonData(await rentals(['events', 'add', '--event-name', hebrew, '--event-status-id', 'Confirmed', '--rental-block-id', 'Daily', '--start-date', '2031-08-01 10:00', '--end-date', '2031-08-01 18:00', '-o', 'json']))[0]!.id);
    expect((await rentals(['events', 'book', String(rtl), '--item', '1=1'])).code).toBe(0);
    const quote = join(dir, 'hostile-quote.pdf');
    const pickList = join(dir, 'hostile-pick-list.pdf');
    expect((await rentals(['events', 'show', String(id), '-o', 'pdf', '--out', quote], { env })).code).toBe(0);
    expect((await rentals(['load-sheet', '--from', '2031-08-01', '-o', 'pdf', '--out', pickList], { env })).code).toBe(0);
    const [quoteText, pickText] = await Promise.all([pdfText(quote), pdfText(pickList)]);
    for (const text of [quoteText, pickText]) {
      expect(text).toContain('Evil\\x1b[31mRED\\x1b[0m\\u202eTent');
      // pdftotext marks a right-to-left run it lays out with U+202B … U+202C (its own marks, not the page's).
      expect(text.replace(/[\u202b\u202c]/g, '')).not.toMatch(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\uFFFD]/);
    }
    expect(quoteText).toMatch(/Party\\u202e · issued \d{4}-\d{2}-\d{2}/);
    expect(quoteText).toContain('Bob\\u2067');
    expect(pickText).toContain(`Party\\u202e (${id})`);
    // -raw gives the order the glyphs are drawn in (left to right on the line), each right-to-left
    // run turned to its logical order between embedding marks: without isolation the id is drawn
    // on the name's left, mirrored (`)37( name`).
    const raw = (await runProgram('pdftotext', ['-raw', pickList, '-'])).stdout.replace(/[\u202a-\u202c]/g, '');
    expect(raw).toContain(`${hebrew} (${rtl})`);
  });

  it('the agenda prints landscape, with every event of the range and its total', async () => {
    const file = join(dir, 'agenda.pdf');
    const args = ['agenda', '--range', 'next-week'];
    const printed = await rentals([...args, '-o', 'pdf', '--out', file], { env: { RENTALS_CHROMIUM: CHROMIUM } });
    expect(printed.code, printed.stderr).toBe(0);
    expect((await pdfInfo(file))['Page size']).toMatch(/^841\.\d+ x 59[45]\.\d+ pts \(A4\)/);
    const text = (await pdfText(file)).replace(/\s+/g, ' ');
    const days = JSON.parse((await rentals([...args, '-o', 'json'])).stdout).data as Array<{ date: string; eventName: string; total: number }>;
    expect(days.length).toBeGreaterThan(0);
    for (const event of days) {
      expect(text).toContain(event.eventName);
      expect(text).toContain(event.total.toFixed(2));
    }
  });

  it('the pick list prints to stdout when it is not a terminal; the timeline prints landscape', async () => {
    const piped = await rentals(['load-sheet', '--range', 'this-week', '-o', 'pdf'], { env: { RENTALS_CHROMIUM: CHROMIUM } });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.startsWith('%PDF-')).toBe(true);
    expect(piped.stdout.trimEnd().endsWith('%%EOF')).toBe(true);
    const timeline = join(dir, 'timeline.pdf');
    expect((await rentals(['timeline', '--range', 'this-week', '-o', 'pdf', '--out', timeline, '--paper', 'Letter'], { env: { RENTALS_CHROMIUM: CHROMIUM } })).code).toBe(0);
    expect((await pdfInfo(timeline))['Page size']).toMatch(/^792 x 612 pts/);
  });
});
