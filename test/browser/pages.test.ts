// The HTML pages in a real headless Chromium (Debian's, driven by playwright-core): each loads with
// no console error and no request to any URL, shows every event, and prints to PDF on the paper
// size it was made for. Without a chromium these skip (the summary says so loudly), unless
// RENTALS_BROWSER_TESTS=required (.ci/run), where a missing browser fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeControl } from '../../src/common/sanitize.js';
import type { PaperSize } from '../../src/output/html/page.js';
import { browserTestsRequired, findChromium } from '../helpers/chromium.js';
import { runProgram } from '../helpers/programs.js';
import { HOSTILE_NAME, fleetTimelinePage, longPickList, longQuote, pickListPage, pickMovements, quoteBookings, quoteEvent, quotePage, timelinePage } from '../helpers/pages-sample.js';
import { readEvent } from '../../src/domain/records.js';

const CHROMIUM = findChromium();
/** pdfinfo and pdftotext read the printed pages back. */
const POPPLER = spawnSync('pdftotext', ['-v']).status === 0;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Points, portrait: A4 is 210 × 297 mm, Letter 8.5 × 11 in. */
const PAPER: Record<PaperSize, [number, number]> = { A4: [595.28, 841.89], Letter: [612, 792] };

/** How a name reads on the page: control characters as the terminal shows them (`\x1b`). */
const shown = escapeControl;

// Registered only where it fails, so a skipped run does not count it.
if (browserTestsRequired() && !CHROMIUM) {
  it('finds chromium (RENTALS_BROWSER_TESTS=required)', () => {
    expect.fail('RENTALS_BROWSER_TESTS=required but no chromium was found (PATH, /usr/bin/chromium or RENTALS_CHROMIUM): apt-get install -y chromium');
  });
}

