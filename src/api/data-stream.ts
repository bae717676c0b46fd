// A list's body read as it arrives: each chunk parsed into pieces (data-envelope.ts) and handed
// on before the next chunk is read, so the caller's pace is the socket's (back-pressure) and no
// more than a chunk and a part-record is held here.

import type { IncomingMessage } from 'node:http';
import { ProtocolError } from '../errors.js';
import { DataEnvelopeError, DataEnvelopeParser, type DataPiece, wholeDataPieces } from './data-envelope.js';
import { PARSED_WHOLE_BYTES } from './responses.js';
import { keepYoungGenerationSmall } from '../common/heap.js';

export interface StreamRules {
  /** `GET /v2/inventory (HTTP 200)`, for messages. */
  where: string;
  /** The longest wait for the next chunk. */
  timeoutMs: number;
  /** Bytes beyond this are refused. */
  limit: number;
  tooLarge: () => Error;
  /** The error for a connection that fails while the body flows. */
  failure: (error: NodeJS.ErrnoException) => Error;
  timeout: () => Error;
  /** A short excerpt of a body's text, for messages. */
  excerpt: (text: string) => string;
}

/** The start of a body kept for an error's excerpt. */
const HEAD_BYTES = 4096;

/** A list longer than this is long enough for keepYoungGenerationSmall to matter. */
const LONG_LIST_BYTES = 1024 * 1024;

export async function* readDataPieces(body: IncomingMessage, rules: StreamRules): AsyncGenerator<DataPiece> {
  const parser = new DataEnvelopeParser();
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let size = 0;
  let head = Buffer.alloc(0);
  const describe = (error: DataEnvelopeError): string =>
    `the server's answer to ${rules.where} ${error.message}${error.excerpt ? `: ${rules.excerpt(head.toString('utf8'))}` : ''}`;
  // A body declared short is read whole, then parsed at once when that gives the same pieces.
  const whole: Buffer[] | undefined = Number(body.headers['content-length']) <= PARSED_WHOLE_BYTES ? [] : undefined;
  try {
    for (;;) {
      const next = await nextChunk(chunks, body, rules);
      if (next.done) break;
      size += next.value.length;
      if (size > rules.limit) throw rules.tooLarge();
      if (size >= LONG_LIST_BYTES && size - next.value.length < LONG_LIST_BYTES) await keepYoungGenerationSmall();
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, next.value.subarray(0, HEAD_BYTES - head.length)]);
      if (whole) whole.push(next.value);
      else yield* parsed(() => parser.push(next.value), describe);
    }
    if (whole) {
      const bytes = whole.length === 1 ? whole[0]! : Buffer.concat(whole, size);
      const pieces = wholeDataPieces(bytes);
      if (pieces) return yield* pieces;
      yield* parsed(() => parser.push(bytes), describe);
    }
    yield* parsed(() => (parser.end(), []), describe);
  } finally {
    if (!body.complete) body.destroy();
  }
}

function* parsed(step: () => DataPiece[], describe: (error: DataEnvelopeError) => string): Generator<DataPiece> {
  let pieces: DataPiece[];
  try {
    pieces = step();
  } catch (error) {
    if (error instanceof DataEnvelopeError) throw new ProtocolError(describe(error));
    throw error;
  }
  yield* pieces;
}

/** The next chunk, or the rule's timeout when none comes in time (time spent in the caller does not count). */
async function nextChunk(chunks: AsyncIterator<Buffer>, body: IncomingMessage, rules: StreamRules): Promise<IteratorResult<Buffer>> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut: Error | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = rules.timeout();
      body.destroy(timedOut);
      reject(timedOut);
    }, rules.timeoutMs);
  });
  try {
    return await Promise.race([chunks.next(), late]);
  } catch (error) {
    throw timedOut ?? rules.failure(error as NodeJS.ErrnoException);
  } finally {
    clearTimeout(timer);
  }
}
