// `rentals sandbox`: start, print how to point the CLI at it, serve until SIGINT/SIGTERM.
// `--print-env` prints only the export line (the data file's stored token) and exits, serving nothing.

import { shellWord } from '../common/shell-words.js';
import { ExitCode, UsageError } from '../errors.js';
import { type Credentials, storedCredentials } from './credentials.js';
import { DataFileError } from './files.js';
import { SnapshotLoadError } from './from-snapshot.js';
import type { StoreImage } from './store.js';
import { type Sandbox, hostForUrl, startSandbox } from './sandbox.js';

export interface SandboxCommandOptions {
  host: string;
  port: number;
  token?: string;
  data?: string;
  seed: boolean;
  webUrl?: string;
  publicUrl?: string;
  /** Connections open at once (512 when not given). */
  maxConnections?: number;
  /** Connections open at once from one client address (128 when not given). */
  maxConnectionsPerClient?: number;
  clientId?: string;
  clientSecret?: string;
  /** Seconds an /authorize token lasts. */
  tokenTtl?: number;
  /** A `rentals snapshot` file whose records the sandbox starts with (instead of --seed). */
  fromSnapshot?: string;
  /** Keep what is valid in damaged data files and set the damaged files aside, instead of refusing to start. */
  repair?: boolean;
  /** Print the export line for this address and token, and exit (the caller has checked the port is fixed). */
  printEnv?: boolean;
}

export interface SandboxIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Where `--from-snapshot -` reads the snapshot. */
  stdin?: NodeJS.ReadableStream;
}

/** Resolves with the exit code: 0 after a signal and a clean close, 2 for a bad --from-snapshot file, 1 when it cannot start otherwise. */
export async function runSandboxCommand(
  options: SandboxCommandOptions,
  io: SandboxIo,
  env: Record<string, string | undefined>,
): Promise<number> {
  let sandbox: Sandbox;
  try {
    const credentials = await chooseCredentials(options, env);
    if (options.printEnv) {
      const printed = await printedUrl(options);
      if (printed === undefined) {
        io.stderr.write('error: --print-env: no sandbox is running on this data file, and --port 0 names no port; give a fixed --port\n');
        return 2;
      }
      const listening = printed.running || (await answers(options.host, options.port));
      if (!printed.running && options.data !== undefined && listening) {
        // The trap: a sandbox of another data file (or any other program) has the port, refuses this token, and every command says 401.
        io.stderr.write(`warning: another program listens on ${printed.url}, not a sandbox of this data file: it will refuse this token. Stop it, or start this sandbox with another --port and print the line with the same --port.\n`);
      }
      if (printed.running && (await refuses(printed.url, credentials.token ?? ''))) {
        // The same trap from the sandbox of this very data file: started with a token of its own, or with the kept one while this line prints another.
        io.stderr.write(`warning: the sandbox running on this data file (${printed.url}) ${refusedTokenAdvice(tokenOrigin(options, env))}\n`);
      }
      // Nothing there yet: the line is right for a sandbox started later, but a command run now would find no server (exit 5).
      if (!listening) io.stderr.write(`note: no sandbox is running on ${printed.url} yet; start it (rentals sandbox --seed${options.data === undefined ? '' : ' --keep'}) before running commands\n`);
      io.stdout.write(`${exportLine(printed.url, credentials.token ?? '')}\n`);
      return 0;
    }
    sandbox = await startSandbox({
      host: options.host,
      port: options.port,
      ...credentials,
      data: options.data,
      seed: options.seed,
      webUrl: options.webUrl,
      publicUrl: options.publicUrl,
      limits: {
        ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
        ...(options.maxConnectionsPerClient === undefined ? {} : { maxConnectionsPerClient: options.maxConnectionsPerClient }),
      },
      tokenTtlSeconds: options.tokenTtl,
      repair: options.repair,
      fromSnapshot: options.fromSnapshot === undefined ? undefined : await readSnapshotImage(options.fromSnapshot, io.stdin),
      log: (message) => io.stderr.write(`rentals sandbox: ${message}\n`),
    });
  } catch (error) {
    io.stderr.write(`rentals sandbox: ${startFailure(error, options)}\n`);
    return error instanceof UsageError ? ExitCode.usage : 1; // a bad --from-snapshot file: 2, as diff says of it
  }
  const stopped = nextSignal(); // listening before anyone reads the banner and signals
  io.stdout.write(banner(sandbox, options));
  const signal = await stopped;
  io.stderr.write(`rentals sandbox: ${signal}, stopping\n`);
  await sandbox.close();
  return 0;
}

/** The URL of the sandbox running on the data file, else the one --host and --port give (none for port 0). */
async function printedUrl(options: SandboxCommandOptions): Promise<{ url: string; running: boolean } | undefined> {
  if (options.data) {
    const [{ resolve }, { runningSandboxUrl }] = await Promise.all([import('node:path'), import('./lock.js')]);
    const running = await runningSandboxUrl(resolve(options.data));
    if (running) return { url: running, running: true };
  }
  if (options.port === 0) return undefined;
  return { url: `http://${hostForUrl(options.host)}:${options.port}`, running: false };
}

