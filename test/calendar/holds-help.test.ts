import { describe, expect, it } from 'vitest';
import { holdsHelp } from '../../src/cli/holds-help.js';
import { DEFAULT_HOLD_POLICY, parseHoldPolicy } from '../../src/domain/hold-policy.js';

describe('help holds', () => {
  it('lists the rules in force and the status names with no rule', () => {
    const text = holdsHelp(parseHoldPolicy('Quoted=none', 'holds'), ['On hold', 'Provisional']);
    expect(text).toContain('  Quoted           none\n');
    expect(text).toContain('  Confirmed        firm\n');
    expect(text).toContain('Statuses of the service with no rule (they hold firmly): "On hold", "Provisional"');
    expect(text).toContain('Defaults: Confirmed=firm,Completed=firm,Quoted=tentative,Cancelled=none');
  });

  it('says so when every status has a rule', () => {
    expect(holdsHelp(DEFAULT_HOLD_POLICY, [])).toContain('Every status of the service has a rule.');
  });
});
