/**
 * The TypeScript examples of the Markdown documentation, taken from the text itself: a fenced `ts`
 * block right after an `<!-- example: NAME -->` comment (other comment lines, such as a
 * `<!-- walkthrough: … -->` marker, may sit between them). Each is type-checked against `src/`
 * with the project's compiler options, then compiled and run with `cdk8s-llama-stack` mapped to
 * the library, as a user's app would run it.
 *
 * An example that creates its own `App` is a whole app and runs as written (it calls
 * `app.synth()` itself). Any other is a snippet in a chart: it keeps its own imports and runs after
 *   import { App, Chart } from 'cdk8s';
 *   import { <the library names it uses and does not import> } from 'cdk8s-llama-stack';
 *   import * as kplus from 'cdk8s-plus-28';   // when it uses kplus. without importing it
 *   const app = new App();
 *   const chart = new Chart(app, 'llama-stack', { namespace: 'ai' });
 * and before `app.synth();`.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import * as YAML from 'yaml';
import * as lib from '../../src';

export const ROOT = path.join(__dirname, '..', '..');

const MARKER = /^<!-- example: ([\w.-]+) -->$/;

export interface DocExample {
  readonly name: string;
  /** The Markdown file, relative to the repository root. */
  readonly file: string;
  /** The 1-based line of the block's first code line in the Markdown file. */
  readonly line: number;
  /** The block's text, exactly as written. */
  readonly code: string;
}

/** Every marked example of a Markdown file (path relative to the repository root). */
export function docExamples(file: string): DocExample[] {
  const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const found: DocExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = MARKER.exec(lines[i]);
    if (!marker) {
      if (/^<!--\s*example/.test(lines[i])) throw new Error(`${file}:${i + 1}: not an example marker: ${lines[i]}`);
      continue;
    }
    let open = i + 1;
    while (open < lines.length && /^<!--.*-->$/.test(lines[open])) open++;
    if (!/^```(ts|typescript)$/.test(lines[open] ?? '')) throw new Error(`${file}:${i + 1}: the example marker must be followed by a fenced ts block`);
    const close = lines.findIndex((l, j) => j > open && l === '```');
    if (close < 0) throw new Error(`${file}:${open + 1}: unclosed fenced block`);
    found.push({ name: marker[1], file, line: open + 2, code: lines.slice(open + 1, close).join('\n') + '\n' });
    i = close;
  }
  return found;
}

/** Every marked example of README.md and docs/*.md. */
export function allDocExamples(): DocExample[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`);
  return ['README.md', ...docs].flatMap(docExamples);
}

interface Program {
  readonly text: string;
  /** Lines added before the example's own text. */
  readonly preludeLines: number;
}

function isWholeApp(example: DocExample): boolean {
  return /\bnew App\(/.test(example.code);
}

/** The names a block imports itself. */
function importedNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const m of code.matchAll(/^import\s+(?:\{([^}]*)\}|\*\s+as\s+(\w+)|(\w+))\s+from\s/gm)) {
    for (const n of (m[1] ?? m[2] ?? m[3]).split(',')) if (n.trim()) names.add(n.trim().split(/\s+as\s+/).pop()!);
  }
  return names;
}

/** The TypeScript program an example is: the block itself, or the block inside a chart. */
function programOf(example: DocExample): Program {
  if (isWholeApp(example)) return { text: example.code, preludeLines: 0 };
  const own = importedNames(example.code);
  const uses = (name: string) => !own.has(name) && new RegExp(`\\b${name}\\b`).test(example.code);
  const names = Object.keys(lib).filter(uses).sort();
  const prelude = [
    "import { App, Chart } from 'cdk8s';",
    ...(names.length > 0 ? [`import { ${names.join(', ')} } from 'cdk8s-llama-stack';`] : []),
    ...(uses('kplus') ? ["import * as kplus from 'cdk8s-plus-28';"] : []),
    'const app = new App();',
    "const chart = new Chart(app, 'llama-stack', { namespace: 'ai' });",
  ];
  return { text: prelude.join('\n') + '\n' + example.code + 'app.synth();\n', preludeLines: prelude.length };
}

function virtualPath(example: DocExample): string {
  return path.join(ROOT, 'test', 'doc-examples', `${example.file.replace(/[/.]/g, '_')}-${example.name}.ts`);
}

/**
 * Type-checks examples as the project's own code is checked (test/tsconfig.json, strict; unused
 * imports aside), with
 * `cdk8s-llama-stack` resolved to src/. The programs live in memory only. Returns each
 * diagnostic as `FILE.md:LINE: message`.
 */
export function typeErrors(examples: DocExample[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'test', 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); },
  });
  if (!config) throw new Error('test/tsconfig.json: cannot be read');
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: true,
    // A snippet may import more than it shows in use (a guide's imports cover its whole page).
    noUnusedLocals: false,
    paths: { 'cdk8s-llama-stack': [path.join(ROOT, 'src', 'index.ts')] },
  };
  const programs = new Map(examples.map((e) => [virtualPath(e), { example: e, program: programOf(e) }]));
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const p = programs.get(path.resolve(fileName));
    return p ? ts.createSourceFile(fileName, p.program.text, languageVersion, true) : getSourceFile(fileName, languageVersion, ...rest);
  };
  host.fileExists = (fileName) => programs.has(path.resolve(fileName)) || fileExists(fileName);
  host.readFile = (fileName) => programs.get(path.resolve(fileName))?.program.text ?? readFile(fileName);
  const program = ts.createProgram([...programs.keys()], options, host);
  const errors: string[] = [];
  for (const [fileName, { example, program: p }] of programs) {
    const source = program.getSourceFile(fileName)!;
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line - p.preludeLines;
      errors.push(`${example.file}:${example.line + Math.max(line, 0)} (example ${example.name}): ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
  }
  return errors;
}

/**
 * Compiles an example and runs it in a scratch directory, with `cdk8s-llama-stack` resolving to
 * `library` (the library, or the library with a construct replaced). Returns the objects of
 * every `*.k8s.yaml` file it wrote under dist/, in file order.
 */
export function runDocExample(example: DocExample, library: object): any[] {
  const { text } = programOf(example);
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: virtualPath(example),
    reportDiagnostics: true,
  });
  if (js.diagnostics?.length) {
    throw new Error(`${example.file}:${example.line} (example ${example.name}): ${js.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`);
  }
  const load = (id: string): unknown => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return id === 'cdk8s-llama-stack' ? library : require(id);
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `doc-example-${example.name}-`));
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const module = { exports: {} };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('require', 'module', 'exports', js.outputText)(load, module, module.exports);
  } catch (e) {
    throw new Error(`${example.file}:${example.line} (example ${example.name}) fails: ${(e as Error).message}`);
  } finally {
    process.chdir(cwd);
  }
  const out = path.join(dir, 'dist');
  return fs.readdirSync(out).filter((f) => f.endsWith('.k8s.yaml')).sort()
    .flatMap((f) => YAML.parseAllDocuments(fs.readFileSync(path.join(out, f), 'utf8')).map((d) => d.toJS()));
}
