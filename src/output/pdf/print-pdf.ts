// A page printed to PDF by a headless Chromium-family browser, driven over the DevTools protocol
// on a pipe: the page is handed over in memory (Page.setDocumentContent, never a file), printed
// with no header or footer (no date, no file:// URL, no title) on the paper its CSS asks for, and
// the PDF comes back over the pipe. The browser's profile lives in a private temporary directory
// (0700) removed when it has exited, its crash reports and caches with it; nothing with the
// customer's data is written anywhere else.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { PaperSize } from '../../config/settings-table.js';
import { RentalsError } from '../../errors.js';
import { DevToolsPipe } from './devtools-pipe.js';

/** Inches, portrait: what printToPDF uses when a page's CSS names no size. */
const PAPER_INCHES: Record<PaperSize, [number, number]> = { A4: [8.27, 11.69], Letter: [8.5, 11] };

/** A browser that does not answer in this long is given up on (a first start can be slow). */
const TIMEOUT_MS = 60_000;

const FLAGS = [
  '--headless',
  '--disable-gpu',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--mute-audio',
  '--remote-debugging-pipe',
];

/** What waits for the images (a logo) and fonts of the page before it is printed. */
const PAGE_READY = `Promise.all([document.fonts.ready, ...Array.from(document.images, (img) => img.complete ? 0 : new Promise((done) => { img.onload = img.onerror = done; }))]).then(() => true)`;

interface PrintOptions {
  /** The browser's executable (find-chromium.ts). */
  browser: string;
  paper: PaperSize;
  /** Without the browser's sandbox: it cannot run as root (nor where user namespaces are off). */
  noSandbox?: boolean;
}

/**
 * The page as PDF. The browser's sandbox stays on where it can: off as root (Chromium refuses to
 * run so), and off on a second try when the first start says the sandbox cannot run here (a
 * container without user namespaces). The page is the program's own: no script, no request.
 */
export async function printPdfDocument(html: string, options: { browser: string; paper: PaperSize }): Promise<Buffer> {
  const root = process.getuid?.() === 0;
  try {
    return await printPdf(html, { ...options, noSandbox: root });
  } catch (error) {
    if (root || !/sandbox/i.test((error as Error).message)) throw error;
    return printPdf(html, { ...options, noSandbox: true });
  }
}

async function printPdf(html: string, options: PrintOptions): Promise<Buffer> {
  const profile = await mkdtemp(join(tmpdir(), 'rentals-pdf-'));
  const stderr: string[] = [];
  let child: ChildProcess | undefined;
  try {
    // Its crash reports (a dump would hold the page) and settings caches go to XDG_CONFIG_HOME and
    // XDG_CACHE_HOME whatever --user-data-dir says: inside the profile too, so none is left behind.
    const env = { ...process.env, XDG_CONFIG_HOME: join(profile, 'config'), XDG_CACHE_HOME: join(profile, 'cache') };
    child = spawn(options.browser, [...FLAGS, ...(options.noSandbox ? ['--no-sandbox'] : []), `--user-data-dir=${profile}`, 'about:blank'], { env, stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      stderr.push(text);
      if (stderr.length > 50) stderr.shift();
    });
    const pipe = new DevToolsPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
    const started = new Promise<never>((_, reject) => {
      child!.once('error', (error) => reject(new RentalsError(`-o pdf: cannot start the browser ${options.browser}: ${error.message}`)));
      child!.once('exit', (code, signal) => {
        const why = new Error(`the browser ${options.browser} exited (${signal ?? `code ${code}`}) before the PDF was printed`);
        pipe.fail(why);
        reject(why);
      });
    });
    started.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the browser ${options.browser} did not print the PDF within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    });
    try {
      return await Promise.race([print(pipe, html, options.paper), started, timeout]);
    } finally {
      clearTimeout(timer);
      await pipe.send('Browser.close').catch(() => undefined);
    }
  } catch (error) {
    if (error instanceof RentalsError) throw error;
    // A browser that died makes the pipe fail first (EPIPE): its exit and its last words say more.
    await stopped(child);
    const code = child?.exitCode ?? null;
    const signal = child?.signalCode ?? null;
    const died = (code !== null && code !== 0) || signal !== null;
    const what = died ? `the browser ${options.browser} exited (${signal ?? `code ${code}`}) before the PDF was printed` : (error as Error).message;
    const said = stderr.join('').split('\n').filter((line) => line.trim() !== '' && !/dbus|Fontconfig|DevTools listening/i.test(line)).slice(-3).join('\n');
    throw new RentalsError(`-o pdf: ${what}${said ? `; it said:\n${said}` : ''}`);
  } finally {
    await stopped(child);
    await rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}

async function print(pipe: DevToolsPipe, html: string, paper: PaperSize): Promise<Buffer> {
  const { targetId } = (await pipe.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
  const { sessionId } = (await pipe.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
  const { frameTree } = (await pipe.send('Page.getFrameTree', {}, sessionId)) as { frameTree: { frame: { id: string } } };
  await pipe.send('Page.setDocumentContent', { frameId: frameTree.frame.id, html }, sessionId);
  await pipe.send('Runtime.evaluate', { expression: PAGE_READY, awaitPromise: true, returnByValue: true }, sessionId);
  const [width, height] = PAPER_INCHES[paper];
  const { data } = (await pipe.send('Page.printToPDF', { printBackground: true, preferCSSPageSize: true, displayHeaderFooter: false, paperWidth: width, paperHeight: height, marginTop: 0, marginBottom: 0, marginLeft: 0, marginRight: 0 }, sessionId)) as { data: string };
  return Buffer.from(data, 'base64');
}

/** Waits for the browser to exit (it was asked to close), killing it when it lingers. */
async function stopped(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    if (child.exitCode !== null || child.signalCode !== null) resolve();
  });
}
