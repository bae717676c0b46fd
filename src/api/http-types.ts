// The shapes the HTTP client's modules share: a method, a token source, a request's options, an
// answer, a log entry.

import type { IncomingHttpHeaders } from 'node:http';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

export interface TokenProvider {
  /** The access token to send (raw, not base64). */
  getToken(): Promise<string>;
  /** The token to send now when one is at hand without waiting (none being renewed, none due): else getToken. */
  current?(): string | undefined;
  /** Called once after a 401: a fresh token, or undefined when none can be had. */
  refresh?(): Promise<string | undefined>;
  /** A token the user gave (RENTALS_TOKEN, --token-file): a 401 names where it came from. */
  explicit?: boolean;
  /** Where the token came from, for messages: `RENTALS_TOKEN`, `--token-file t.txt`. */
  origin?: string;
}

export interface RequestLogEntry {
  method: string;
  url: string;
  status?: number;
  ms: number;
  attempt: number;
  error?: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  responseHeaders?: IncomingHttpHeaders;
  responseBody?: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Extra headers (e.g. Basic auth for /authorize); replaces the bearer header when it sets authorization. */
  headers?: Record<string, string>;
  /** Override the retry rule for this call (the rule: GET, PUT, DELETE yes; POST never). */
  retry?: boolean;
  /** What a 2xx body must look like: `data` → `{ data: [...] }`, `id` → `{ id }`, `json` → any JSON, `any` → anything. */
  expect?: 'data' | 'id' | 'json' | 'any';
  /** Skip the Authorization header (for /authorize). */
  anonymous?: boolean;
}

export interface ApiResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or undefined when the body was empty or not JSON (`expect: 'any'`). */
  body: unknown;
  /** The body exactly as received (one buffer; no second copy is kept). */
  bytes: Buffer;
  /** The body decoded as UTF-8 (decoded on each access: large bodies are not held twice). */
  readonly text: string;
}
