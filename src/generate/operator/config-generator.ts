/**
 * The operator's v1alpha2 config pipeline: validate the spec, read the base config, overlay
 * providers, apply storage and disabled APIs, register resources, collect secret env vars, and
 * write config.yaml byte for byte as the operator would.
 */
import * as crypto from 'crypto';
import { createHash } from 'crypto';
import { detectConfigVersion } from './config-version';
import { applyDisabled } from './disabled-apis';
import { applyProviders, countProviders } from './provider-overlay';
import { appendResources, expandResources } from './resource-expansion';
import { applyStorage } from './stores';
import { checkedOptions } from '../../core/checked';
import { ConfigProblem, fail, LlamaStackConfigError } from '../../core/errors';
import { JsonObject, JsonValue, setOwn } from '../../core/json';
import { bool, str, struct } from '../../core/shape';
import { mapOf, shallowCopy } from '../../core/writable-json';
import { embeddedBaseConfig } from '../../releases/embedded-configs';
import { PROVIDER_APIS } from '../../spec/apis';
import { collectSecretEnvVars, envNameCollisions, SecretEnvVar } from '../../spec/secret-env';
import { serverOnlyFields } from '../../spec/server-extensions';
import { LlamaStackDistributionSpec } from '../../spec/spec';
import { snapshotSpec } from '../../spec/spec-snapshot';
import { validateSpec } from '../../spec/validate-spec';
import { emitYaml } from '../../yaml/emit';
import { readBaseConfigShared, YamlReadError } from '../../yaml/parse';

/** Options for `ConfigGenerator.generate`. */
export interface GenerateOptions {
  /**
   * Base config text (YAML or JSON).
   * @default - the operator's embedded config named by `spec.distribution.name`
   */
  readonly baseConfigYaml?: string;
  /**
   * Fail when a model's `provider` names no configured provider (user or base). The operator
   * registers such a model as `remote::<id>`, which no server accepts; the constructs turn this on.
   * @default false (operator behaviour, as the conformance data records it)
   */
  readonly rejectUnknownModelProviders?: boolean;
  /**
   * Directory holding `tls.crt` and `tls.key` for the server to serve HTTPS; written as
   * `server.tls_certfile` / `server.tls_keyfile`. The operator pipeline has no such step.
   * @default - no TLS settings written
   */
  readonly serverTlsDir?: string;
}

/** What the pipeline produces. */
export interface GeneratedConfig {
  /** The config.yaml text. */
  readonly configYaml: string;
  /** Lowercase hex SHA-256 of `configYaml`. */
  readonly contentHash: string;
  /** Secret-backed env vars the server needs, in the operator's order. */
  readonly envVars: SecretEnvVar[];
  /** Provider entries in the merged config. */
  readonly providerCount: number;
  /** Resources expanded from the spec (before dedup against the base). */
  readonly resourceCount: number;
  /** The base config's version. */
  readonly configVersion: number;
}

const HASH = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** SHA-256 of a string's UTF-8 bytes, lowercase hex. */
export function sha256Hex(text: string): string {
  // crypto.hash (Node 20.12+, one call) where there is one: the same digest, less overhead per call.
  return HASH !== undefined ? HASH('sha256', text, 'hex') : createHash('sha256').update(text, 'utf8').digest('hex');
}

function throwIfAny(problems: ConfigProblem[]): void {
  if (problems.length > 0) throw new LlamaStackConfigError(problems);
}

/**
 * Settings of every provider, keyed `<field>[<i>]`. The spec is already a JSON snapshot (its
 * settings are plain JSON, read once, every value JSON cannot hold already reported), and it is
 * this call's own copy: the settings are used as they are, not converted a second time.
 */
function providerSettings(spec: LlamaStackDistributionSpec): Map<string, JsonValue | undefined> {
  const out = new Map<string, JsonValue | undefined>();
  for (const { field } of PROVIDER_APIS) {
    const list = spec.providers?.[field] ?? [];
    for (let i = 0; i < list.length; i++) out.set(`${field}[${i}]`, list[i].settings as JsonValue | undefined);
  }
  return out;
}

