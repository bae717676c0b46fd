// `rentals mcp [--read-only]`: the calendar's commands as tools for an AI assistant, served over
// stdio with the Model Context Protocol (docs/assistant.md). The tools are generated from the
// registry (tools.ts), run in this process as the commands they are (server.ts), and answer with
// their `-o json` envelope (results.ts). The SDK (dist/vendor/mcp-sdk.cjs) loads only here.

import { SETTINGS } from '../../../config/settings-table.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { camel } from '../../field-flags.js';
import { defineRawViewCommand } from '../../registry/spec.js';
import type { GlobalOptions } from '../../global-flags.js';
import { startRun } from '../../run.js';
import { TOP_LEVEL } from '../top-level.js';

/** Shorter than this, a value is too common a text to scrub from answers (no real token is). */
const SHORTEST_SECRET = 8;

export const mcpCommand = defineRawViewCommand({
  ...TOP_LEVEL.mcp,
  effect: 'changes',
  help: `
An MCP client (Claude Desktop, an editor, an agent) starts \`rentals mcp\` and talks to it on stdin and stdout. Each command is a tool named by its words joined by _ (events_book), taking its arguments and options as named inputs; each answers with the command's -o json output. Writes obey the same rules as at the shell (a refusal is an error result with the ways out), offer dryRun, and are recorded in the history, where the undo tool takes them back; deletes need yes: true. The profile's credentials are checked before the server starts (exit 3 without them); --token-file - is refused (stdin carries the protocol).
`,
  examples: ['rentals mcp', 'rentals mcp --read-only', 'rentals mcp --profile shop'],
  flags: {
    readOnly: { help: 'offer only the tools that change nothing' },
  },
  handler: async ({ ctx, options, globals }) => {
    if (globals.tokenFile === '-') throw new UsageError('--token-file -: rentals mcp reads the protocol on standard input; give the token in a file or RENTALS_TOKEN');
    const { secrets, timeZone } = await credentials(ctx, globals);
    const [{ assistantTools }, { serve }, { registry }] = await Promise.all([import('./tools.js'), import('./server.js'), import('../../catalog.js')]);
    const readOnly = options.readOnly === true;
    await serve(ctx, { tools: await assistantTools(registry, { readOnly }), readOnly, settingFlags: settingFlags(globals), secrets, timeZone });
  },
});

/** The credentials checked as any command's are (exit 3 without them), their secret values, and the shop's time zone every call reads dates in. */
async function credentials(ctx: Context, globals: GlobalOptions): Promise<{ secrets: string[]; timeZone: string }> {
  const { settings: run, factory } = await startRun(ctx, globals);
  try {
    factory.client();
    const { settings } = run;
    const values = [settings.token.value, settings.profile.token, settings.profile.clientSecret, ctx.env.RENTALS_SANDBOX_TOKEN];
    return { secrets: [...new Set(values.filter((value): value is string => value !== undefined && value.length >= SHORTEST_SECRET))], timeZone: factory.timeZone() };
  } finally {
    factory.close();
  }
}

/** The settings `rentals mcp` was given as flags (`--profile shop`), for every call's command line. */
function settingFlags(globals: GlobalOptions): string[] {
  const given = globals as Record<string, unknown>;
  return SETTINGS.flatMap((def) => {
    const long = def.flag?.usage.split(/[\s,]+/).find((word) => word.startsWith('--'));
    if (long === undefined || def.name === 'output' || def.name === 'color') return [];
    const value = given[camel(long.slice(2))];
    return value === true ? [long] : typeof value === 'string' ? [`${long}=${value}`] : [];
  });
}
