// `rentals mcp`'s server: the MCP SDK's, over the process's stdin and stdout, answering tools/list
// with the generated tools and tools/call by running the tool's command in this process, through
// main() as a command typed at a shell runs (the same parsing, use cases, writers, rules and
// history: not a copy of any of them), with `-o json` and streams of its own. Calls run one at a
// time, in the order they came. The server's own lines go to stderr; no secret reaches them or a
// result.

import { Readable, Writable } from 'node:stream';
import { VERSION } from '../../../common/version.js';
import type { Context } from '../../context.js';
import { DATE_EXAMPLES, DATES_HELP_POINTER } from '../../dates-help.js';
import { commandLine, inToolWords, typedCommandLine } from './arguments.js';
import { ValidationError } from '../../../errors.js';
import { type CommandRun, type ToolResult, toolResult } from './results.js';
import type { Tool } from './tools.js';

export interface ServeOptions {
  tools: readonly Tool[];
  readOnly: boolean;
  /** Global flags every call's command line starts with: the settings the server was started with (`--profile=shop`). */
  settingFlags: readonly string[];
  /** Values that never leave the server: the token, the client secret. */
  secrets: readonly string[];
  /** The shop's time zone (the timezone setting, else this system's): the clock of every date a call takes or answers with. */
  timeZone: string;
}

const INSTRUCTIONS = [
  "rentals operates this shop's equipment rental calendar (items, prices, events, bookings) under the shop's own rules: every tool runs the rentals command of its name and answers with that command's JSON (`data`).",
  'Every write is judged by the booking rules before anything is sent. One that would overbook is refused: an error result whose `refused` names the shortages and the ways out (substitutes with room, the nearest windows that fit, the events holding the units), and nothing is written.',
  'Give `dryRun: true` to see what a write would do first. A delete needs `yes: true`.',
  "A tool's description is the command's help, which names its options as flags: `--dry-run` is the input `dryRun`, `--item` is `item`. What a call says back names the inputs (`yes: true`), except in the `rentals …` commands it quotes.",
  'Every write is recorded in the history (the `history` tool) with the tool and its arguments; the `undo` tool takes back the newest entry, or the one named, through the same rules.',
];

/** How dates are read and written, on the shop's clock: what `rentals help dates` tells people, which no tool is. */
function datesInstruction(timeZone: string): string {
  // The help's examples, without the quotes a shell needs: a tool's argument is a JSON string.
  const [day, moment, weekday, ahead] = DATE_EXAMPLES.map((example) => example.replace(/^"(.*)"$/, '$1'));
  return [
    `Dates and times carry no time zone: those a tool takes and those it answers with are the shop's wall-clock time in ${timeZone}.`,
    `Give them as \`${day}\` (that day: as a start 00:00, as an end the whole day) or \`${moment}\`, or as today, tomorrow, a weekday (\`${weekday}\`), \`${ahead}\`, \`"${weekday} 14:00"\`; one with a UTC offset or \`Z\` is refused.`,
    "`range` names days instead (weekend, next-week, 2026-06). Only the history's `at` is an instant in UTC.",
  ].join(' ');
}

/** A description's pointer to `rentals help dates` (no tool) made the clock the dates are read on. */
function describedFor(description: string, timeZone: string): string {
  return description.split(DATES_HELP_POINTER).join(` (the shop's wall-clock time in ${timeZone}, no UTC offset)`);
}

