// Reading what the user hands over: `--file <path|->` JSON bodies, stdin text.

import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../errors.js';

export async function readStream(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The text of a file, or of stdin for `-`. */
export async function readInput(path: string, stdin: Readable, flag = '--file'): Promise<string> {
  if (path === '-') return readStream(stdin);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${flag} ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? 'cannot read')}`);
  }
}

export function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
}

/** A JSON object for a request body. `{ "data": [ {…} ] }` (what `get --json` prints) is unwrapped. */
export async function readJsonObject(path: string, stdin: Readable): Promise<Record<string, unknown>> {
  const where = path === '-' ? 'standard input' : path;
  let value = parseJsonText(await readInput(path, stdin), where);
  if (isEnvelope(value)) value = value.data[0];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${where} must hold one JSON object (the request body)`);
  }
  return value as Record<string, unknown>;
}

function isEnvelope(value: unknown): value is { data: unknown[] } {
  if (typeof value !== 'object' || value === null) return false;
  const data = (value as { data?: unknown }).data;
  return Array.isArray(data) && data.length === 1 && Object.keys(value).length === 1;
}
