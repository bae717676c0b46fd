// `rentals sandbox`: the local API server. Its code loads only on this path.

import { isPlainHttpUrl, maskUrlCredentials, plainHttpUrlRule } from '../../common/urls.js';
import { UsageError } from '../../errors.js';
import { defineRawViewCommand } from '../registry/spec.js';
import { conceptValue } from '../vocabulary.js';
import { TOP_LEVEL } from './top-level.js';

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new UsageError(`--port must be 0..65535 (got ${JSON.stringify(value)})`);
  return n;
}

/** Digits only, as every count is written (`1e3` and `0x10` are refused, as for a price). */
function wholeAboveZero(flag: string, value: string, rule: string): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${flag} must be ${rule} (got ${JSON.stringify(value)})`);
  return n;
}

function httpUrl(flag: string, value: string | undefined): string | undefined {
  if (value !== undefined && !isPlainHttpUrl(value)) throw new UsageError(`${flag} must be ${plainHttpUrlRule('http://127.0.0.1:4010')} (got ${JSON.stringify(maskUrlCredentials(value))})`);
  return value;
}

/**
 * `--keep`: the sandbox's data file in the XDG data directory (`$XDG_DATA_HOME/rentals/sandbox.json`,
 * else `~/.local/share/rentals/sandbox.json`), created 0700: never in the directory the sandbox is
 * started from, which is often a repository's working tree.
 */
async function keptDataFile(env: Record<string, string | undefined>, home: string): Promise<string> {
  const { mkdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { dataDir } = await import('../../config/store.js');
  const dir = dataDir(env, home);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, 'sandbox.json');
}

export const sandboxCommand = defineRawViewCommand({
  effect: 'adds',
  ...TOP_LEVEL.sandbox,
  examples: [
    'rentals sandbox --seed',
    'rentals sandbox --seed --keep                   # kept in the data directory (its path printed)',
    'rentals sandbox --keep --print-env             # the export line of the kept sandbox (eval "$(…)")',
    'rentals sandbox --port 0 --data-file /tmp/rentals-data.json --seed',
  ],
  flags: {
    dataFile: { concept: 'dataFile', description: 'persist state in this file (journal + snapshot); in memory without it', keep: ['data'] },
    host: { value: 'host', help: 'interface to bind', default: '127.0.0.1' },
    port: { value: 'port', help: 'port (0 = any free port)', default: '4010' },
    token: { value: 'token', help: 'access token the server accepts (else RENTALS_SANDBOX_TOKEN, else generated)' },
    seed: { help: 'load a realistic demo dataset' },
    fromSnapshot: { value: 'file', help: 'start with the records of a `rentals snapshot` file ("-" for stdin; a copy of production to rehearse on)' },
    webUrl: { value: 'url', help: 'web application URL used in event web links' },
    publicUrl: { value: 'url', help: 'base URL of the hrefs in Links (else the listening address)' },
    maxConnections: { value: 'n', help: 'connections open at once; at the cap the oldest idle one, or else the request whose body arrives slowest, makes room for a new one', default: '512' },
    maxConnectionsPerClient: { value: 'n', help: 'connections open at once from one client address (so one cannot starve the others)', default: '128' },
    clientId: { value: 'id', help: 'client id that /authorize accepts (else generated)' },
    clientSecret: { value: 'secret', help: 'client secret that /authorize accepts (else generated)' },
    tokenTtl: { value: 'seconds', help: 'lifetime of tokens issued by /authorize', default: '3600' },
    repair: { help: 'with --data-file: keep what is valid in damaged data files, set the damaged files aside' },
    keep: { help: 'persist state in the data directory ($XDG_DATA_HOME/rentals, else ~/.local/share/rentals), outside any working tree; the path is printed' },
    printEnv: { help: 'print only the export line (with --data-file: its stored token, and the port of the sandbox running on it) and exit, without serving' },
  },
  handler: async ({ ctx, options, globals }) => {
    const webUrl = httpUrl('--web-url', options.webUrl ?? globals.webUrl);
    const publicUrl = httpUrl('--public-url', options.publicUrl);
    const maxConnections = wholeAboveZero('--max-connections', options.maxConnections, 'a whole number > 0');
    const maxConnectionsPerClient = wholeAboveZero('--max-connections-per-client', options.maxConnectionsPerClient, 'a whole number > 0');
    const ttl = wholeAboveZero('--token-ttl', options.tokenTtl, 'a whole number of seconds > 0');
    const printEnv = options.printEnv === true;
    const dataFile = conceptValue('dataFile', options, ['data']);
    if (options.keep && dataFile) throw new UsageError('--keep keeps the data in the data directory; --data-file names another file: give one');
    const data = options.keep ? await keptDataFile(ctx.env, ctx.homedir) : dataFile?.value;
    if (printEnv && port(String(options.port)) === 0 && !data) throw new UsageError('--print-env needs a fixed --port (not 0) or --data-file: the line names the port');
    if (printEnv && !data && !options.token && !ctx.env.RENTALS_SANDBOX_TOKEN) {
      throw new UsageError('--print-env needs --keep or --data-file <file> (where the token is kept), or --token');
    }
    if (options.repair === true && !data) throw new UsageError('--repair needs --keep or --data-file <file>');
    if (dataFile?.flag === '--data') ctx.term.stderr.write('warning: --data is deprecated for the sandbox (in `rentals api` it is the request body): use --data-file\n');
    if (options.seed && options.fromSnapshot !== undefined) throw new UsageError('--seed and --from-snapshot both fill the sandbox; give one');
    const { runSandboxCommand } = await import('../../sandbox/command.js');
    // The server's own streams, not a view: it is a long-running process whose banner, URL and
    // request log are written while it serves (until Ctrl-C), and `--print-env`'s export line is
    // that same server's address; nothing is returned to print once it stops.
    const exitCode = await runSandboxCommand(
      {
        host: options.host,
        port: port(options.port),
        token: options.token,
        data,
        seed: options.seed === true,
        webUrl,
        publicUrl,
        maxConnections,
        maxConnectionsPerClient,
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        tokenTtl: ttl,
        repair: options.repair === true,
        fromSnapshot: options.fromSnapshot,
        printEnv,
      },
      { stdout: ctx.term.stdout, stderr: ctx.term.stderr, stdin: ctx.term.stdin },
      ctx.env,
    );
    return { exitCode };
  },
});
