// A bulk run's report as a test reads it: its row lines (the first line that records the run skipped).

import { readFileSync } from 'node:fs';

export function reportRows<Row = { line: number; index?: number; outcome: string; error?: string }>(path: string): Row[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{"line"'))
    .map((line) => JSON.parse(line) as Row);
}
