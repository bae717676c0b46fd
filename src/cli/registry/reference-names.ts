// At a terminal a column that holds another resource's id shows that record's name (an event's
// status `Confirmed`, a booking's item `20x20 Frame Tent`, a price's block `Weekend`), for every
// record list a command returns. Asked only when a table is printed: scripts (tsv, csv, json) keep
// the ids and pay no request. A name that cannot be read leaves the id.

import type { Factory } from '../../app/factory.js';
import type { View } from '../../output/views.js';

export function withReferenceNames(view: View, catalog: Factory['catalog']): View {
  if ((view.kind !== 'records' && view.kind !== 'stream') || !view.references) return view;
  const references = Object.entries(view.references).filter(([column]) => view.columns.includes(column) && !view.names?.[column]);
  if (references.length === 0) return view;
  const own = view.forPeople;
  return {
    ...view,
    forPeople: async () => {
      const base = own ? await own() : view;
      if (base.kind !== 'records' && base.kind !== 'stream') return base;
      const indexes = await Promise.all(references.map(async ([column, resource]) => [column, await catalog().names(resource!).catch(() => undefined)] as const));
      const names = Object.fromEntries(indexes.flatMap(([column, index]) => (index ? [[column, (value: unknown) => index.label(Number(value))]] : [])));
      return { ...base, names: { ...names, ...base.names } };
    },
  };
}
