import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_POLICY, eventHoldRule, formatHoldPolicy, holdRule, holdRuleFor, parseHoldPolicy, readHoldPolicy, unknownStatuses } from '../../src/domain/hold-policy.js';
import { DomainRuleError } from '../../src/domain/errors.js';

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

  it('gives the rule of an event from its status name', () => {
    const ruleOf = holdRuleFor(DEFAULT_HOLD_POLICY);
    expect([ruleOf({ status: 'Quoted', cancelled: false }), ruleOf({ status: 'Confirmed', cancelled: false }), ruleOf({ status: undefined, cancelled: false }), ruleOf({ status: 'Quoted', cancelled: true })]).toEqual([
      'tentative',
      'firm',
      'firm',
      'none',
    ]);
  });

  it('reads the setting without throwing for the settings table', () => {
    expect(readHoldPolicy('Quoted=maybe')).toEqual({ ok: false, problem: expect.stringContaining('"Quoted=maybe" is not a rule') });
    expect(readHoldPolicy('Quoted=firm')).toMatchObject({ ok: true });
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
    ['Quoted=maybe', '"Quoted=maybe" is not a rule: the setting must be Status=rule pairs separated by commas, each rule firm, tentative or none'],
    ['Quoted', '"Quoted" is not a rule'],
    ['=firm', '"=firm" is not a rule'],
    ['Quoted=none,quoted=firm', 'the status "quoted" is given twice'],
  ])('refuses %j naming the rule', (text, message) => {
    expect(() => parseHoldPolicy(text, '--holds')).toThrow(DomainRuleError);
    expect(() => parseHoldPolicy(text, '--holds')).toThrow(`--holds: ${message}`);
  });
});
