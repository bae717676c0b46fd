// A refusal by the rules (nothing written) is recognised wherever a writer catches one (a clone's
// copy deleted again, a race retried, a bulk line named), whichever layer threw it; and mapped to
// exit 1 in the one place that maps errors, while a bad value the domain refuses stays exit 2.
import { describe, expect, test } from 'vitest';
import { exitCodeFor } from '../../src/cli/exit-codes.js';
import { BookingRefused } from '../../src/domain/booking-plan.js';
import { DomainRuleError } from '../../src/domain/errors.js';
import { EventChangeRefused } from '../../src/domain/event-change.js';
import { StockChangeRefused } from '../../src/domain/stock-change.js';
import { LostRace } from '../../src/data/race-guard.js';
import { refusedByRules } from '../../src/data/refused.js';
import { ApiError, ProtocolError, RentalsError, UsageError } from '../../src/errors.js';

describe('refusedByRules', () => {
  test.each([
    ['a booking the rules refuse', new BookingRefused('not enough units')],
    ['an event change the rules refuse', new EventChangeRefused('confirmed', { id: 1, label: 'event 1', window: { from: 0, to: 1 }, cancelled: false, blockId: undefined }, [])],
    ['a stock change the rules refuse', new StockChangeRefused('below what events hold')],
    ['a lost race', new LostRace('another write took the units')],
  ])('%s: a refusal, exit 1', (_, error) => {
    expect(refusedByRules(error)).toBe(true);
    expect(exitCodeFor(error)).toBe(1);
  });

  test.each([
    ['a date the domain cannot read', new DomainRuleError('--from: "fr" is not a date'), 2],
    ['a usage error', new UsageError('give --item'), 2],
    ['a bug', new Error('undefined is not a function'), 1],
    ['a server that answered with no record (exit 1, but no rule refused anything)', new ProtocolError('the server answered with an empty "data" array'), 1],
    ['an error of the service (exit 1)', new ApiError('conflict', 409), 1],
    ['any other exit-1 error of the tool', new RentalsError('asked for item 7, the server answered with item 12'), 1],
  ])('%s: not a refusal (exit %i)', (_, error, code) => {
    expect(refusedByRules(error)).toBe(false);
    expect(exitCodeFor(error)).toBe(code);
  });
});
