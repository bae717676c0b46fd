// Writes a reply. A plain body goes out at once; a list of records goes out as the same bytes
// `JSON.stringify({ data })` would give, but in chunks of about CHUNK_BYTES made of each record's
// cached JSON. A chunk waits until the client has taken the previous one, and after
// SLICE_MS of work the event loop runs other requests: a 100,000-record list neither blocks the
// sandbox for half a second nor sits in memory whole.

import type { ServerResponse } from 'node:http';
import type { DataList, Reply } from './operations.js';

const CHUNK_BYTES = 64 * 1024;
/** Longest stretch a list keeps the event loop before other requests get a turn. */
const SLICE_MS = 1;
/** Records looked up between two looks at the clock. */
const RECORDS_PER_CHECK = 256;
const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
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
  const serialised = await serialise(reply.data, res);
  if (!serialised || res.destroyed) return;
  const { records, length } = serialised;
  res.writeHead(reply.status, headers(length, reply, extraHeaders));
  const slice = new TimeSlice();
  let next = 0;
  for (;;) {
    // Corked, the pieces of a chunk go to the socket in one writev, copied by nobody.
    res.cork();
    let size = 0;
    let ok = res.write(next === 0 ? OPEN : COMMA);
    while (next < records.length && size < CHUNK_BYTES) {
      if (size > 0) res.write(COMMA);
      ok = res.write(records[next]!);
      size += records[next++]!.length;
    }
    if (next === records.length) res.write(CLOSE);
    res.uncork();
    if (next === records.length) {
      res.end();
      return;
    }
    if (!ok) await drained(res);
    await slice.yieldWhenSpent();
    if (res.destroyed) return;
  }
}

/** A short list (GET one, a write's answer, a small collection): one buffer, one write. */
function sendAtOnce(res: ServerResponse, reply: Reply, list: DataList, extraHeaders: Record<string, string>): void {
  const parts: Buffer[] = [OPEN];
  list.records.forEach((record, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(list.json(record));
  });
  parts.push(CLOSE);
  const body = Buffer.concat(parts);
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

/** Resolves when the socket takes more, or when the client is gone. */
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
