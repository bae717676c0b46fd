// `--out FILE`: the output written to a file instead of standard output, as a redirect would,
// but never half and never readable by others (0600): it goes to a temporary file beside the
// target and is renamed into place once the command has printed everything; a command that fails
// leaves the target as it was. The format, when no -o names one, is the file's extension's
// (`prices.xlsx`, `events.ics`, `quote.pdf`).

import { type WriteStream, createWriteStream, promises as fs } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
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

export class OutputFile {
  private committed = false;

  private constructor(
    readonly path: string,
    private readonly temp: string,
    readonly stream: WriteStream,
  ) {}

  static async open(path: string): Promise<OutputFile> {
    if (path === '' || path === '-') throw new UsageError('--out: give a file name (leave --out out to write to standard output)');
    const existing = await fs.stat(path).catch(() => undefined);
    if (existing?.isDirectory()) throw new UsageError(`--out: ${path} is a directory; name a file`);
    const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`);
    // Private (0600), as the shop's data it holds: never readable by others, even while it is written.
    const stream = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) => reject(new UsageError(`--out: cannot write ${path}: ${error.code === 'ENOENT' ? 'no such directory' : error.code === 'EACCES' ? 'permission denied' : error.message}`)));
    });
    return new OutputFile(path, temp, stream);
  }

  /** Everything printed: the file is closed and takes the target's place. */
  async commit(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(resolve);
    });
    await fs.rename(this.temp, this.path);
    this.committed = true;
  }

  /** The command failed (or never committed): the temporary file goes, the target stays as it was. */
  async discard(): Promise<void> {
    if (this.committed) return;
    this.stream.destroy();
    await fs.rm(this.temp, { force: true });
  }
}
