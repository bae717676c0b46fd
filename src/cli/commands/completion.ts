// `rentals completion bash|zsh|fish` and the hidden `rentals __complete` the scripts call.

import { HELP_TOPICS } from '../help-topics.js';
import { SHELLS } from '../completion/shells.js';
import { defineRawViewCommand, defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

// The completion code loads only when one of these runs.

const SETUP = `
Setup:
  bash   echo 'eval "$(rentals completion bash)"' >> ~/.bashrc
  zsh    echo 'eval "$(rentals completion zsh)"' >> ~/.zshrc      (after compinit)
  fish   rentals completion fish > ~/.config/fish/completions/rentals.fish

Completes commands, flags, known values (config keys, --range…) and the names of items, rental
blocks, statuses, events and categories, from a cache in the config directory refreshed at most
every 5 minutes with one request bounded by 1.5 s: a TAB never waits longer. A record whose name
holds a control character (a line break, a bidi override such as U+202E) is offered by its id,
never with the raw character: \`--item 7\` takes the id wherever the name is taken.
`;

export const completionCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.completion,
  args: '<shell>',
  argValues: { shell: SHELLS },
  help: SETUP,
  examples: ['rentals completion bash > ~/.local/share/bash-completion/completions/rentals', 'rentals completion fish > ~/.config/fish/completions/rentals.fish'],
  view: 'text',
  // A shell script, the same whatever -o says: it takes none.
  formats: [],
  handler: async (_factory, _options, [shell]) => (await import('../completion/run.js')).completionScriptView(shell),
});

export const completeCommand = defineRawViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.complete,
  args: '[words...]',
  examples: ['rentals __complete --shell bash -- events li'],
  flags: {
    shell: { value: 'shell', values: SHELLS, help: SHELLS.join('|'), default: 'bash' },
    line: { value: 'text', help: "bash: the line up to the cursor (COMP_LINE), read as bash reads it; the answers are quoted for the shell" },
    replaced: { value: 'text', help: "bash: the text readline replaces (the completion function's $2)" },
  },
  handler: async ({ ctx, globals, options, args: [words] }) => {
    // The whole tree, every group built: completion must know every command and flag.
    const [{ buildProgram }, { completeView }, { withRun }] = await Promise.all([import('../program.js'), import('../completion/run.js'), import('../run.js')]);
    const root = await buildProgram({ ctx, state: { exitCode: 0 } });
    const visible = root.commands.filter((c) => c.name() !== '__complete').map((c) => c.name());
    const bash = options.line === undefined ? undefined : { line: options.line, replaced: options.replaced ?? '' };
    return withRun(ctx, globals, {}, ({ factory }) => completeView(factory, root, options.shell, words, () => [...HELP_TOPICS.map((t) => t.name), ...visible], bash));
  },
});
