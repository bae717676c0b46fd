// The one way rentals writes a file it keeps (the config, the plan key, the config lock, a plan, a
// snapshot, a command's --out, the completion cache, the sandbox's data file): whole or not at
// all, private. The rules, decided here once:
//
// - The content goes into a new file beside the target (`.NAME.PID.RANDOM.tmp` in the target's
//   own directory, NAME cut and marked with a hash where the whole would pass the 255 bytes a
//   name may have, created exclusively: a planted file or link there is never followed), made
//   private (0600, whatever the umask and the mode of the file it replaces: every file rentals
//   keeps holds the shop's data or a secret), fsynced, then renamed over the target and the
//   directory fsynced: a reader sees the old file or the new one, never half of either. A file that must not exist yet is linked into place
//   instead: of two processes creating it at once, exactly one wins.
// - A symbolic link stays a link: the file it names is replaced, or created when the link dangles.
// - A path that is not a regular file (a FIFO, a terminal, /dev/null) is written in place: it is
//   not kept, and cannot be replaced.
// - A name of one of this process's descriptors (/dev/stdout, /dev/stderr, /dev/fd/N,
//   /proc/self/fd/N, /proc/PID/fd/N on Linux) is written through that descriptor itself, at the
//   position it shares with the shell (`>> cron.log` appended to, `> report.txt` after what the
//   script wrote before), never closed, cut nor made private: it is the shell's. Only a descriptor
//   the command was given, open for writing (common/descriptors.ts); any other (Node's own, one
//   read-only, another process's) is refused and nothing is written.
// - A directory that cannot be written (no file can be made in it) while the file itself can: the
//   file is written in place, made private (fchmod) before a byte of the new content reaches it.
//   Not atomic (a write that fails there leaves the file cut), but the only way there; never
//   readable by others.
// - An error names the user's path and what went wrong, never the temporary file.
// - The temporary file is removed when the write fails, when the process exits, and on Ctrl-C
//   (SIGINT, SIGTERM, SIGHUP when nothing else handles them: removed, then the signal raised
//   again, so the process ends as it would have). One left by a process killed outright (SIGKILL,
//   a power cut) is removed by the next write of the same file, once that process is gone.

import { constants, promises as fs, readdirSync, unlinkSync, write as writeFd } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { refusedDescriptor } from './descriptors.js';
import { processAlive } from './process.js';
import { shownPath } from './sanitize.js';

export type Chunk = string | Uint8Array;

/** Writes the content piece by piece; each write is waited for (a slow disk holds the producer back). */
export type Produce<T> = (write: (chunk: Chunk) => Promise<void>) => Promise<T>;

export interface AtomicWriteOptions {
  /** false: the path must not exist yet; if it does (or appears meanwhile) nothing is written and a FileWriteError with code EEXIST is thrown. */
  replace?: boolean;
}

/** A file that could not be written: the message names the user's path and the reason. */
export class FileWriteError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly code: string | undefined,
  ) {
    super(`cannot write ${shownPath(path)}: ${reason}`);
  }
}

const PRIVATE = 0o600;
const MAX_LINKS = 40;

/** A file being written: its content goes in through `write` (or `stream()`), then `commit()` puts it in place, or `discard()` leaves the target as it was. */
export interface AtomicFile {
  write(chunk: Chunk): Promise<void>;
  /** A stream onto the file, for a writer that takes one (a printer); ended before commit(). Destroying it leaves the file open. */
  stream(): Writable;
  commit(): Promise<void>;
  discard(): Promise<void>;
  /** The descriptor written through, when the path named one the command was given (`/dev/stdout`: 1). */
  readonly descriptor?: number;
}

/**
 * Opens `path` for writing whole (the rules above): nothing is in place until commit(). Errors of
 * the file system are FileWriteErrors naming `path`.
 */
