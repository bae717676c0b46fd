// Use case: a raw authenticated call (`rentals api <METHOD> <path>`) for what the commands do not
// cover: the request sent as given, none of the tool's own rules applied.

import type { HttpMethod } from '../api/http-types.js';
import { ApiError, AuthError, UsageError } from '../errors.js';
import type { Outcome, RawView } from '../output/views.js';
import type { Factory } from './factory.js';
import { parseJsonText, readInput } from './input.js';

/** The methods `rentals api` sends. */
export const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

export interface ApiCallOptions {
  method: string;
  path: string;
  data?: string;
  file?: string;
}

/**
 * The response body as sent (JSON pretty-printed; text as is, cleaned of control sequences on a
 * terminal). An error answer's body too, as `gh api` prints it (as sent, not through --jq): the
 * error itself, its message on stderr and its exit code, follows once the body is printed.
 */
export async function rawCall(deps: Pick<Factory, 'client' | 'stdin'>, options: ApiCallOptions): Promise<RawView | Outcome> {
  const method = options.method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) throw new UsageError(`unknown method ${JSON.stringify(options.method)} (use ${METHODS.join(', ')})`);
  if (!options.path.startsWith('/')) throw new UsageError(`the path must start with / (e.g. /v2/status), got ${JSON.stringify(options.path)}`);
  if (options.data !== undefined && options.file !== undefined) throw new UsageError('give the body with --data or --file, not both');
  if ((method === 'GET' || method === 'DELETE') && (options.data !== undefined || options.file !== undefined)) {
    throw new UsageError(`${method} requests carry no body; drop --data/--file`);
  }
  let body: unknown;
  if (options.data !== undefined) body = parseJsonText(options.data, '--data');
  if (options.file !== undefined) body = parseJsonText(await readInput(options.file, deps.stdin()), options.file === '-' ? 'standard input' : options.file);
  try {
    const response = await deps.client().request(method, options.path, { body, expect: 'any' });
    return response.body !== undefined ? { kind: 'raw', json: response.body } : { kind: 'raw', text: response.text };
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof AuthError) || error.body === undefined || error.body === '') throw error;
    const answered = error.body;
    const view: RawView = typeof answered === 'string' ? { kind: 'raw', text: answered } : { kind: 'raw', json: answered };
    return { view, failure: error, unfiltered: true };
  }
}

