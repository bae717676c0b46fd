// `-o, --output` in a command's own help: the formats that command prints (generated from the kind
// of view it declares and its page, output/formats.ts), shown among its own options instead of
// the global flag's general line.

import { type Command, Option } from 'commander';
import { setting } from '../../config/settings-table.js';
import type { ViewFormat } from '../../output/views.js';

/** What each command's `-o` line says, by command (set when the command is built). */
const OUTPUT_HELP = new WeakMap<Command, string>();

/** What a format beyond the five for data gives, for a command that prints it. */
function gloss(format: ViewFormat, page: string | undefined): string | undefined {
  if (format === 'ics') return 'ics: an iCalendar file';
  if (format === 'html') return `html: ${page ?? 'a page'} as a self-contained page`;
  if (format === 'pdf') return 'pdf: printed through a Chromium-family browser (--out FILE)';
  return undefined;
}

/** The `-o` help of a command that prints `formats` (its page named by `page`). */
function outputHelpText(formats: readonly ViewFormat[], page?: string): string {
  const notes = formats.flatMap((format) => gloss(format, page) ?? []);
  return `${formats.join('|')} (${[...notes, `default: ${setting('output').default}`].join('; ')})`;
}

export function noteOutputHelp(command: Command, formats: readonly ViewFormat[], page?: string): void {
  OUTPUT_HELP.set(command, outputHelpText(formats, page));
}

/** The command's own `-o` line for its help, when it prints a view. */
export function outputOption(command: Command): Option | undefined {
  const help = OUTPUT_HELP.get(command);
  return help === undefined ? undefined : new Option(setting('output').flag!.usage, help);
}
