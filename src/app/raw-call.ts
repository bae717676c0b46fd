// Use case: a raw authenticated call (`rentals api <METHOD> <path>`) for what the commands do not
// cover: the request sent as given, none of the tool's own rules applied.

import type { HttpMethod } from '../api/http-types.js';
import { UsageError } from '../errors.js';
import type { RawView } from '../output/views.js';
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

/** The response body as sent (JSON pretty-printed; text as is, cleaned of control sequences on a terminal), in every format. */
export async function rawCall(deps: Pick<Factory, 'client' | 'stdin'>, options: ApiCallOptions): Promise<RawView> {
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
  const response = await deps.client().request(method, options.path, { body, expect: 'any' });
  return response.body !== undefined ? { kind: 'raw', json: response.body } : { kind: 'raw', text: response.text };
}

