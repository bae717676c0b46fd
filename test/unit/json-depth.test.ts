import { describe, expect, test } from 'vitest';
import { nestsDeeperThan } from '../../src/common/json-depth.js';

describe('nestsDeeperThan', () => {
  test('counts arrays and objects, not brackets inside strings (escaped quotes included)', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"name":"${'[{'.repeat(500)}","q":"\\"[[[["}`, 1)).toBe(false);
    expect(nestsDeeperThan('[[1],[2],[3]]', 2)).toBe(false);
  });
  test('100,000 deep is found without recursion', () => {
    expect(nestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(true);
  });
});
