// Starts a sandbox: a local, stateful implementation of the whole API.

import { createApp } from './app.js';
import { Auth } from './auth.js';
import { generateCredentials } from './credentials.js';
import { Operations } from './operations.js';
import { DataFiles, type Durability, inMemory } from './persistence.js';
import { loadSnapshotImage } from './from-snapshot.js';
import { baseImage, seedDemoData } from './seed.js';
import { type ServerLimits, serve } from './server.js';
import { Store, type StoreImage } from './store.js';

export interface SandboxOptions {
  /** Interface to bind; 127.0.0.1 unless asked. */
  host?: string;
  /** 0 takes a free port. */
  port?: number;
  /** The fixed access token (never expires); generated when not given. */
  token?: string;
  /** Data file; in memory when not given. */
  data?: string;
  /** Load the demo dataset into an empty store. */
  seed?: boolean;
  /** Load these records (a `rentals snapshot`, see from-snapshot.ts) into an empty store instead. */
  fromSnapshot?: StoreImage;
  /** Base of every `Links` href (`https://sandbox.example`); the listening address by default. */
  publicUrl?: string;
  /** Base of the events' `web` links (`{webUrl}/event/edit/<id>`); the sandbox's own address by default. */
  webUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of tokens issued by /authorize. */
  tokenTtlSeconds?: number;
  now?: () => number;
  /** With `data`: keep what is valid in damaged data files and copy the damaged files aside (else refuse to start). */
  repair?: boolean;
  /** Take a new snapshot once the journal passes this many bytes (default 64 MiB). */
  compactAfterBytes?: number;
  /** Connection cap and timeouts (defaults: 512 connections, 10 s headers, 30 s request, 60 s idle). */
  limits?: Partial<ServerLimits>;
  /** Unexpected errors (never sent to clients); stderr by default. */
  log?: (message: string) => void;
  /** Told of every request (tests and benchmarks count them). */
  onRequest?: (method: string, path: string) => void;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  token: string;
  clientId: string;
  clientSecret: string;
  /** Stops accepting, finishes in-flight requests, makes every write durable, closes the files. */
  close(): Promise<void>;
}

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => process.stderr.write(`rentals sandbox: ${message}\n`));
  const generated = generateCredentials();
  const credentials = {
    token: options.token ?? generated.token,
    clientId: options.clientId ?? generated.clientId,
    clientSecret: options.clientSecret ?? generated.clientSecret,
  };
  const store = new Store();
  store.load(baseImage());
  const seed = (target: Store): boolean => {
    if (options.fromSnapshot) return loadSnapshotImage(target, options.fromSnapshot, options.data !== undefined);
    return options.seed === true && seedDemoData(target, now());
  };
  let durability: Durability = inMemory;
  let files: DataFiles | undefined;
  if (options.data) {
    durability = files = await DataFiles.open(options.data, store, {
      prepare: seed,
      compactAfterBytes: options.compactAfterBytes,
      log,
      repair: options.repair,
    });
  } else {
    seed(store);
  }
  const auth = new Auth({ ...credentials, tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS, now });
  let port = options.port ?? 0;
  const app = createApp({
    operations: new Operations(store, durability),
    durability,
    auth,
    webUrl: options.webUrl,
    origin: () => options.publicUrl?.replace(/\/+$/, '') ?? `http://${hostForUrl(host)}:${port}`,
    onRequest: options.onRequest,
  });
  const server = await serve(app, host, port, log, options.limits).catch(async (error: unknown) => {
    await durability.close();
    throw error;
  });
  port = server.port;
  const url = `http://${hostForUrl(host)}:${port}`;
  await files?.announce(url);
  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    ...credentials,
    close: () => (closed ??= server.close().then(() => durability.close())),
  };
}

/** An address clients can connect to: a wildcard bind is reached through loopback; IPv6 in brackets. */
export function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
