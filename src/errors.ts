// Typed errors of the CLI and the layers under it, each with its exit code (the domain's own errors
// get theirs in cli/exit-codes.ts, the one place that maps any error to an exit code).

export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  network: 5,
  partial: 6,
  /** The answer to a [y/N] prompt was no: nothing was changed. */
  declined: 7,
  /** Ctrl-C or Ctrl-D at a prompt, or Ctrl-C while a command writes (128 + SIGINT, as shells report it). */
  cancelled: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export class RentalsError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.error;
}

/** A wrong flag, a missing argument, a bad combination: nothing was sent. */
export class UsageError extends RentalsError {
  override readonly exitCode = ExitCode.usage;
}

export interface FieldIssue {
  /** API field name (or `file:line:column` context for bulk input). */
  field: string;
  /** The rule that was broken, phrased to follow the field name: "must be ≥ 0". */
  message: string;
  /** The offending value, as given. */
  value?: unknown;
}

/** Input broke a limit of the reference: nothing was sent. */
export class ValidationError extends RentalsError {
  override readonly exitCode: ExitCodeValue = ExitCode.usage;
  constructor(
    readonly issues: FieldIssue[],
    readonly context?: string,
    verdict = 'invalid',
  ) {
    super(formatIssues(issues, context, verdict));
  }
}

/** Two dates of a record out of order (schemas/date-order.ts): `field`'s value comes after `later`'s. */
export interface DateOrderIssue extends FieldIssue {
  value: string;
  /** The date it comes after, and its value. */
  later: string;
  laterValue: string;
}

/**
 * Where a date judged came from: a flag (`day`: the day it gave as a whole day, its 00:00 as
 * `YYYY-MM-DDT00:00:00`), the body of --file (under the field's name), a default the command filled
 * in from another field (`of`: an event's teardown from its end), or the record as stored.
 */
export type DateSource = { from: 'flag'; day?: string } | { from: 'file' } | { from: 'default'; of: string } | { from: 'record' };

/**
 * Dates out of their order, refused before sending: the finding as data (the two fields and their
 * values, of `resource`), said in the API's fields here; the CLI says it in the words of the
 * command line (cli/date-order-words.ts), with where each date came from (`sources`, by field,
 * set by the command that gathered them).
 */
export class DateOrderError extends ValidationError {
  sources: Readonly<Record<string, DateSource>> = {};
  constructor(
    readonly issue: DateOrderIssue,
    readonly resource: string,
    context?: string,
  ) {
    super([issue], context);
  }
}

/**
 * A name several records share (`--event-id Gala` when two events are named so): the input is not
 * invalid but cannot be told apart, exit 2. Said without a verdict: each issue says how many share
 * the name, their ids, and to give the id instead.
 */
export class AmbiguousNameError extends ValidationError {
  constructor(issues: FieldIssue[], context?: string) {
    super(issues, context, '');
  }
}

/** A name that matches nothing (`--inventory-id "Tnet"`, `events get "No such"`): not found, exit 4. */
export class UnknownNameError extends ValidationError {
  override readonly exitCode: ExitCodeValue = ExitCode.notFound;
  constructor(issues: FieldIssue[], context?: string) {
    super(issues, context, 'not found');
  }
}

export function formatIssue(issue: FieldIssue): string {
  // Not said twice: a message that quotes the text already (`no event is named "Gala"`).
  const value = issue.value === undefined ? undefined : formatValue(issue.value);
  const quoted = typeof issue.value === 'string' && issue.value.trim() !== '' && issue.message.includes(value!);
  const shown = value === undefined || quoted ? '' : ` (got ${value})`;
  return `${issue.field}: ${issue.message}${shown}`;
}

