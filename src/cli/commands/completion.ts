// `rentals completion bash|zsh|fish` and the hidden `rentals __complete` the scripts call.

import { HELP_TOPICS } from '../help-topics.js';
import { defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

// The completion code loads only when one of these runs.

const SETUP = `
Setup:
  bash   echo 'eval "$(rentals completion bash)"' >> ~/.bashrc
  zsh    echo 'eval "$(rentals completion zsh)"' >> ~/.zshrc      (after compinit)
  fish   rentals completion fish > ~/.config/fish/completions/rentals.fish

Completes commands, flags, formats and the names of items, rental blocks, statuses, events and
categories. Names come from a cache in the config directory, refreshed at most every 5 minutes
with one request bounded by a 1.5 s timeout; a TAB never waits longer.
`;

export const completionCommand = defineViewCommand({
  ...TOP_LEVEL.completion,
  args: '<shell>',
  help: SETUP,
  examples: ['rentals completion bash > ~/.local/share/bash-completion/completions/rentals', 'rentals completion fish > ~/.config/fish/completions/rentals.fish'],
  view: 'text',
  deps: () => undefined,
  handler: async (_deps, _options, [shell]) => (await import('../completion/run.js')).completionScriptView(shell),
});

export const completeCommand = defineViewCommand({
  ...TOP_LEVEL.complete,
  args: '[words...]',
  examples: ['rentals __complete --shell bash -- events li'],
  flags: {
    shell: { value: 'shell', help: 'bash|zsh|fish', default: 'bash' },
    line: { value: 'text', help: "bash: the line up to the cursor (COMP_LINE), read as bash reads it; the answers are quoted for the shell" },
    replaced: { value: 'text', help: "bash: the text readline replaces (the completion function's $2)" },
  },
  view: 'text',
  deps: (session) => ({ ctx: session.ctx, settings: session.settings, api: () => session.api() }),
  handler: async (deps, options, [words]) => {
    // The whole tree, every group built: completion must know every command and flag.
    const [{ buildProgram }, { completeView }] = await Promise.all([import('../program.js'), import('../completion/run.js')]);
    const root = await buildProgram({ ctx: deps.ctx, state: { exitCode: 0 } });
    const visible = root.commands.filter((c) => c.name() !== '__complete').map((c) => c.name());
    const bash = options.line === undefined ? undefined : { line: options.line, replaced: options.replaced ?? '' };
    return completeView(deps, root, options.shell, words, () => [...HELP_TOPICS.map((t) => t.name), ...visible], bash);
  },
});