export async function serve(ctx: Context, options: ServeOptions): Promise<void> {
  const run = ctx.main;
  if (!run) throw new Error('rentals mcp runs its tools through main(), which the context lacks');
  const [{ Server }, { StdioServerTransport }, { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const log = (line: string) => ctx.term.stderr.write(`rentals mcp: ${scrubbed(line, options.secrets)}\n`);
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const instructions = [...INSTRUCTIONS, datesInstruction(options.timeZone), ...(options.readOnly ? ['This server is read-only: it offers no tool that writes.'] : [])].join('\n\n');
  // The low-level server: the tools' schemas are JSON Schema generated from the registry, which
  // McpServer's registerTool (zod schemas) does not take.
  const server = new Server({ name: 'rentals', version: VERSION }, { capabilities: { tools: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: options.tools.map((tool) => ({ name: tool.name, title: tool.annotations.title, description: describedFor(tool.description, options.timeZone), inputSchema: tool.inputSchema, annotations: tool.annotations })),
  }));
  const queue = oneAtATime();
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      const why = options.readOnly ? ' (this server is read-only: it offers no tool that writes)' : '';
      throw new McpError(ErrorCode.InvalidParams, `no tool is named ${JSON.stringify(request.params.name)}${why}`);
    }
    return queue(async () => {
      const result = await callTool(run, ctx, tool, request.params.arguments, options);
      const error = result.structuredContent?.error;
      log(`${tool.name}: exit ${error ? `${error.exitCode} (${error.meaning})` : 0}`);
      return result;
    });
  });

  // A line that is no JSON-RPC message, a message of no known kind: said, and the server goes on.
  server.onerror = (error) => log(`protocol error: ${error.message}`);
  const transport = new StdioServerTransport(ctx.term.stdin, ctx.term.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(transport);
  log(`${options.tools.length} tools${options.readOnly ? ' (read-only)' : ''}, on stdin and stdout`);
  // The client closes our stdin to stop us (the transport does not watch for its end); so does a
  // signal. The calls already asked are run and answered first: `printf … | rentals mcp` gets
  // every answer, and a write in flight is never cut off.
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await queue(async () => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      await server.close();
    })();
  };
  ctx.term.stdin.once('end', stop);
  const stopListening = ctx.onInterrupt(stop);
  try {
    await closed;
  } finally {
    stopListening();
    ctx.term.stdin.off('end', stop);
  }
}

/** Runs `job`s one after another, each after the last has ended (however it ended). */
function oneAtATime(): <T>(job: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T>) => {
    const next = last.then(job, job);
    last = next.catch(() => undefined);
    return next;
  };
}

/** One tool call: its command line checked and run in this process; its run as the tool's answer. */
async function callTool(run: NonNullable<Context['main']>, ctx: Context, tool: Tool, given: unknown, options: ServeOptions): Promise<ToolResult> {
  let ran: CommandRun;
  try {
    const words = commandLine(tool, given);
    const call = callContext(ctx, `mcp: ${tool.name} ${JSON.stringify(given ?? {})}`, typedCommandLine(tool, words));
    const exitCode = await run(['-o', 'json', '--no-color', ...options.settingFlags, ...words], call.ctx);
    ran = { exitCode, stdout: call.stdout(), stderr: call.stderr() };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    ran = { exitCode: error.exitCode, stdout: '', stderr: `error: ${error.message}\nNothing was run.\n` };
  }
  return scrubbed(toolResult(ran, inToolWords(tool)), options.secrets);
}

/**
 * The context of one call: the server's environment, home and clock; streams of its own (stdout
 * the answer, stderr its notices); no terminal, so nothing is asked (a delete passes --yes, a big
 * bulk change `yes`); the history records the call as `mcp: <tool> <arguments>`, and a refusal's
 * ways out give it as the `rentals …` command it runs.
 */
function callContext(ctx: Context, commandLineText: string, words: readonly string[]): { ctx: Context; stdout: () => string; stderr: () => string } {
  const out = captured();
  const err = captured();
  const refuse = async (): Promise<never> => {
    throw new Error('a tool call has no terminal to ask at');
  };
  // RENTALS_DEBUG would put request logs into the answers; the server's own stderr is for its lines.
  const { RENTALS_DEBUG: _debug, ...env } = ctx.env;
  return {
    ctx: {
      term: { stdout: out.stream, stderr: err.stream, stdin: Readable.from([]), stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 0 },
      env,
      homedir: ctx.homedir,
      now: ctx.now,
      commandLine: commandLineText,
      toolCall: true,
      // The call as the command a person would type: what a refusal's ways out end with.
      argv: words,
      promptSecret: refuse,
      promptLine: refuse,
      confirm: async () => false,
      openBrowser: refuse,
      onInterrupt: () => () => undefined,
      ...(ctx.sleep ? { sleep: ctx.sleep } : {}),
    },
    stdout: out.text,
    stderr: err.text,
  };
}

function captured(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** `value` with every secret in its texts replaced: secrets never leave the server, whatever a command printed. */
function scrubbed<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === 'string') return secrets.reduce((text: string, secret) => text.split(secret).join('[redacted]'), value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubbed(item, secrets)) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbed(item, secrets)])) as T;
  return value;
}