function formatIssues(issues: FieldIssue[], context: string | undefined, verdict: string): string {
  // "not found: eventStatusId: no event status is named …" (the issue names what was not found); no verdict: the issues alone.
  const head = verdict !== 'invalid' ? verdict : context ? `invalid ${context}` : 'invalid input';
  if (issues.length === 1) return head === '' ? formatIssue(issues[0]!) : `${head}: ${formatIssue(issues[0]!)}`;
  return `${head === '' ? `${issues.length} names are ambiguous` : head}:\n${issues.map((i) => `  - ${formatIssue(i)}`).join('\n')}`;
}

function formatValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  } catch {
    // Nested too deep for the stack (a 100,000-level array): its kind is enough to show.
    text = Array.isArray(value) ? '[...]' : '{...}';
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Missing credentials, 401, 403. */
export class AuthError extends RentalsError {
  override readonly exitCode = ExitCode.auth;
  constructor(
    message: string,
    readonly status?: number,
    /** The refusal's body as the server sent it (parsed JSON, or its text), when it came from an HTTP answer. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Any non-2xx answer from the API that has no more specific class. */
export class ApiError extends RentalsError {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/**
 * A write (POST, or PUT/DELETE once retries are spent) answered with a 5xx: the server may have
 * applied it before failing, or a gateway may have lost the answer. Exit 5, as for a connection
 * dropped after sending: the outcome is unknown, not refused.
 */
export class OutcomeUnknownError extends ApiError {
  override readonly exitCode = ExitCode.network;
}

export class NotFoundError extends ApiError {
  override readonly exitCode = ExitCode.notFound;
}

/** A 2xx answer that breaks the response conventions (not JSON, no `data` array). */
export class ProtocolError extends RentalsError {}

/** Connection refused, reset, DNS failure, timeout: the server could not be reached or did not answer. */
export class NetworkError extends RentalsError {
  override readonly exitCode = ExitCode.network;
  constructor(
    message: string,
    readonly code?: string,
    /** True when the request may have reached the server (its outcome is unknown). */
    readonly requestSent = false,
  ) {
    super(message);
  }
}

export class TimeoutError extends NetworkError {}

/** Some rows of a bulk operation did not apply. */
export class PartialFailureError extends RentalsError {
  override readonly exitCode: ExitCodeValue = ExitCode.partial;
}

/**
 * A bulk run stopped early by an error no further row could get past (the server gone, the
 * credentials refused): that error's exit code (5, 3), the rows it did not run in its report.
 */
export class RunStoppedError extends PartialFailureError {
  constructor(
    message: string,
    override readonly exitCode: ExitCodeValue,
  ) {
    super(message);
  }
}

/**
 * The command ran, but its output could not be printed: stdout refused the bytes (ENOSPC, EIO…),
 * or --jq failed on the data. What it means depends on whether the run wrote (main's report):
 * after a write, the changes stand (exit 1, with the entry that takes them back), so a script
 * must not read it as "nothing was sent".
 */
/**
 * What a run had written when its output failed: `entry`, the history entry that holds the writes
 * (absent when the history could not be written); `unrecorded`, its writes bypassed the history
 * (`rentals api`), so no undo takes them back.
 */
export interface Written {
  entry?: string;
  unrecorded?: boolean;
}

export class OutputFailure extends RentalsError {
  /** The run had written when its output failed (set by the run). */
  written?: Written;
  constructor(
    /** jq's or the stream's own words (`ENOSPC: no space left on device, write`). */
    readonly reason: string,
    readonly source: 'jq' | 'stdout',
  ) {
    super(reason);
  }
}

/** The user pressed Ctrl-C or Ctrl-D at a prompt: "cancelled", exit 130. */
export class CancelledError extends RentalsError {
  override readonly exitCode = ExitCode.cancelled;
}

/** Ctrl-C while a command wrote: the write in flight was answered and recorded, no other was sent (exit 130). */
export class InterruptedError extends CancelledError {}

/** The user answered no at a [y/N] prompt: nothing was changed, exit 7. The message says what was not done. */
export class DeclinedError extends RentalsError {
  override readonly exitCode = ExitCode.declined;
}
