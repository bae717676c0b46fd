// The layers of src/ and no import cycles. A module imports only from its own layer or lower
// ones: output never from cli, api never from output, config never from api. Type-only imports
// count (they are dependencies too); lazy `import()` counts for layers, not for cycles (loading on
// demand is how a module defers a dependency).

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/** Lower numbers are lower layers. A new top-level directory or file of src/ gets a line here. */
const LAYERS: Record<string, number> = {
  'globals.d.ts': 0,
  'errors.ts': 0,
  'json-error.ts': 0,
  common: 0,
  resources: 0,
  schemas: 0,
  domain: 1,
  config: 1,
  api: 2,
  output: 3,
  data: 4,
  bulk: 4,
  sandbox: 4,
  snapshot: 4,
  /** The use cases (book, change an event): above the writers, below the commands. */
  app: 5,
  cli: 6,
  'main.ts': 7,
};

/** Imports that break the layers today, each with the reason it is left for now. */
const KNOWN_EXCEPTIONS: Record<string, string> = {};

/**
 * The commands reach the data and the API through the application layer only: in src/cli, the
 * factory's wiring (cli/factory/) is the one place that imports data/ or api/ (a type-only or lazy
 * import as much as a static one); a command gets the factory and calls a use case.
 */
const WIRING = 'cli/factory/';

/** cli files that still import data/ or api/ beside the wiring, each with the reason it is left for now. */
const CLI_BELOW_APP_EXCEPTIONS: Record<string, string> = {
};

const SRC = resolve(import.meta.dirname, '../src');

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
  lazy: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** The relative imports of src/, as paths relative to src/. */
function importEdges(): Edge[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
      const specifier = match[2] ?? match[3]!;
      if (!specifier.startsWith('.')) return [];
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      return [{ from: relative(SRC, file), to: relative(SRC, target), typeOnly: match[1] !== undefined, lazy: match[3] !== undefined }];
    }),
  );
}

function layerOf(path: string): number {
  const top = path.split('/')[0]!;
  const layer = LAYERS[top];
  if (layer === undefined) throw new Error(`src/${top} has no layer: add it to LAYERS in test/architecture.test.ts`);
  return layer;
}

