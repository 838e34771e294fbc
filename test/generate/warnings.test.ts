/**
 * The warnings channel: legal but probably unintended props are warnings, exposed by the
 * construct, printed to stderr once per synth, and errors with `strict`.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution } from '../../src/distribution';
import { generateTargetConfig } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';

const WARNING = 'props.disabledApis[0]: the base config has no telemetry API, so disabling it changes nothing';

function stderrOf(fn: () => void): string {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    fn();
    return spy.mock.calls.map((c) => String(c[0])).join('');
  } finally {
    spy.mockRestore();
  }
}

test('the construct and the generator expose warnings', () => {
  const d = new LlamaStackDistribution(new Chart(new App(), 'c'), 'llama', { disabledApis: ['telemetry'] });
  expect(d.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([WARNING]);
  expect(d.warnings[0].fix).toBe('remove "telemetry" from disabled');
  const r = generateTargetConfig({ distribution: { name: 'starter' }, disabled: ['telemetry'] }, ServerTarget.LLAMA_STACK_0_7);
  // The generator reads a spec: the same warning at the spec path.
  expect(r.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([WARNING.replace('props.disabledApis', 'spec.disabled')]);
});

test('warnings print to stderr once per synth, not at construction', () => {
  const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'warn-')) });
  const chart = new Chart(app, 'c');
  const constructed = stderrOf(() => new LlamaStackDistribution(chart, 'llama', { disabledApis: ['telemetry'] }));
  expect(constructed).toBe('');
  const synthesized = stderrOf(() => app.synth());
  expect(synthesized).toBe(`warning: c/llama: ${WARNING} — remove "telemetry" from disabled\n`);
});

test('no warnings, nothing printed', () => {
  const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'warn-')) });
  new LlamaStackDistribution(new Chart(app, 'c'), 'llama', {});
  expect(stderrOf(() => app.synth())).toBe('');
});

test('strict turns warnings into errors, with every warning listed', () => {
  try {
    new LlamaStackDistribution(new Chart(new App(), 'c'), 'llama', { disabledApis: ['telemetry', 'agents'], strict: true });
    throw new Error('accepted');
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    expect((e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `${WARNING} (an error with strict)`,
      'props.disabledApis[1]: the base config has no agents API, so disabling it changes nothing (an error with strict)',
    ]);
  }
  expect(() => new LlamaStackDistribution(new Chart(new App(), 'd'), 'llama', { strict: true })).not.toThrow();
});

test('LlamaStackConfigError is importable from the package root', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const root = require('../../src');
  expect(root.LlamaStackConfigError).toBe(LlamaStackConfigError);
  expect(() => new LlamaStackDistribution(new Chart(new App(), 'e'), 'Bad_Name')).toThrow(root.LlamaStackConfigError);
});
