// `JSON.stringify(value, null, 2)` in pieces: the same bytes, but a 100k-record body is never one
// string. Containers near the top are walked; everything below is stringified whole.

import { escapeJsonControl } from '../common/sanitize.js';

const WALK_DEPTH = 2;

/** The pretty JSON text of `value` as a sequence of pieces whose concatenation is the whole. */
export function prettyJsonPieces(value: unknown): Generator<string> {
  return pieces(toJsonValue(value, ''), '', 0);
}

/** `shown` has had its toJSON applied (as JSON.stringify does, once). */
function* pieces(shown: unknown, indent: string, depth: number): Generator<string> {
  if (depth >= WALK_DEPTH || !isContainer(shown)) {
    yield reindent(JSON.stringify(shown, null, 2) ?? 'null', indent);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(shown)) {
    if (shown.length === 0) return yield '[]';
    yield '[\n';
    for (let i = 0; i < shown.length; i++) {
      const item = toJsonValue(shown[i], String(i));
      yield inner;
      yield* pieces(isSkipped(item) ? null : item, inner, depth + 1);
      yield i < shown.length - 1 ? ',\n' : '\n';
    }
    return yield `${indent}]`;
  }
  const entries = Object.entries(shown as Record<string, unknown>)
    .map(([key, v]) => [key, toJsonValue(v, key)] as const)
    .filter(([, v]) => !isSkipped(v));
  if (entries.length === 0) return yield '{}';
  yield '{\n';
  for (let i = 0; i < entries.length; i++) {
    const [key, v] = entries[i]!;
    yield `${inner}${JSON.stringify(key)}: `;
    yield* pieces(v, inner, depth + 1);
    yield i < entries.length - 1 ? ',\n' : '\n';
  }
  yield `${indent}}`;
}

/** The text `JSON.stringify(value, null, 2) + "\n"` in chunks of about 256 KB. */
export function prettyJsonChunks(value: unknown): Generator<string> {
  return chunked(withNewline(prettyJsonPieces(value)));
}

function* withNewline(pieces: Iterable<string>): Generator<string> {
  yield* pieces;
  yield '\n';
}

/** Pieces joined into chunks of about `size` characters. */
function* chunked(pieces: Iterable<string>, size = 256 * 1024): Generator<string> {
  let chunk = '';
  for (const piece of pieces) {
    chunk += escapeJsonControl(piece);
    if (chunk.length >= size) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

function toJsonValue(value: unknown, key: string): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  return value;
}

/** Arrays and plain objects are walked; boxed primitives and the rest are left to JSON.stringify. */
function isContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  return !(value instanceof Number || value instanceof String || value instanceof Boolean);
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** Pretty JSON of a nested value: JSON strings hold no raw newline, so every newline is structure. */
function reindent(text: string, indent: string): string {
  return indent === '' || !text.includes('\n') ? text : text.replace(/\n/g, `\n${indent}`);
}
