// Dates out of order, said in the words of the command line that gave them: a date a flag set by
// that flag (`--start-date 2026-12-05 10:00`), any other (the record's, the file's, a default) as
// a person reads it (`the event's end 2026-12-04 10:00`), each time as the shop's wall clock shows
// it, then the rule in words. The finding is the domain's (schemas/date-order.ts); the command's
// runner (registry/spec.ts) says it so, for every command that writes dates.

import { withArticle } from '../common/text.js';
import { parseWallTime, shortWallTime } from '../domain/wall-time.js';
import type { DateOrderError } from '../errors.js';
import { type ResourceName, fieldByName, resources } from '../resources/definitions.js';
import { fieldFlagGiven } from './field-flags.js';

/** `refused` in the command line's words, `options` the command's parsed flags. */
export function dateOrderInWords(refused: DateOrderError, options: object): string {
  const def = resources[refused.resource as ResourceName];
  const { field, value, later, laterValue } = refused.issue;
  const word = (name: string) => (fieldByName(def, name)?.title ?? name).toLowerCase();
  const flagOf = (name: string) => {
    const known = fieldByName(def, name);
    return known === undefined ? undefined : fieldFlagGiven(known, options);
  };
  const said = (name: string, text: string) => {
    const time = parseWallTime(text);
    const shown = time === undefined ? text : shortWallTime(time);
    const flag = flagOf(name);
    return flag === undefined ? `the ${def.singular}'s ${word(name)} ${shown}` : `${flag} ${shown}`;
  };
  // What the command line set leads: a later date typed is before the earlier one, not the other way round.
  const order = flagOf(field) !== undefined || flagOf(later) === undefined ? `${said(field, value)} is after ${said(later, laterValue)}` : `${said(later, laterValue)} is before ${said(field, value)}`;
  const rule = `${withArticle(def.singular)}'s dates go ${(def.dateOrder ?? []).map(word).join(' ≤ ')}`;
  return `${order}: ${rule} (--allow-date-order sends them anyway)`;
}
