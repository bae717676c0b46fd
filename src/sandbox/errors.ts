// The sandbox's error answers. The reference shows no error format; this one is our documented choice:
// { "error": { "status": 400, "code": "validation_failed", "message": "…", "fields": [ { "field", "message" } ] } }

export type ErrorCode =
  | 'invalid_json'
  | 'validation_failed'
  | 'invalid_id'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'request_timeout'
  | 'unsupported_media_type'
  | 'conflict'
  | 'internal_error';

export interface FieldProblem {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { status: number; code: ErrorCode; message: string; fields?: FieldProblem[] };
}

/** An error that is answered to the client as it is. Anything else becomes a 500 without details. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldProblem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    const error: ErrorBody['error'] = { status: this.status, code: this.code, message: this.message };
    if (this.fields && this.fields.length > 0) error.fields = this.fields;
    return { error };
  }
}

export const badRequest = (code: 'invalid_json' | 'validation_failed' | 'invalid_id', message: string, fields?: FieldProblem[]) =>
  new HttpError(400, code, message, fields);

export const invalidFields = (what: string, fields: FieldProblem[]) =>
  new HttpError(400, 'validation_failed', `invalid ${what}`, fields);

export const unauthorized = (message: string, scheme: 'Bearer' | 'Basic' = 'Bearer') =>
  new HttpError(401, 'unauthorized', message, undefined, { 'www-authenticate': `${scheme} realm="rentals sandbox"` });

export const notFound = (message: string) => new HttpError(404, 'not_found', message);

export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** The client closed its connection (or the server cut it) before the request was read: nobody to answer, nothing to log. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client went away before its request was read');
  }
}

export const internalError = (message = 'internal error; the sandbox log has the details') =>
  new HttpError(500, 'internal_error', message);
