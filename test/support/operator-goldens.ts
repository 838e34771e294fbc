/**
 * The operator's goldens (test/fixtures/operator-goldens: one `.yaml` file per ConfigYAML block of
 * ../shared/docs/operator-rules.md Appendix A and B, and `index.json` with each golden's input spec,
 * base config, hash, counts and env vars) and the helpers the ports of the operator's
 * `pkg/config/*_test.go` share.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { LlamaStackConfigError } from '../../src/core/errors';
import { deepFreeze, JsonObject, JsonValue } from '../../src/core/json';
import { deepCopy } from '../../src/core/json-convert';
import { ConfigGenerator, GeneratedConfig, GenerateOptions } from '../../src/generate/operator/config-generator';
import { SecretEnvVar } from '../../src/spec/secret-env';
import { LlamaStackDistributionSpec, ProvidersSpec } from '../../src/spec/spec';
import { readBaseConfig } from '../../src/yaml/parse';

export const GOLDEN_DIR = path.join(__dirname, '..', 'fixtures', 'operator-goldens');

export type BaseRef = { embedded: string } | { inline: string };

export interface PipelineGolden {
  readonly section: string;
  readonly name: string;
  readonly file: string;
  readonly base: BaseRef;
  readonly spec: LlamaStackDistributionSpec;
  readonly hash: string;
  readonly providerCount: number;
  readonly resourceCount: number;
  readonly configVersion: number;
  readonly envVars: SecretEnvVar[];
}

export interface ErrorGolden {
  readonly section: string;
  readonly name: string;
  readonly base: BaseRef;
  readonly spec: LlamaStackDistributionSpec;
  readonly error: string;
  readonly note?: string;
}

export interface GoldenIndex {
  readonly pipeline: PipelineGolden[];
  readonly errors: ErrorGolden[];
  /** `A.1x <Go subtest>` → fixture file, or `{error}` / `{value}` for goldens without YAML. */
  readonly steps: Record<string, string | { error?: string; value?: string }>;
  /** A.14: `<Go subtest>` → JSON of the collected []EnvVar (`null` for a nil slice). */
  readonly envVars: Record<string, SecretEnvVar[] | null>;
}

export const INDEX: GoldenIndex = JSON.parse(fs.readFileSync(path.join(GOLDEN_DIR, 'index.json'), 'utf8'));

export function readFixture(file: string): string {
  return fs.readFileSync(path.join(GOLDEN_DIR, file), 'utf8');
}

/** The YAML golden of an A.10–A.13 subtest. */
export function stepGolden(key: string): string {
  const ref = INDEX.steps[key];
  if (typeof ref !== 'string') throw new Error(`no YAML golden for ${key}`);
  return readFixture(ref);
}

/** The operator's error text of an A.11/A.12 subtest. */
export function stepError(key: string): string {
  const ref = INDEX.steps[key];
  if (typeof ref === 'string' || ref.error === undefined) throw new Error(`no error golden for ${key}`);
  return ref.error;
}

export function pipelineGolden(section: string): PipelineGolden {
  const g = INDEX.pipeline.find((x) => x.section === section);
  if (!g) throw new Error(`no golden ${section}`);
  return g;
}

export function errorGolden(section: string): ErrorGolden {
  const g = INDEX.errors.find((x) => x.section === section);
  if (!g) throw new Error(`no error golden ${section}`);
  return g;
}

export function optionsFor(base: BaseRef): GenerateOptions {
  return 'inline' in base ? { baseConfigYaml: base.inline } : {};
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * A deep copy through JSON. (Not `structuredClone`: under jest it returns objects of the outer
 * realm, whose prototype is not this realm's `Object.prototype`, and the library accepts
 * only plain objects in `settings`.)
 */
export function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

/** Runs `generate` on a frozen copy of the spec and checks the spec was not touched. */
export function generate(spec: LlamaStackDistributionSpec, options?: GenerateOptions): GeneratedConfig {
  const before = clone(spec);
  const frozen = deepFreeze(clone(spec));
  const result = ConfigGenerator.generate(frozen, options);
  expect(frozen).toEqual(before);
  return result;
}

/** Expects `fn` to throw a `LlamaStackConfigError` and returns it. */
export function configError(fn: () => unknown): LlamaStackConfigError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return e as LlamaStackConfigError;
  }
  throw new Error('expected a LlamaStackConfigError, but nothing was thrown');
}

/** Parses generated YAML back into a plain value, to make the Go tests' structural assertions. */
export function parsed(configYaml: string): any {
  return readBaseConfig(configYaml);
}

/** A config to hand to a mutating step (readBaseConfig already returns a copy; copying again is harmless). */
export function mutableConfig(text: string): JsonObject {
  return (deepCopy(readBaseConfig(text)) ?? {}) as JsonObject;
}

export function settingsMap(providers: ProvidersSpec): Map<string, JsonValue | undefined> {
  const out = new Map<string, JsonValue | undefined>();
  for (const field of ['inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry'] as const) {
    (providers[field] ?? []).forEach((p, i) => out.set(`${field}[${i}]`, p.settings));
  }
  return out;
}

export const STARTER = { distribution: { name: 'starter' } };
export const SECRET = (name: string, key: string) => ({ name, key });
