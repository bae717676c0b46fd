// Where a handler's lines for people go while it runs (stderr): notices silenced by --quiet,
// warnings never. Handlers get this sink in their dependencies instead of the printer.

import type { Printer } from './printer.js';

export interface Notices {
  /** A line on stderr (silenced by --quiet). */
  info(text: string): void;
  /** A warning on stderr (never silenced). */
  warn(text: string): void;
}

export function noticesOf(printer: Printer): Notices {
  return { info: (text) => printer.info(text), warn: (text) => printer.warn(text) };
}
