// Rows as wrapped lines instead of a table, where a table would cut what a person came for: a
// problem list as paragraphs (check), grouped rows as a block per row (the agenda). Text is
// measured in display columns and wrapped at spaces; nothing is cut.

import { humanCell } from './format.js';
import { escapeControl } from '../common/sanitize.js';
import type { GroupedView, RecordListView } from './views.js';
import { padToWidth, textWidth } from './width.js';
import { fitsBeside, hangingLines, wrapPeopleLines, wrapText } from './wrap.js';

/** The paints these layouts use. */
export interface LinePalette {
  problem: (text: string) => string;
  heading: (text: string) => string;
}

/** One paragraph per row: `lead  text`, the text wrapped to the terminal under itself. */
export function* paragraphs(view: RecordListView, columns: { lead: string; text: string; ways?: string }, width: number, colors: LinePalette): Generator<string> {
  const leads = view.rows.map((row) => humanCell(row[columns.lead]));
  const leadWidth = Math.max(0, ...leads.map(textWidth)) + 2;
  let text = '';
  view.rows.forEach((row, r) => {
    const lead = leads[r]!;
    const painted = `${colors.problem(lead)}${' '.repeat(leadWidth - textWidth(lead))}`;
    text += `${hangingLines(painted, leadWidth, humanCell(row[columns.text]).replace(/\s*\n\s*/g, ' '), width).join('\n')}\n`;
    const ways = columns.ways === undefined ? undefined : row[columns.ways];
    if (Array.isArray(ways)) text += wayOutLines(ways as readonly WayOutLine[], width);
  });
  yield text;
}

interface WayOutLine {
  what: string;
  command: string;
}

/** Each way out under what it does, as a refusal gives them: the what wrapped, the command whole (it pastes as it is). */
function wayOutLines(ways: readonly WayOutLine[], width: number): string {
  const text = ways.map((way) => `  ${escapeControl(way.what)}:\n    ${way.command}\n`).join('');
  return width > 0 ? wrapPeopleLines(text, width) : text;
}

/** Each row of each group as a block: `lead  title` and its lines, wrapped under the title. */
export function* entries(view: GroupedView, entry: NonNullable<GroupedView['entry']>, width: number, colors: LinePalette): Generator<string> {
  const blocks = view.groups.map((group) => ({ group, shown: group.rows.map((row) => entry(row, group.key)) }));
  const leadWidth = Math.max(0, ...blocks.flatMap((b) => b.shown.map((e) => textWidth(escapeControl(e.lead))))) + 2;
  const indent = ENTRY_INDENT + leadWidth;
  let first = true;
  for (const { group, shown } of blocks) {
    let text = `${first ? '' : '\n'}${colors.heading(escapeControl(group.heading))}\n`;
    first = false;
    for (const e of shown) {
      const lead = `${' '.repeat(ENTRY_INDENT)}${padToWidth(escapeControl(e.lead), leadWidth)}`;
      text += `${hangingLines(lead, indent, escapeControl(e.title), width).join('\n')}\n`;
      for (const line of e.lines) text += `${hangingLines(' '.repeat(indent), indent, escapeControl(line), width).join('\n')}\n`;
    }
    for (const line of group.footer ?? []) text += `${footerLine(escapeControl(line), width)}\n`;
    yield text;
  }
}

/**
 * A group's or a section's footer line (`     10 × White Folding Chair`) at `width`: one wider than the terminal
 * wraps under its text (after the quantity and its ×), so the quantities stay a column of their own.
 */
export function footerLine(line: string, width: number): string {
  if (width <= 0 || textWidth(line) <= width) return line;
  const lead = /^\s*(?:\d+ \u00d7 )?/.exec(line)![0];
  // Too narrow to hang the text beside its quantity (hangingLines would put the quantity on a line
  // of its own, the name under it): the line wrapped plainly, the quantity with its name.
  if (!fitsBeside(textWidth(lead), width)) return wrapText(line, width).join('\n');
  return hangingLines(lead, textWidth(lead), line.slice(lead.length), width).join('\n');
}

/** An entry's lead is indented under its day's heading. */
const ENTRY_INDENT = 2;
