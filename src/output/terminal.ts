// The streams a run writes to and reads from, and what they are (TTYs, width). Injected by the
// CLI's context; the output layer writes through it and never reaches for `process`.

import type { Readable, Writable } from 'node:stream';

export interface Terminal {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width for tables; 0 when unknown. */
  columns: number;
  /** The width of the terminal stderr writes to, for its lines (notices, warnings, errors); 0 or absent when unknown. */
  stderrColumns?: number;
}
