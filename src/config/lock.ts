// A lock file around the config file's read-modify-write, so that two `rentals` processes (a
// `config set` and a token renewal, say) never lose each other's update. The lock names its
// holder (pid, and on Linux the process's start time, so that a reused pid is not mistaken for
// the holder). A lock is waited for as long as its holder runs, however long that is; it is taken
// over only when the holder is gone. Nothing ever asks a person to remove it.

import { promises as fs, readFileSync } from 'node:fs';
import { RentalsError } from '../errors.js';
import { createFileWhole } from '../common/atomic-file.js';
import { processAlive } from '../common/process.js';

const RETRY_MIN_MS = 5;
const RETRY_MAX_MS = 50;
/** A lock without a readable holder (written by an older rentals, which filled it after creating it) is left over past this age. */
const UNNAMED_STALE_MS = 10_000;
/** Waiting longer than this is said once (the holder may be a stopped or hung process). */
const SAY_WAITING_AFTER_MS = 3_000;

export interface LockOptions {
  /** Told once when the wait grows long, with the holder's pid. */
  onWaiting?: (holderPid: number) => void;
}

export async function withFileLock<T>(lockPath: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const release = await acquire(lockPath, options);
  try {
    return await work();
  } finally {
    await release();
  }
}

/** The pid of the process that holds the lock and runs; undefined when none does (no lock, or its holder is gone). */
export async function lockHolder(lockPath: string): Promise<number | undefined> {
  const holder = await readHolder(lockPath);
  return holder && !holder.stale ? holder.pid : undefined;
}

/** `<pid> start:<ticks> <random>`: ticks from /proc/self/stat where there is one. */
function ownToken(): string {
  const start = startTicks(process.pid);
  return `${process.pid} ${start === undefined ? '-' : `start:${start}`} ${Math.random().toString(36).slice(2)}`;
}

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or undefined. */
function startTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

async function acquire(lockPath: string, options: LockOptions): Promise<() => Promise<void>> {
  const started = Date.now();
  const token = ownToken();
  let said = false;
  for (let round = 0; ; round++) {
    if (await create(lockPath, token)) {
      // Remove only our own lock (were it ever taken over, it would be someone else's).
      return () => removeIfHolds(lockPath, token);
    }
    const holder = await readHolder(lockPath);
    if (holder?.stale) {
      await takeOver(lockPath, holder.content);
      continue;
    }
    if (!said && holder?.pid !== undefined && Date.now() - started > SAY_WAITING_AFTER_MS) {
      said = true;
      options.onWaiting?.(holder.pid);
    }
    const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(round, 4));
    await new Promise((resolve) => setTimeout(resolve, wait / 2 + Math.random() * wait));
  }
}

/**
 * Creates the lock with its content in one step (a temporary file linked into place), so that a
 * lock is never seen empty. False when it exists already.
 */
async function create(lockPath: string, token: string): Promise<boolean> {
  try {
    return await createFileWhole(lockPath, token);
  } catch (error) {
    throw new RentalsError(`cannot lock ${lockPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The lock's content, its holder's pid, and whether the holder is gone (undefined: no lock any more). */
async function readHolder(lockPath: string): Promise<{ content: string; pid?: number; stale: boolean } | undefined> {
  let content: string;
  let mtimeMs: number;
  try {
    [content, { mtimeMs }] = await Promise.all([fs.readFile(lockPath, 'utf8'), fs.stat(lockPath)]);
  } catch {
    return undefined; // gone already (or unreadable): just try again
  }
  const [pidText, start] = content.split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return { content, stale: Date.now() - mtimeMs > UNNAMED_STALE_MS };
  if (!processAlive(pid)) return { content, pid, stale: true };
  // The pid runs, but is it the holder? A pid is reused once its process is gone.
  const recorded = start?.startsWith('start:') ? start.slice('start:'.length) : undefined;
  const running = recorded === undefined ? undefined : startTicks(pid);
  return { content, pid, stale: running !== undefined && running !== recorded };
}

/**
 * Removes a stale lock under a second lock (`<lock>.takeover`), so that it is removed only while
 * it still holds the content judged stale: a process that read the old holder's lock just before
 * that holder let go must not remove the fresh lock someone took since. With the guard held, the
 * lock cannot change under us (its holder is gone; every other takeover waits for the guard).
 */
async function takeOver(lockPath: string, staleContent: string): Promise<void> {
  const guard = `${lockPath}.takeover`;
  const token = ownToken();
  if (!(await create(guard, token))) {
    // A guard whose holder died mid-takeover is cleared; otherwise the other takeover goes on.
    const holder = await readHolder(guard);
    if (holder?.stale) await removeIfHolds(guard, holder.content);
    return;
  }
  try {
    await removeIfHolds(lockPath, staleContent);
  } finally {
    await removeIfHolds(guard, token);
  }
}

async function removeIfHolds(path: string, content: string): Promise<void> {
  const current = await fs.readFile(path, 'utf8').catch(() => undefined);
  if (current === content) await fs.rm(path, { force: true });
}
