// `rentals help [command…|topic]`: the help of a command (`rentals help events list`) or of a
// topic (`rentals help exit-codes`), returned as text for stdout, exit code 0.

import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { HELP_TOPICS, helpTopic } from '../help-topics.js';
import { fitted, helpWidth } from '../help-output.js';
import type { Context } from '../context.js';
import { defineRawViewCommand } from '../registry/spec.js';
import type { GlobalOptions } from '../global-flags.js';
import { didYouMean, suggestions } from '../registry/suggest.js';
import { TOP_LEVEL } from './top-level.js';

/** The command that `words` name from `root` (names or aliases), or the word not found and where. */
function findCommand(root: Command, words: readonly string[]): { command: Command } | { missing: string; under: Command } {
  let command = root;
  for (const word of words) {
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) return { missing: word, under: command };
    command = next;
  }
  return { command };
}

/** The service's status names, read once with a short timeout and no retry (help must not hang); undefined when they cannot be read. */
async function serviceStatusNames(ctx: Context, globals: GlobalOptions): Promise<string[] | undefined> {
  const { withRun } = await import('../run.js');
  try {
    return await withRun(ctx, { ...globals, timeout: '1.5', retries: '0' }, {}, async ({ factory }) => {
      const index = await factory.catalog().names('statuses');
      return index.ids().map((id) => index.label(id)!);
    });
  } catch {
    return undefined;
  }
}

/** A command's help as commander writes it (its own help text and the texts added before and after). */
function helpText(command: Command): string {
  const output = command.configureOutput();
  let text = '';
  command.configureOutput({ ...output, writeOut: (chunk) => void (text += chunk) });
  try {
    command.outputHelp();
  } finally {
    command.configureOutput(output);
  }
  return text;
}

/** At a terminal, a topic wrapped to its width (help-output.ts); piped, as it is (for grep). */
async function forTerminal(ctx: Context, text: string): Promise<string> {
  return ctx.term.stdoutIsTTY ? fitted(text, helpWidth(ctx)) : text;
}

export const helpCommand = defineRawViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.help,
  args: '[command-or-topic...]',
  examples: ['rentals help events list', 'rentals help exit-codes'],
  handler: async ({ ctx, args: [words], root, globals }) => {
    const topic = words.length === 1 ? helpTopic(words[0]!) : undefined;
    if (topic) {
      // Only the holds topic depends on the settings in force (and the service's statuses).
      const settings = topic.name === 'holds' ? await (await import('../../config/settings.js')).resolveSettings(globals, ctx.env, ctx.homedir).catch(() => undefined) : undefined;
      const statusNames = settings?.baseUrl.value ? await serviceStatusNames(ctx, globals) : undefined;
      const options = topic.options ? `\n\n${await topic.options()}` : '';
      return { kind: 'text', text: await forTerminal(ctx, `${topic.text(settings, statusNames)}${options}\n`) };
    }
    const found = findCommand(root, words);
    if (!('command' in found)) {
      const topics = HELP_TOPICS.map((t) => t.name);
      const names = found.under.commands.flatMap((c) => [c.name(), ...c.aliases()]);
      const guesses = suggestions(found.missing, found.under === root ? [...topics, ...names] : names);
      throw new UsageError(`no command or help topic "${words.join(' ')}" (topics: ${topics.join(', ')}; commands: rentals --help)${didYouMean(guesses)}`);
    }
    // A command's help as --help shows it: wrapped to the terminal, or to 80 columns piped.
    return { kind: 'text', text: await fitted(helpText(found.command), helpWidth(ctx)) };
  },
});
