// A field issue shows the value it got, briefly, whatever the value: a JSON file nested 100,000
// deep is an invalid input (exit 2), not a stack overflow.

import { describe, expect, it } from 'vitest';
import { ValidationError, formatIssue } from '../../src/errors.js';

describe('formatIssue', () => {
  it('shows short values as JSON and cuts long ones', () => {
    expect(formatIssue({ field: 'name', message: 'must be text', value: 12 })).toBe('name: must be text (got 12)');
    expect(formatIssue({ field: 'name', message: 'is too long', value: 'x'.repeat(100) })).toBe(`name: is too long (got "${'x'.repeat(56)}...)`);
  });

  it('names the kind of a value nested too deep to render', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(formatIssue({ field: 'name', message: 'must be text', value: deep })).toBe('name: must be text (got [...])');
    const error = new ValidationError([{ field: 'name', message: 'must be text', value: { a: deep } }], 'inventory item');
    expect(error.message).toBe('invalid inventory item: name: must be text (got {...})');
    expect(error.exitCode).toBe(2);
  });
});
