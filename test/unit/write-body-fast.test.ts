// The write body's fast path (acceptedBody) against the schema (bodyBySchema), on every resource,
// both modes and both unknown-field rules: whatever the fast path accepts, the schema accepts with
// the same canonical body, key order included; whatever it leaves, the schema refuses (so every
// message still comes from the schema). Bodies mix valid values, near misses and junk per field.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { resourceList, writableFields, type FieldDef } from '../../src/resources/definitions.js';
import { type WriteMode, acceptedBody, bodyBySchema, validateWrite } from '../../src/schemas/resource.js';

const JUNK: unknown[] = [undefined, null, '', ' ', 'abc', true, false, {}, [], [1], -1, 0, 1.5, NaN, Infinity, '1e3', ' 7 ', '0x10', 2 ** 31, 2 ** 53];

/** Values each kind takes, in canonical form or not. */
const GOOD: Record<FieldDef['kind'], unknown[]> = {
  id: [1, 42, '42', 2147483647],
  int: [0, 5, '5', 2147483647],
  decimal: [0, 12.5, '12.50', 99999999999.9999],
  bool: [0, 1, true, false, '1', 'false'],
  datetime: ['2026-03-01T10:00:00', '2026-03-01 10:00:00', '2026-03-01T10:00:00.000'],
  string: ['Tent', '  Tent  ', 'x'.repeat(255), 'é'],
};

/** Near misses: just outside a rule of the kind. */
const NEAR: Record<FieldDef['kind'], unknown[]> = {
  id: [2147483648, 0, '007', 1.5],
  int: [-3, 1.2, 2147483648],
  decimal: [100000000000, 0.12345, '1,5', 115.53999999999999, -0.5],
  bool: ['yes', 2, 'TRUE'],
  datetime: ['2026-02-30T10:00:00', '2026-03-01', '2026-03-01T10:00:00Z', '2026-03-01T24:00:00'],
  string: ['x'.repeat(256), '\u0000', 'a\nb'],
};

function valueFor(field: FieldDef): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...GOOD[field.kind]), weight: 12 },
    { arbitrary: fc.constantFrom(...NEAR[field.kind]), weight: 1 },
    { arbitrary: fc.constantFrom(...JUNK), weight: 1 },
  );
}

/** A body: each field present (often), absent, or junk; now and then a key no resource has. */
function bodyOf(fields: FieldDef[], mode: WriteMode): fc.Arbitrary<Record<string, unknown>> {
  const all = mode === 'update' ? [{ name: 'id', kind: 'id', description: 'id' } as FieldDef, ...fields] : fields;
  const entries = all.map((field) => fc.option(valueFor(field).map((value) => [field.name, value] as const), { freq: 12, nil: undefined }));
  const extra = fc.option(fc.constantFrom(['colour', 'red'] as const, ['Links', []] as const, ['ID', 1] as const), { freq: 10, nil: undefined });
  return fc.tuple(fc.tuple(...entries), extra, fc.boolean()).map(([pairs, more, reversed]) => {
    const present = pairs.filter((p): p is readonly [string, unknown] => p !== undefined);
    if (more) present.push(more);
    return Object.fromEntries(reversed ? present.reverse() : present);
  });
}

function bySchema(run: () => Record<string, unknown>): { ok: true; body: Record<string, unknown> } | { ok: false } {
  try {
    return { ok: true, body: run() };
  } catch {
    return { ok: false };
  }
}

describe('write bodies: the fast path agrees with the schema', () => {
  for (const def of resourceList) {
    for (const mode of ['create', 'update'] as const) {
      test(`${def.name} (${mode})`, () => {
        for (const unknownFields of ['reject', 'ignore'] as const) {
          const options = { unknownFields };
          fc.assert(
            fc.property(bodyOf(writableFields(def), mode), (raw) => {
              const { Links: _links, ...body } = raw;
              const fast = acceptedBody(def, mode, options, body);
              const schema = bySchema(() => bodyBySchema(def, mode, options, body));
              if (fast === undefined) {
                if (schema.ok) throw new Error(`the fast path left a body the schema accepts: ${JSON.stringify(body)}`);
                return;
              }
              expect(schema.ok).toBe(true);
              if (!schema.ok) return;
              expect(Object.keys(fast)).toEqual(Object.keys(schema.body));
              expect(fast).toEqual(schema.body);
              expect(validateWrite(def, raw, mode, options)).toEqual(schema.body);
            }),
            { numRuns: 300 },
          );
        }
        // Not vacuous: the fast path takes a body of good values (the common case it is for).
        const fields = mode === 'update' ? [{ name: 'id', kind: 'id', description: 'id' } as FieldDef, ...writableFields(def)] : writableFields(def);
        const good = Object.fromEntries(fields.map((field) => [field.name, GOOD[field.kind][1]]));
        expect(acceptedBody(def, mode, { unknownFields: 'reject' }, good)).toEqual(bodyBySchema(def, mode, { unknownFields: 'reject' }, good));
      });
    }
  }
});
