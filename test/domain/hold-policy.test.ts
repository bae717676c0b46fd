import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_POLICY, eventHoldRule, formatHoldPolicy, holdRule, parseHoldPolicy, unknownStatuses } from '../../src/domain/hold-policy.js';
import { UsageError } from '../../src/errors.js';

describe('hold policy', () => {
  it('holds Confirmed and Completed firmly, Quoted tentatively, Cancelled not at all, anything else firmly', () => {
    expect(['Confirmed', 'Completed', 'Quoted', 'Cancelled', 'On hold', undefined].map((name) => holdRule(DEFAULT_HOLD_POLICY, name))).toEqual([
      'firm',
      'firm',
      'tentative',
      'none',
      'firm',
      'firm',
    ]);
    expect(holdRule(DEFAULT_HOLD_POLICY, ' quoted ')).toBe('tentative');
  });

  it('lists the status names it does not know, once each, sorted', () => {
    expect(unknownStatuses(DEFAULT_HOLD_POLICY, ['Quoted', 'On hold', 'Provisional', 'On hold', 'CONFIRMED'])).toEqual(['On hold', 'Provisional']);
  });

  it('a cancelled event holds nothing whatever its status', () => {
    expect(eventHoldRule(DEFAULT_HOLD_POLICY, { cancelled: true }, 'Confirmed')).toBe('none');
    expect(eventHoldRule(DEFAULT_HOLD_POLICY, { cancelled: false }, 'Quoted')).toBe('tentative');
  });

  it('reads the setting onto the defaults and writes it back', () => {
    const policy = parseHoldPolicy('quoted=none, On hold=Tentative,', 'holds');
    expect(holdRule(policy, 'Quoted')).toBe('none');
    expect(holdRule(policy, 'on hold')).toBe('tentative');
    expect(holdRule(policy, 'Confirmed')).toBe('firm');
    expect(formatHoldPolicy(policy)).toBe('Confirmed=firm,Completed=firm,quoted=none,Cancelled=none,On hold=tentative');
    expect(formatHoldPolicy(parseHoldPolicy(formatHoldPolicy(policy), 'holds'))).toBe(formatHoldPolicy(policy));
    expect(formatHoldPolicy(parseHoldPolicy('', 'holds'))).toBe(formatHoldPolicy(DEFAULT_HOLD_POLICY));
  });

  it.each([
    ['Quoted=maybe', '"Quoted=maybe": each rule must be Status=firm, Status=tentative or Status=none'],
    ['Quoted', '"Quoted": each rule must be'],
    ['=firm', '"=firm": each rule must be'],
    ['Quoted=none,quoted=firm', 'the status "quoted" is given twice'],
  ])('refuses %j naming the rule', (text, message) => {
    expect(() => parseHoldPolicy(text, '--holds')).toThrow(UsageError);
    expect(() => parseHoldPolicy(text, '--holds')).toThrow(`--holds: ${message}`);
  });
});
