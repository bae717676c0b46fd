// The snapshot use cases: `rentals snapshot` (every resource as one document, to standard output
// or a file written whole) and `rentals diff` (what changed between two snapshots, or a snapshot
// and the service now). Memory stays bounded whatever the sizes: a snapshot is written as it is
// read; a diff reads both sides through the one reader (snapshot/read.ts), in any key order, and
// merges them resource by resource (snapshot/diff-stream.ts), standard input and the service's
// side copied first into private files no path names.

import type { DataPiece } from '../api/data-envelope.js';
import { boundHeapGrowth } from '../common/heap.js';
import { UsageError } from '../errors.js';
import type { DiffView, DoneView, Outcome, RawView, RecordStreamView } from '../output/views.js';
import type { Factory } from './factory.js';
import { type ResourceName, resourceList } from '../resources/definitions.js';
import type { DiffChange } from '../snapshot/diff.js';
import type { SnapshotFile } from '../snapshot/file.js';
import type { ReadSnapshot } from '../snapshot/read.js';

/** What snapshot and diff need: the run's catalog (every list read once), the service's address, the clock, standard input. */
export type SnapshotDeps = Pick<Factory, 'catalog' | 'baseUrl' | 'now' | 'stdin'>;

export interface SnapshotOptions {
  /** A file, or `-` (or nothing) for standard output. */
  out?: string;
  /** Replace an existing --out file. */
  force?: boolean;
}

/** To standard output: the document, written as it is read. */
export function snapshotToStdout(options: SnapshotOptions): boolean {
  return options.out === undefined || options.out === '-';
}

export async function snapshot(deps: SnapshotDeps, options: SnapshotOptions): Promise<RawView | DoneView> {
  await boundHeapGrowth();
  const [{ takeSnapshot }, { catalogSource }] = await Promise.all([import('../snapshot/take.js'), import('../snapshot/catalog-source.js')]);
  const takenAt = new Date(deps.now()).toISOString();
  const source = deps.baseUrl();
  if (options.out === undefined || snapshotToStdout(options)) {
    return { kind: 'raw', pour: (write) => toStdout((out) => takeSnapshot(catalogSource(deps.catalog()), out, takenAt, source), write) };
  }
  const { shownPath } = await import('../common/sanitize.js');
  const out = shownPath(options.out);
  const path = options.out;
  // Checked before anything is read: a wrong path costs no request.
  const { lstat, stat } = await import('node:fs/promises');
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`--out: ${out} is a directory; name a file`);
  if (!options.force && (existing ?? (await lstat(path).catch(() => undefined)))) throw new UsageError(`--out: ${out} exists already; pass --force to replace it (nothing was read)`);
  const { FileWriteError, writeFileAtomically } = await import('../common/atomic-file.js');
  // Written beside the target and put in place at the end (common/atomic-file.ts): an interrupted
  // snapshot never looks whole. Without --force, a file that appeared at --out meanwhile is not replaced either.
  const counts = await writeFileAtomically(path, (write) => takeSnapshot(catalogSource(deps.catalog()), write, takenAt, source), { replace: options.force === true }).catch((error: unknown) => {
    if (!(error instanceof FileWriteError)) throw error;
    if (error.code === 'EEXIST') throw new UsageError(`--out: ${out} appeared while the snapshot was taken; it was not replaced (pass --force to replace it)`);
    throw new UsageError(`--out: ${error.message}`);
  });
  const summary = Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ');
  return { kind: 'done', message: `Snapshot written to ${out}: ${summary}.`, records: [{ file: path, counts }] };
}

/**
 * The document to standard output as it is taken. The writer holds it until the first list has
 * been read (snapshot/document.ts), so the common failures leave stdout empty; one after that
 * cannot take back what was written, and its error says so.
 */
async function toStdout<T>(take: (write: (text: string) => Promise<void>) => Promise<T>, write: (text: string) => Promise<void>): Promise<T> {
  let written = false;
  try {
    return await take(async (text) => {
      written = true;
      await write(text);
    });
  } catch (error) {
    if (written && error instanceof Error) error.message += `\n${INCOMPLETE}`;
    throw error;
  }
}

const INCOMPLETE = 'The snapshot on standard output is incomplete (it stops inside the document): do not use it; take it again (--out FILE writes a file whole or not at all).';

export interface DiffOptions {
  before: string;
  after?: string;
  /** Compare with the service as it is now. */
  live?: boolean;
  /** Comma-separated resources to compare. */
  only?: string;
}

/** Private files of a diff: standard input and the service's side copied, the runs of a list sorted. */
const DIFF_FILES = { what: 'the snapshots being compared', prefix: 'rentals-diff-' };