function baseConfigText(spec: LlamaStackDistributionSpec, options: GenerateOptions): string {
  if (options.baseConfigYaml !== undefined) return options.baseConfigYaml;
  const name = spec.distribution?.name;
  if (name === undefined) {
    fail('spec.distribution', 'no base config: a distribution given by image has no embedded config',
      'set spec.distribution.name to an embedded distribution, or pass baseConfigYaml with the image\'s config');
  }
  return embeddedBaseConfig(name);
}

function readBase(text: string): JsonObject | null {
  try {
    return readBaseConfigShared(text);
  } catch (e) {
    if (e instanceof YamlReadError) fail('baseConfig', e.message, 'pass a YAML or JSON mapping with version: 2');
    throw e;
  }
}

function setServerTls(config: JsonObject, dir: string): void {
  const server = mapOf(config, 'server');
  setOwn(server, 'tls_certfile', `${dir}/tls.crt`);
  setOwn(server, 'tls_keyfile', `${dir}/tls.key`);
}

/** What `ConfigGenerator.generate` takes as options, checked at run time. */
const GENERATE_OPTIONS = struct('GenerateOptions', {
  baseConfigYaml: str('pass the base config text'),
  rejectUnknownModelProviders: bool(),
  serverTlsDir: str(),
});

/** Generates config.yaml from a v1alpha2 spec, exactly as the operator's pipeline does. */
export class ConfigGenerator {
  /**
   * Runs the pipeline. Throws `LlamaStackConfigError` listing every problem for bad input.
   * @param spec the v1alpha2 `LlamaStackDistribution.spec` (JSON shape)
   * @param options base config override
   */
  public static generate(spec: LlamaStackDistributionSpec, options?: GenerateOptions): GeneratedConfig {
    // The boundary: the spec is read once as JSON, the options are checked.
    spec = snapshotSpec(spec);
    const opts = checkedOptions<GenerateOptions>(GENERATE_OPTIONS, options);
    // The operator writes plaintext credentials into the ConfigMap, and its conformance data has
    // them (settings.api_key): accepted here, never quoted; the constructs and the CLI refuse them.
    const problems = validateSpec(spec, { hasBaseConfig: opts.baseConfigYaml !== undefined, allowPlaintextCredentials: true });
    if (problems.length === 0) problems.push(...serverOnlyFields(spec));
    throwIfAny(problems);
    const settings = providerSettings(spec);

    const base = readBase(baseConfigText(spec, opts));
    const configVersion = detectConfigVersion(base);
    // The operator merges into a copy of the base; here the base is shared and frozen, and each
    // stage writes into copies of what it changes (core/writable-json.ts).
    const merged = shallowCopy(base!);
    if (spec.providers) applyProviders(merged, spec.providers, settings);
    if (spec.storage) applyStorage(merged, spec.storage);
    if (spec.disabled) applyDisabled(merged, spec.disabled);

    let resourceCount = 0;
    if (spec.resources) {
      const { entries, problems: resourceProblems } = expandResources(spec.resources, spec.providers, merged, {
        rejectUnknownModelProviders: opts.rejectUnknownModelProviders === true,
      });
      throwIfAny(resourceProblems);
      resourceCount = entries.length;
      appendResources(merged, entries);
    }

    const { envVars, paths } = collectSecretEnvVars(spec);
    throwIfAny(envNameCollisions(envVars, paths));

    if (opts.serverTlsDir) setServerTls(merged, opts.serverTlsDir);
    const configYaml = emitYaml(merged);
    return {
      configYaml,
      contentHash: sha256Hex(configYaml),
      envVars,
      providerCount: countProviders(merged),
      resourceCount,
      configVersion,
    };
  }

  private constructor() {}
}
