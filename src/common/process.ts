// Whether a process still runs: what a lock file's owner pid is checked with.

/** True when `pid` runs (EPERM: it runs under another user, which still holds the lock). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
