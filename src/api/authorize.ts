// Getting an access token (API-NOTES.md): GET /authorize with Basic client credentials.

import { AuthError, ProtocolError } from '../errors.js';
import { isObject } from '../common/objects.js';
import type { ApiClient } from './client.js';

export interface IssuedToken {
  accessToken: string;
  /** Seconds the token lasts, when the server said. */
  expiresIn?: number;
}

export async function authorize(client: ApiClient, clientId: string, clientSecret: string): Promise<IssuedToken> {
  const basic = Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64');
  let response;
  try {
    response = await client.request('GET', '/authorize', {
      anonymous: true,
      headers: { authorization: `Basic ${basic}` },
      expect: 'json',
    });
  } catch (error) {
    if (error instanceof AuthError) {
      throw new AuthError(`the client id or secret was refused by ${client.baseUrl.origin}/authorize`, error.status);
    }
    throw error;
  }
  const body = response.body;
  if (!isObject(body) || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new ProtocolError('the answer of /authorize has no access_token');
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined,
  };
}

export function expiryFrom(issued: IssuedToken, now: number): string | undefined {
  return issued.expiresIn === undefined ? undefined : new Date(now + issued.expiresIn * 1000).toISOString();
}
