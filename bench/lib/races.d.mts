// Types of races.mjs, for the TypeScript test that runs the races (test/e2e/race.e2e.test.ts).
export type RaceKind = 'book' | 'confirm' | 'move' | 'update';
export interface RaceRun {
  code: number | null;
  stdout: string;
  stderr: string;
}
export interface RaceIo {
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => Promise<Array<Record<string, unknown>>>;
  rentals: (args: string[]) => Promise<RaceRun>;
}
export interface Race {
  winners: number;
  overbooked: boolean;
  results: RaceRun[];
  unexpected: RaceRun[];
  wrongHolders: number[];
}
export interface RaceRow {
  kind: RaceKind;
  title: string;
  tries: number;
  overbooked: number;
  noWinner: number;
  oneWinner: number;
  twoWinners: number;
  wrongHolders: number;
  unexpected: RaceRun[];
}
export const RACE_KINDS: ReadonlyArray<{ name: RaceKind; title: string }>;
export function runRace(kind: RaceKind, n: number, io: RaceIo): Promise<Race>;
export function raceTable(kinds: readonly RaceKind[], tries: number, io: RaceIo): Promise<RaceRow[]>;
export function raceTableLines(rows: readonly RaceRow[]): string[];
