// `rentals sandbox`: the local API server. Its code loads only on this path.

import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { type Registrar, examples } from '../command.js';

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new UsageError(`--port must be 0..65535 (got ${JSON.stringify(value)})`);
  return n;
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
    .option('--client-id <id>', 'client id that /authorize accepts (else generated)')
    .option('--client-secret <secret>', 'client secret that /authorize accepts (else generated)')
    .option('--token-ttl <seconds>', 'lifetime of tokens issued by /authorize', '3600')
    .option('--repair', 'with --data: keep what is valid in damaged data files, set the damaged files aside')
    .option('--print-env', 'print only the export line (with --data: its stored token) and exit, without serving');
  examples(sandbox, [
    'rentals sandbox --seed',
    'rentals sandbox --port 0 --data ./rentals-data.json --seed',
    'eval "$(rentals sandbox --data ./rentals-data.json --print-env)"',
  ]);
  sandbox.action(async (options: Record<string, string | boolean | undefined>, command: Command) => {
    const globals = command.optsWithGlobals<{ webUrl?: string }>();
    const webUrl = (options.webUrl as string | undefined) ?? globals.webUrl;
    if (webUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(webUrl)) throw new UsageError(`--web-url must be an http(s) URL (got ${JSON.stringify(webUrl)})`);
    const ttl = Number(options.tokenTtl);
    if (!Number.isInteger(ttl) || ttl <= 0) throw new UsageError(`--token-ttl must be a whole number of seconds > 0`);
    const printEnv = options.printEnv === true;
    if (printEnv && port(String(options.port)) === 0) throw new UsageError('--print-env needs a fixed --port (not 0): the line names the port');
    if (printEnv && !options.data && !options.token && !reg.ctx.env.RENTALS_SANDBOX_TOKEN) {
      throw new UsageError('--print-env needs --data <file> (where the token is kept) or --token');
    }
    if (options.repair === true && !options.data) throw new UsageError('--repair needs --data <file>');
    const { runSandboxCommand } = await import('../../sandbox/command.js');
    reg.state.exitCode = await runSandboxCommand(
      {
        host: String(options.host),
        port: port(String(options.port)),
        token: options.token as string | undefined,
        data: options.data as string | undefined,
        seed: options.seed === true,
        webUrl,
        clientId: options.clientId as string | undefined,
        clientSecret: options.clientSecret as string | undefined,
        tokenTtl: ttl,
        repair: options.repair === true,
        printEnv,
      },
      { stdout: reg.ctx.term.stdout, stderr: reg.ctx.term.stderr },
      reg.ctx.env,
    );
  });
}
