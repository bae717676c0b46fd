// `rentals snapshot` and `rentals diff`: every resource as one JSON document, and what changed
// between two of them (or a snapshot and the live service), per record and field.

import { UsageError } from '../../errors.js';
import { type ResourceName, resourceList } from '../../resources/definitions.js';
import { readAll } from '../../common/read-all.js';
import { boundHeapGrowth } from '../../common/heap.js';
import type { DataPiece } from '../../api/data-envelope.js';
import type { DiffView, DoneView, Outcome, RawView, RecordStreamView } from '../../output/views.js';
import { defineViewCommand } from '../registry/spec.js';
import type { Factory } from '../../app/factory.js';
import type { DiffChange } from '../../snapshot/diff.js';
import { TOP_LEVEL } from './top-level.js';

/** What snapshot and diff need: the run's catalog (every list read once), the service's address, the clock, stdin. */
type SnapshotDeps = Pick<Factory, 'catalog' | 'baseUrl' | 'now' | 'stdin'>;

interface SnapshotOptions {
  out?: string;
  /** Replace an existing --out file. */
  force?: boolean;
}

/** To stdout: the document, written as it is read. */
function toStdout(options: SnapshotOptions): boolean {
  return options.out === undefined || options.out === '-';
}

async function snapshot(deps: SnapshotDeps, options: SnapshotOptions): Promise<RawView | DoneView> {
  await boundHeapGrowth();
  const [{ takeSnapshot }, { catalogSource }] = await Promise.all([import('../../snapshot/take.js'), import('../../snapshot/catalog-source.js')]);
  const takenAt = new Date(deps.now()).toISOString();
  const source = deps.baseUrl();
  if (options.out === undefined || toStdout(options)) {
    return { kind: 'raw', pour: (write) => takeSnapshot(catalogSource(deps.catalog()), write, takenAt, source) };
  }
  const { link, open, rename, rm } = await import('node:fs/promises');
  // Written beside the target and renamed at the end: an interrupted snapshot never looks whole.
  const out = options.out;
  const temp = `${out}.${process.pid}.partial`;
  const cannotWrite = (error: unknown) => new UsageError(`--out: cannot write ${out}: ${fileProblem(error)}`);
  // Checked before anything is read: a wrong path costs no request.
  const { stat } = await import('node:fs/promises');
  const existing = await stat(out).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`--out: ${out} is a directory; name a file`);
  if (existing && !options.force) throw new UsageError(`--out: ${out} exists already; pass --force to replace it (nothing was read)`);
  const file = await open(temp, 'w', 0o600).catch((error: unknown) => {
    throw cannotWrite(error);
  });
  let counts: Record<string, number>;
  try {
    counts = await takeSnapshot(catalogSource(deps.catalog()), async (text) => void (await file.write(text)), takenAt, source);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temp, { force: true });
    throw error;
  }
  await file.close();
  // Without --force, linked into place: a file that appeared at --out meanwhile is not replaced either.
  const place = options.force ? rename(temp, out) : link(temp, out).then(() => rm(temp, { force: true }));
  await place.catch(async (error: unknown) => {
    await rm(temp, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`--out: ${out} appeared while the snapshot was taken; it was not replaced (pass --force to replace it)`);
    throw cannotWrite(error);
  });
  const summary = Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ');
  return { kind: 'done', message: `Snapshot written to ${out}: ${summary}.`, records: [{ file: out, counts }] };
}

function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return (error as Error).message;
}

interface DiffOptions {
  before: string;
  after?: string;
  live?: boolean;
  only?: string;
}

/** The changes, exit 1; none: "No differences." for people, exit 0 (like diff(1)). */
async function diff(deps: SnapshotDeps, options: DiffOptions): Promise<Outcome> {
  if ((options.after === undefined) === (options.live !== true)) {
    throw new UsageError('compare with a second snapshot or with --live (the service now), one of the two');
  }
  const only = parseOnly(options.only);
  await boundHeapGrowth();
  if (options.before === '-' && options.after === '-') throw new UsageError('only one of the two snapshots can be standard input ("-")');
  if (options.after !== undefined && options.before !== '-' && options.after !== '-') {
    const merged = await mergedDiff(options.before, options.after, only);
    if (merged) return merged;
  }
  const [{ readSnapshotFile, readSnapshotText }, { diffSnapshots }] = await Promise.all([import('../../snapshot/read.js'), import('../../snapshot/diff.js')]);
  const read = async (path: string) => (path === '-' ? readSnapshotText(await readAll(deps.stdin()), '(stdin)') : await readSnapshotFile(path)).snapshot;
  const before = await read(options.before);
  let after;
  if (options.after !== undefined) {
    after = await read(options.after);
  } else {
    const [{ readLive }, { catalogSource }] = await Promise.all([import('../../snapshot/take.js'), import('../../snapshot/catalog-source.js')]);
    after = await readLive(catalogSource(deps.catalog()), new Date(deps.now()).toISOString(), deps.baseUrl(), only);
  }
  const changes = diffSnapshots(before, after, only);
  if (changes.length === 0) return { notices: ['No differences.'], exitCode: 0 };
  return { view: { kind: 'diff', changes }, exitCode: 1 };
}

