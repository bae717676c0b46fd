// A tmux server of a test's own, driven through one control-mode client (`tmux -C`): each command
// is a line on the client's stdin and its answer a %begin … %end (or %error) block on its stdout.
// One tmux process for the whole file instead of one per command: a start of a process from the
// test runner copies the runner's whole memory map (tens of ms of system time once the suite has
// grown it), and the layout and completion tests give tmux hundreds of commands.

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Pending {
  command: string;
  resolve: (output: string) => void;
  reject: (error: Error) => void;
}

/** One argument in tmux's command syntax: single quotes, a quote inside written '\''. */
function tmuxWord(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export class TmuxControl {
  private readonly pending: Pending[] = [];
  /** The lines of the answer being read, between its %begin and its %end. */
  private answer: string[] | undefined;
  private ended: Error | undefined;

  private constructor(
    readonly socket: string,
    private readonly client: ChildProcessWithoutNullStreams,
  ) {
    createInterface({ input: client.stdout }).on('line', (line) => this.readLine(line));
    let stderr = '';
    client.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    client.on('error', (error) => this.end(error));
    client.on('close', (code) => this.end(new Error(`the tmux control client ended (${code}): ${stderr.trim()}`)));
  }

  /**
   * The server on `socket`, with a session that lives as long as it (`keep`, which the client is
   * attached to): the server does not exit each time a test's session is killed. `options` are
   * set globally before any other session exists.
   */
  static async start(socket: string, options: Record<string, string> = {}): Promise<TmuxControl> {
    const client = spawn('tmux', ['-S', socket, '-u', '-f', '/dev/null', '-C', 'new-session', '-s', 'keep', 'sleep 3600'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const control = new TmuxControl(socket, client);
    for (const [name, value] of Object.entries(options)) await control.run('set-option', '-g', name, value);
    return control;
  }

  /** `tmux …args`; its output. Rejects with tmux's message when the command fails. */
  run(...args: string[]): Promise<string> {
    if (this.ended) return Promise.reject(this.ended);
    const command = args.map(tmuxWord).join(' ');
    return new Promise((resolve, reject) => {
      this.pending.push({ command, resolve, reject });
      this.client.stdin.write(`${command}\n`);
    });
  }

  /** Ends the server, its sessions and the client. */
  async close(): Promise<void> {
    if (this.ended) return;
    const closed = new Promise((resolve) => this.client.once('close', resolve));
    await this.run('kill-server').catch(() => undefined);
    this.client.stdin.end();
    await closed;
  }

  /**
   * A line of the client's output. An answer's block is flagged 1 when the command came from this
   * client: the first block (flagged 0) answers the new-session the client started with.
   */
  private readLine(line: string): void {
    if (this.answer === undefined) {
      if (/^%begin \d+ \d+ 1$/.test(line)) this.answer = [];
      // Anything else outside a block is a notification (%sessions-changed, %window-add …).
      return;
    }
    const end = /^%(end|error) \d+ \d+ 1$/.exec(line);
    if (!end) {
      this.answer.push(line);
      return;
    }
    const output = this.answer.join('\n');
    this.answer = undefined;
    const pending = this.pending.shift();
    if (!pending) return;
    if (end[1] === 'end') pending.resolve(output === '' ? '' : `${output}\n`);
    else pending.reject(new Error(`tmux ${pending.command}: ${output}`));
  }

  private end(error: Error): void {
    this.ended ??= error;
    for (const pending of this.pending.splice(0)) pending.reject(error);
  }
}
