// The domain's own errors: what its rules refuse, said in the domain's words. No exit code here:
// the CLI maps each to one in one place (cli/exit-codes.ts).

/** Every error the domain throws on purpose (not a bug). */
export class DomainError extends Error {
  override readonly name: string = 'DomainError';
}

/**
 * A value given to the domain that breaks its rule (a date, a range, a duration, the holds
 * setting): the asker's to fix; nothing was read or written. The message names what was given.
 */
export class DomainRuleError extends DomainError {
  override readonly name: string = 'DomainRuleError';
}

/** A request the calendar's rules refuse as a whole (not enough units, a cancelled event): nothing was written. */
export class DomainRefusal extends DomainError {
  override readonly name: string = 'DomainRefusal';
}
