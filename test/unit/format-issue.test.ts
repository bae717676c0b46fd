// A field issue shows the value it got, briefly, whatever the value: a JSON file nested 100,000
// deep is an invalid input (exit 2), not a stack overflow.

import { describe, expect, it } from 'vitest';
import { ValidationError, formatIssue } from '../../src/errors.js';

describe('formatIssue', () => {
  it('shows short values as JSON and cuts long ones', () => {
    expect(formatIssue({ field: 'name', message: 'must be text', value: 12 })).toBe('name: must be text (got 12)');
    expect(formatIssue({ field: 'name', message: 'is too long', value: 'x'.repeat(100) })).toBe(`name: is too long (got "${'x'.repeat(56)}...)`);
  });

  it('says a text once: not again after a message that quotes it; a number or an empty text always', () => {
    expect(formatIssue({ field: 'eventStatusId', message: 'no event status is named "Booked"', value: 'Booked' })).toBe('eventStatusId: no event status is named "Booked"');
    expect(formatIssue({ field: 'line', message: 'the report says line 2 set it', value: 2 })).toBe('line: the report says line 2 set it (got 2)');
    expect(formatIssue({ field: 'name', message: 'must not be "" or spaces', value: '' })).toBe('name: must not be "" or spaces (got "")');
  });

  it('names the kind of a value nested too deep to render', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(formatIssue({ field: 'name', message: 'must be text', value: deep })).toBe('name: must be text (got [...])');
    const error = new ValidationError([{ field: 'name', message: 'must be text', value: { a: deep } }], 'inventory item');
    expect(error.message).toBe('invalid inventory item: name: must be text (got {...})');
    expect(error.exitCode).toBe(2);
  });
});
