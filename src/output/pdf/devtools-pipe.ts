// The DevTools protocol over the pipe a Chromium opens with --remote-debugging-pipe: it reads
// commands on fd 3 and writes answers and events on fd 4, each a JSON message ended by a NUL.
// No port is opened, so nothing else on the machine can reach the browser.

import type { Readable, Writable } from 'node:stream';

interface Pending {
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

export class DevToolsPipe {
  private next = 0;
  private readonly pending = new Map<number, Pending>();
  private buffered = '';
  private closed: Error | undefined;

  constructor(
    private readonly commands: Writable,
    answers: Readable,
  ) {
    answers.setEncoding('utf8');
    answers.on('data', (chunk: string) => this.read(chunk));
    answers.on('close', () => this.fail(new Error('the browser closed the DevTools pipe')));
    answers.on('error', (error: Error) => this.fail(error));
    commands.on('error', (error: Error) => this.fail(error));
  }

  /** Sends `method` (to a page's session when given) and waits for its answer. */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(this.closed);
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.commands.write(`${JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) })}\0`);
    });
  }

  /** Every pending command fails with `error` (the browser went away). */
  fail(error: Error): void {
    this.closed ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private read(chunk: string): void {
    this.buffered += chunk;
    for (let end = this.buffered.indexOf('\0'); end >= 0; end = this.buffered.indexOf('\0')) {
      const message = JSON.parse(this.buffered.slice(0, end)) as { id?: number; result?: Record<string, unknown>; error?: { message?: string } };
      this.buffered = this.buffered.slice(end + 1);
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) continue; // an event: none is needed
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message ?? 'the browser refused a DevTools command'));
      else waiting.resolve(message.result ?? {});
    }
  }
}