/** The first cycle found in the graph, as a path `a → b → a`, or undefined. */
function findCycle(edges: readonly Edge[]): string | undefined {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string | undefined => {
    state.set(node, 'open');
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (state.get(to) === 'open') return [...stack.slice(stack.indexOf(to)), to].join(' → ');
      if (!state.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of next.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return undefined;
}

/**
 * Pairs of folders that import each other, at any depth (`cli ↔ data`, `cli/commands ↔ cli/resource`),
 * as `a ↔ b`: one-way folders show the architecture. Two folders are compared at the depth where
 * their paths part (`cli/commands/calendar/x.ts` → `cli/bulk/y.ts` is `cli/commands → cli/bulk`), so a
 * tie between sibling subfolders fails as a tie between top-level folders does; a file directly in
 * a folder belongs to that folder (`cli/session.ts` ← `cli/commands/x.ts` is no tie: it is inside).
 */
function folderCycles(edges: readonly Edge[]): string[] {
  const pairs = new Set<string>();
  for (const edge of edges) {
    const from = edge.from.split('/').slice(0, -1);
    const to = edge.to.split('/').slice(0, -1);
    let depth = 0;
    while (depth < from.length && depth < to.length && from[depth] === to[depth]) depth++;
    // One folder contains the other (or they are the same): an import within a folder's own tree.
    if (depth === from.length || depth === to.length) continue;
    pairs.add(`${from.slice(0, depth + 1).join('/')}→${to.slice(0, depth + 1).join('/')}`);
  }
  return [...pairs]
    .map((pair) => pair.split('→') as [string, string])
    .filter(([from, to]) => from < to && pairs.has(`${to}→${from}`))
    .map(([from, to]) => `${from} ↔ ${to}`)
    .sort();
}

/** Every module `from` loads with it: its static imports, followed (type-only and lazy ones are not). */
function loadedWith(edges: readonly Edge[], from: readonly string[]): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  while (queue.length > 0) {
    const at = queue.pop()!;
    for (const e of edges) {
      if (e.from !== at || e.typeOnly || e.lazy || seen.has(e.to)) continue;
      seen.add(e.to);
      queue.push(e.to);
    }
  }
  return seen;
}

const TEST = resolve(import.meta.dirname);

/** The modules of src/ the test files import directly, as paths relative to src/. */
function testedModules(): Set<string> {
  const files = readdirSync(TEST, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.test.ts'));
  return new Set(
    files.flatMap((path) => {
      const file = join(TEST, path);
      return [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
        const specifier = match[2] ?? match[3]!;
        const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
        return specifier.startsWith('.') && target.startsWith(SRC) ? [relative(SRC, target)] : [];
      });
    }),
  );
}

/** The modules of `folder` no test file imports. */
function untested(modules: readonly string[], tested: ReadonlySet<string>, folder: string): string[] {
  return modules.filter((path) => path.startsWith(folder) && !tested.has(path));
}

/** Imports of data/ or api/ from a cli file outside the factory's wiring, as `from → to`. */
function cliBelowApp(edges: readonly Edge[]): string[] {
  return edges
    .filter((e) => e.from.startsWith('cli/') && !e.from.startsWith(WIRING) && /^(data|api)\//.test(e.to))
    .map((e) => `${e.from} → ${e.to}`);
}

/** A static import, for the checks' own test. */
const edge = (from: string, to: string): Edge => ({ from, to, typeOnly: false, lazy: false });

describe('architecture', () => {
  const edges = importEdges();

  test('the import scanner sees the imports (static, type-only and lazy)', () => {
    expect(edges.length).toBeGreaterThan(100);
    expect(edges).toContainEqual({ from: 'main.ts', to: 'cli/program.ts', typeOnly: false, lazy: false });
    expect(edges.some((e) => e.typeOnly)).toBe(true);
    expect(edges.some((e) => e.lazy && e.to === 'bulk/index.ts')).toBe(true);
  });

  test('no import from a lower layer to a higher one', () => {
    const upward = edges
      .filter((e) => layerOf(e.to) > layerOf(e.from))
      .map((e) => `${e.from} → ${e.to}`)
      .filter((edge) => KNOWN_EXCEPTIONS[edge] === undefined);
    expect(upward).toEqual([]);
  });

  test('the known exceptions still exist (remove them once fixed)', () => {
    const present = new Set(edges.map((e) => `${e.from} → ${e.to}`));
    for (const edge of Object.keys(KNOWN_EXCEPTIONS)) expect(present.has(edge), edge).toBe(true);
  });

  test('no two folders of src/ import each other, at any depth (lazy imports included)', () => {
    expect(folderCycles(edges)).toEqual([]);
  });

  test("domain/ throws its own errors, never the CLI's (an exit code is the CLI's concern, mapped in cli/exit-codes.ts)", () => {
    expect(edges.filter((e) => e.from.startsWith('domain/') && e.to === 'errors.ts').map((e) => e.from)).toEqual([]);
  });

  test('no file of src/cli imports data/ or api/ but the factory wiring (cli/factory/): commands call use cases', () => {
    expect(cliBelowApp(edges).filter((e) => CLI_BELOW_APP_EXCEPTIONS[e] === undefined)).toEqual([]);
    // The exceptions still exist (remove them once fixed).
    for (const edge of Object.keys(CLI_BELOW_APP_EXCEPTIONS)) expect(cliBelowApp(edges), edge).toContain(edge);
    expect(edges.some((e) => e.from.startsWith(WIRING) && e.to.startsWith('data/'))).toBe(true);
  });

  test('every module of src/app is imported by a test of its own behaviour (the use cases are tested in process)', () => {
    const modules = sourceFiles(SRC).map((file) => relative(SRC, file));
    expect(untested(modules, testedModules(), 'app/')).toEqual([]);
  });

  test('no import cycle in src/', () => {
    expect(findCycle(edges.filter((e) => !e.lazy))).toBeUndefined();
  });

  test('a bulk run loads string-width (~30 ms) only where a width is measured: the plan lines of a dry run', () => {
    const bulkRun = loadedWith(edges, ['app/bulk/import.ts', 'app/bulk/run.ts', 'bulk/index.ts']);
    expect(bulkRun.has('bulk/runner.ts')).toBe(true);
    expect(bulkRun.has('output/width.ts')).toBe(false);
    expect(loadedWith(edges, ['bulk/plan-lines.ts']).has('output/width.ts')).toBe(true);
  });

  test('the checks fail on a violation', () => {
    expect(folderCycles([
      { from: 'cli/a.ts', to: 'calendar/b.ts', typeOnly: false, lazy: true },
      { from: 'calendar/b.ts', to: 'cli/c.ts', typeOnly: true, lazy: false },
    ])).toEqual(['calendar ↔ cli']);
    // Subfolders: siblings at any depth, compared where their paths part.
    expect(folderCycles([
      edge('cli/commands/calendar/a.ts', 'cli/resource/b.ts'),
      edge('cli/resource/b.ts', 'cli/commands/c.ts'),
      edge('app/bulk/x.ts', 'app/resource/y.ts'),
      edge('app/resource/y.ts', 'app/bulk/deeper/z.ts'),
    ])).toEqual(['app/bulk ↔ app/resource', 'cli/commands ↔ cli/resource']);
    // A file in a folder and a file in its subfolder import each other: no tie between folders (a cycle of files would be).
    expect(folderCycles([
      edge('cli/session.ts', 'cli/commands/a.ts'),
      edge('cli/commands/a.ts', 'cli/session.ts'),
    ])).toEqual([]);
    expect(findCycle([
      { from: 'a.ts', to: 'b.ts', typeOnly: false, lazy: false },
      { from: 'b.ts', to: 'a.ts', typeOnly: true, lazy: false },
    ])).toBe('a.ts → b.ts → a.ts');
    expect([...loadedWith([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), { ...edge('c.ts', 'd.ts'), lazy: true }, { ...edge('a.ts', 'e.ts'), typeOnly: true }], ['a.ts'])]).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(untested(['app/a.ts', 'app/b/c.ts', 'cli/d.ts'], new Set(['app/a.ts']), 'app/')).toEqual(['app/b/c.ts']);
    expect(testedModules().has('app/factory.ts')).toBe(true);
    // A command that imports the data layer or the API, statically, by type or lazily, is caught; the wiring is not.
    expect(cliBelowApp([
      edge('cli/commands/x.ts', 'data/calendar.ts'),
      { ...edge('cli/resource/y.ts', 'api/resource-api.ts'), typeOnly: true },
      { ...edge('cli/z.ts', 'data/catalog.ts'), lazy: true },
      edge('cli/factory/index.ts', 'data/catalog.ts'),
      edge('cli/commands/x.ts', 'app/factory.ts'),
    ])).toEqual(['cli/commands/x.ts → data/calendar.ts', 'cli/resource/y.ts → api/resource-api.ts', 'cli/z.ts → data/catalog.ts']);
    expect(layerOf('output/printer.ts') < layerOf('cli/context.ts')).toBe(true);
    expect(layerOf('config/settings.ts') < layerOf('api/client.ts')).toBe(true);
    expect(layerOf('api/client.ts') < layerOf('output/format.ts')).toBe(true);
  });
});
