// Writes a reply. A plain body goes out at once; a list of records goes out as the same bytes
// `JSON.stringify({ data })` would give, but in chunks of about CHUNK_BYTES made of each record's
// cached JSON. A chunk waits until the client has taken the previous one, and after
// SLICE_MS of work the event loop runs other requests: a 100,000-record list neither blocks the
// sandbox for half a second nor sits in memory whole. A long top-level list is joined once into
// its whole body, kept until the resource changes (list-body.ts), and later reads write that
// buffer out in pieces.

import type { ServerResponse } from 'node:http';
import type { DataList, Reply } from './operations.js';

const CHUNK_BYTES = 64 * 1024;
/** A made body goes out in pieces of this size (a view of it each: nothing is copied). */
const BODY_CHUNK = 256 * 1024;
/** A chunk is sent once it holds this much; a piece this long or longer is sent as it is. */
const HALF_CHUNK = CHUNK_BYTES / 2;
/** Longest stretch a list keeps the event loop before other requests get a turn. */
const SLICE_MS = 1;
/** Records looked up between two looks at the clock. */
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
  if (reply.data.records.length <= RECORDS_PER_CHECK) {
    sendAtOnce(res, reply, reply.data, extraHeaders);
    return;
  }
  const slot = reply.data.body;
  if (slot?.body) return sendBody(res, reply, slot.body, extraHeaders);
  const serialised = await serialise(reply.data, res);
  if (!serialised || res.destroyed) return;
  const { records, length } = serialised;
  if (slot) {
    // Made once (one copy of the list), then sent as it is to every reader until the resource changes.
    const body = joined(records, length);
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

/** A whole body already made, written in BODY_CHUNK pieces as the socket takes them, the event loop free between. */
async function sendBody(res: ServerResponse, reply: Reply, body: Buffer, extraHeaders: Record<string, string>): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(reply.status, headers(body.length, reply, extraHeaders));
  const slice = new TimeSlice();
  for (let at = 0; at < body.length; at += BODY_CHUNK) {
    if (res.destroyed) return;
    if (!res.write(body.subarray(at, at + BODY_CHUNK))) await drained(res);
    await slice.yieldWhenSpent();
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

/** `{"data":[` the records, comma-separated, `]}` in one buffer of `length` bytes. */
function joined(records: readonly Buffer[], length: number): Buffer {
  const body = Buffer.allocUnsafe(length);
  let at = OPEN.copy(body, 0);
  records.forEach((record, i) => {
    if (i > 0) body[at++] = COMMA_BYTE;
    at += record.copy(body, at);
  });
  CLOSE.copy(body, at);
  return body;
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
  private readonly slice = new TimeSlice();

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
    await this.slice.yieldWhenSpent();
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
  const body = joined(records, records.reduce((sum, json) => sum + json.length, OPEN.length + CLOSE.length + Math.max(0, records.length - 1)));
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
  const slice = new TimeSlice();
  for (let i = 0; i < records.length; i++) {
    const json = list.json(list.records[i]!);
    records[i] = json;
    length += json.length;
    if (i % RECORDS_PER_CHECK === RECORDS_PER_CHECK - 1) {
      await slice.yieldWhenSpent();
      if (res.destroyed) return undefined;
    }
  }
  return { records, length };
}

class TimeSlice {
  private started = performance.now();

  /** A turn of the event loop for other work once this slice has run SLICE_MS. */
  async yieldWhenSpent(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }
}
