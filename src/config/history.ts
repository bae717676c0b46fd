// The local history of the tool's writes: one entry per command that wrote, its records beneath,
// each with its state before and after. NDJSON in `<config dir>/history/history.ndjson` (0600 in a
// 0700 directory), appended as the writes are answered: the records answered in one turn of the
// event loop go out together at the next (a bulk run's 10,000 writes are not 10,000 syscalls), and
// whatever is pending when the process exits or the writer closes is written then, so a run that
// stops half way still has what it did. Several processes may append at once: each line names its
// entry, and each append holds whole lines.
// Bounded: when the file passes MAX_BYTES at the start of an entry it becomes history.1.ndjson
// (the one before is dropped), so at most about twice that is kept.
// What stands: a write that lost its race and backed out (data/race-guard.ts) withdraws its records
// and those of its back-out (a `withdraw` line), so an entry holds only what its command left written;
// a deleted line the back-out brought back under a new id stays known as its rename.
// An undo notes its intent before it writes (an `undo` line: the records it will put back, in order),
// each record's write before it is sent (a `step` line: sending, or skipped when the record changed
// since), and how it ended (an `end` line); from its first line on, each line is written at once, so
// a run killed part way leaves exactly what it did: the records answered, the one that may have been
// sent, the rest. A later run that finishes it (`rentals undo --finish`) continues the same entry (a
// `resume` line), so one undo is one entry however many runs it took.

import { maskUrlCredentials, withoutUrlCredentials } from '../common/urls.js';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { WrittenChange } from '../domain/changes.js';
import { RentalsError } from '../errors.js';

/** One record a write changed (the change model, domain/changes.ts): `before` null for a create, `after` null for a delete. */
export interface HistoryRecord extends Omit<WrittenChange, 'name'> {
  /** A create that brought back the deleted record of this id (`rentals undo`, a back-out). */
  replaces?: number;
}

/** A deleted record that came back under a new id. */
export interface Rename {
  resource: string;
  from: number;
  to: number;
}

/** A record an undo puts back: its id in the entry undone, and what putting it back does. */
export interface UndoStepRef {
  resource: string;
  id: number;
  parentId?: number;
  action: 'delete' | 'restore' | 'recreate';
}

/** What an undo noted of one of its steps (the last note wins). */
export interface StepNote {
  /** sending: its write was about to be sent; skipped: left as it was (why); settled: an unanswered write looked up. */
  state: 'sending' | 'skipped' | 'settled';
  why?: string;
  /** The record written to (a deleted record brought back earlier is written under its new id). */
  target?: number;
  /** A create: the body sent, and the records that already held every value of it before (what a lookup leaves out). */
  body?: Record<string, unknown>;
  twins?: number[];
}

/** How a run that wrote ended: complete, or partial (why); absent when it never said (killed, or still running). */
export interface EntryEnd {
  outcome: 'complete' | 'partial';
  reason?: string;
}

/** The undo's own bookkeeping: its steps in order, and what it noted of each. */
export interface UndoProgress {
  steps: UndoStepRef[];
  notes: Array<StepNote | undefined>;
  /** The runs that continued it after the first (`rentals undo --finish`). */
  resumed: number;
}

export interface HistoryEntry {
  id: string;
  /** ISO time the first write was answered. */
  at: string;
  /** The command line, secrets redacted. */
  command: string;
  /** The API the records live in; an entry is undone only against it. */
  baseUrl: string;
  /** The entry this one undid, for `rentals undo`'s own entries. */
  undoes?: string;
  /** The report a bulk undo (`--undo <report>`) put back, as an absolute path. */
  undoesReport?: string;
  /** An undo's steps and what it noted of them (an undo that noted its intent before writing). */
  undo?: UndoProgress;
  /** How the run ended, for a run that says (an undo). */
  end?: EntryEnd;
  records: HistoryRecord[];
  /** Deleted records brought back under a new id by writes the entry withdrew (a back-out): what stands for them now. */
  renames?: Rename[];
}

