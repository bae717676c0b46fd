// Whether a write failed because the rules refused it (nothing written): a refusal of the domain's
// rules, or a lost race or other refusal the CLI reports as exit 1.

import { DomainRefusal } from '../domain/errors.js';
import { ExitCode, RentalsError } from '../errors.js';

export function refusedByRules(error: unknown): error is Error {
  return error instanceof DomainRefusal || (error instanceof RentalsError && error.exitCode === ExitCode.error);
}
