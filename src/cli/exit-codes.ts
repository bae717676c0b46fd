// Every error to its exit code, in one place: the CLI's own errors carry theirs; the domain's
// (a rule broken by what was asked, a booking the rules refuse) get theirs here, without loading
// the domain's modules (startup).

import { DomainError, DomainRuleError } from '../domain/errors.js';
import { ExitCode, type ExitCodeValue, RentalsError } from '../errors.js';

export function exitCodeFor(error: unknown): ExitCodeValue {
  if (error instanceof RentalsError) return error.exitCode;
  if (error instanceof DomainRuleError) return ExitCode.usage;
  // Any other domain error (a booking the rules refuse: BookingRefused) is exit 1, as a bug is.
  return ExitCode.error;
}

/** An error thrown on purpose (its message is for people), not a bug. */
export function isExpected(error: unknown): error is RentalsError | DomainError {
  return error instanceof RentalsError || error instanceof DomainError;
}
