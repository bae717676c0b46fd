// The one way every [y/N] question ends: yes goes on; no is DeclinedError (exit 7, "declined"),
// whose message says what was not done. Ctrl-C or Ctrl-D at the prompt stay "cancelled" (130).

import { DeclinedError } from '../errors.js';
import type { Context } from './context.js';

export async function confirmOrDecline(ctx: Pick<Context, 'confirm'>, question: string, nothingDone: string): Promise<void> {
  if (!(await ctx.confirm(question))) throw new DeclinedError(nothingDone);
}
