// Reading what the user hands over: `--file <path|->` JSON bodies, stdin text.

import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { readAll } from '../common/read-all.js';
import { UsageError } from '../errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/json-depth.js';
import { describeJsonError } from '../json-error.js';
import { checkReadableFile } from '../common/readable-file.js';
import { shownPath } from '../common/sanitize.js';

/** Request bodies are small (the sandbox takes at most 1 MiB); refuse to buffer more than this. */
const MAX_INPUT_BYTES = 8 * 1024 * 1024;

export function readStream(stream: Readable, where = 'standard input'): Promise<string> {
  return readAll(stream, {
    bytes: MAX_INPUT_BYTES,
    tooLong: () => new UsageError(`${where} holds more than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; a request body cannot be that large`),
  });
}

/** The text of a file, or of stdin for `-`. */
export async function readInput(path: string, stdin: Readable, flag = '--file'): Promise<string> {
  if (path === '-') return readStream(stdin);
  const label = `${flag} ${shownPath(path)}`;
  await checkReadableFile(path, label);
  let stream;
  try {
    stream = createReadStream(path);
    await new Promise<void>((resolve, reject) => stream!.once('open', () => resolve()).once('error', reject));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${label}: ${code === 'ENOENT' ? 'no such file' : (code ?? 'cannot read')}`);
  }
  return readStream(stream, label);
}

export function parseJsonText(text: string, where: string): unknown {
  const json = text.replace(/^\uFEFF/, '');
  if (nestsDeeperThan(json)) {
    throw new UsageError(`${where} nests arrays or objects more than ${MAX_JSON_DEPTH} deep; a request body is a flat record`);
  }
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON: ${describeJsonError(error, json)}`);
  }
}

/** A JSON object for a request body. `{ "data": [ {…} ] }` (what `get --json` prints) is unwrapped. */
export async function readJsonObject(path: string, stdin: Readable): Promise<Record<string, unknown>> {
  const where = path === '-' ? 'standard input' : path;
  let value = parseJsonText(await readInput(path, stdin), where);
  if (isEnvelope(value)) {
    if (value.data.length !== 1) throw new UsageError(`${where} holds ${value.data.length} records in "data"; give one`);
    value = value.data[0];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${where} must hold one JSON object (the request body)`);
  }
  return value as Record<string, unknown>;
}

function isEnvelope(value: unknown): value is { data: unknown[] } {
  if (typeof value !== 'object' || value === null) return false;
  const data = (value as { data?: unknown }).data;
  return Array.isArray(data) && Object.keys(value).length === 1;
}
