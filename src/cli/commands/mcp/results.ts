// A command's run as a tool's answer. Success: its `-o json` envelope, as text and as structured
// content, and what it said on stderr (notices, warnings) as a second text. Any other exit is an
// error result (`isError`): what it said on stderr first, its envelope if it printed one (a refusal's
// `{ data: [], refused }` with the ways out), and in the structured content `error`: the exit code,
// its meaning (the names of src/errors.ts's ExitCode, or `refused`) and the message.

import { ExitCode } from '../../../errors.js';

/** What a run of a command in this process left. */
export interface CommandRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** What an error result says in its structured content, beside the envelope. */
interface ToolError {
  exitCode: number;
  /** The exit code's name in ExitCode (`usage`, `notFound`…), or `refused`. */
  meaning: string;
  message: string;
}

export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown> & { error?: ToolError };
  isError?: true;
  /** The SDK's result type is open to other members. */
  [key: string]: unknown;
}

/** What an exit code means, by its name in ExitCode (`usage`, `notFound`…). */
function exitMeaning(exitCode: number): string {
  return Object.entries(ExitCode).find(([, code]) => code === exitCode)?.[0] ?? 'error';
}

/**
 * The run as the tool's answer; what the command said (its stderr, a refusal's message) through
 * `inWords`, which names the tool's inputs where the command names its flags. What it printed is its own.
 */
export function toolResult(run: CommandRun, inWords: (text: string) => string): ToolResult {
  const envelope = jsonObject(run.stdout);
  const printed = run.stdout.trim() === '' ? [] : [run.stdout.trimEnd()];
  const stderr = inWords(run.stderr);
  const said = stderr.trim() === '' ? [] : [stderr.trimEnd()];
  if (run.exitCode === ExitCode.ok) {
    const texts = [...printed, ...said];
    return { content: (texts.length > 0 ? texts : ['Done.']).map(text), ...(envelope ? { structuredContent: envelope } : {}) };
  }
  const refused = envelope?.refused as { message?: unknown } | undefined;
  const message = typeof refused?.message === 'string' ? inWords(refused.message) : errorMessage(run.exitCode, stderr);
  const error: ToolError = { exitCode: run.exitCode, meaning: refused ? 'refused' : exitMeaning(run.exitCode), message };
  const texts = said.length > 0 ? [...said, ...printed] : [message, ...printed];
  return { content: texts.map(text), structuredContent: { ...envelope, error }, isError: true };
}

function text(value: string): { type: 'text'; text: string } {
  return { type: 'text', text: value };
}

/** The message after `error: ` (to the end: its hints too), or all that was said. */
function errorMessage(exitCode: number, stderr: string): string {
  const said = stderr.trim();
  const at = said.search(/^error: /m);
  if (at !== -1) return said.slice(at + 'error: '.length);
  return said === '' ? `exit ${exitCode} (${exitMeaning(exitCode)})` : said;
}

function jsonObject(textOut: string): Record<string, unknown> | undefined {
  if (!textOut.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(textOut);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