/** Whether something accepts a connection on host:port (within 0.5 s). */
async function answers(host: string, port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect({ host: host === '0.0.0.0' || host === '::' ? 'localhost' : host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether the sandbox at `url` answers 401 to this token, sent as the API asks (base64); one request within 1 s, no answer being no verdict. */
async function refuses(url: string, token: string): Promise<boolean> {
  try {
    const answer = await fetch(`${url}/v2/status`, { headers: { authorization: `bearer ${Buffer.from(token, 'utf8').toString('base64')}` }, signal: AbortSignal.timeout(1000) });
    await answer.body?.cancel();
    return answer.status === 401;
  } catch {
    return false;
  }
}

/** Flags first, then RENTALS_SANDBOX_TOKEN, then what is stored with the data file (made the first time). */
/** Where the token --print-env prints comes from: --token, RENTALS_SANDBOX_TOKEN, or the data file's kept one. */
type TokenOrigin = 'flag' | 'env' | 'kept';

function tokenOrigin(options: SandboxCommandOptions, env: Record<string, string | undefined>): TokenOrigin {
  return options.token !== undefined ? 'flag' : env.RENTALS_SANDBOX_TOKEN ? 'env' : 'kept';
}

/** What to change when the running sandbox refuses the printed token, by where that token came from. */
function refusedTokenAdvice(origin: TokenOrigin): string {
  if (origin === 'kept') return 'refuses this token: it was started with another one (--token or RENTALS_SANDBOX_TOKEN). Print the line with that same --token, or restart the sandbox without one to use the token kept with the data file.';
  const [named, without] = origin === 'flag' ? ['given with --token', 'without --token'] : ['from RENTALS_SANDBOX_TOKEN', 'unset RENTALS_SANDBOX_TOKEN'];
  return `refuses the token ${named}: it was started with another one. Print the line with the token it was started with, or ${without} if it was started with the token kept with the data file.`;
}

async function chooseCredentials(options: SandboxCommandOptions, env: Record<string, string | undefined>): Promise<Partial<Credentials>> {
  const given = { token: options.token ?? (env.RENTALS_SANDBOX_TOKEN || undefined), clientId: options.clientId, clientSecret: options.clientSecret };
  if (!options.data) return given;
  const stored = await storedCredentials(options.data);
  return { token: given.token ?? stored.token, clientId: given.clientId ?? stored.clientId, clientSecret: given.clientSecret ?? stored.clientSecret };
}

/** One line, for pasting or `eval`; values quoted for the shell when they need it. */
function exportLine(url: string, token: string): string {
  return `export RENTALS_BASE_URL=${shellWord(url)} RENTALS_TOKEN=${shellWord(token)}`;
}

function banner(sandbox: Sandbox, options: SandboxCommandOptions): string {
  const storage = options.data
    ? `Data: ${options.data} (journal ${options.data}.journal; the token is kept in ${options.data}.credentials)`
    : 'Data: in memory (gone when the sandbox stops; keep it with --keep, in the data directory)';
  return [
    `Sandbox listening on ${sandbox.url}`,
    '',
    'Point the CLI at it:',
    `  ${exportLine(sandbox.url, sandbox.token)}`,
    '',
    'Or log in with client credentials (tokens from /authorize expire and renew themselves):',
    `  printf %s '${sandbox.clientSecret}' | rentals auth login --base-url ${sandbox.url} --client-id ${sandbox.clientId} --with-secret`,
    '',
    storage + (options.seed ? '; seeded with demo data when empty' : ''),
    'Press Ctrl-C to stop.',
    '',
  ].join('\n');
}

function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

function startFailure(error: unknown, options: SandboxCommandOptions): string {
  if (error instanceof DataFileError || error instanceof SnapshotLoadError || error instanceof UsageError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${options.host}:${options.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: the port is already in use (pick another with --port, or --port 0 for a free one)`;
    case 'EACCES':
      return `cannot listen on ${where}: permission denied (ports below 1024 need privileges; try --port 4010)`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: ${options.host} is not an address of this machine`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${where}: the host ${options.host} does not resolve`;
  }
  return `cannot start: ${error instanceof Error ? error.message : String(error)}`;
}

async function readSnapshotImage(path: string, stdin: NodeJS.ReadableStream | undefined): Promise<StoreImage> {
  const [read, { openSnapshot }, { privateFiles }] = await Promise.all([import('../snapshot/read.js'), import('../snapshot/file.js'), import('../common/spool.js')]);
  const copies = privateFiles(undefined, { what: 'the snapshot read from standard input', prefix: 'rentals-snapshot-' });
  try {
    const fromStdin = path === '-' && stdin !== undefined;
    const file = await openSnapshot(fromStdin ? '-' : path, `--from-snapshot ${fromStdin ? '(stdin)' : path}`, () => stdin as AsyncIterable<Buffer>, copies.open);
    try {
      return await read.readSnapshotImage(file);
    } finally {
      file.close();
    }
  } finally {
    copies.close();
  }
}
