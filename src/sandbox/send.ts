// Writes a reply. A plain body goes out at once; a list of records goes out as the same bytes
// `JSON.stringify({ data })` would give, made of each record's cached JSON. A long top-level list
// is joined once into its whole body, kept until the resource changes (list-body.ts), and every
// read of it is that one buffer handed to the socket whole: the kernel takes it as fast as the
// client reads, with no JavaScript per piece and the event loop free meanwhile. Other lists go
// out in chunks of about CHUNK_BYTES, each once the client has taken the previous one. Making a
// body (each record's JSON, the join) is done in slices of the turn's budget (turns.ts), so that
// a 100,000-record list never keeps other requests waiting.

import type { ServerResponse } from 'node:http';
import type { DataList, Reply } from './operations.js';
import { yieldWhenSpent } from './turns.js';

const CHUNK_BYTES = 64 * 1024;
/** A made body goes out in views of this size, at most BODY_AHEAD bytes of them waiting for the socket. */
const BODY_CHUNK = 256 * 1024;
const BODY_AHEAD = 2 * BODY_CHUNK;
/** A chunk is sent once it holds this much; a piece this long or longer is sent as it is. */
const HALF_CHUNK = CHUNK_BYTES / 2;
/** Records looked up or copied between two looks at the clock. */
const RECORDS_PER_CHECK = 256;
const OPEN = Buffer.from('{"data":[');
const COMMA_BYTE = 0x2c;
const CLOSE = Buffer.from(']}');

export async function send(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string>): Promise<void> {
  if (!reply.data) {
    const text = JSON.stringify(reply.body);
    if (res.destroyed) return;
    res.writeHead(reply.status, headers(Buffer.byteLength(text), reply, extraHeaders)).end(text);
    return;
  }
  const slot = reply.data.body;
  if (slot?.body) return sendBody(res, reply, slot.body, extraHeaders);
  if (reply.data.records.length <= RECORDS_PER_CHECK) {
    sendAtOnce(res, reply, reply.data, extraHeaders);
    return;
  }
  const serialised = await serialise(reply.data, res);
  if (!serialised || res.destroyed) return;
  const { records, length } = serialised;
  if (slot) {
    // Made once (one copy of the list), then sent as it is to every reader until the resource changes.
    const body = await joined(records, length, res);
    if (!body) return;
    slot.keep(body);
    return sendBody(res, reply, body, extraHeaders);
  }
  res.writeHead(reply.status, headers(length, reply, extraHeaders));
  const chunks = new ChunkWriter(res);
  chunks.add(OPEN);
  for (let i = 0; i < records.length; i++) {
    if (!chunks.add(records[i]!, i > 0)) continue;
    await chunks.flush();
    if (res.destroyed) return;
  }
  chunks.add(CLOSE);
  await chunks.flush();
  if (!res.destroyed) res.end();
}

/**
 * A whole body already made, written in BODY_CHUNK views of it (nothing copied) as the socket
 * takes them: BODY_AHEAD bytes in flight keep the socket busy, and the turn's budget (turns.ts)
 * bounds how much a turn writes whatever the number of readers.
 */
async function sendBody(res: ServerResponse, reply: Reply, body: Buffer, extraHeaders: Record<string, string>): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(reply.status, headers(body.length, reply, extraHeaders));
  for (let at = 0; at < body.length; at += BODY_CHUNK) {
    if (res.destroyed) return;
    res.write(body.subarray(at, at + BODY_CHUNK));
    if (res.writableLength >= BODY_AHEAD) await drained(res);
    await yieldWhenSpent();
  }
  if (!res.destroyed) res.end();
}

/** Resolves when the socket wants more, or the client is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** `{"data":[` the records, comma-separated, `]}` in one buffer of `length` bytes, copied a slice per turn; undefined when the client left meanwhile. */
async function joined(records: readonly Buffer[], length: number, res: ServerResponse): Promise<Buffer | undefined> {
  const body = Buffer.allocUnsafe(length);
  let at = OPEN.copy(body, 0);
  for (let from = 0; from < records.length; from += RECORDS_PER_CHECK) {
    await yieldWhenSpent();
    if (res.destroyed) return undefined;
    at = copyRecords(body, at, records, from, Math.min(records.length, from + RECORDS_PER_CHECK));
  }
  CLOSE.copy(body, at);
  return body;
}

