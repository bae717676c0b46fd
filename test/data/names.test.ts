// How a name or a reference finds its record: the exact name first, then the name as the csv
// formula guard wrote it, then regardless of case, then of accents, dashes and quotes; a bare
// number is an id unless another record is named so; `id:` and `name:` say which.

import { describe, expect, test } from 'vitest';
import { NameIndex, couldName, foldName } from '../../src/data/names.js';
import { resources } from '../../src/resources/definitions.js';

const items = (...names: Array<[number, string]>) => new NameIndex(resources.inventory, names.map(([id, name]) => ({ id, name })));

describe('foldName', () => {
  test('dashes, quotes, accents, case and runs of spaces fold away', () => {
    expect(foldName('Harper–Nguyen  Wedding')).toBe(foldName('harper-nguyen wedding'));
    expect(foldName('O’Brien “Big” Tent')).toBe(`o'brien "big" tent`);
    expect(foldName('Café Crème')).toBe('cafe creme');
    expect(foldName('Ｔｅｎｔ－１')).toBe('tent-1');
  });
});

describe('NameIndex.resolve', () => {
  test("a name's controls are shown as every message and table shows them (\\x1b, \\t), not as JSON escapes", () => {
    const hostile = 'Tent\u001b[31m\tX';
    const index = items([1, hostile], [2, hostile]);
    const shared = index.resolve(hostile);
    expect(!shared.ok && shared.rule).toBe('2 inventory items are named "Tent\\x1b[31m\\tX": ids 1, 2 (give the id instead)');
    const near = index.resolve('Tent\u001b[31m\tY');
    expect(!near.ok && near.rule).toContain('did you mean "Tent\\x1b[31m\\tX" (ids 1, 2)?');
  });

  test('the exact name wins over a folded one; a folded tie is ambiguous and names both', () => {
    const index = items([1, 'Café'], [2, 'cafe'], [3, 'Harper–Nguyen Wedding']);
    expect(index.resolve('cafe')).toEqual({ ok: true, id: 2 });
    expect(index.resolve('Café')).toEqual({ ok: true, id: 1 });
    expect(index.resolve('CAFÉ')).toEqual({ ok: true, id: 1 });
    expect(index.resolve('harper-nguyen wedding')).toEqual({ ok: true, id: 3 });
    const both = index.resolve('CAFÈ');
    expect(both).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(!both.ok && both.rule).toBe('2 inventory items match "CAFÈ" when case, accents, dashes and quotes are ignored: "Café" (id 1), "cafe" (id 2) (give the exact name or the id)');
  });

  test("a name written with the formula guard's quote finds the name that starts with = + - @", () => {
    const index = items([1, '=Uplight'], [2, "'quoted"], [3, '-5 Heater']);
    expect(index.resolve("'=Uplight")).toEqual({ ok: true, id: 1 });
    expect(index.resolve("'-5 Heater")).toEqual({ ok: true, id: 3 });
    expect(index.resolve("'quoted")).toEqual({ ok: true, id: 2 });
  });
});

describe('NameIndex.resolveRef', () => {
  const index = items([7, 'Ladder'], [12, '007'], [13, '2000'], [14, '-1']);

  test('a bare number that is an id and another record name is ambiguous; id: and name: choose', () => {
    const ambiguous = index.resolveRef('007');
    expect(ambiguous).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(!ambiguous.ok && ambiguous.rule).toBe('"007" is both the id of inventory item 7 ("Ladder") and the name of inventory item 12: write id:7 for the first or name:007 for the other');
    expect(index.resolveRef('id:7')).toEqual({ ok: true, id: 7 });
    expect(index.resolveRef('name:007')).toEqual({ ok: true, id: 12 });
  });

  test('a number is the id when nobody is named so, and the name when no record has that id', () => {
    expect(index.resolveRef('7')).toEqual({ ok: true, id: 7 });
    expect(index.resolveRef('2000')).toEqual({ ok: true, id: 13 });
    expect(index.resolveRef('99')).toEqual({ ok: true, id: 99 });
    expect(index.resolveRef('-1')).toEqual({ ok: true, id: 14 });
    expect(index.resolveRef('1.5')).toMatchObject({ ok: false, reason: 'invalid', rule: 'must be an integer id from 1 to 2147483647' });
    expect(index.resolveRef('id:x')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  test('couldName keeps every record a reference may resolve to', () => {
    const wanted = couldName(['007', "'=Uplight", 'harper-nguyen wedding']);
    expect(wanted(7, 'Ladder')).toBe(true);
    expect(wanted(12, '007')).toBe(true);
    expect(wanted(20, '=Uplight')).toBe(true);
    expect(wanted(21, 'Harper–Nguyen Wedding')).toBe(true);
    expect(wanted(22, 'Stage')).toBe(false);
  });
});