type Line =
  | ({ kind: 'entry' } & Omit<HistoryEntry, 'records' | 'renames' | 'undo' | 'end'>)
  | ({ kind: 'record'; entry: string } & HistoryRecord)
  /** `rentals undo` brought the deleted record `from` back as `to` (a record of the same entry). */
  | { kind: 'replace'; entry: string; resource: string; from: number; to: number }
  /** The entry's records from the `from`-th on did not stand: a write backed out, with its back-out. */
  | { kind: 'withdraw'; entry: string; from: number }
  /** An undo's intent, before its first write: the records it puts back, in order. */
  | { kind: 'undo'; entry: string; steps: UndoStepRef[] }
  /** What an undo noted of its step `step`. */
  | ({ kind: 'step'; entry: string; step: number } & StepNote)
  /** A later run continues the entry (an undo finished by `rentals undo --finish`). */
  | { kind: 'resume'; entry: string; at: string; command: string }
  | ({ kind: 'end'; entry: string } & EntryEnd);

export const MAX_BYTES = 4 * 1024 * 1024;
const FILE = 'history.ndjson';
const OLDER = 'history.1.ndjson';

export function historyDir(configDir: string): string {
  return join(configDir, 'history');
}

/** Flags whose value is a secret, and `--flag=value` forms of them. */
const SECRET_FLAG = /^--?[\w-]*(token|secret|password|passwd|key)[\w-]*$/i;

/** The command line as typed, with the values of secret flags and the passwords of URLs replaced. */
export function redactedCommand(argv: readonly string[]): string {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const equals = word.indexOf('=');
    if (word.startsWith('-') && equals > 0 && SECRET_FLAG.test(word.slice(0, equals)) && !/file$/i.test(word.slice(0, equals))) {
      words.push(`${word.slice(0, equals)}=[redacted]`);
    } else if (SECRET_FLAG.test(word) && !/file$/i.test(word) && i + 1 < argv.length) {
      words.push(word, '[redacted]');
      i++;
    } else words.push(maskUrlCredentials(word));
  }
  return ['rentals', ...words.map(quoteWord)].join(' ');
}

function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The entry a run writes to, opened (and its header written) at its first record. */
export class HistoryWriter {
  private fd: number | undefined;
  private entryId: string | undefined;
  /** `{"kind":"record","entry":"…",`: what every record line of the entry starts with. */
  private recordHead = '';
  /** Lines answered in this turn, written at the next (or at exit, or at close). */
  private pending = '';
  private warn: (message: string) => void = () => undefined;
  /** Records of the entry so far (what a withdraw counts from). */
  private count = 0;
  private readonly flushNow = (): void => this.flush();
  private flushQueued = false;
  private exitListening = false;
  /** Every line written at once (an undo: a run killed part way loses none). */
  private durable = false;

  constructor(
    private readonly dir: string,
    private readonly head: () => { command: string; baseUrl: string; undoes?: string; undoesReport?: string; now: number },
  ) {}

  /** The entry's id once something was written (undefined before the first record). */
  get id(): string | undefined {
    return this.entryId;
  }

  /** Appends a record; a history that cannot be written never fails the write it records (it says why once). */
  record(record: HistoryRecord, warn: (message: string) => void): void {
    try {
      if (this.fd === undefined) this.open();
    } catch (error) {
      this.failed(error, warn);
    }
    if (this.fd === -1) return; // said once already
    this.count++;
    // The line `{ kind: 'record', entry, ...record }` makes, without copying the record into it.
    this.append(`${this.recordHead}${JSON.stringify(record).slice(1)}\n`, warn);
  }

  /** How many records the entry holds: a mark to withdraw back to. */
  mark(): number {
    return this.count;
  }

  /** The records since `mark` did not stand (a write that backed out): withdrawn from the entry. */
  withdraw(mark: number, warn: (message: string) => void): void {
    if (this.fd === undefined || this.fd < 0 || mark >= this.count) return;
    this.append(`${JSON.stringify({ kind: 'withdraw', entry: this.entryId!, from: mark } satisfies Line)}\n`, warn);
    this.count = mark;
  }

