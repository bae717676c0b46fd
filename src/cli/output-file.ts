// `--out FILE`: the output written to a file instead of standard output, as a redirect would,
// but never half and never readable by others (0600): through the one writer of files
// (common/atomic-file.ts), it goes to a temporary file beside the target and takes its place once
// the command has printed everything; a command that fails leaves the target as it was. The
// format, when no -o names one, is the file's extension's (`prices.xlsx`, `events.ics`, `quote.pdf`).
// A descriptor the shell gave the command (`--out /dev/fd/3` with `3>> log`) is written through
// as it comes, the shell's file kept as it is; `--out /dev/stdout` is stdout itself.

import { promises as fs } from 'node:fs';
import type { Writable } from 'node:stream';
import { extname } from 'node:path';
import type { AtomicFile } from '../common/atomic-file.js';
import { shownPath } from '../common/sanitize.js';
import { UsageError } from '../errors.js';
import type { ViewFormat } from '../output/views.js';

const BY_EXTENSION: Readonly<Record<string, ViewFormat>> = {
  '.xlsx': 'xlsx',
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.txt': 'tsv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.ics': 'ics',
  '.html': 'html',
  '.htm': 'html',
  '.pdf': 'pdf',
};

/** The format a file's name asks for (`prices.xlsx` → xlsx), undefined for another extension. */
export function formatOfFile(path: string): ViewFormat | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}

/**
 * Whether the file's name says only "text" (`notes.txt`, `status`, `quote.pfd`), not a format: it
 * holds what a command prints as text (a status, a script), and the rows of one that prints rows
 * as tsv when it ends `.txt`.
 */
export function namesText(path: string): boolean {
  const extension = extname(path).toLowerCase();
  return extension === '.txt' || BY_EXTENSION[extension] === undefined;
}

/** Why a file name chooses no format for a command that prints rows, when nothing else (-o, --json, the output setting) does. */
export function noFormatMessage(path: string, formats: readonly ViewFormat[]): string {
  const extension = extname(path);
  const named = extension === '' ? `${JSON.stringify(path)} has no extension, so it` : `${JSON.stringify(extension)}`;
  return `--out: ${named} names no format; give -o (${formats.join(', ')}) or a file name ending ${Object.keys(BY_EXTENSION).join(', ')}`;
}

export class OutputFile {
  private constructor(
    readonly path: string,
    private readonly file: AtomicFile | undefined,
    /** undefined: the path names this command's own stdout (`--out /dev/stdout`), which gets what it would without --out. */
    readonly stream: Writable | undefined,
  ) {}

  static async open(path: string): Promise<OutputFile> {
    if (path === '' || path === '-') throw new UsageError('--out: give a file name (leave --out out to write to standard output)');
    const existing = await fs.stat(path).catch(() => undefined);
    if (existing?.isDirectory()) throw new UsageError(`--out: ${shownPath(path)} is a directory; name a file`);
    // Private (0600), as the shop's data it holds: never readable by others, even while it is written.
    const { FileWriteError, openAtomicFile } = await import('../common/atomic-file.js');
    const refused = (error: unknown): never => {
      throw error instanceof FileWriteError ? new UsageError(`--out: ${error.message}`) : error;
    };
    // A descriptor the shell gave (/dev/stdout, /dev/fd/3 with `3>> log`) is written through, as it is: the shell's file, its mode and position.
    const file = await openAtomicFile(path).catch(refused);
    if (file.descriptor === 1) return new OutputFile(path, undefined, undefined);
    return new OutputFile(path, file, file.stream());
  }

  /** Everything printed: the file is closed and takes the target's place. */
  async commit(): Promise<void> {
    const { stream, file } = this;
    if (!stream || !file) return;
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.end(resolve);
    });
    await file.commit();
  }

  /** The command failed (or never committed): the temporary file goes, the target stays as it was. */
  async discard(): Promise<void> {
    this.stream?.destroy();
    await this.file?.discard();
  }
}
