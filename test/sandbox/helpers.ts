// Shared by the sandbox tests: start a sandbox on a free port, send raw requests with undici.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/index.js';

export const TOKEN = 'test-token';
/** 2025-06-01T12:00:00Z: seeded dates are relative to it. */
export const FIXED_NOW = Date.UTC(2025, 5, 1, 12);

/** Like a real client, at most 64 connections to a sandbox (it allows 128 per client address). */
const pool = new Agent({ connections: 64 });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface CallOptions {
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Sent as `bearer <base64(token)>`; null sends no Authorization header. */
  token?: string | null;
}

interface Link {
  rel: string;
  method: string;
  href: string;
}
export type ApiRecord = Record<string, unknown> & { id: number; Links: Link[] };

/** The shapes the sandbox answers with, all in one (a test knows which one it expects). */
export interface ApiBody {
  data: ApiRecord[];
  id: number;
  error: { status: number; code: string; message: string; fields?: { field: string; message: string }[] };
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: ApiBody;
}

export type Caller = (method: Method, path: string, options?: CallOptions) => Promise<CallResult>;

export function bearer(token: string): string {
  return `bearer ${Buffer.from(token).toString('base64')}`;
}

export async function call(base: string, method: Method, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null && headers.authorization === undefined) headers.authorization = bearer(token);
  let body: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await request(`${base}${path}`, { method, headers, body, headersTimeout: 10_000, bodyTimeout: 10_000, dispatcher: pool });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json: json as ApiBody };
}

/** A sandbox on a free port with the test token and a fixed clock, and a `call` bound to it. */
export async function openSandbox(options: SandboxOptions = {}): Promise<Sandbox & { call: Caller }> {
  const sandbox = await startSandbox({ port: 0, token: TOKEN, now: () => FIXED_NOW, log: () => {}, ...options });
  const bound: Caller = (method, path, opts) => call(sandbox.url, method, path, opts);
  return Object.assign(sandbox, { call: bound });
}

export async function tempDir(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'rentals-sandbox-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export const inventoryBody = (name: string, quantityAvailable = 1) => ({ name, quantityAvailable, active: 1 });

export const eventBody = (eventName: string) => ({
  eventStatusId: 2,
  rentalBlockId: 1,
  startDate: '2025-07-04T10:00:00',
  endDate: '2025-07-04T22:00:00',
  dropoffDate: '2025-07-04 08:00:00',
  teardownDate: '2025-07-04T23:00:00.000',
  pickupDate: '2025-07-05',
  eventName,
});
