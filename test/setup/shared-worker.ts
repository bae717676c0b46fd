// Setup file: test files share a worker (vitest.config.ts: isolate false), so each must leave the
// worker's globals as it found them. After each file, what it left changed fails that file, named.

import http from 'node:http';
import https from 'node:https';
import { afterAll } from 'vitest';

type Snapshot = Record<string, unknown>;

function snapshot(): Snapshot {
  return {
    'node:http ClientRequest': http.ClientRequest,
    'node:http request': http.request,
    'node:http get': http.get,
    'node:https request': https.request,
    'node:https get': https.get,
    'globalThis.fetch': globalThis.fetch,
    'process.cwd()': process.cwd(),
    'process.env': JSON.stringify(Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))),
    ...Object.fromEntries(['SIGINT', 'SIGTERM', 'exit', 'uncaughtException', 'unhandledRejection'].map((event) => [`process ${event} listeners`, process.listenerCount(event)])),
  };
}

const before = snapshot();

afterAll(() => {
  const after = snapshot();
  const changed = Object.keys(before).filter((key) => !Object.is(before[key], after[key]));
  if (changed.length > 0) throw new Error(`this test file left the shared worker changed (undo it in an afterAll/afterEach): ${changed.join(', ')}`);
});
