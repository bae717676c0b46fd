// What a failure means for the user: an HTTP status and its body as the error to show (its class
// is its exit code: 401/403 → auth, 404 → not found), a socket error as a network error with a
// hint, a body as a short single-line excerpt.

import { ApiError, AuthError, NetworkError, NotFoundError } from '../errors.js';
import { isObject } from '../common/objects.js';
import { stripControl } from '../common/sanitize.js';
import { truncate } from '../common/text.js';
import type { TokenProvider } from './http-types.js';
import { mayHaveBeenApplied } from './outcomes.js';
import { proxyLabel } from './proxy.js';

const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS_CERT|ERR_SSL)/;

export function networkError(method: string, url: URL, error: NodeJS.ErrnoException, sent: boolean, proxy?: URL): NetworkError {
  const code = error.code ?? 'ERROR';
  const hints: Record<string, string> = {
    ECONNREFUSED: 'is the server running, and is the base URL right?',
    ENOTFOUND: 'the host name does not resolve; check the base URL',
    EAI_AGAIN: 'the host name could not be resolved right now',
    ECONNRESET: 'the connection was reset by the server',
    EPIPE: 'the connection was closed by the server',
  };
  let hint = hints[code] ? `: ${hints[code]}` : '';
  if (TLS_CODES.test(code)) hint = `: the server's TLS certificate could not be verified (${stripControl(error.message)}); rentals always verifies it`;
  if (code === 'EPROXY') hint = `: ${stripControl(error.message)}`;
  const via = proxy ? ` (through the proxy ${proxyLabel(proxy)})` : '';
  return new NetworkError(`cannot complete ${method} ${url.origin}${url.pathname}${via} (${code})${hint}${mayHaveBeenApplied(method, sent)}`, code, sent);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The message of a JSON error body, in the shapes servers commonly use; with field details. */
export function errorMessageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (!isObject(body)) return undefined;
  const error = body.error;
  const inner = isObject(error) ? error : body;
  let message: string | undefined;
  if (typeof inner.message === 'string') message = inner.message;
  else if (typeof error === 'string') message = error;
  else if (typeof body.error_description === 'string') message = body.error_description;
  else if (typeof body.title === 'string') message = body.title;
  else if (Array.isArray(body.errors) && isObject(body.errors[0]) && typeof body.errors[0].message === 'string') {
    message = body.errors.map((e) => (isObject(e) ? String(e.message) : String(e))).join('; ');
  }
  const fields = Array.isArray(inner.fields) ? inner.fields.filter(isObject) : [];
  if (fields.length > 0) {
    const details = fields.map((f) => `${String(f.field)}: ${String(f.message)}`).join('; ');
    message = message ? `${message} (${details})` : details;
  }
  return message;
}

export function errorForStatus(
  where: string,
  status: number,
  text: string,
  parsed: { ok: boolean; value?: unknown },
  auth: TokenProvider | undefined,
): Error {
  const label = `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}`;
  const fromJsonRaw = parsed.ok ? errorMessageFromBody(parsed.value) : undefined;
  const fromJson = fromJsonRaw === undefined ? undefined : stripControl(fromJsonRaw);
  const detail = fromJson ?? (text.trim() ? snippet(text) : 'no body');
  const message = `${where}: ${label}: ${detail}`;
  const body = parsed.ok ? parsed.value : text;
  if (status === 401) {
    const hint = auth?.explicit
      ? `The access token from ${auth.origin ?? 'the environment'} was refused. A token given explicitly is used as given, never renewed: check it with \`rentals auth status --check\`.`
      : 'The access token was refused; check it with `rentals auth status --check` or log in again with `rentals auth login`.';
    return new AuthError(`${message}\n${hint}`, status, body);
  }
  if (status === 403) return new AuthError(`${message}\nThe token is not allowed to do this.`, status, body);
  if (status === 404) return new NotFoundError(message, status, body);
  return new ApiError(message, status, body);
}

/** A short, single-line excerpt of a body: tags stripped, whitespace folded. */
export function snippet(text: string, max = 160): string {
  const folded = stripControl(text)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (folded === '') return '(empty body)';
  return JSON.stringify(truncate(folded, max));
}
