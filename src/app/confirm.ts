// The one way every [y/N] question ends: yes goes on; no is DeclinedError (exit 7, "declined"),
// whose message says what was not done. Ctrl-C or Ctrl-D at the prompt stay "cancelled" (130).

import { DeclinedError } from '../errors.js';

/** A [y/N] question on the terminal. */
export type Asker = (question: string) => Promise<boolean>;

export async function confirmOrDecline(confirm: Asker, question: string, nothingDone: string): Promise<void> {
  if (!(await confirm(question))) throw new DeclinedError(nothingDone);
}
