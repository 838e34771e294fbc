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
import { ConfigProblem, LlamaStackConfigError } from '../../core/errors';
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
import { readBaseConfigSharedOutcome } from '../../yaml/parse';

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

/** The base config text: the given one, or the operator's embedded config of `spec.distribution.name`. */
function baseConfigText(spec: LlamaStackDistributionSpec, options: GenerateOptions):
{ readonly text: string } | { readonly problems: ConfigProblem[] } {
  if (options.baseConfigYaml !== undefined) return { text: options.baseConfigYaml };
  const name = spec.distribution?.name;
  if (name === undefined) {
    return {
      problems: [{
        path: 'spec.distribution',
        message: 'no base config: a distribution given by image has no embedded config',
        fix: 'set spec.distribution.name to an embedded distribution, or pass baseConfigYaml with the image\'s config',
      }],
    };
  }
  return embeddedBaseConfig(name);
}

/** The base config's version and its map (shared and frozen), or the problem of reading it. */
function readBase(text: string): { readonly base: JsonObject; readonly configVersion: number } | { readonly problems: ConfigProblem[] } {
  const read = readBaseConfigSharedOutcome(text);
  if ('error' in read) return { problems: [{ path: 'baseConfig', message: read.error, fix: 'pass a YAML or JSON mapping with version: 2' }] };
  const version = detectConfigVersion(read.value);
  if ('problems' in version) return version;
  // A config with a version is a mapping.
  return { base: read.value!, configVersion: version.version };
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

/** What the operator pipeline made: the config, or every problem that stopped it. */
export type GeneratedConfigOutcome = { readonly config: GeneratedConfig } | { readonly problems: ConfigProblem[] };

/**
 * The pipeline on a spec already read (a JSON snapshot, this call's own: `snapshotSpec`) and
 * checked options: the config, or the problems that stopped it, returned (nothing is thrown).
 * A stage that finds problems stops the pipeline there, as the operator's does; the spec check
 * and the resources list all of theirs, the provider overlay its first (as the operator's).
 * `ConfigGenerator.generate` throws them, once.
 */
export function generateOperatorConfig(spec: LlamaStackDistributionSpec, opts: GenerateOptions): GeneratedConfigOutcome {
  // The operator writes plaintext credentials into the ConfigMap, and its conformance data has
  // them (settings.api_key): accepted here, never quoted; the constructs and the CLI refuse them.
  const problems = validateSpec(spec, { hasBaseConfig: opts.baseConfigYaml !== undefined, allowPlaintextCredentials: true });
  if (problems.length === 0) problems.push(...serverOnlyFields(spec));
  if (problems.length > 0) return { problems };
  const settings = providerSettings(spec);

  const text = baseConfigText(spec, opts);
  if ('problems' in text) return text;
  const read = readBase(text.text);
  if ('problems' in read) return read;
  const { base, configVersion } = read;
  // The operator merges into a copy of the base; here the base is shared and frozen, and each
  // stage writes into copies of what it changes (core/writable-json.ts).
  const merged = shallowCopy(base);
  if (spec.providers) {
    const providerProblems = applyProviders(merged, spec.providers, settings);
    if (providerProblems.length > 0) return { problems: providerProblems };
  }
  if (spec.storage) applyStorage(merged, spec.storage);
  if (spec.disabled) applyDisabled(merged, spec.disabled);

  let resourceCount = 0;
  if (spec.resources) {
    const { entries, problems: resourceProblems } = expandResources(spec.resources, spec.providers, merged, {
      rejectUnknownModelProviders: opts.rejectUnknownModelProviders === true,
    });
    if (resourceProblems.length > 0) return { problems: resourceProblems };
    resourceCount = entries.length;
    appendResources(merged, entries);
  }

  const { envVars, paths } = collectSecretEnvVars(spec);
  const collisions = envNameCollisions(envVars, paths);
  if (collisions.length > 0) return { problems: collisions };

  if (opts.serverTlsDir) setServerTls(merged, opts.serverTlsDir);
  const configYaml = emitYaml(merged);
  return {
    config: {
      configYaml,
      contentHash: sha256Hex(configYaml),
      envVars,
      providerCount: countProviders(merged),
      resourceCount,
      configVersion,
    },
  };
}

/** Generates config.yaml from a v1alpha2 spec, exactly as the operator's pipeline does. */
export class ConfigGenerator {
  /**
   * Runs the pipeline. Throws `LlamaStackConfigError` listing every problem for bad input.
   * @param spec the v1alpha2 `LlamaStackDistribution.spec` (JSON shape)
   * @param options base config override
   */
  public static generate(spec: LlamaStackDistributionSpec, options?: GenerateOptions): GeneratedConfig {
    // The boundary: the spec is read once as JSON, the options are checked.
    const outcome = generateOperatorConfig(snapshotSpec(spec), checkedOptions<GenerateOptions>(GENERATE_OPTIONS, options));
    // The edge: the problems are said once, thrown.
    if ('problems' in outcome) throw new LlamaStackConfigError(outcome.problems);
    return outcome.config;
  }

  private constructor() {}
}
