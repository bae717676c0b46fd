// Reading the documentation as the tests need it: which files are the docs, their fenced blocks
// (with the marker comment right before each), their links, and the anchors their headings make.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The pages whose ```sh blocks are run: README.md and every page of the manual. */
export function manualFiles(): string[] {
  const docs = existsSync(`${ROOT}docs`) ? readdirSync(`${ROOT}docs`).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`) : [];
  return ['README.md', ...docs];
}

/** Every Markdown file of the repository a reader follows links in (the manual, the changelog, the benchmarks). */
export function markdownFiles(): string[] {
  const top = readdirSync(ROOT).filter((name) => name.endsWith('.md')).sort();
  const bench = existsSync(`${ROOT}bench`) ? readdirSync(`${ROOT}bench`).filter((name) => name.endsWith('.md')).map((name) => `bench/${name}`) : [];
  return [...new Set([...top, ...manualFiles(), ...bench])];
}

export function readDoc(file: string): string {
  return readFileSync(`${ROOT}${file}`, 'utf8');
}

export interface FencedBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's first word: sh, text, json… */
  lang: string;
  /** The lines between the fences. */
  lines: string[];
  /** `<!-- not run: reason -->` right before the fence: the reason. */
  notRun?: string;
  /** `<!-- output of: rentals help dates -->` right before the fence: the command. */
  outputOf?: string;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/;
const NOT_RUN = /^<!--\s*not run:\s*(.*?)\s*-->$/;
const OUTPUT_OF = /^<!--\s*output of:\s*(.*?)\s*-->$/;

/** The fenced code blocks of a Markdown text, each with the marker comment on the line before its fence. */
export function fencedBlocks(file: string, text = readDoc(file)): FencedBlock[] {
  const lines = text.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (closes(line, fence!)) break;
      body.push(line.startsWith(indent!) ? line.slice(indent!.length) : line);
    }
    const before = (lines[i - 1] ?? '').trim();
    const block: FencedBlock = { file, line: i + 1, lang: lang ?? '', lines: body };
    const notRun = NOT_RUN.exec(before);
    if (notRun) block.notRun = notRun[1]!;
    const outputOf = OUTPUT_OF.exec(before);
    if (outputOf) block.outputOf = outputOf[1]!;
    blocks.push(block);
    i = j;
  }
  return blocks;
}

/** A closing fence: the opening fence's character, at least as many, nothing after but spaces. */
function closes(line: string, fence: string): boolean {
  const close = /^\s{0,3}(`{3,}|~{3,})\s*$/.exec(line);
  return close !== null && close[1]![0] === fence[0] && close[1]!.length >= fence.length;
}

/** The lines outside fenced blocks (the lines inside blanked, so line numbers hold). */
export function outsideFences(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    if (fence) {
      if (closes(line, fence)) fence = undefined;
      return '';
    }
    const open = FENCE.exec(line);
    if (open) {
      fence = open[2]!;
      return '';
    }
    return line;
  });
}

/** The text outside fenced blocks and inline code (which may span lines of a paragraph), line for line. */
export function prose(text: string): string[] {
  return outsideFences(text)
    .join('\n')
    .replace(/(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])*?(?<!`)\1(?!`)/g, (code) => code.replace(/[^\n]/g, ''))
    .split('\n');
}

export interface Link {
  file: string;
  line: number;
  target: string;
}

/** The links of a Markdown file, inline (`[text](target)`) and reference-style (`[name]: target`), outside code. */
export function links(file: string, text = readDoc(file)): Link[] {
  const found: Link[] = [];
  prose(text).forEach((line, index) => {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ file, line: index + 1, target: match[1]! });
    const reference = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (reference) found.push({ file, line: index + 1, target: reference[1]! });
  });
  return found;
}

/** The anchor GitHub gives a heading's text: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a file defines: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of outsideFences(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      result.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) result.add(id[1]!);
  }
  return result;
}
