// The order of an event's dates: dropoff ≤ start ≤ end ≤ teardown ≤ pickup. The reference states
// no such rule, so the sandbox does not enforce it (the service may well accept any order); the CLI
// refuses it before sending unless asked (`--allow-date-order`), since it is nearly always a typo,
// in the words of the command line that gave the dates (cli/date-order-words.ts).

import type { DateOrderIssue } from '../errors.js';
import { type ResourceName, resources } from '../resources/definitions.js';

export function dateOrderFields(resource: ResourceName): readonly string[] | undefined {
  return resources[resource].dateOrder;
}

/**
 * The first date that comes after a later field's date, as an issue naming both; undefined when the
 * dates are in order. Values are canonical datetimes (`YYYY-MM-DDTHH:MM:SS`), so text order is time order.
 */
export function dateOrderIssue(resource: ResourceName, record: Readonly<Record<string, unknown>>): DateOrderIssue | undefined {
  const order = resources[resource].dateOrder;
  if (!order) return undefined;
  const given = order.filter((name) => typeof record[name] === 'string');
  for (let i = 1; i < given.length; i++) {
    const [before, after] = [given[i - 1]!, given[i]!];
    const [a, b] = [record[before] as string, record[after] as string];
    if (a > b) {
      return {
        field: before,
        message: `must not be after ${after} (${b}): the dates go ${order.join(' ≤ ')} (--allow-date-order sends them anyway)`,
        value: a,
        later: after,
        laterValue: b,
      };
    }
  }
  return undefined;
}
