// `rentals api <METHOD> <path>`: a raw authenticated call for what the commands do not cover.

import type { HttpMethod } from '../../api/client.js';
import { UsageError } from '../../errors.js';
import { stripControl } from '../../common/sanitize.js';
import { parseJsonText, readInput } from '../input.js';
import { defineCommand } from '../registry/spec.js';
import { conceptOption } from '../vocabulary.js';
import type { Session } from '../session.js';
import { TOP_LEVEL } from './top-level.js';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

interface ApiCallOptions {
  method: string;
  path: string;
  data?: string;
  file?: string;
}

async function runApiCall(session: Session, options: ApiCallOptions): Promise<void> {
  const method = options.method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) throw new UsageError(`unknown method ${JSON.stringify(options.method)} (use ${METHODS.join(', ')})`);
  if (!options.path.startsWith('/')) throw new UsageError(`the path must start with / (e.g. /v2/status), got ${JSON.stringify(options.path)}`);
  if (options.data !== undefined && options.file !== undefined) throw new UsageError('give the body with --data or --file, not both');
  if ((method === 'GET' || method === 'DELETE') && (options.data !== undefined || options.file !== undefined)) {
    throw new UsageError(`${method} requests carry no body; drop --data/--file`);
  }
  let body: unknown;
  if (options.data !== undefined) body = parseJsonText(options.data, '--data');
  if (options.file !== undefined) body = parseJsonText(await readInput(options.file, session.ctx.term.stdin), options.file === '-' ? 'standard input' : options.file);
  const response = await session.httpClient().request(method, options.path, { body, expect: 'any' });
  if (response.body !== undefined) await session.printer.json(response.body);
  else if (response.text !== '') {
    // Raw non-JSON text: as sent into a pipe, cleaned of control sequences on a terminal.
    await session.printer.text(session.ctx.term.stdoutIsTTY ? stripControl(response.text) : response.text);
  }
}

export const apiCommand = defineCommand({
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
  options: (command) =>
    conceptOption(conceptOption(command, 'body'), 'bodyFile', { description: 'request body from a JSON file ("-" for stdin)' }),
  run: (session, options, [method, path]) => runApiCall(session, { method, path, data: options.data, file: options.file }),
});
