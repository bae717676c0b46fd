// What every renderer is told: the chosen columns, colour, the terminal, the paper and where notices go.

import type { PaperSize } from '../config/settings-table.js';

export interface RenderOptions {
  /** Columns chosen with --fields. */
  fields?: string[];
  /** Colour on (tables only). */
  color: boolean;
  /** The terminal's width; 0 when unknown. */
  terminalWidth: number;
  /** stdout is a terminal: a raw text body is shown without its control sequences. */
  terminal?: boolean;
  /** The paper a page (`-o html`) is made for. */
  paper?: PaperSize;
  /** A notice for people (stderr, silenced by --quiet). */
  info: (message: string) => void;
}

/** Rows per written chunk (ndjson in 2,000-row chunks measured 522 → 311 MB peak on 100k). */
export const ROWS_PER_CHUNK = 2000;