/** The changes, exit 1 (printed as they are found); none: "No differences." for people, exit 0 (like diff(1)). */
export async function diff(deps: SnapshotDeps, options: DiffOptions): Promise<Outcome> {
  if ((options.after === undefined) === (options.live !== true)) {
    throw new UsageError('compare with a second snapshot or with --live (the service now), one of the two');
  }
  if (options.before === '-' && options.after === '-') throw new UsageError('only one of the two snapshots can be standard input ("-")');
  const only = parseOnly(options.only);
  await boundHeapGrowth();
  const [{ readSnapshot }, { mergeDiff }, { openSnapshot, writtenSnapshot }, { diskSpool, privateFiles }] = await Promise.all([
    import('../snapshot/read.js'),
    import('../snapshot/diff-stream.js'),
    import('../snapshot/file.js'),
    import('../common/spool.js'),
  ]);
  const copies = privateFiles(undefined, DIFF_FILES);
  const runs = diskSpool(undefined, DIFF_FILES);
  const opened: SnapshotFile[] = [];
  let released = false;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    for (const file of opened) file.close();
    runs.close();
    copies.close();
  };
  try {
    const stdin = () => deps.stdin();
    const open = async (path: string) => {
      const file = await openSnapshot(path, path === '-' ? '(stdin)' : path, stdin, copies.open);
      opened.push(file);
      return file;
    };
    // Both files are opened (and so checked as files) before either is read; a file is read before the service is.
    const before = await open(options.before);
    let a: ReadSnapshot;
    let b: ReadSnapshot;
    if (options.after !== undefined) {
      const after = await open(options.after);
      // Read side by side; both finish before the files are let go, whichever fails.
      const read = await Promise.allSettled([readSnapshot(before), readSnapshot(after)]);
      for (const side of read) if (side.status === 'rejected') throw side.reason;
      [a, b] = read.map((side) => (side as PromiseFulfilledResult<ReadSnapshot>).value) as [ReadSnapshot, ReadSnapshot];
    } else {
      a = await readSnapshot(before);
      const live = await liveSide(deps, only, copies.open, writtenSnapshot);
      opened.push(live);
      b = await readSnapshot(live, { check: 'ids' });
    }
    const warnings = await sourceWarnings(a, b, options.live === true);
    const changes = mergeDiff(a, b, runs, only);
    const first = await changes.next();
    if (first.done) {
      await release();
      return { notices: ['No differences.'], ...(warnings.length > 0 ? { warnings } : {}), exitCode: 0 };
    }
    const { DIFF_COLUMNS, diffRow } = await import('../output/view-rows.js');
    async function* pieces(): AsyncGenerator<DataPiece> {
      try {
        yield { kind: 'data-start' };
        yield { kind: 'records', records: first.value! };
        for await (const batch of changes) yield { kind: 'records', records: batch };
        yield { kind: 'data-end' };
      } finally {
        await release();
      }
    }
    const view: RecordStreamView = { kind: 'stream', pieces: pieces(), row: (change) => diffRow(change as DiffChange), columns: DIFF_COLUMNS, knownColumns: DIFF_COLUMNS };
    // A table sizes its columns from every row: it holds the changes anyway, and paints them as a
    // diff, a record added or removed as its fields on one line (snapshot/diff.ts recordLine).
    const forPeople = async (): Promise<DiffView> => {
      const { forReading } = await import('../snapshot/diff.js');
      const all: DiffChange[] = [];
      for await (const piece of view.pieces) if (piece.kind === 'records') for (const change of piece.records) all.push(forReading(change as DiffChange));
      return { kind: 'diff', changes: all };
    };
    return { view: { ...view, forPeople }, exitCode: 1, ...(warnings.length > 0 ? { warnings } : {}), afterPrinting: release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** A warning when the two sides were taken of different services (not an error: a sandbox's copy is compared with production on purpose). */
async function sourceWarnings(a: ReadSnapshot, b: ReadSnapshot, live: boolean): Promise<string[]> {
  const { differentSources, shownSource } = await import('../snapshot/sources.js');
  if (!differentSources(a.source, b.source)) return [];
  const other = live ? `the service now is ${shownSource(b.source)}` : `${b.file.label} of ${shownSource(b.source)}`;
  return [`warning: ${a.file.label} was taken of ${shownSource(a.source)}, ${other}; comparing them all the same`];
}

/** The service as it is now, as a snapshot of the resources compared, written into a private file. */
async function liveSide(
  deps: SnapshotDeps,
  only: ResourceName[] | undefined,
  make: (name: string) => number,
  written: typeof import('../snapshot/file.js').writtenSnapshot,
): Promise<SnapshotFile> {
  const [{ takeSnapshot }, { catalogSource }] = await Promise.all([import('../snapshot/take.js'), import('../snapshot/catalog-source.js')]);
  const takenAt = new Date(deps.now()).toISOString();
  return written((write) => takeSnapshot(catalogSource(deps.catalog()), write, takenAt, deps.baseUrl(), only), '--live', make);
}

function parseOnly(value: string | undefined): ResourceName[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((word) => {
    const def = resourceList.find((d) => d.command === word.trim() || d.name === word.trim() || (d.commandAliases ?? []).includes(word.trim()));
    if (!def) throw new UsageError(`--only: unknown resource ${JSON.stringify(word)} (use ${resourceList.map((d) => d.command).join(', ')})`);
    return def.name;
  });
}
