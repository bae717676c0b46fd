// A flag that names a file, whoever declares it (a command's flags, a concept's spellings, the
// global flags): one rule for its value.

import type { Option } from 'commander';
import { UsageError } from '../errors.js';

/**
 * A flag that names a file (`--out <file>`, a command's or the global one, `--plan <file>`): an
 * empty name is a usage error naming the flag as it is parsed, before anything is read or sent
 * (a shell's `--out "$unset"` would otherwise become "cannot write : no such directory").
 */
export function refuseEmptyFileName(option: Option): void {
  if (!option.flags.endsWith(' <file>')) return;
  option.argParser((value: string) => {
    if (value === '') throw new UsageError(`${option.long}: the file name is empty; name a file`);
    return value;
  });
}
