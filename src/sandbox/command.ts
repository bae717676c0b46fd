// `rentals sandbox`: start, print how to point the CLI at it, serve until SIGINT/SIGTERM.

import { DataFileError } from './files.js';
import { type Sandbox, startSandbox } from './sandbox.js';

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
  clientId?: string;
  clientSecret?: string;
  /** Seconds an /authorize token lasts. */
  tokenTtl?: number;
}

export interface SandboxIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Resolves with the exit code: 0 after a signal and a clean close, 1 when it cannot start. */
export async function runSandboxCommand(
  options: SandboxCommandOptions,
  io: SandboxIo,
  env: Record<string, string | undefined>,
): Promise<number> {
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      host: options.host,
      port: options.port,
      token: options.token ?? (env.RENTALS_SANDBOX_TOKEN || undefined),
      data: options.data,
      seed: options.seed,
      webUrl: options.webUrl,
      publicUrl: options.publicUrl,
      limits: options.maxConnections === undefined ? undefined : { maxConnections: options.maxConnections },
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      tokenTtlSeconds: options.tokenTtl,
      log: (message) => io.stderr.write(`rentals sandbox: ${message}\n`),
    });
  } catch (error) {
    io.stderr.write(`rentals sandbox: ${startFailure(error, options)}\n`);
    return 1;
  }
  const stopped = nextSignal(); // listening before anyone reads the banner and signals
  io.stdout.write(banner(sandbox, options));
  const signal = await stopped;
  io.stderr.write(`rentals sandbox: ${signal}, stopping\n`);
  await sandbox.close();
  return 0;
}

function banner(sandbox: Sandbox, options: SandboxCommandOptions): string {
  const storage = options.data
    ? `Data: ${options.data} (journal ${options.data}.journal)`
    : 'Data: in memory (gone when the sandbox stops; keep it with --data <file>)';
  return [
    `Sandbox listening on ${sandbox.url}`,
    '',
    'Point the CLI at it:',
    `  export RENTALS_BASE_URL=${sandbox.url}`,
    `  export RENTALS_TOKEN=${sandbox.token}`,
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
  if (error instanceof DataFileError) return error.message;
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
