// Settling what a write did when its answer was lost: a write that reached the server and then
// failed (a dropped connection after sending, a timeout, a 5xx) may have been applied, so its error
// says so (and is exit 5, not a refusal); an attempt that failed after sending marks every later
// attempt of the same request; a retried DELETE that then finds the record gone counts as deleted.
// (What to do about it, by reading the record back, is api/unknown-outcome.ts.)

import { ApiError, NetworkError, OutcomeUnknownError } from '../errors.js';
import { isRead } from './retry-policy.js';

/** What an error of a write that reached the server adds: its outcome is unknown. */
const MAY_HAVE_BEEN_APPLIED = '; the request was sent and may have been applied: check (e.g. with list) before repeating it';

/** For a write that reached the server (POST; PUT or DELETE once its retries are spent): its outcome is unknown. */
export function mayHaveBeenApplied(method: string, sent: boolean): string {
  return sent && !isRead(method) ? MAY_HAVE_BEEN_APPLIED : '';
}

/** A 5xx answer to a write: the server may have applied it before failing (exit 5, not 1). */
export function serverErrorOutcome(method: string, status: number, error: Error): Error {
  if (status >= 500 && !isRead(method) && error instanceof ApiError) {
    return new OutcomeUnknownError(`${error.message}${MAY_HAVE_BEEN_APPLIED}`, status, error.body);
  }
  return error;
}

/** The attempts of one request: whether an earlier one may have been applied although it failed. */
export class Attempts {
  /** Why an earlier attempt may have been applied (a network error's code, `HTTP 502`). */
  private mayHaveApplied: string | undefined;

  /** An attempt failed after its request was sent. */
  failedAfterSending(error: NetworkError): void {
    if (error.requestSent) this.mayHaveApplied = error.code ?? 'a network error';
  }

  /** A gateway's 502/504 says nothing of whether the server behind it applied the request. */
  answered(status: number): void {
    if (status === 502 || status === 504) this.mayHaveApplied = `HTTP ${status}`;
  }

  /** The last attempt never reached the server, but an earlier one did: the outcome is still unknown. */
  lastError(method: string, error: unknown): unknown {
    if (error instanceof NetworkError && !error.requestSent && this.mayHaveApplied !== undefined && !isRead(method)) {
      return new NetworkError(`${error.message}; an earlier attempt failed (${this.mayHaveApplied}) after it was sent${MAY_HAVE_BEEN_APPLIED}`, error.code, true);
    }
    return error;
  }

  /** A DELETE retried after a sent attempt failed, answered 404: the earlier attempt deleted it. What to tell the user, or undefined. */
  deletedEarlier(method: string, status: number, path: string): string | undefined {
    if (status !== 404 || method !== 'DELETE' || this.mayHaveApplied === undefined) return undefined;
    return `note: DELETE ${path}: an earlier attempt failed (${this.mayHaveApplied}) after it was sent, and the retry found it gone (404): counted as deleted`;
  }
}
