// What a run tells people on stderr: a single progress line redrawn in place when stderr is a
// terminal (nothing at all when it is not: logs and pipes get only the summary), and the summary.

import { terminalControl } from '../common/terminal-text.js';
import type { Outcome } from './report.js';
import type { Progress, RunSummary } from './runner.js';

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressRenderer {
  update(progress: Progress): void;
  /** Clears the line, so the summary starts on a clean one. */
  finish(): void;
}

export function progressRenderer(
  stream: ProgressStream,
  options: { now?: () => number; intervalMs?: number; label?: string } = {},
): ProgressRenderer {
  if (!stream.isTTY) return { update: () => undefined, finish: () => undefined };
  // Made here, not as the module loads: its marker costs Web Crypto, which a run at a pipe never needs.
  const clearLine = terminalControl('\r\x1b[K');
  const now = options.now ?? (() => performance.now());
  const interval = options.intervalMs ?? 100;
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(progress) {
      const t = now();
      // Redraw at most every `interval` ms, but always show the last row.
      if (t - drawnAt < interval && progress.done < progress.total) return;
      drawnAt = t;
      drawn = true;
      stream.write(`${clearLine}${progressLine(progress, options.label)}`);
    },
    finish() {
      if (drawn) stream.write(clearLine);
      drawn = false;
    },
  };
}

/** `prices import  4210/10000  42%  1350 rows/s  ETA 4s  2 failed`. */
export function progressLine(progress: Progress, label?: string): string {
  const { done, total, rate, etaMs, failed } = progress;
  const percent = total > 0 ? Math.floor((done * 100) / total) : 100;
  const parts = [`${done}/${total}`, `${percent}%`, `${Math.round(rate)} rows/s`];
  if (etaMs !== undefined && done < total) parts.push(`ETA ${formatDuration(etaMs)}`);
  if (failed > 0) parts.push(`${failed} failed`);
  return `${label ? `${label}  ` : ''}${parts.join('  ')}`;
}

export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * `10000 rows: 3 created, 120 updated, 9870 unchanged, 1 stale, 0 failed, 6 not run (4.2 s, 2380 rows/s)`,
 * then why the run stopped early, if it did.
 */
export function formatSummary(summary: RunSummary): string {
  const { counts } = summary;
  const always: Outcome[] = ['created', 'updated', 'unchanged', 'stale', 'failed'];
  const sometimes: Outcome[] = ['deleted', 'invalid', 'refused', 'not_run'];
  const parts = [
    ...always.map((o) => `${counts[o]} ${o}`),
    ...sometimes.filter((o) => counts[o] > 0).map((o) => `${counts[o]} ${o.replace('_', ' ')}`),
  ];
  const seconds = summary.elapsedMs / 1000;
  // After Ctrl-C, the rows that never started do not count toward the rate.
  const ran = summary.total - counts.not_run;
  const rate = seconds > 0 ? `, ${Math.round(ran / seconds)} rows/s` : '';
  let text = `${summary.total} ${summary.total === 1 ? 'row' : 'rows'}: ${parts.join(', ')} (${seconds.toFixed(1)} s${rate})`;
  // How to run the rest is the command's to say (the error that follows: --resume, or the same run again).
  if (summary.aborted) text += '\nInterrupted: rows in flight finished, the rest were not run.';
  if (summary.stoppedBy) text += `\nStopped: ${summary.stoppedBy}`;
  return text;
}