  /**
   * Opens the entry now (its head written) if it is not open, and from now on writes every line at
   * once; the entry's id. Throws when the history cannot be written: an undo does not start then.
   */
  start(): string {
    try {
      if (this.fd === undefined) this.open();
    } catch (error) {
      throw new RentalsError(`the history of writes cannot be written (${(error as Error).message}): an undo does not start without it; nothing was written`);
    }
    if (this.fd === -1 || this.entryId === undefined) throw new RentalsError('the history of writes cannot be written: an undo does not start without it; nothing was written');
    this.flush();
    this.durable = true;
    return this.entryId;
  }

  /** Lines go out together again at the next turn (a bulk undo: its rows as any bulk run's). */
  relax(): void {
    this.durable = false;
  }

  /**
   * Continues the entry `id` (of `records` standing records): this run's lines go to it, each
   * written at once, after a `resume` line with this run's command line.
   */
  resume(id: string, records: number): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.fd = openSync(join(this.dir, FILE), 'a', 0o600);
    this.entryId = id;
    this.recordHead = `{"kind":"record","entry":${JSON.stringify(id)},`;
    this.count = records;
    this.durable = true;
    const { command, now } = this.head();
    writeSync(this.fd, `${JSON.stringify({ kind: 'resume', entry: id, at: new Date(now).toISOString(), command } satisfies Line)}\n`);
  }

  /** An undo's intent: the records it puts back, in order (before its first write). */
  intent(steps: readonly UndoStepRef[], warn: (message: string) => void): void {
    this.line({ kind: 'undo', entry: this.entryId!, steps: [...steps] }, warn);
  }

  /** What an undo notes of its step `step` (of this entry, or of the entry `entry`: an earlier undo's step looked up). */
  step(step: number, note: StepNote, warn: (message: string) => void, entry = this.entryId!): void {
    this.line({ kind: 'step', entry, step, ...note }, warn);
  }

  /** A record of another entry (an unanswered write of an earlier run, found applied). */
  recordOf(entry: string, record: HistoryRecord, warn: (message: string) => void): void {
    if (entry === this.entryId) this.count++;
    this.line({ kind: 'record', entry, ...record }, warn);
  }

  /** How the run ended. */
  end(end: EntryEnd, warn: (message: string) => void): void {
    this.line({ kind: 'end', entry: this.entryId!, ...end }, warn);
  }

  private line(line: Line, warn: (message: string) => void): void {
    if (this.fd === undefined || this.entryId === undefined) return;
    this.append(`${JSON.stringify(line)}\n`, warn);
  }

  close(): void {
    this.flush();
    if (this.exitListening) process.off('exit', this.flushNow);
    this.exitListening = false;
    if (this.fd !== undefined && this.fd >= 0) closeSync(this.fd);
    this.fd = undefined;
  }

  private append(line: string, warn: (message: string) => void): void {
    if (this.fd === undefined || this.fd < 0) return;
    this.pending += line;
    this.warn = warn;
    if (this.durable) {
      this.flushQueued = true;
      this.flush();
      return;
    }
    if (this.flushQueued) return;
    this.flushQueued = true;
    // Listened for from the first line to close (not added and removed at every turn of a bulk run).
    if (!this.exitListening) process.on('exit', this.flushNow);
    this.exitListening = true;
    setImmediate(this.flushNow);
  }

  private flush(): void {
    if (!this.flushQueued) return;
    this.flushQueued = false;
    const text = this.pending;
    this.pending = '';
    if (this.fd === undefined || this.fd < 0) return;
    try {
      writeSync(this.fd, text);
    } catch (error) {
      this.failed(error, this.warn);
    }
  }

  /** A history that cannot be written never fails the write it records: it says why once. */
  private failed(error: unknown, warn: (message: string) => void): void {
    if (this.fd !== -1) warn(`warning: the history of writes could not be written (${(error as Error).message}); \`rentals undo\` will not know of this run`);
    this.fd = -1;
  }

  private open(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const path = join(this.dir, FILE);
    try {
      if (statSync(path).size > MAX_BYTES) renameSync(path, join(this.dir, OLDER));
    } catch {
      // no history yet
    }
    this.fd = openSync(path, 'a', 0o600);
    const { command, baseUrl, undoes, undoesReport, now } = this.head();
    // Eight hex digits: unique enough among a few thousand entries (a clash only mixes two entries' lines).
    this.entryId = Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0');
    this.recordHead = `{"kind":"record","entry":${JSON.stringify(this.entryId)},`;
    const line: Line = { kind: 'entry', id: this.entryId, at: new Date(now).toISOString(), command, baseUrl, ...(undoes ? { undoes } : {}), ...(undoesReport ? { undoesReport } : {}) };
    writeSync(this.fd, `${JSON.stringify(line)}\n`);
  }
}

