// Request bodies of writes: JSON only (415 otherwise), at most 1 MiB (413), well-formed (400).

import type { IncomingMessage } from 'node:http';
import { ClientGoneError, HttpError, badRequest } from './errors.js';
import { describeJsonError } from '../json-error.js';
import { inexactNumber } from './exact-numbers.js';

const MAX_BODY_BYTES = 1024 * 1024;

export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  requireJsonContentType(req.headers['content-type']);
  const text = await readText(req, limit);
  if (text.trim() === '') throw badRequest('invalid_json', 'the body is empty; send a JSON object');
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest('invalid_json', `the body is not valid JSON: ${describeJsonError(error, text)}`);
  }
  const inexact = inexactNumber(text);
  if (inexact !== undefined) throw badRequest('validation_failed', `the number ${inexact.slice(0, 40)} cannot be stored exactly as sent (more digits than a double holds)`);
  return body;
}

function requireJsonContentType(header: string | undefined): void {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return;
  const got = header ? `got ${JSON.stringify(header)}` : 'none was given';
  throw new HttpError(415, 'unsupported_media_type', `the body must be JSON with Content-Type: application/json (${got})`);
}

function tooLarge(limit: number): HttpError {
  // The rest of an oversized body is not read: the connection is closed after the answer.
  return new HttpError(413, 'payload_too_large', `the body is larger than ${limit} bytes`, undefined, { connection: 'close' });
}

function readText(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // An aborted upload (or one cut by the request timeout) ends with 'error' or just 'close'.
    const gone = (): void => reject(new ClientGoneError());
    req.on('error', gone);
    req.on('close', gone);
  });
}
