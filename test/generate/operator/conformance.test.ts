/**
 * The operator's own pipeline output is the judge: every case of the conformance sets must give
 * the same config.yaml and hash (byte for byte), the same env vars (same order) and counts; cases
 * the operator rejected must be rejected.
 */
import * as fs from 'fs';
import * as path from 'path';
import { LlamaStackConfigError } from '../../../src/core/errors';
import { ConfigGenerator, GeneratedConfig } from '../../../src/generate/operator/config-generator';

const DIR = path.join(__dirname, '..', '..', 'fixtures', 'conformance');

interface Case { name: string; spec: any; baseConfigYaml?: string }
interface Expected extends Partial<GeneratedConfig> { name: string; error?: string }

function load(set: string): [Case, Expected][] {
  const cases: Case[] = JSON.parse(fs.readFileSync(path.join(DIR, `${set}.cases.json`), 'utf8'));
  const expected = new Map<string, Expected>(
    (JSON.parse(fs.readFileSync(path.join(DIR, `${set}.expected.json`), 'utf8')) as Expected[]).map((e) => [e.name, e]),
  );
  return cases.map((c) => [c, expected.get(c.name)!]);
}

function run(c: Case): GeneratedConfig {
  return ConfigGenerator.generate(c.spec, c.baseConfigYaml === undefined ? undefined : { baseConfigYaml: c.baseConfigYaml });
}

describe.each(['public-realistic', 'public-adversarial'])('%s', (set) => {
  const pairs = load(set);

  test('the set is complete', () => {
    expect(pairs.length).toBeGreaterThan(280);
    expect(pairs.every(([, e]) => e !== undefined)).toBe(true);
  });

  const ok = pairs.filter(([, e]) => e.error === undefined);
  const failing = pairs.filter(([, e]) => e.error !== undefined);

  test.each(ok.map(([c, e]) => [c.name, c, e] as const))('%s is identical', (_name, c, e) => {
    const got = run(c);
    expect(got.configYaml).toBe(e.configYaml);
    expect(got.contentHash).toBe(e.contentHash);
    expect(got.envVars).toEqual(e.envVars ?? []);
    expect(got.providerCount).toBe(e.providerCount);
    expect(got.resourceCount).toBe(e.resourceCount);
    expect(got.configVersion).toBe(e.configVersion);
  });

  test.each(failing.map(([c, e]) => [c.name, c, e] as const))('%s fails as the operator did', (_name, c, e) => {
    let err: unknown;
    try {
      run(c);
    } catch (x) {
      err = x;
    }
    expect(err).toBeInstanceOf(LlamaStackConfigError);
    // Same meaning: the operator's message (its first clause) appears in ours.
    const gist = e.error!.split(': ').slice(0, 2).join(': ');
    expect((err as Error).message).toContain(gist);
  });
});
