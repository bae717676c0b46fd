// Access control: `Authorization: bearer <base64(token)>` on every API request, where the token is
// the fixed one (never expires) or one issued by `GET /authorize` for Basic client credentials
// (expires after the TTL). Issued tokens live in memory: a restart forgets them.

import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { unauthorized } from './errors.js';

export interface AuthOptions {
  token: string;
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds: number;
  now: () => number;
}

export interface TokenGrant {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
}

const BEARER_HINT = 'send `Authorization: bearer <base64(token)>`';

export class Auth {
  /** access token → expiry (epoch ms) */
  private readonly issued = new Map<string, number>();
  /** The fixed token's digest, made once: every request is compared with it. */
  private readonly tokenDigest: Buffer;

  constructor(private readonly options: AuthOptions) {
    this.tokenDigest = digest(options.token);
  }

  /** Throws 401 unless the header carries a valid, unexpired bearer token. */
  requireBearer(header: string | undefined): void {
    const credentials = splitScheme(header, 'bearer', BEARER_HINT);
    const token = decodeBase64(credentials);
    if (token === undefined) throw unauthorized(`the access token must be base64-encoded: ${BEARER_HINT}`);
    if (timingSafeEqual(digest(token), this.tokenDigest)) return;
    const expiresAt = this.issued.get(token);
    if (expiresAt !== undefined) {
      if (expiresAt > this.options.now()) return;
      this.issued.delete(token);
      throw unauthorized('the access token has expired; get a new one from GET /authorize');
    }
    throw unauthorized('the access token is not valid');
  }

  /** `GET /authorize` with `Authorization: Basic base64(client_id:client_secret)`. */
  authorize(header: string | undefined): TokenGrant {
    const hint = 'send `Authorization: Basic <base64(client_id:client_secret)>`';
    const decoded = decodeBase64(splitScheme(header, 'basic', hint, 'Basic'));
    if (decoded === undefined) throw unauthorized(`the client credentials must be base64-encoded; ${hint}`, 'Basic');
    const colon = decoded.indexOf(':');
    const id = colon < 0 ? decoded : decoded.slice(0, colon);
    const secret = colon < 0 ? '' : decoded.slice(colon + 1);
    // Both compared, always: no early exit that tells which half was wrong.
    const idOk = sameText(id, this.options.clientId);
    const secretOk = sameText(secret, this.options.clientSecret);
    if (!idOk || !secretOk) throw unauthorized('unknown client id or wrong client secret', 'Basic');
    this.forgetExpired();
    const accessToken = randomUUID();
    this.issued.set(accessToken, this.options.now() + this.options.tokenTtlSeconds * 1000);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.options.tokenTtlSeconds,
      refresh_token: randomUUID(),
    };
  }

  private forgetExpired(): void {
    const now = this.options.now();
    for (const [token, expiresAt] of this.issued) if (expiresAt <= now) this.issued.delete(token);
  }
}

/** The credentials after the scheme word (matched case-insensitively), or a 401 saying what is wrong. */
function splitScheme(header: string | undefined, scheme: string, hint: string, challenge: 'Bearer' | 'Basic' = 'Bearer'): string {
  if (!header || header.trim() === '') throw unauthorized(`missing Authorization header; ${hint}`, challenge);
  const match = /^(\S+)\s+(\S+)\s*$/.exec(header.trim());
  if (!match || match[1]!.toLowerCase() !== scheme) {
    throw unauthorized(`the Authorization header must use the ${scheme} scheme; ${hint}`, challenge);
  }
  return match[2]!;
}

/**
 * Canonical base64 only. Node's decoder skips characters outside the alphabet and stops at
 * stray padding, so `!!<token>!!` would decode to the token: re-encoding must give the input back.
 */
function decodeBase64(text: string): string | undefined {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes.toString('utf8') : undefined;
}

/** Texts compared as their digests: equal lengths for timingSafeEqual, whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function sameText(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}
