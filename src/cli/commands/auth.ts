// `rentals auth login|status|logout` (app/auth.ts). Tokens never come from a flag (shell history,
// `ps`): from stdin (--with-token), a hidden prompt, a file (--token-file) or client credentials.

import { login, logout, status } from '../../app/auth.js';
import { defineGroup, defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

export const authGroup = defineGroup({
  ...TOP_LEVEL.auth,
  examples: ['rentals auth login --base-url https://api.example.com --with-token < token.txt', 'rentals auth status'],
  commands: () => [authLogin, authStatus, authLogout],
});

const authLogin = defineViewCommand({
  effect: 'sets',
  name: 'login',
  summary: 'Store the API address and an access token (or client credentials) in a profile',
  examples: [
    'rentals auth login                # at a terminal: asks for the address, then the token',
    'rentals auth login --base-url https://api.example.com --with-token < token.txt',
    'rentals auth login --base-url https://api.example.com --client-id my-app',
  ],
  createsProfile: true,
  flags: {
    withToken: { help: 'read the access token from standard input' },
    clientId: { value: 'id', help: 'get tokens from /authorize with this client id (the secret is asked for)' },
    withSecret: { help: 'with --client-id: read the client secret from standard input' },
    skipVerify: { help: 'store the token without checking it against the API' },
    insecureHttp: { help: 'allow sending the token and client secret over plain http:// to this (non-loopback) host' },
  },
  view: 'done',
  handler: (factory, options) =>
    login(factory, {
      withToken: options.withToken === true,
      clientId: options.clientId,
      withSecret: options.withSecret === true,
      verify: options.skipVerify !== true,
      insecureHttp: options.insecureHttp === true,
    }),
});

const authStatus = defineViewCommand({
  effect: 'reads',
  name: 'status',
  summary: 'Show each setting and where it comes from (the token masked)',
  examples: ['rentals auth status', 'rentals auth status --check', 'rentals auth status --profile staging --json'],
  flags: { check: { help: 'also make one cheap authenticated request; exit 3 if the credentials are refused' } },
  view: 'text',
  handler: (factory, options) => status(factory, { check: options.check === true }),
});

const authLogout = defineViewCommand({
  effect: 'deletes',
  name: 'logout',
  summary: "Remove the profile's token and client credentials",
  examples: ['rentals auth logout', 'rentals auth logout --profile staging'],
  view: 'done',
  handler: (factory) => logout(factory),
});