/**
 * Two snapshot files written in order, merged as they are read (snapshot/diff-stream.ts): the
 * changes are printed as they are found. Undefined when either must be read whole.
 */
async function mergedDiff(before: string, after: string, only: ResourceName[] | undefined): Promise<Outcome | undefined> {
  const [{ isOrderedSnapshot, mergeDiff }, { DIFF_COLUMNS, diffRow }, { checkReadableFile }] = await Promise.all([
    import('../../snapshot/diff-stream.js'),
    import('../../output/view-rows.js'),
    import('../../common/readable-file.js'),
  ]);
  // A directory, a FIFO or an unreadable file is a usage error naming it, before either is read.
  await checkReadableFile(before, before);
  await checkReadableFile(after, after);
  const ordered = await Promise.all([isOrderedSnapshot(before), isOrderedSnapshot(after)]);
  if (!ordered.every(Boolean)) return undefined;
  const changes = mergeDiff(before, after, only);
  const first = await changes.next();
  if (first.done) return { notices: ['No differences.'], exitCode: 0 };
  async function* pieces(): AsyncGenerator<DataPiece> {
    yield { kind: 'data-start' };
    yield { kind: 'records', records: first.value! };
    for await (const batch of changes) yield { kind: 'records', records: batch };
    yield { kind: 'data-end' };
  }
  const view: RecordStreamView = { kind: 'stream', pieces: pieces(), row: (change) => diffRow(change as DiffChange), columns: DIFF_COLUMNS, knownColumns: DIFF_COLUMNS };
  // A table sizes its columns from every row: it holds the changes anyway, and paints them as a diff.
  const forPeople = async (): Promise<DiffView> => {
    const all: DiffChange[] = [];
    for await (const piece of view.pieces) if (piece.kind === 'records') for (const change of piece.records) all.push(change as DiffChange);
    return { kind: 'diff', changes: all };
  };
  return { view: { ...view, forPeople }, exitCode: 1 };
}

function parseOnly(value: string | undefined): ResourceName[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((word) => {
    const def = resourceList.find((d) => d.command === word.trim() || d.name === word.trim() || (d.commandAliases ?? []).includes(word.trim()));
    if (!def) throw new UsageError(`--only: unknown resource ${JSON.stringify(word)} (use ${resourceList.map((d) => d.command).join(', ')})`);
    return def.name;
  });
}

export const snapshotCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.snapshot,
  help: `
The document holds every resource, nested ones (prices, bookings) with their parent field. It is
written as it is read, so memory stays bounded by the largest single list; with --out the file is
written beside the target (mode 0600) and renamed when complete. An existing --out file is
replaced only with --force. diff and sandbox --from-snapshot read it back under the same checks.
`,
  examples: ['rentals snapshot --out before.json', 'rentals snapshot | jq \'.resources.inventory | length\'', 'rentals sandbox --from-snapshot before.json'],
  flags: {
    out: { value: 'file', help: 'write to this file instead of standard output' },
    force: { help: 'replace the --out file if it exists' },
  },
  view: (options) => (toStdout(options) ? 'raw' : 'done'),
  handler: (factory, options) => snapshot(factory, { out: options.out, force: options.force === true }),
});

export const diffCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.diff,
  args: '<before> [after]',
  help: `
One row per change: a record added or removed, or one field of a record changed. The same value
written two ways (1 and "1", 12.5 and "12.50", a datetime with or without .000) is no change;
Links are ignored. Exit 0 when nothing changed, 1 when something did (like diff(1)).
`,
  examples: ['rentals diff before.json after.json', 'rentals snapshot | rentals diff before.json -', 'rentals diff before.json --live --only prices', "rentals diff before.json --live -o json | jq '.data | length'"],
  flags: {
    live: { help: 'compare with the service as it is now' },
    only: { value: 'resources', help: 'comma-separated resources to compare (e.g. prices,inventory)' },
  },
  view: 'diff',
  handler: (factory, options, [before, after]) => diff(factory, { before, after, live: options.live === true, only: options.only }),
});
