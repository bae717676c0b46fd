// The server's open connections, the least recently active first: which are idle (or still
// sending a head: Node has not made a request of them yet), and which carry a request in progress,
// with how fast its body arrives. At the connection cap one makes room for a new one: the oldest
// idle one (a keep-alive connection, or a head that has been on its way for a while), else the
// request whose body arrives slowest, else a connection just opened whose head has not come yet.
// A request whose body is all in (its answer being made) is never closed. A body below the
// minimum rate is closed.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface InProgress {
  req: IncomingMessage;
  res: ServerResponse;
  /** When the head was in, and how many bytes the socket had read then. */
  since: number;
  bytesAtHead: number;
}

interface State {
  /** Since when the connection is idle (opened, or its last answer sent). */
  idleSince: number;
  request?: InProgress;
}

/** A connection opened (or turned idle) this recently is a client about to send its head: closed last. */
const YOUNG_MS = 1_000;

export class OpenConnections {
  /** A Map keeps insertion order: a connection moves to the end when it turns idle again. */
  private readonly sockets = new Map<Socket, State>();

  /** `graceMs`: how long a body may take before its rate is judged (a request just begun has sent little yet). */
  constructor(private readonly options: { graceMs: number }) {}

  get size(): number {
    return this.sockets.size;
  }

  add(socket: Socket): void {
    this.sockets.set(socket, { idleSince: Date.now() });
  }

  remove(socket: Socket): void {
    this.sockets.delete(socket);
  }

  busy(socket: Socket, req: IncomingMessage, res: ServerResponse): void {
    const state = this.sockets.get(socket);
    if (state) state.request = { req, res, since: Date.now(), bytesAtHead: socket.bytesRead };
  }

  idle(socket: Socket): void {
    if (!this.sockets.has(socket)) return;
    this.sockets.delete(socket);
    this.sockets.set(socket, { idleSince: Date.now() });
  }

  /** Closes one connection for a new one, in the order above; false when every one carries a request whose body is in. */
  makeRoom(now: number): boolean {
    return this.shedOldestIdle(now - YOUNG_MS) || this.shedSlowestBody(now) || this.shedOldestIdle(now);
  }

  /** Closes the oldest connection with no request in progress that has been idle since `before` or earlier. */
  private shedOldestIdle(before: number): boolean {
    for (const [socket, state] of this.sockets) {
      if (state.request || state.idleSince > before) continue;
      this.close(socket);
      return true;
    }
    return false;
  }

  /**
   * Closes the request in progress whose body arrives slowest (past its grace first: one just
   * begun has had no time to send), whatever its token; false when every request has its body
   * (the answer is being made or sent).
   */
  private shedSlowestBody(now: number): boolean {
    let slowest: { socket: Socket; judged: boolean; rate: number } | undefined;
    for (const [socket, state] of this.sockets) {
      const request = state.request;
      if (!request || request.req.complete) continue;
      const judged = now - request.since >= this.options.graceMs;
      const rate = this.rate(socket, request, now);
      if (!slowest || (judged && !slowest.judged) || (judged === slowest.judged && rate < slowest.rate)) slowest = { socket, judged, rate };
    }
    if (!slowest) return false;
    this.close(slowest.socket);
    return true;
  }

  private close(socket: Socket): void {
    this.sockets.delete(socket);
    socket.destroy();
  }

  /** The requests past their grace whose body arrives below `bytesPerSecond` on average since their head. */
  slowerThan(bytesPerSecond: number, now: number): Array<{ socket: Socket; res: ServerResponse }> {
    const slow: Array<{ socket: Socket; res: ServerResponse }> = [];
    for (const [socket, state] of this.sockets) {
      const request = state.request;
      if (!request || request.req.complete || now - request.since < this.options.graceMs) continue;
      if (this.rate(socket, request, now) < bytesPerSecond) slow.push({ socket, res: request.res });
    }
    return slow;
  }

  /** Bytes a second of the body so far. */
  private rate(socket: Socket, request: InProgress, now: number): number {
    return ((socket.bytesRead - request.bytesAtHead) * 1000) / Math.max(1, now - request.since);
  }
}
