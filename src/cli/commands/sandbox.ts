// `rentals sandbox`: the local API server. Its code loads only on this path.

import { isHttpUrl } from '../../common/urls.js';
import { UsageError } from '../../errors.js';
import { defineCommand } from '../registry/spec.js';

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new UsageError(`--port must be 0..65535 (got ${JSON.stringify(value)})`);
  return n;
}

export const sandboxCommand = defineCommand({
  name: 'sandbox',
  summary: 'Run a local server that implements the whole API (for trying, demos and tests)',
  examples: ['rentals sandbox --seed', 'rentals sandbox --port 0 --data ./rentals-data.json --seed'],
  options: (command) =>
    command
      .option('--host <host>', 'interface to bind', '127.0.0.1')
      .option('--port <port>', 'port (0 = any free port)', '4010')
      .option('--token <token>', 'access token the server accepts (else RENTALS_SANDBOX_TOKEN, else generated)')
      .option('--data <file>', 'persist state in this file (journal + snapshot); in memory without it')
      .option('--seed', 'load a realistic demo dataset')
      .option('--web-url <url>', 'web application URL used in event web links')
      .option('--client-id <id>', 'client id that /authorize accepts (else generated)')
      .option('--client-secret <secret>', 'client secret that /authorize accepts (else generated)')
      .option('--token-ttl <seconds>', 'lifetime of tokens issued by /authorize', '3600'),
  runWithoutSession: async ({ ctx, options, globals }) => {
    const webUrl = options.webUrl ?? globals.webUrl;
    if (webUrl !== undefined && !isHttpUrl(webUrl)) throw new UsageError(`--web-url must be an http(s) URL (got ${JSON.stringify(webUrl)})`);
    const ttl = Number(options.tokenTtl);
    if (!Number.isInteger(ttl) || ttl <= 0) throw new UsageError(`--token-ttl must be a whole number of seconds > 0`);
    const { runSandboxCommand } = await import('../../sandbox/command.js');
    return runSandboxCommand(
      {
        host: options.host,
        port: port(options.port),
        token: options.token,
        data: options.data,
        seed: options.seed === true,
        webUrl,
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        tokenTtl: ttl,
      },
      { stdout: ctx.term.stdout, stderr: ctx.term.stderr },
      ctx.env,
    );
  },
});