export async function openAtomicFile(path: string, options: AtomicWriteOptions = {}): Promise<AtomicFile> {
  const { target, kind, descriptor } = await step(path, () => (options.replace === false ? newTarget(path) : resolveTarget(path)));
  if (kind === 'other') return inPlace(path, await step(path, () => fs.open(target, 'w')), false);
  if (descriptor) return throughDescriptor(path, checked(path, descriptor));
  removeLeftovers(target);
  const temp = join(dirname(target), `${tempPrefix(target)}${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  let handle: FileHandle;
  try {
    handle = await fs.open(temp, 'wx', PRIVATE);
  } catch (error) {
    if (kind === 'file' && isDenied(error)) return inPlace(path, await step(path, () => fs.open(target, 'r+')), true);
    throw failure(path, error);
  }
  tracked.add(temp);
  listen();
  const settled = async (): Promise<void> => {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    forget(temp);
  };
  try {
    // Whatever the umask says.
    await step(path, () => handle.chmod(PRIVATE));
  } catch (error) {
    await settled();
    throw error;
  }
  return {
    write: (chunk) => step(path, () => writeAll(handle, chunk)),
    stream: () => streamOnto(path, handle),
    commit: async () => {
      try {
        await step(path, () => handle.sync());
        await handle.close();
        await step(path, () => (options.replace === false ? linkInto(temp, target) : fs.rename(temp, target)));
        await syncDirectory(dirname(target));
      } finally {
        await settled();
      }
    },
    discard: settled,
  };
}

/**
 * Writes `path` whole: `content` is the text or bytes, a stream of pieces, or a function given
 * `write` that returns what the caller needs (a snapshot's counts). Errors of the file system are
 * FileWriteErrors naming `path`; an error of the content itself is thrown as it is, the target
 * left as it was.
 */
export async function writeFileAtomically<T = void>(path: string, content: Chunk | AsyncIterable<Chunk> | Produce<T>, options: AtomicWriteOptions = {}): Promise<T> {
  const produce = producerOf<T>(content);
  const file = await openAtomicFile(path, options);
  let value: T;
  try {
    value = await produce((chunk) => file.write(chunk));
  } catch (error) {
    await file.discard();
    throw error;
  }
  await file.commit();
  return value;
}

/** Creates `path` holding `text` unless it exists: true when this call made it, false when it was there already. */
export async function createFileWhole(path: string, text: string): Promise<boolean> {
  try {
    await writeFileAtomically(path, text, { replace: false });
    return true;
  } catch (error) {
    if (error instanceof FileWriteError && error.code === 'EEXIST') return false;
    throw error;
  }
}

function producerOf<T>(content: Chunk | AsyncIterable<Chunk> | Produce<T>): Produce<T> {
  if (typeof content === 'function') return content;
  if (typeof content === 'string' || content instanceof Uint8Array) return async (write) => (await write(content)) as T;
  return async (write) => {
    for await (const chunk of content) await write(chunk);
    return undefined as T;
  };
}

type Kind = 'new' | 'file' | 'other' | 'descriptor';

interface Descriptor {
  pid: number;
  fd: number;
}

/** Where the content goes: the path itself, or the file its symbolic links end at (which may not exist yet). */
async function resolveTarget(path: string): Promise<{ target: string; kind: Kind; descriptor?: Descriptor }> {
  let target = path;
  for (let links = 0; ; links++) {
    const info = await fs.lstat(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    const descriptor = await descriptorNamed(target);
    if (descriptor) return { target, kind: 'descriptor', descriptor };
    if (info === undefined) return { target, kind: 'new' };
    if (info.isSymbolicLink()) {
      if (links >= MAX_LINKS) throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
      target = resolve(dirname(target), await fs.readlink(target));
      continue;
    }
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return { target, kind: info.isFile() ? 'file' : 'other' };
  }
}

/** The descriptor `path` names (/proc/PID/fd/N, /dev/fd/N, open or not): its link names no path to follow (`pipe:[…]`, a file the shell opened). */
async function descriptorNamed(path: string): Promise<Descriptor | undefined> {
  const fd = basename(path);
  if (!/^\d+$/.test(fd)) return undefined;
  const dir = await fs.realpath(dirname(path)).catch(() => '');
  const match = /^\/proc\/(\d+)(?:\/task\/\d+)?\/fd$/.exec(dir);
  return match ? { pid: Number(match[1]), fd: Number(fd) } : undefined;
}

function checked(path: string, { pid, fd }: Descriptor): number {
  const reason = pid === process.pid ? refusedDescriptor(fd) : "another process's descriptor, not one this command was given to write to";
  if (reason !== undefined) throw new FileWriteError(path, reason, 'EBADF');
  return fd;
}

/** A file that must not exist yet: anything at the path (a link too, dangling or not) is there already. */
async function newTarget(path: string): Promise<{ target: string; kind: Kind; descriptor?: Descriptor }> {
  const exists = await fs.lstat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  if (exists) throw Object.assign(new Error('exists already'), { code: 'EEXIST' });
  return { target: path, kind: 'new' };
}

/** Linked into place (EEXIST when something is there); where links are not supported, copied exclusively. */
async function linkInto(temp: string, target: string): Promise<void> {
  try {
    await fs.link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    await fs.copyFile(temp, target, constants.COPYFILE_EXCL);
  }
}

/**
 * Written in place: a device or a FIFO (opened truncated, as a shell's `>` does), or a file in a
 * directory no file can be made in (`cut`: made private first, then cut and written).
 */
async function inPlace(path: string, handle: FileHandle, cut: boolean): Promise<AtomicFile> {
  try {
    if (cut) await step(path, () => handle.chmod(PRIVATE));
    if (cut) await step(path, () => handle.truncate(0));
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  const close = async (): Promise<void> => void (await handle.close().catch(() => undefined));
  return {
    write: (chunk) => step(path, () => writeAll(handle, chunk)),
    stream: () => streamOnto(path, handle),
    commit: async () => {
      try {
        if (cut) await step(path, () => handle.sync());
      } finally {
        await close();
      }
    },
    discard: close,
  };
}

/**
 * Written through a descriptor the command was given: at the position it shares with the shell,
 * never closed, cut nor made private. One whose reader is gone (EPIPE: `| head -1`) takes nothing
 * more, as a stdout closed early.
 */
function throughDescriptor(path: string, fd: number): AtomicFile {
  let gone = false;
  const write = (chunk: Chunk): Promise<void> =>
    gone
      ? Promise.resolve()
      : step(path, () =>
          writeToDescriptor(fd, chunk).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'EPIPE') throw error;
            gone = true;
          }),
        );
  return {
    write,
    stream: () => new Writable({ write: (chunk: Buffer, _encoding, done) => void write(chunk).then(() => done(), done) }),
    commit: async () => undefined,
    discard: async () => undefined,
    descriptor: fd,
  };
}

/** Every byte written; a descriptor Node made non-blocking (a pipe, a socket) that is full is waited for. */
async function writeToDescriptor(fd: number, chunk: Chunk): Promise<void> {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  for (let offset = 0, wait = 1; offset < bytes.length; ) {
    try {
      offset += await new Promise<number>((done, fail) => writeFd(fd, bytes, offset, bytes.length - offset, null, (error, written) => (error ? fail(error) : done(written))));
      wait = 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      await new Promise((done) => setTimeout(done, wait));
      wait = Math.min(wait * 2, 50);
    }
  }
}

/** Writes through to the handle, which stays the file's own: the stream never closes it. */
function streamOnto(path: string, handle: FileHandle): Writable {
  return new Writable({
    write: (chunk: Buffer, _encoding, done) => void step(path, () => writeAll(handle, chunk)).then(() => done(), done),
  });
}

async function writeAll(handle: FileHandle, chunk: Chunk): Promise<void> {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  for (let offset = 0; offset < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/** Makes a rename durable; a file system that cannot sync a directory is no reason to fail. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}

function isDenied(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM';
}

/** A step on the file system, its error named for the user's path. */
async function step<T>(path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw failure(path, error);
  }
}

const REASONS: Record<string, string> = {
  ENOENT: 'no such directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EEXIST: 'exists already',
  ELOOP: 'too many symbolic links',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'over the disk quota',
  EROFS: 'read-only file system',
  ENAMETOOLONG: 'the name is too long',
  EIO: 'input/output error',
};

function failure(path: string, error: unknown): FileWriteError {
  if (error instanceof FileWriteError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  // Node's own messages name the temporary file: only the code is kept.
  return new FileWriteError(path, (code && REASONS[code]) ?? code ?? 'failed', code);
}

/** The longest name of a directory entry (NAME_MAX: 255 bytes on Linux, macOS and Windows alike). */
const NAME_MAX = 255;
/** What a temporary name adds after its prefix: the pid (at most 10 digits), 8 random characters and `.tmp`. */
const TEMP_TAIL = '.4294967295.xxxxxxxx.tmp'.length - 1;

/**
 * The start of the temporary names of `target`: `.NAME.`, or for a name too long to take it
 * within NAME_MAX, the name cut at a character's end and marked with a hash of the whole name
 * (`.NAME-CUT~1a2b3c4d.`): a different target never shares it, so its leftovers are found as well.
 */
function tempPrefix(target: string): string {
  const name = basename(target);
  const room = NAME_MAX - TEMP_TAIL - 2;
  if (Buffer.byteLength(name, 'utf8') <= room) return `.${name}.`;
  const mark = `~${nameHash(name)}`;
  let cut = '';
  let used = 0;
  for (const char of name) {
    const size = Buffer.byteLength(char, 'utf8');
    if (used + size > room - mark.length) break;
    cut += char;
    used += size;
  }
  return `.${cut}${mark}.`;
}

/** FNV-1a of the name's bytes, 8 hex digits: enough to tell apart two long names sharing their start. */
function nameHash(name: string): string {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** Temporary files of earlier writes of `target` whose process is gone (killed mid-write). */
function removeLeftovers(target: string): void {
  const prefix = tempPrefix(target);
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(/^(\d+)\.[a-z0-9]+\.tmp$/.exec(name.slice(prefix.length))?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
    try {
      unlinkSync(join(dirname(target), name));
    } catch {
      // another process removed it first, or it cannot be: the next write tries again
    }
  }
}

/** The temporary files being written now, removed if the process ends first. */
const tracked = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let listening = false;

function removeTracked(): void {
  for (const temp of tracked) {
    try {
      unlinkSync(temp);
    } catch {
      // gone already
    }
  }
  tracked.clear();
}

/** Ends the process as the signal would have, once its temporary files are gone; another handler of it decides for itself. */
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  removeTracked();
  stopListening();
  process.kill(process.pid, signal);
}

function listen(): void {
  if (listening) return;
  listening = true;
  process.on('exit', removeTracked);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function stopListening(): void {
  if (!listening) return;
  listening = false;
  process.off('exit', removeTracked);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

function forget(temp: string): void {
  tracked.delete(temp);
  if (tracked.size === 0) stopListening();
}
