/**
 * The layers of docs/architecture.md, checked on the code's own imports (type imports included):
 * no import cycle among src/ files, and no import from a lower layer up to a higher one.
 */
import * as fs from 'fs';
import * as path from 'path';

const SRC = path.join(__dirname, '..', 'src');

/** The layer of a file, bottom first (docs/architecture.md's table). */
const LAYERS: [RegExp, number][] = [
  [/^core\//, 0],
  [/^imports\//, 0],
  [/^yaml\//, 1],
  [/^verify\//, 1],
  [/^kubernetes\//, 2],
  [/^spec\//, 3],
  [/^values\//, 4],
  [/^(providers|auth)\//, 5],
  [/^releases\//, 6],
  [/^generate\//, 7],
  [/^workload\//, 8],
  [/^distribution\//, 9],
  [/^interop\//, 10],
  [/^cli\//, 11],
  [/^index\.ts$/, 12],
];

function layerOf(file: string): number {
  const hit = LAYERS.find(([re]) => re.test(file));
  if (!hit) throw new Error(`${file} is in no layer of docs/architecture.md`);
  return hit[1];
}

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** The src/ files a file imports or re-exports from (relative specifiers only). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(SRC, file), 'utf8');
  const out = new Set<string>();
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']*)'/gm)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]));
    const candidates = [`${target}.ts`, `${target}/index.ts`];
    const found = candidates.find((c) => fs.existsSync(path.join(SRC, c)));
    if (!found) throw new Error(`${file}: cannot resolve ${m[1]}`);
    out.add(found);
  }
  return [...out];
}

const FILES = sourceFiles();
const GRAPH = new Map(FILES.map((f) => [f, importsOf(f)]));

test('every src/ file is in a layer, and the graph is read', () => {
  expect(FILES.length).toBeGreaterThan(100);
  for (const f of FILES) layerOf(f);
  expect(GRAPH.get('distribution/planner.ts')).toContain('core/errors.ts');
});

/** `a -> b` for each import from a lower layer up to a higher one. */
function upwardImports(graph: Map<string, string[]>): string[] {
  const upward: string[] = [];
  for (const [file, deps] of graph) {
    for (const dep of deps) if (layerOf(dep) > layerOf(file)) upward.push(`${file} -> ${dep}`);
  }
  return upward;
}

/** Import cycles: Tarjan's strongly connected components of two or more files (or a self-import). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return cycles;
}

test('no import runs from a lower layer up to a higher one', () => {
  expect(upwardImports(GRAPH)).toEqual([]);
});

test('no import cycle', () => {
  expect(importCycles(GRAPH)).toEqual([]);
});

test('the checks find an upward import and a cycle when there is one', () => {
  const bad = new Map([
    ['generate/a.ts', ['workload/b.ts']],
    ['workload/b.ts', ['generate/a.ts']],
    ['core/c.ts', []],
  ]);
  expect(upwardImports(bad)).toEqual(['generate/a.ts -> workload/b.ts']);
  expect(importCycles(bad)).toEqual([['generate/a.ts', 'workload/b.ts']]);
});

test('no hand-written source file is over 600 lines (src/ but the generated imports, scripts/, bench/)', () => {
  const root = path.join(SRC, '..');
  const scripts = ['scripts', 'bench'].flatMap((d) => fs.readdirSync(path.join(root, d)).filter((f) => /\.(py|js|sh)$/.test(f)).map((f) => `${d}/${f}`));
  const files = [...FILES.filter((f) => !f.startsWith('imports/')).map((f) => `src/${f}`), ...scripts];
  expect(files).toContain('scripts/target-data.py');
  const long = files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8').split('\n').length] as const).filter(([, n]) => n > 600);
  expect(long).toEqual([]);
});
