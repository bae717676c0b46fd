// The descriptors a command was given to write to (`--out /dev/stdout`, `/dev/fd/3` with `3>> log`):
// the ones it inherited, open for writing. Node marks every inherited descriptor close-on-exec as
// it starts (libuv's uv_disable_stdio_inheritance), as it makes its own, so that flag tells
// nothing: what the process held when the command started is noted instead (Linux: the links in
// /proc/self/fd), and Node's own among them are told by what they are: an event queue (an
// `anon_inode:`) or a pipe this process holds both ends of.

import { closeSync, openSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

let atStart: ReadonlySet<number> | undefined;

/** Notes the descriptors open now, before the command opens any: the ones it was given (and Node's own). Called first thing by the CLI. */
export function noteGivenDescriptors(): void {
  if (process.platform !== 'linux') return;
  try {
    const open = new Set(readdirSync('/proc/self/fd').map(Number));
    // The listing holds the descriptor it was read through, closed since: the lowest free number, the one the next open gets.
    const free = openSync('/dev/null', 'r');
    closeSync(free);
    open.delete(free);
    atStart = open;
  } catch {
    atStart = undefined;
  }
}

/** Why descriptor `fd` of this process cannot take output, or undefined when it can. */
export function refusedDescriptor(fd: number): string | undefined {
  const notGiven = `not a descriptor this command was given to write to (its stdout, its stderr, or one the shell opened for writing: ${fd}> FILE, ${fd}>> FILE)`;
  const flags = flagsOf(fd);
  if (flags === undefined || (atStart !== undefined && !atStart.has(fd))) return notGiven;
  const link = linkOf(fd);
  if (link === undefined || link.startsWith('anon_inode:') || (link.startsWith('pipe:') && bothEndsHere(link))) return notGiven;
  if ((flags & 0o3) === 0) return `the descriptor is open for reading only; give one opened for writing (${fd}> FILE, ${fd}>> FILE)`;
  return undefined;
}

/** The descriptor's flags (octal in /proc/self/fdinfo/N), undefined when it is not open. */
function flagsOf(fd: number): number | undefined {
  try {
    const match = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
    return match ? Number.parseInt(match[1]!, 8) : undefined;
  } catch {
    return undefined;
  }
}

function linkOf(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/** This process reads and writes the pipe `link` (Node's own wake-up pipes): it is no way out of the process. */
function bothEndsHere(link: string): boolean {
  let names: string[];
  try {
    names = readdirSync('/proc/self/fd');
  } catch {
    return false;
  }
  const modes = new Set(names.filter((name) => linkOf(Number(name)) === link).map((name) => ((flagsOf(Number(name)) ?? 0) & 0o3) === 0));
  return modes.size === 2;
}
