// What an answer means: a 2xx body of the shape asked for (`{ data: [...] }`, `{ id }`, any JSON),
// or the error its status maps to (error-mapping.ts; a 5xx to a write: outcome unknown, outcomes.ts).
// Redirects are not followed.

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { ApiError, ProtocolError } from '../errors.js';
import { isObject } from '../common/objects.js';
import { stripControl } from '../common/sanitize.js';
import type { ApiResponse, RequestOptions, TokenProvider } from './http-types.js';
import { parseDataEnvelope } from './data-envelope.js';
import { errorForStatus, snippet } from './error-mapping.js';
import { serverErrorOutcome } from './outcomes.js';
import { asksForRetry } from './retry-policy.js';
import type { RawResponse } from './transport.js';

/** Lists at least this large are parsed record by record from the bytes (see data-envelope.ts); shorter ones whole, streamed or not. */
export const PARSED_WHOLE_BYTES = 4 * 1024 * 1024;

/** A class, not a literal with a getter: one shape for every answer (a bulk run makes tens of thousands). */
class Answer implements ApiResponse {
  constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    readonly bytes: Buffer,
    readonly body: unknown,
  ) {}

  get text(): string {
    return this.bytes.toString('utf8');
  }
}

export function respond(status: number, headers: IncomingHttpHeaders, bytes: Buffer, body: unknown): ApiResponse {
  return new Answer(status, headers, bytes, body);
}

export function interpret(
  method: string,
  pathname: string,
  response: RawResponse,
  expect: NonNullable<RequestOptions['expect']>,
  retryAfter: number | undefined,
  auth: TokenProvider | undefined,
): ApiResponse & { stream?: IncomingMessage } {
  const { status, headers, bytes } = response;
  if (response.stream) return Object.assign(respond(status, headers, bytes, undefined), { stream: response.stream });
  const where = `${method} ${pathname}`;
  if (expect === 'data' && status >= 200 && status < 300 && bytes.length >= PARSED_WHOLE_BYTES) {
    const parsed = parseDataEnvelope(bytes);
    if (parsed) return respond(status, headers, bytes, parsed.envelope);
  }
  // Decoded once here; the string is not kept (ApiResponse.text decodes again on demand).
  const text = bytes.toString('utf8');
  const parsed = parseJson(text);
  if (status >= 300 && status < 400) {
    const location = typeof headers.location === 'string' ? ` to ${stripControl(headers.location)}` : '';
    throw new ApiError(`${where}: HTTP ${status} redirect${location}; redirects are not followed: check the base URL`, status);
  }
  if (status < 200 || status >= 300) {
    const error = serverErrorOutcome(method, status, errorForStatus(where, status, text, parsed, auth));
    if (retryAfter !== undefined && asksForRetry(status)) {
      error.message += `
The server asked to retry after ${Math.ceil(retryAfter / 1000)} s.`;
    }
    throw error;
  }
  if (expect === 'any') return respond(status, headers, bytes, parsed.ok ? parsed.value : undefined);
  if (text.trim() === '' && expect === 'id') return respond(status, headers, bytes, undefined);
  if (!parsed.ok) {
    throw new ProtocolError(`the server's answer to ${where} (HTTP ${status}) is not JSON: ${snippet(text)}`);
  }
  const body = parsed.value;
  if (expect === 'data') {
    const data = isObject(body) ? body.data : undefined;
    if (!Array.isArray(data)) {
      throw new ProtocolError(`the server's answer to ${where} (HTTP ${status}) has no "data" array: ${snippet(text)}`);
    }
    if (!data.every(isObject)) {
      throw new ProtocolError(`the server's answer to ${where} (HTTP ${status}) has a "data" entry that is not an object`);
    }
  }
  return respond(status, headers, bytes, body);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
