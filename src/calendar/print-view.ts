// TEMPORARY adapter: prints the calendar's views through today's Printer until the output
// layer's `Printer.view(view)` lands; the lead swaps this file for it at merge. Records go to
// printer.records; the other views become plain rows (grouped rows get their group column),
// JSON prints the view's `json`, `-o ics` the calendar document.

import type { Session } from '../cli/session.js';
import { UsageError } from '../errors.js';
import type { Row } from '../output/format.js';
import type { View } from '../output/views.js';

export interface PrintOptions {
  /** `-o ics` was asked for (Session refuses it until the output layer knows it). */
  ics?: boolean;
}

export async function printView(session: Session, view: View, options: PrintOptions = {}): Promise<void> {
  const printer = session.printer;
  const format = session.format;
  if (options.ics) {
    if (view.kind !== 'calendar') throw new UsageError('-o ics: this command does not print a calendar (ics is for `rentals agenda`)');
    return printer.text(await view.ics());
  }
  const rows = (body: unknown, list: Row[], columns: string[]) => printer.records({ body, rows: list, columns });
  switch (view.kind) {
    case 'records':
      return printer.records(view);
    case 'groups': {
      if (format === 'json') return printer.json(view.json ?? { groups: view.groups });
      if (format === 'table') {
        if (view.groups.length === 0) return printer.info('Nothing in this range.');
        for (const group of view.groups) {
          await printer.text(group.heading);
          await rows(group.rows, group.rows, view.columns);
          if (group.footer?.length) await printer.text(group.footer.join('\n'));
          await printer.text('');
        }
        return;
      }
      const flat = view.groups.flatMap((g) => g.rows.map((r) => ({ [view.groupColumn]: g.key, ...r })));
      return rows(flat, flat, [view.groupColumn, ...view.columns]);
    }
    case 'grid': {
      if (format === 'json') return printer.json(view.json ?? { rows: view.rows, columns: view.columns, cells: view.cells });
      const columns = [view.rowHeader, ...view.columns.map((c) => c.label)];
      const flat = view.rows.map((r, i) => {
        const row: Row = { [view.rowHeader]: r.label };
        view.columns.forEach((c, j) => (row[c.label] = view.cells[i]![j]));
        return row;
      });
      return rows(flat, flat, columns);
    }
    case 'calendar':
      if (format === 'json') return printer.json(view.json ?? view.rows);
      return rows(view.rows, view.rows, view.columns);
    case 'detail': {
      if (format === 'json') return printer.json(view.json);
      if (format === 'ndjson') return printer.text(JSON.stringify(view.json));
      if (format === 'table') {
        const width = Math.max(...view.fields.map(([label]) => label.length));
        await printer.text(view.fields.map(([label, value]) => `${label.padEnd(width)}  ${value === null || value === undefined ? '' : String(value)}`).join('\n'));
        for (const section of view.sections ?? []) {
          await printer.text(`\n${section.title}`);
          await rows(section.rows, section.rows, section.columns);
          if (section.footer?.length) await printer.text(section.footer.join('\n'));
        }
        return;
      }
      const flat: Row[] = view.fields.map(([field, value]) => ({ field, value }));
      return rows(flat, flat, ['field', 'value']);
    }
    case 'diff':
      return printer.json(view.changes);
  }
}
