import { forPeople } from '../../src/common/terminal-text.js';
import { writtenForMachines } from '../../src/output/formats.js';
import { renderView } from '../../src/output/render.js';
import type { RenderOptions } from '../../src/output/render-options.js';
import type { View, ViewFormat } from '../../src/output/views.js';

/** A view rendered to one string as the printer writes it to a pipe (text for people sanitized), with the notices it gave. */
export async function render(view: View, format: ViewFormat, options: Partial<RenderOptions> = {}): Promise<{ out: string; notes: string[] }> {
  const notes: string[] = [];
  let out = '';
  for await (const chunk of renderView(view, format, { color: false, terminalWidth: 0, info: (m) => notes.push(m), ...options })) out += chunk;
  return { out: writtenForMachines(view, format) ? out : forPeople(out), notes };
}
