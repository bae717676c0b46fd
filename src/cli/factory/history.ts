// The history part of a run: its entry in the history of writes (config/history.ts), opened at
// its first write, which every write of the run's ResourceApi goes into; the entries of this API;
// an undo's bookkeeping (its entry opened before it writes, its steps, how it ended, a finished
// undo continued) and the locks that keep two undos of the same entry or report from running at once.

import { join } from 'node:path';
import type { WriteJournal } from '../../api/resource-api.js';
import type { HistoryLog } from '../../app/factory.js';
import { HistoryWriter, historyDir, readHistory, redactedCommand } from '../../config/history.js';
import { shellWord } from '../../common/shell-words.js';
import { lockHolder, withFileLock } from '../../config/lock.js';
import { ExitCode, InterruptedError, type Written } from '../../errors.js';
import type { Settings } from '../../config/settings.js';
import type { Context } from '../context.js';

/** What the run's history entry records: the command line as typed, secrets redacted, or what the run says it was (`mcp: <tool> <arguments>`). */
export function commandLineOf(ctx: Pick<Context, 'commandLine' | 'argv'>): string {
  return ctx.commandLine ?? redactedCommand(ctx.argv ?? []);
}

/**
 * The run as a `rentals …` command to type again (a refusal's ways out end with it): its words,
 * secrets redacted, without `--dry-run`. A way out is the command that does what it says (moves the
 * event, then books; writes overbooked), also when the refused run was a dry run: half of a line
 * previewed and half written would be neither. `operands` go after its words (the entry an undo
 * typed without one undid, so that the command run later undoes that entry, not the newest).
 */
export function commandToTypeOf(ctx: Pick<Context, 'commandLine' | 'argv'>, operands: readonly string[] = []): string {
  if (ctx.argv === undefined) return [commandLineOf(ctx), ...operands.map(shellWord)].join(' ');
  return redactedCommand([...withoutDryRun(ctx.argv), ...operands]);
}

/** The words without the `--dry-run` flag (before a `--`, after which words are operands). */
function withoutDryRun(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  const flags = end === -1 ? argv : argv.slice(0, end);
  return [...flags.filter((word) => word !== '--dry-run'), ...(end === -1 ? [] : argv.slice(end))];
}

export class RunHistory {
  private writes?: { journal: WriteJournal; history: HistoryWriter };
  /** What this run undoes (`rentals undo`, `--undo <report>`), noted on its own entry. */
  private undoing?: { undoes?: string; undoesReport?: string };
  /**
   * From the run's first write: the Ctrl-C handler to remove, and whether a Ctrl-C came; `handled`:
   * the use case handles them itself (undo, bulk); `takingBack`: back-outs under way, sent all the same.
   */
  private interrupt: { stopListening?: () => void; handled: boolean; takingBack: number; interrupted: boolean } = { handled: false, takingBack: 0, interrupted: false };
  /** A write of this run was answered (and recorded, when the history can be written). */
  private wroteOnce = false;
  /** The server accepted a write of this run, recorded or not (`rentals api` writes are not). */
  private accepted = false;

  constructor(
    private readonly ctx: Context,
    private readonly settings: Settings,
  ) {}

  private dir(): string {
    return historyDir(this.settings.configDir);
  }

  private opened(): { journal: WriteJournal; history: HistoryWriter } {
    if (!this.writes) {
      const history = new HistoryWriter(this.dir(), () => ({
        command: commandLineOf(this.ctx),
        baseUrl: this.settings.baseUrl.value ?? '',
        ...this.undoing,
        now: this.ctx.now(),
      }));
      this.writes = {
        history,
        journal: {
          seen: new Map(),
          wrote: (record) => {
            this.wroteOnce = true;
            history.record(record, this.warn);
          },
          mark: () => history.mark(),
          withdraw: (mark) => history.withdraw(mark, this.warn),
          beforeWrite: () => this.beforeWrite(),
          takingBack: async (work) => {
            this.interrupt.takingBack++;
            try {
              return await work();
            } finally {
              this.interrupt.takingBack--;
            }
          },
        },
      };
    }
    return this.writes;
  }