// Printing a long page takes seconds on a slow or busy machine.
describe.skipIf(!CHROMIUM)('pages in headless chromium', { timeout: 120_000 }, () => {
  let dir: string;
  let context: BrowserContext;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rentals-browser-'));
    const { chromium } = await import('playwright-core');
    context = await chromium.launchPersistentContext(join(dir, 'profile'), { executablePath: CHROMIUM!, headless: true, args: ARGS });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  interface Opened {
    page: Page;
    requests: string[];
    problems: string[];
  }

  /** The one page every document is opened in, in turn (a new page for each costs a renderer start); what it saw goes to the document open now. */
  let viewer: Page | undefined;
  let current: Opened | undefined;
  /** Playwright's viewport for a new page: each document starts with it, whatever the one before set. */
  const VIEWPORT = { width: 1280, height: 720 };

  async function viewerPage(): Promise<Page> {
    if (viewer) return viewer;
    const page = await context.newPage();
    page.on('request', (request) => current?.requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') current?.problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => current?.problems.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      current?.problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    viewer = page;
    return page;
  }

  async function open(html: string): Promise<Opened> {
    const page = await viewerPage();
    await page.setViewportSize(VIEWPORT);
    current = { page, requests: [], problems: [] };
    await page.setContent(html, { waitUntil: 'load' });
    return current;
  }

  async function expectClean(opened: Opened): Promise<void> {
    expect(await opened.page.locator('script').count()).toBe(0);
    expect(opened.problems).toEqual([]);
    expect(opened.requests).toEqual([]);
  }

  async function visible(page: Page, selector: string, text: string): Promise<boolean> {
    return page.locator(selector, { hasText: text }).first().isVisible();
  }

  /** The PDF's pages' sizes in points, from their MediaBoxes. */
  function pdfPages(pdf: Buffer): Array<[number, number]> {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
  }

  async function expectPrints(page: Page, size: PaperSize, landscape: boolean): Promise<void> {
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(0);
    const [width, height] = landscape ? [PAPER[size][1], PAPER[size][0]] : PAPER[size];
    for (const [w, h] of pages) {
      expect(Math.abs(w - width)).toBeLessThan(2);
      expect(Math.abs(h - height)).toBeLessThan(2);
    }
  }

  it.each(['A4', 'Letter'] as const)('the timeline (%s) loads cleanly, shows every event and prints', async (size) => {
    const { html, eventNames } = timelinePage(size);
    const opened = await open(html);
    await expectClean(opened);
    for (const name of eventNames) {
      expect(await visible(opened.page, '.label', shown(name)), name).toBe(true);
      expect(await opened.page.locator('.bar', { hasText: shown(name) }).count(), name).toBe(1);
    }
    expect(await visible(opened.page, '.shortages li', 'short by 1')).toBe(true);
    await expectPrints(opened.page, size, true);
  });

  it.each(['A4', 'Letter'] as const)('the timeline over a month (%s): no cell clips its text (a narrow one shows none)', async (size) => {
    const { html } = timelinePage(size, 31);
    const opened = await open(html);
    await opened.page.setViewportSize({ width: 1000, height: 800 });
    const clipped = await opened.page.$$eval('.track > span', (spans) =>
      spans.filter((span) => span.textContent !== '' && span.scrollWidth > span.clientWidth + 1).map((span) => `${span.className}: ${span.textContent}`),
    );
    expect(clipped).toEqual([]);
    expect(await visible(opened.page, '.shortages li', 'short by 1')).toBe(true);
  });

  it.each(['A4', 'Letter'] as const)('the quote (%s) loads cleanly, shows every line and the totals, and prints', async (size) => {
    const opened = await open(quotePage(size));
    await expectClean(opened);
    expect(await opened.page.locator('table.lines tr.line').count()).toBe(quoteBookings.length);
    expect(await visible(opened.page, 'p.meta', shown(HOSTILE_NAME))).toBe(true);
    expect(await visible(opened.page, 'table.lines td', 'Chair <b>folding</b>')).toBe(true);
    expect(await opened.page.locator('table.lines tr.total').innerText()).toMatch(/Total\s+1105\.25/);
    await expectPrints(opened.page, size, false);
  });

  it.each(['A4', 'Letter'] as const)('the order confirmation (%s) with a logo, currency, terms, a venue contact and special requirements loads cleanly, shows them and prints', async (size) => {
    const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const event = readEvent({ ...quoteEvent.record, eventContacts: 'Sam Ortega, site lead\nGate code 4412', eventSpecialRequirements: 'Tent up by noon the day before.\nNo stakes on the lawn.' });
    const opened = await open(quotePage(size, { kind: 'confirmation', event, company: { name: 'Harbor Tents', address: '12 Quay St', logo }, currency: 'EUR', terms: 'Payment within 14 days.' }));
    await expectClean(opened);
    expect(await opened.page.locator('h1').innerText()).toBe('Order confirmation O-12');
    expect(await opened.page.locator('.head img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    expect(await visible(opened.page, 'footer.terms', 'Payment within 14 days.')).toBe(true);
    expect(await visible(opened.page, '.parties dd', 'Gate code 4412')).toBe(true);
    expect(await opened.page.locator('.requirements p').innerText()).toBe('Tent up by noon the day before.\nNo stakes on the lawn.');
    await expectPrints(opened.page, size, false);
  });

  it.each(['A4', 'Letter'] as const)('the pick list (%s) loads cleanly, shows every event with boxes to tick, and prints', async (size) => {
    const opened = await open(pickListPage(size));
    await expectClean(opened);
    for (const movement of pickMovements) expect(await visible(opened.page, 'table.pick td', shown(movement.eventName)), movement.eventName).toBe(true);
    const box = opened.page.locator('td.box span').first();
    const bounds = await box.boundingBox();
    expect(bounds && bounds.width > 10 && bounds.height > 10).toBe(true);
    await expectPrints(opened.page, size, false);
  });

  /** The PDF of `html` (printed as -o pdf prints it) and the text of each of its pages (pdftotext's pages end with a form feed). */
  async function printedPages(html: string): Promise<string[]> {
    const { page } = await open(html);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const file = join(dir, `printed-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    const [info, text] = await Promise.all([runProgram('pdfinfo', [file]), runProgram('pdftotext', ['-layout', file, '-'])]);
    const count = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]);
    const pages = text.stdout.split('\f').slice(0, -1);
    expect(pages, 'one text per page').toHaveLength(count);
    rmSync(file);
    return pages;
  }

  /** The smallest n in [1, max] whose page takes two pages or more (the page count grows with n). */
  async function firstOverflow(page: (n: number) => string, max: number): Promise<{ n: number; pages: string[] }> {
    let [low, high] = [1, max];
    let found = await printedPages(page(high));
    expect(found.length, `${max} rows fill more than a page`).toBeGreaterThan(1);
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const pages = await printedPages(page(middle));
      if (pages.length > 1) [high, found] = [middle, pages];
      else low = middle + 1;
    }
    return { n: high, pages: found };
  }

  it.skipIf(!POPPLER).each(['A4', 'Letter'] as const)('the quote (%s): its totals never start a page alone; the last rows go with them', async (size) => {
    const { n, pages } = await firstOverflow((lines) => longQuote(lines, size), 90);
    const last = pages[pages.length - 1]!;
    expect(last).toMatch(/Total/);
    expect(last, `the page with the totals of a ${n}-line quote`).toMatch(new RegExp(`Line ${n}\\b`));
  });

  it.skipIf(!POPPLER)('the pick list: no near-empty first page (a day with nothing takes no page); the totals and the lines to sign stay together', async () => {
    const first = await printedPages(longPickList(3));
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('Load (going out)');
    expect(first[0]).toContain('Party 1');
    expect(first[0]).toMatch(/Nothing goes out or comes back.*Fri 2026-06-12/);
    const { n, pages } = await firstOverflow(longPickList, 120);
    for (const [i, text] of pages.entries()) {
      if (text.includes('Picked by')) expect(text, `page ${i + 1} of ${n} rows`).toMatch(/To load[\s\S]*Item \d+/);
      if (text.includes('To load')) expect(text, `page ${i + 1} of ${n} rows`).toMatch(/To load[\s\S]*Item \d+[\s\S]*Picked by/);
    }
  });

  it.skipIf(!POPPLER)('the pick list: a day whose lines run over a page names the day again on the next, above the column headers', async () => {
    const pages = await printedPages(longPickList(60));
    const withLines = pages.filter((text) => /Party \d+/.test(text));
    expect(withLines.length, 'the lines take two pages or more').toBeGreaterThan(1);
    for (const [i, text] of withLines.entries()) {
      expect(text, `page ${i + 1}`).toMatch(/Load \(going out\) · Sat 2026-06-13\s+✓\s+Item\s+Quantity\s+Event/);
      // Once a page: the heading a screen reader navigates by is never printed besides.
      expect(text.match(/Load \(going out\)/g), `page ${i + 1}`).toHaveLength(1);
    }
  });

  it('the pick list to a screen reader: each table of lines named by its section and day, a heading to reach it by, and no heading inside a row', async () => {
    const { page } = await open(pickListPage());
    const sections = ['Load (going out) · Fri 2026-06-12', 'Receive (coming back) · Fri 2026-06-12', 'Load (going out) · Sat 2026-06-13'];
    const tables = page.locator('table.pick');
    expect(await tables.count()).toBe(sections.length);
    for (const [i, name] of sections.entries()) {
      const tree = await tables.nth(i).ariaSnapshot();
      expect(tree.split('\n')[0], name).toBe(`- table "${name}":`);
      expect(tree, name).not.toMatch(/heading/);
      expect(tree, name).toContain(`- columnheader "${name}"`);
      expect(await page.getByRole('table', { name, exact: true }).count(), name).toBe(1);
      expect(await page.getByRole('heading', { level: 3, name, exact: true }).count(), name).toBe(1);
    }
    // On screen the section's words show once: the hidden heading takes no room.
    const hidden = await page.locator('h3').first().boundingBox();
    expect(hidden && hidden.width <= 1 && hidden.height <= 1).toBe(true);
    expect(await page.locator('th.heading').first().isVisible()).toBe(true);
  });

  it('the fleet timeline: an overview of every item of a 20-item fleet on the first screen (1280×800), the legend on top, shortages first and red, the detail below', async () => {
    const opened = await open(fleetTimelinePage(20));
    const { page } = opened;
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectClean(opened);
    const rows = page.locator('table.overview tbody tr');
    expect(await rows.count()).toBe(20);
    for (let i = 0; i < 20; i++) {
      const box = (await rows.nth(i).boundingBox())!;
      expect(box.y + box.height, `row ${i + 1}`).toBeLessThanOrEqual(800);
    }
    const legend = (await page.locator('.legend').first().boundingBox())!;
    expect(legend.y + legend.height).toBeLessThan((await rows.first().boundingBox())!.y);
    // Shortages first: the item held short, then the one short if its quote confirms, then the rest by name.
    const names = await page.locator('table.overview tbody tr th').allInnerTexts();
    expect(names.slice(0, 3)).toEqual(['Item 03', 'Item 07', 'Item 01']);
    const short = page.locator('table.overview tbody tr').first().locator('td.short').first();
    expect(await short.evaluate((cell) => (globalThis as unknown as { getComputedStyle(element: unknown): { backgroundColor: string } }).getComputedStyle(cell).backgroundColor)).toBe('rgb(221, 0, 0)');
    // One cell per day of the week.
    expect(await rows.first().locator('td.day').count()).toBe(7);
    // The detail of each item below the overview.
    const overview = (await page.locator('table.overview').boundingBox())!;
    const details = page.locator('section.item');
    expect(await details.count()).toBe(20);
    expect((await details.first().boundingBox())!.y).toBeGreaterThan(overview.y + overview.height);
  });

  it.each([31, 92])('the fleet overview over %i days: every row on the first screen, no cell clips its figure (a narrow one shows none)', async (days) => {
    const opened = await open(fleetTimelinePage(20, 'A4', days));
    await opened.page.setViewportSize({ width: 1280, height: 800 });
    const last = (await opened.page.locator('table.overview tbody tr').last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(800);
    const clipped = await opened.page.$$eval('table.overview td, table.overview th', (cells) =>
      cells.filter((cell) => cell.textContent !== '' && cell.scrollWidth > cell.clientWidth + 1 && !cell.matches('tbody th')).map((cell) => cell.textContent),
    );
    expect(clipped).toEqual([]);
  });
});