/** Every entry kept, oldest first (a line that cannot be read is skipped: a torn last line of a run that was killed). */
export function readHistory(dir: string): HistoryEntry[] {
  const entries = new Map<string, HistoryEntry>();
  for (const name of [OLDER, FILE]) {
    let text: string;
    try {
      text = readFileSync(join(dir, name), 'utf8');
    } catch {
      continue;
    }
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        continue;
      }
      if (line.kind === 'entry') {
        const { kind: _kind, ...head } = line;
        // An entry written before base URLs with a password were refused shows neither.
        entries.set(line.id, { ...head, command: maskUrlCredentials(head.command), baseUrl: withoutUrlCredentials(head.baseUrl), records: [] });
      } else if (line.kind === 'record') {
        const { kind: _kind, entry, ...record } = line;
        entries.get(entry)?.records.push(record);
      } else if (line.kind === 'replace') {
        const record = entries.get(line.entry)?.records.find((r) => r.resource === line.resource && r.id === line.to);
        if (record) record.replaces = line.from;
      } else if (line.kind === 'withdraw') {
        const entry = entries.get(line.entry);
        if (entry && Number.isInteger(line.from) && line.from >= 0) withdraw(entry, line.from);
      } else readUndoLine(entries, line);
    }
  }
  return [...entries.values()].filter((e) => e.records.length > 0 || e.renames !== undefined || e.undo !== undefined || e.undoesReport !== undefined);
}

/** An undo's own lines: its intent, the notes of its steps, a later run that continued it, how it ended. */
function readUndoLine(entries: Map<string, HistoryEntry>, line: Line): void {
  const entry = entries.get((line as { entry?: string }).entry ?? '');
  if (!entry) return;
  if (line.kind === 'undo' && Array.isArray(line.steps)) entry.undo = { steps: line.steps, notes: [], resumed: 0 };
  else if (line.kind === 'step' && entry.undo && Number.isInteger(line.step)) {
    const { kind: _kind, entry: _entry, step, ...note } = line;
    entry.undo.notes[step] = note;
  } else if (line.kind === 'resume' && entry.undo) {
    entry.undo.resumed++;
    delete entry.end;
  } else if (line.kind === 'end') {
    const { kind: _kind, entry: _entry, ...end } = line;
    entry.end = end;
  }
}

/** The entry's records from the `from`-th on are dropped; a deleted record they brought back under a new id stays known. */
function withdraw(entry: HistoryEntry, from: number): void {
  for (const record of entry.records.splice(from)) {
    if (record.replaces !== undefined) (entry.renames ??= []).push({ resource: record.resource, from: record.replaces, to: record.id });
  }
}

/** The record that now stands for a deleted one brought back (by an undo or a back-out), chains followed. */
export function renamesOf(entries: readonly HistoryEntry[]): (resource: string, id: number) => number {
  const next = new Map<string, number>();
  for (const entry of entries) {
    for (const r of entry.records) if (r.replaces !== undefined) next.set(`${r.resource}:${r.replaces}`, r.id);
    for (const r of entry.renames ?? []) next.set(`${r.resource}:${r.from}`, r.to);
  }
  return (resource, id) => {
    let current = id;
    for (let hops = 0; hops < 100 && next.has(`${resource}:${current}`); hops++) current = next.get(`${resource}:${current}`)!;
    return current;
  };
}