  /**
   * From the first write on, a Ctrl-C lets the write in flight be answered (and recorded) and
   * starts no other: the next write throws, naming the entry that holds what was written. A second
   * Ctrl-C stops at once. Not for a use case that handles interrupts itself (undo, bulk runs).
   */
  private beforeWrite(): void {
    const listening = this.interrupt.stopListening !== undefined;
    if (listening && this.interrupt.interrupted) {
      if (this.interrupt.takingBack > 0) return;
      throw new InterruptedError(`interrupted (Ctrl-C): ${this.writtenText()}; nothing more was sent`);
    }
    if (listening || this.interrupt.handled) return;
    this.interrupt.stopListening = this.ctx.onInterrupt(() => {
      if (this.interrupt.interrupted) this.ctx.exit?.(ExitCode.cancelled);
      this.interrupt.interrupted = true;
      this.warn('\nInterrupted: stopping after the write in flight… (Ctrl-C again to stop at once; the history keeps what was sent)');
    });
  }

  /** Ctrl-C is Node's again. */
  private stopListening(): void {
    this.interrupt.stopListening?.();
    this.interrupt.stopListening = undefined;
  }

  private writtenText(): string {
    const entry = this.writes?.history.id;
    return entry === undefined ? 'nothing was written' : `entry ${entry} records what was written: rentals undo ${entry} takes it back`;
  }

  /**
   * The use case is done writing: Ctrl-C is Node's again (it ends a run that prints, or pages, at
   * once). Interrupted during its last write, which nothing after it refused: what to say of it.
   */
  writesEnded(): string | undefined {
    this.stopListening();
    return this.interrupt.interrupted ? `interrupted (Ctrl-C) during the last write, which was answered: ${this.writtenText()}` : undefined;
  }

  /** The server accepted a write of the run (the client says so of every request other than GET and HEAD). */
  answered(): void {
    this.accepted = true;
  }

  /**
   * The run has written: the entry that holds its writes (absent when the history could not be
   * written), or `unrecorded` when none of them went through the history; undefined before any write.
   */
  written(): Written | undefined {
    if (!this.wroteOnce) return this.accepted ? { unrecorded: true } : undefined;
    const entry = this.writes?.history.id;
    return entry === undefined ? {} : { entry };
  }

  /** The use case handles Ctrl-C itself (undo, a bulk run): the run's own handling stands aside. */
  interruptsHandled(): void {
    this.interrupt.handled = true;
    this.stopListening();
  }

  /** Where the run's ResourceApi records each write: its entry, opened at the first. */
  journal(): WriteJournal {
    return this.opened().journal;
  }

  /** The lock file of `key`, beside the history. */
  private lockPath(key: string): string {
    return join(this.dir(), `undo-${key.replace(/[^\w.-]/g, '_')}.lock`);
  }

  /** The history as a use case reads it, this run's own entry, an undo's bookkeeping. */
  log(): HistoryLog {
    const history = () => this.opened().history;
    return {
      entries: () => {
        const baseUrl = this.settings.baseUrl.value;
        return readHistory(this.dir()).filter((entry) => baseUrl === undefined || entry.baseUrl === baseUrl);
      },
      entry: () => this.writes?.history.id,
      exclusive: async (key, work, waiting) => {
        const { mkdir } = await import('node:fs/promises');
        await mkdir(this.dir(), { recursive: true, mode: 0o700 });
        return withFileLock(this.lockPath(key), work, { onWaiting: waiting });
      },
      holder: (key) => lockHolder(this.lockPath(key)),
      startUndo: (of) => {
        this.undoing = 'entry' in of ? { undoes: of.entry } : { undoesReport: of.report };
        const writer = history();
        const id = writer.start();
        // A bulk undo writes a row at a time: its lines go out as the other writes do, not one by one.
        if ('report' in of) writer.relax();
        return id;
      },
      resume: (id, records) => history().resume(id, records),
      intent: (steps) => history().intent(steps, this.warn),
      step: (step, note, entry) => history().step(step, note, this.warn, entry),
      recordOf: (entry, record) => history().recordOf(entry, record, this.warn),
      end: (end) => this.writes?.history.end(end, this.warn),
    };
  }

  close(): void {
    this.stopListening();
    this.writes?.history.close();
  }

  private readonly warn = (message: string) => void this.ctx.term.stderr.write(`${message}\n`);
}
