// The append-only journal: one line per change, `<checksum> <json>\n`, where the checksum is the
// first 16 hex digits of the SHA-256 of the JSON. A crash mid-append leaves a last line without
// its newline: that write was never acknowledged, and it is the only damage recovered silently.
// Any other bad line (a checksum that does not match, a line cut short before the end) is damage.
//
// Group commit: appends that arrive while a write+fdatasync is in flight are queued and written
// together by the next one, so N concurrent writers share one fsync. An append's promise settles
// only once its line is on disk; a failed write or sync fails it and every append after it.

import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { writeFully } from './files.js';
import type { Change } from './store.js';

export type JournalEntry = Change & { seq: number };

const CHECKSUM_LENGTH = 16;

function checksum(json: string): string {
  return createHash('sha256').update(json).digest('hex').slice(0, CHECKSUM_LENGTH);
}

export function encodeEntry(entry: JournalEntry): string {
  const json = JSON.stringify(entry);
  return `${checksum(json)} ${json}\n`;
}

export interface JournalLines {
  /** The good lines before the first damaged one. */
  entries: { entry: JournalEntry; line: number }[];
  /** The last line has no newline: an append cut short by a crash, never acknowledged. */
  tornLine?: number;
  /** The first damaged line (not the torn last one); nothing from it on is in `entries`. */
  damage?: { line: number; reason: string };
}

/** Parses a journal's text up to its first damaged line. */
export function decodeJournal(text: string): JournalLines {
  const lines = text.split('\n');
  // Text after the last newline is a line whose write was cut short: never acknowledged.
  const unterminated = lines.pop() !== '';
  const result: JournalLines = { entries: [] };
  for (const [i, line] of lines.entries()) {
    const entry = decodeLine(line);
    if (!entry) {
      result.damage = { line: i + 1, reason: line === '' ? 'an empty line' : 'a line that fails its checksum' };
      return result;
    }
    result.entries.push({ entry, line: i + 1 });
  }
  if (unterminated) result.tornLine = lines.length + 1;
  return result;
}

function decodeLine(line: string): JournalEntry | undefined {
  const space = line.indexOf(' ');
  if (space !== CHECKSUM_LENGTH) return undefined;
  const json = line.slice(space + 1);
  if (checksum(json) !== line.slice(0, space)) return undefined;
  try {
    const entry = JSON.parse(json) as unknown;
    return isEntry(entry) ? entry : undefined;
  } catch {
    return undefined;
  }
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  if (!Number.isSafeInteger(entry.seq) || typeof entry.resource !== 'string') return false;
  if (entry.op === 'delete') return Number.isSafeInteger(entry.id);
  const record = entry.record as Record<string, unknown> | undefined;
  return entry.op === 'put' && typeof record === 'object' && record !== null && Number.isSafeInteger(record.id);
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

export class Journal {
  private queue: string[] = [];
  private waiters: Waiter[] = [];
  private running?: Promise<void>;
  private pendingSwitch?: { handle: FileHandle; done: (old: FileHandle) => void };
  private failure?: Error;
  private writtenBytes = 0;
  private lastDurable: Promise<void> = Promise.resolve();

  constructor(
    private handle: FileHandle,
    /** The seq of the last entry already in the data files. */
    private seq: number,
    /** Called after each batch is on disk (compaction checks the size here). */
    private readonly afterBatch: () => void = () => {},
  ) {}

  get lastSeq(): number {
    return this.seq;
  }

  /** Bytes written to the current journal file since it was opened. */
  get bytes(): number {
    return this.writtenBytes;
  }

  get failed(): Error | undefined {
    return this.failure;
  }

  /** Queues the change (synchronously numbered) and resolves once it is durable. */
  append(change: Change): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.seq += 1;
    this.queue.push(encodeEntry({ ...change, seq: this.seq }));
    const durable = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.lastDurable = durable;
    this.kick();
    return durable;
  }

  /**
   * Resolves once everything appended so far is durable: batches complete in order, so that is
   * when the last append is. Reads wait on it, so no one is shown a write that is not on disk.
   */
  settled(): Promise<void> {
    return this.failure ? Promise.reject(this.failure) : this.lastDurable;
  }

  /** Later batches go to `next`; resolves with the old handle once no batch uses it any more. */
  switchTo(next: FileHandle): Promise<FileHandle> {
    return new Promise((done) => {
      this.pendingSwitch = { handle: next, done };
      if (!this.running) this.applySwitch();
    });
  }

  /** Writes what is queued, then closes the file. */
  async close(): Promise<void> {
    while (this.running) await this.running;
    await this.handle.close();
  }

  fail(error: Error): void {
    this.failure ??= error;
    const waiters = this.waiters;
    this.waiters = [];
    this.queue = [];
    for (const waiter of waiters) waiter.reject(this.failure);
  }

  private kick(): void {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
      if (this.pendingSwitch) this.applySwitch();
      if (this.queue.length > 0 && !this.failure) this.kick();
    });
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0 && !this.failure) {
      if (this.pendingSwitch) this.applySwitch();
      const batch = Buffer.from(this.queue.join(''), 'utf8');
      const waiters = this.waiters;
      this.queue = [];
      this.waiters = [];
      try {
        await writeFully(this.handle, batch);
        await this.handle.datasync();
      } catch (error) {
        this.waiters = waiters.concat(this.waiters);
        this.fail(new Error(`the journal could not be written: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      this.writtenBytes += batch.length;
      for (const waiter of waiters) waiter.resolve();
      this.afterBatch();
    }
  }

  private applySwitch(): void {
    const pending = this.pendingSwitch!;
    this.pendingSwitch = undefined;
    const old = this.handle;
    this.handle = pending.handle;
    this.writtenBytes = 0;
    pending.done(old);
  }
}
