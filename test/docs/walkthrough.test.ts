/**
 * The walk-through: the README's tsconfig.json (what `npm run smoke-package` writes)
 * compiles a subclassed Chart to a real class (ES2022; ts-node's default ES5 makes
 * `class MyChart extends Chart` fail at run time), and has Node's types for `fs` examples.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const README = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');

function block(marker: string): string {
  const at = README.indexOf(`<!-- walkthrough: ${marker} -->`);
  expect(at).toBeGreaterThanOrEqual(0);
  const m = /```\w*\n([\s\S]*?)\n```/.exec(README.slice(at));
  return m![1];
}

test('the walk-through installs @types/node and its tsconfig targets ES2022 with Node types', () => {
  expect(README).toMatch(/npm install --save-dev cdk8s-cli ts-node typescript@~6\.0 @types\/node/);
  const options = JSON.parse(block('file tsconfig.json')).compilerOptions;
  expect(options).toMatchObject({ target: 'ES2022', types: ['node'], module: 'node16' });
});

test('main.ts subclasses Chart, and the README tsconfig keeps it a class (ES5 would not)', () => {
  const main = block('file main.ts');
  expect(main).toMatch(/class \w+ extends Chart/);
  const options = JSON.parse(block('file tsconfig.json')).compilerOptions;
  const compile = (target: ts.ScriptTarget) => ts.transpileModule(main, { compilerOptions: { module: ts.ModuleKind.CommonJS, target } }).outputText;
  expect(compile(ts.ScriptTarget.ES2022)).toMatch(/class LlamaChart extends cdk8s_1\.Chart/);
  expect(compile(ts.ScriptTarget.ES5)).not.toMatch(/class LlamaChart/); // the failure the issue reports
  expect(options.target).toBe('ES2022');
});

test('README.md stays within 250 lines', () => {
  expect(README.split('\n').length).toBeLessThanOrEqual(250);
});