/** A short list's body in one go. */
function joinedAtOnce(records: readonly Buffer[]): Buffer {
  const body = Buffer.allocUnsafe(records.reduce((sum, json) => sum + json.length, OPEN.length + CLOSE.length + Math.max(0, records.length - 1)));
  CLOSE.copy(body, copyRecords(body, OPEN.copy(body, 0), records, 0, records.length));
  return body;
}

/** Copies records[from..to) into `body` at `at`, a comma before each but the list's first; returns where it ended. */
function copyRecords(body: Buffer, at: number, records: readonly Buffer[], from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (i > 0) body[at++] = COMMA_BYTE;
    at += records[i]!.copy(body, at);
  }
  return at;
}

/**
 * Copies the pieces of a list into two reused CHUNK_BYTES buffers, so that writing a list makes
 * next to no garbage: one is filled while the socket sends the other, and a buffer is filled
 * again only once the socket is done with it (backpressure). After SLICE_MS of work the event
 * loop gets a turn: a write the socket takes at once completes without one.
 */
class ChunkWriter {
  private readonly buffers = [Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES)];
  private readonly sent: (Promise<void> | undefined)[] = [undefined, undefined];
  private current = 0;
  private used = 0;
  /** Pieces too big for a chunk, sent as they are after the chunk before them. */
  private oversized: Buffer[] = [];

  constructor(private readonly res: ServerResponse) {}

  /**
   * Adds a piece, after a comma if asked; true when the chunk is full and wants `flush()`.
   * Below HALF_CHUNK before, so at most HALF_CHUNK + 1 + (HALF_CHUNK - 1) = CHUNK_BYTES after.
   */
  add(piece: Buffer, comma = false): boolean {
    const buffer = this.buffers[this.current]!;
    if (comma) buffer[this.used++] = COMMA_BYTE;
    if (piece.length >= HALF_CHUNK) {
      this.oversized.push(piece);
      return true;
    }
    piece.copy(buffer, this.used);
    this.used += piece.length;
    return this.used >= HALF_CHUNK;
  }

  async flush(): Promise<void> {
    const index = this.current;
    if (this.used > 0) this.sent[index] = this.write(this.buffers[index]!.subarray(0, this.used));
    for (const piece of this.oversized) await this.write(piece);
    this.oversized = [];
    this.current = 1 - index;
    this.used = 0;
    await this.sent[this.current];
    await yieldWhenSpent();
  }

  /** Resolves when the socket is done with `bytes`, or the client is gone. */
  private write(bytes: Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.res.destroyed) return resolve();
      const done = (): void => {
        this.res.off('close', done);
        resolve();
      };
      this.res.on('close', done);
      this.res.write(bytes, done);
    });
  }
}

/** A short list (GET one, a write's answer, a small collection): one buffer, one write. */
function sendAtOnce(res: ServerResponse, reply: Reply, list: DataList, extraHeaders: Record<string, string>): void {
  const records = list.records.map((record) => list.json(record));
  const body = joinedAtOnce(records);
  if (res.destroyed) return;
  res.writeHead(reply.status, headers(body.length, reply, extraHeaders)).end(body);
}

function headers(length: number, reply: Reply, extra: Record<string, string>): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(length),
    ...reply.headers,
    ...extra,
  };
}

/** Every record's JSON (from the cache, or made and cached now) and the body's length, a chunk per turn. */
async function serialise(list: DataList, res: ServerResponse): Promise<{ records: Buffer[]; length: number } | undefined> {
  const records = new Array<Buffer>(list.records.length);
  let length = OPEN.length + CLOSE.length + Math.max(0, records.length - 1);
  for (let i = 0; i < records.length; i++) {
    if (i % RECORDS_PER_CHECK === 0) {
      await yieldWhenSpent();
      if (res.destroyed) return undefined;
    }
    const json = list.json(list.records[i]!);
    records[i] = json;
    length += json.length;
  }
  return { records, length };
}
