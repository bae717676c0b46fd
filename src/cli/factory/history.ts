// The history part of a run: its entry in the history of writes (config/history.ts), opened at
// its first write, which every write of the run's ResourceApi goes into; the entries of this API;
// and the bookkeeping of an undo (the entry it undoes, the records it brought back).

import type { WriteJournal } from '../../api/resource-api.js';
import type { HistoryLog } from '../../app/factory.js';
import { HistoryWriter, historyDir, readHistory, redactedCommand } from '../../config/history.js';
import type { Settings } from '../../config/settings.js';
import type { Context } from '../context.js';

export class RunHistory {
  private writes?: { journal: WriteJournal; history: HistoryWriter };
  /** The history entry this run undoes (`rentals undo`), noted on its own entry. */
  private undoing?: string;

  constructor(
    private readonly ctx: Context,
    private readonly settings: Settings,
  ) {}

  /** Where the run's ResourceApi records each write: its entry, opened at the first. */
  journal(): WriteJournal {
    if (!this.writes) {
      const history = new HistoryWriter(historyDir(this.settings.configDir), () => ({
        command: this.ctx.commandLine ?? redactedCommand(this.ctx.argv ?? []),
        baseUrl: this.settings.baseUrl.value ?? '',
        undoes: this.undoing,
        now: this.ctx.now(),
      }));
      this.writes = {
        history,
        journal: { seen: new Map(), wrote: (record) => history.record(record, this.warn), mark: () => history.mark(), withdraw: (mark) => history.withdraw(mark, this.warn) },
      };
    }
    return this.writes.journal;
  }

  /** The history as a use case reads it, and this run's own entry. */
  log(): HistoryLog {
    return {
      entries: () => {
        const baseUrl = this.settings.baseUrl.value;
        return readHistory(historyDir(this.settings.configDir)).filter((entry) => baseUrl === undefined || entry.baseUrl === baseUrl);
      },
      undoes: (entry) => void (this.undoing = entry),
      entry: () => this.writes?.history.id,
      broughtBack: (resource, from, to) => this.writes?.history.replaced(resource, from, to, this.warn),
    };
  }

  close(): void {
    this.writes?.history.close();
  }

  private readonly warn = (message: string) => void this.ctx.term.stderr.write(`${message}\n`);
}
