// The read-back after a create whose record must be the only one of its kind (an item of a name:
// unique-names.ts; a price for an item and a rental block: price-writer.ts). The API has no
// transactions, so two writers can each see none and both create. Once written, the others of its
// kind are read afresh: when one was added before it (a lower id), this one is taken back and
// withdrawn from the run's history, so of two the earlier stays and both never back out. A read
// that fails leaves the record standing with a warning: a check after a write that could not be
// made does not undo it. A take-back that fails leaves two, and the refusal says how to remove it.

import type { ResourceApi } from '../api/resource-api.js';
import { LostRace } from './refused.js';

export interface CreateReadBack<T> {
  /** The run's API: the take-back is sent even after a Ctrl-C; what backed out leaves its history. */
  api: Pick<ResourceApi, 'takingBack' | 'withdrawSince'>;
  /** The run's history before the create (ResourceApi.historyMark): withdrawn back to it. */
  mark: number;
  /** The others of its kind written before it, read afresh. */
  earlier(): Promise<T[]>;
  /** Removes the record created. */
  takeBack(): Promise<unknown>;
  warn(message: string): void;
  /** The warning when the others could not be read (`reason`: why), the record standing. */
  unreadText(reason: string): string;
  /** The refusal when it could not be taken back: ends with the command that removes it. */
  notTakenBackText(earlier: T[], reason: string): string;
  /** The refusal once it was taken back and withdrawn (what it names may be read then). */
  takenBackText(earlier: T[]): string | Promise<string>;
}

/** Throws LostRace when the record created was not the first of its kind; returns when it stands. */
export async function readBackCreate<T>(race: CreateReadBack<T>): Promise<void> {
  let earlier: T[];
  try {
    earlier = await race.earlier();
  } catch (error) {
    race.warn(race.unreadText(reasonOf(error)));
    return;
  }
  if (earlier.length === 0) return;
  try {
    await race.api.takingBack(() => race.takeBack());
  } catch (error) {
    throw new LostRace(race.notTakenBackText(earlier, reasonOf(error)));
  }
  race.api.withdrawSince(race.mark);
  throw new LostRace(await race.takenBackText(earlier));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
