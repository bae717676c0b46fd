// `rentals sandbox`: the local API server. Its code loads only on this path.

import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { type Registrar, examples } from '../command.js';

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new UsageError(`--port must be 0..65535 (got ${JSON.stringify(value)})`);
  return n;
}

function httpUrl(flag: string, value: string | undefined): string | undefined {
  if (value !== undefined && !/^https?:\/\/[^\s]+$/.test(value)) throw new UsageError(`${flag} must be an http(s) URL (got ${JSON.stringify(value)})`);
  return value;
}

export function registerSandbox(program: Command, reg: Registrar): void {
  const sandbox = program
    .command('sandbox')
    .description('Run a local server that implements the whole API (for trying, demos and tests)')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--port <port>', 'port (0 = any free port)', '4010')
    .option('--token <token>', 'access token the server accepts (else RENTALS_SANDBOX_TOKEN, else generated)')
    .option('--data <file>', 'persist state in this file (journal + snapshot); in memory without it')
    .option('--seed', 'load a realistic demo dataset')
    .option('--web-url <url>', 'web application URL used in event web links')
    .option('--public-url <url>', 'base URL of the hrefs in Links (else the listening address)')
    .option('--max-connections <n>', 'connections open at once; more are closed as they arrive', '512')
    .option('--client-id <id>', 'client id that /authorize accepts (else generated)')
    .option('--client-secret <secret>', 'client secret that /authorize accepts (else generated)')
    .option('--token-ttl <seconds>', 'lifetime of tokens issued by /authorize', '3600');
  examples(sandbox, ['rentals sandbox --seed', 'rentals sandbox --port 0 --data ./rentals-data.json --seed']);
  sandbox.action(async (options: Record<string, string | boolean | undefined>, command: Command) => {
    const globals = command.optsWithGlobals<{ webUrl?: string }>();
    const webUrl = httpUrl('--web-url', (options.webUrl as string | undefined) ?? globals.webUrl);
    const publicUrl = httpUrl('--public-url', options.publicUrl as string | undefined);
    const maxConnections = Number(options.maxConnections);
    if (!Number.isInteger(maxConnections) || maxConnections <= 0) throw new UsageError(`--max-connections must be a whole number > 0`);
    const ttl = Number(options.tokenTtl);
    if (!Number.isInteger(ttl) || ttl <= 0) throw new UsageError(`--token-ttl must be a whole number of seconds > 0`);
    const { runSandboxCommand } = await import('../../sandbox/command.js');
    reg.state.exitCode = await runSandboxCommand(
      {
        host: String(options.host),
        port: port(String(options.port)),
        token: options.token as string | undefined,
        data: options.data as string | undefined,
        seed: options.seed === true,
        webUrl,
        publicUrl,
        maxConnections,
        clientId: options.clientId as string | undefined,
        clientSecret: options.clientSecret as string | undefined,
        tokenTtl: ttl,
      },
      { stdout: reg.ctx.term.stdout, stderr: reg.ctx.term.stderr },
      reg.ctx.env,
    );
  });
}
