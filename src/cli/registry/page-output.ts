// The preparation of every command that has a page (`page` in its definition: events show,
// load-sheet, agenda, timeline), from its --paper (declared in spec.ts): the paper it is printed on, and
// for -o pdf the browser that prints it, read before the handler runs (a bad --paper, -o pdf at a
// terminal, or no browser to print with: refused before any request); the handler only renders
// the page for the paper it is given. Loaded by a run of one of them only.

import { PAPER_SIZES, type PaperSize, paperOf } from '../../config/settings-table.js';
import { UsageError } from '../../errors.js';
import type { DocumentSettings } from '../../config/settings.js';
import type { Printer } from '../../output/printer.js';

/** The --paper value, checked; undefined when not given. */
function paperFlag(value: string | undefined): PaperSize | undefined {
  if (value === undefined) return undefined;
  const found = paperOf(value);
  if (!found) throw new UsageError(`--paper: must be ${PAPER_SIZES.join(' or ')} (got ${JSON.stringify(value)})`);
  return found;
}

/** What preparing a page takes of the run: its printer, the document settings and the environment (to find a browser). */
interface PageRun {
  printer: Printer;
  document: () => DocumentSettings;
  env: Readonly<Record<string, string | undefined>>;
}

/** Tells the printer the paper of the page, and for -o pdf the browser that prints it. */
export async function preparePage(run: PageRun, options: { paper?: string | undefined }): Promise<void> {
  const paper = paperFlag(options.paper);
  const printer = run.printer.options;
  if (printer.format !== 'html' && printer.format !== 'pdf') return;
  printer.paper = paper ?? run.document().paper;
  if (printer.format !== 'pdf') return;
  // --out's file is the printer's stdout, never a terminal.
  if (run.printer.term.stdoutIsTTY === true) throw new UsageError('-o pdf writes a PDF document: give --out FILE, or redirect stdout to a file (> quote.pdf)');
  const { requireChromium } = await import('../../output/pdf/find-chromium.js');
  const browser = requireChromium({ env: run.env });
  printer.pdf = async (html, size) => (await import('../../output/pdf/print-pdf.js')).printPdfDocument(html, { browser, paper: size });
}
