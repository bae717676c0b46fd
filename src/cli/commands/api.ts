// `rentals api <METHOD> <path>`: a raw authenticated call for what the commands do not cover.

import type { HttpMethod } from '../../api/http-types.js';
import { UsageError } from '../../errors.js';
import type { RawView } from '../../output/views.js';
import { parseJsonText, readInput } from '../input.js';
import { defineViewCommand } from '../registry/spec.js';
import type { Readable } from 'node:stream';
import type { ApiClient } from '../../api/client.js';
import type { Session } from '../session.js';
import { TOP_LEVEL } from './top-level.js';

/** The authenticated client, and stdin for `--file -`. */
interface ApiDeps {
  client: () => ApiClient;
  stdin: () => Readable;
}

function apiDeps(session: Session): ApiDeps {
  return { client: () => session.httpClient(), stdin: () => session.ctx.term.stdin };
}

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

interface ApiCallOptions {
  method: string;
  path: string;
  data?: string;
  file?: string;
}

/** The response body as sent (JSON pretty-printed; text as is, cleaned of control sequences on a terminal), in every format. */
async function call(deps: ApiDeps, options: ApiCallOptions): Promise<RawView> {
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

export const apiCommand = defineViewCommand({
  effect: 'changes',
  ...TOP_LEVEL.api,
  args: '<method> <path>',
  help: `
The raw escape hatch: the request is sent as given. None of the tool's own rules apply here —
no field validation, no booking rules (availability, prices, inactive items), no --dry-run —
so a booking written this way may overbook. Use the resource commands for checked writes.
`,
  examples: [
    'rentals api GET /v2/status',
    "rentals api PUT /v1/inventory/7 --data '{\"id\":7,\"name\":\"Tent\",\"quantityAvailable\":3,\"active\":1}'",
    "rentals api GET /v1/events | jq '.data | length'",
  ],
  flags: {
    data: { concept: 'body' },
    file: { concept: 'bodyFile', description: 'request body from a JSON file ("-" for stdin)' },
  },
  view: 'raw',
  deps: apiDeps,
  handler: (deps, options, [method, path]) => call(deps, { method, path, data: options.data, file: options.file }),
});
