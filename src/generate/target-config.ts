/**
 * The operator's rules (overlay by provider id, secrets as env vars, resource defaults, disabled
 * APIs, storage) written in the schema a real server line reads, then checked by the start-up
 * model of that release. Each stage lives in its own module:
 * base-config (and image-release) → providers → external-providers → storage → disabled-apis → resources →
 * vector-stores → server → auth (→ vector-metadata-store) → startup-check.
 */
import { applyAuth, authSecretEnvVars } from './auth-config';
import { keepWhatTheReleaseReads, loadBaseConfig } from './base-config';
import { applyConnectors } from './connectors';
import { containerApiProblems } from './container-apis';
import { applyDisabled, checkRemovedApis } from './disabled-apis';
import { applyExternalProviders } from './external-providers';
import { TargetGeneration } from './generation';
import { sha256Hex } from './operator/config-generator';
import { checkAllowedModels, checkPodWideNetwork } from './provider-network';
import { applyProviders, enabledProviderIds } from './providers';
import { applyModels, applyShields, checkTools } from './registered-resources';
import { applyServer, applyTenancy, ServerTlsSettings, TenancyOptions } from './server';
import { perPodStores, severalPods } from './shared-state';
import { checkGeneratedConfig } from './startup-check';
import { applyStoreQueues, applyStorage, applyVectorStoresStorage } from './storage-backends';
import { applyVectorMetadataStore } from './vector-metadata-store';
import { applyVectorStoreDefaults, checkVectorStoresHaveEmbedding, VectorStoreDefaults } from './vector-stores';
import { ServerAuth } from '../auth/server-auth';
import { checkedArgument, checkedOptions } from '../core/checked';
import { SERVER_TARGET, TARGET_CONFIG_OPTIONS } from '../core/entry-shapes';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { JsonObject } from '../core/json';
import { listOf, mapOf } from '../core/writable-json';
import { checkImageRelease } from '../releases/image-release';
import { containerEnv } from '../releases/pod-env';
import { ServerTarget } from '../releases/server-target';
import { collectSecretEnvVars, envNameCollisions, SecretEnvVar } from '../spec/secret-env';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { snapshotSpec } from '../spec/spec-snapshot';
import { validateSpec } from '../spec/validate-spec';
import type { Connector } from '../values/connector';
import type { StorageBackend } from '../values/storage-backend';
import { emitYaml } from '../yaml/emit';

export { effectiveBaseId } from './generation';

/** Options of `generateTargetConfig`. */
export interface TargetConfigOptions {
  /** Base config text of the image. @default - the target's shipped config of `spec.distribution.name` (starter) */
  readonly baseConfigYaml?: string;
  /** Directory with `tls.crt`/`tls.key` for serving HTTPS. @default - no TLS */
  readonly serverTlsDir?: string;
  /**
   * Server authentication and access rules, written as `server.auth` (its secrets become
   * `LLSD_AUTH_<FIELD>` env vars in `envVars`). Not part of the v1alpha2 spec.
   * @default - the base config's `server.auth`, if any
   */
  readonly auth?: ServerAuth;
  /**
   * Where the pod has `auth.caCertificate` (the provider's `tls_cafile`); mount it there.
   * @default "/etc/llama-stack/auth/ca.crt", where the constructs mount it
   */
  readonly authCaFile?: string;
  /**
   * Provider APIs (`inference`, `vector_io`…, or `*` for all) whose base-config providers the
   * spec's providers replace instead of overlaying them by id; resources and defaults that
   * pointed at a dropped provider go with it.
   * @default - overlay by id (plain APIs such as files are always replaced)
   */
  readonly replaceBaseProviders?: string[];
  /**
   * Defaults for new vector stores. The start-up model checks the provider is enabled.
   * @default - the first vectorIo provider and embedding model, else the base config's
   */
  readonly vectorStores?: VectorStoreDefaults;
  /**
   * Allow stores that live in the pod (SQLite, local vector indexes, local files) when more than
   * one pod can run: each replica then keeps its own models, conversations, files and vectors.
   * @default false - with several replicas (or autoscaling), each such store is an error
   */
  readonly allowPerPodState?: boolean;
  /**
   * Writable directories of the pod besides the data volume (for the start-up model's SQLite
   * path check).
   * @default - `/tmp` and `/.cache`, as the constructs mount them
   */
  readonly scratchDirs?: string[];
  /**
   * The TLS settings of a server that serves HTTPS (`serverTlsDir`): `server.tls_config.ciphers`
   * and `server.hsts_max_age` (OGX 1.2+; an error on other targets and without `serverTlsDir`).
   * @default - the release's (the six FIPS suites, one year)
   */
  readonly serverTls?: ServerTlsSettings;
  /**
   * Multi-tenancy isolation (`server.tenancy`, OGX 1.2+); `multi` needs an `auth` provider that
   * yields a tenant.
   * @default - none (the release's `disabled`)
   */
  readonly tenancy?: TenancyOptions;
  /**
   * MCP servers registered at start-up (`connectors`, e.g. `Connector.mcp({ id, url })`); a base
   * config's connector with the same id is replaced.
   * @default - the base config's (none in the shipped ones)
   */
  readonly connectors?: Connector[];
  /**
   * Where the `vector_stores` store lives (`storage.stores.vector_stores`, OGX 1.1+):
   * `StorageBackend.sqlite()` (its own file) or the postgres of `spec.storage.sql`.
   * @default - the base config's (none in the shipped ones; written on `sql_default` with access policies or tenancy multi)
   */
  readonly vectorStoresStorage?: StorageBackend;
  /**
   * Whether the image's entrypoint passes `--insecure` to the server (OGX 1.2.1+ release images
   * do; the Open Data Hub / OpenShift AI image does not). Without it, a server on plain HTTP gets
   * `server.insecure: true` on OGX 1.2+.
   * @default - what the target's release image does
   */
  readonly entrypointPassesInsecure?: boolean;
}

/** What a target generation produces. */
export interface TargetConfig {
  readonly configYaml: string;
  readonly contentHash: string;
  readonly envVars: SecretEnvVar[];
  readonly providerCount: number;
  readonly resourceCount: number;
  /** The distribution whose base config was used (`custom` for a given base). */
  readonly distribution: string;
  /**
   * What is legal but probably unintended (a disabled API the base does not have…), and what the
   * start-up model expects the release to log as warnings (none for a config this library writes).
   */
  readonly warnings: ConfigProblem[];
  /**
   * Directories the config names for data (a store's directory, a files provider's
   * `storage_dir`) that no volume of the pod holds, such as the RHOAI image's paths under its
   * home: the Deployment gives each a volume of its own.
   */
  readonly dataDirs: string[];
}

function countProviders(config: JsonObject): number {
  const providers = mapOf(config, 'providers');
  return Object.keys(providers).reduce((n, api) => n + listOf(providers, api).length, 0);
}

/** Secret env vars, as the operator collects them (a connection string has nowhere to go here). */
function secretEnvVars(spec: LlamaStackDistributionSpec): { envVars: SecretEnvVar[]; paths: string[] } {
  const { envVars, paths } = collectSecretEnvVars(spec);
  const keep = paths.map((p) => p !== 'spec.storage.sql.connectionString');
  return { envVars: envVars.filter((_, i) => keep[i]), paths: paths.filter((_, i) => keep[i]) };
}

function countResources(spec: LlamaStackDistributionSpec): number {
  return (spec.resources?.models?.length ?? 0) + (spec.resources?.shields?.length ?? 0);
}

/** What a target generation made: the config, or every problem that stopped it. */
export type TargetConfigOutcome = { readonly config: TargetConfig } | { readonly problems: ConfigProblem[] };

/**
 * Generates a config.yaml a real server of `target` accepts, or returns every problem (nothing is
 * thrown). `spec` must already be valid per the v1alpha2 rules (`validateSpec`). A base config
 * that cannot be used stops it; otherwise every stage's problems are listed together, and only a
 * config with none goes on to the start-up model, whose problems come with the per-pod stores'.
 */
export function generateTargetConfigOutcome(spec: LlamaStackDistributionSpec, target: ServerTarget,
  options: TargetConfigOptions = {}): TargetConfigOutcome {
  const g = new TargetGeneration(target);
  const base = loadBaseConfig(g, spec, options.baseConfigYaml);
  if ('problems' in base) return base;
  const { config, distribution } = base;
  g.distribution = distribution;
  // A tag set with withImageTag may be a release whose schema this target does not model.
  const image = checkImageRelease(target, target.imageTag);
  g.problems.push(...image.errors);
  g.warnings.push(...image.warnings);
  const fromSpec = secretEnvVars(spec);
  const fromAuth = authSecretEnvVars(options.auth);
  const envVars = [...fromSpec.envVars, ...fromAuth.envVars];
  const paths = [...fromSpec.paths, ...fromAuth.paths];
  const env = containerEnv(target, spec, envVars);
  keepWhatTheReleaseReads(g, config, distribution);
  applyProviders(g, config, spec, options.replaceBaseProviders ?? []);
  applyConnectors(g, config, options.connectors);
  applyExternalProviders(g, config, spec);
  applyStorage(g, config, spec, distribution, target.dataDir);
  applyVectorStoresStorage(g, config, spec, distribution, target.dataDir, options.vectorStoresStorage);
  applyStoreQueues(g, config, spec);
  applyDisabled(g, config, spec.disabled ?? [], env);
  checkRemovedApis(g, config);
  const models = applyModels(g, config, spec, env);
  checkAllowedModels(g, config, spec, models);
  checkPodWideNetwork(g, spec);
  applyShields(g, config, spec, env);
  checkTools(g, spec);
  applyVectorStoreDefaults(g, config, spec, models, options.vectorStores, enabledProviderIds(config, 'vector_io', env));
  checkVectorStoresHaveEmbedding(g, config, spec);
  applyServer(g, config, spec, options.serverTlsDir, options.serverTls, options.entrypointPassesInsecure);
  applyAuth(g, config, spec, options.auth, options.authCaFile);
  applyTenancy(g, config, options.tenancy);
  applyVectorMetadataStore(g, config);
  g.problems.push(...containerApiProblems(g.rules, config, env, (p) => g.specPathOf(p) ?? `config.${p}`));
  g.problems.push(...envNameCollisions(envVars, paths));
  if (g.problems.length > 0) return { problems: g.problems };
  const configYaml = emitYaml(config);
  const startup = checkGeneratedConfig(g, config, spec, env, {
    serverTlsDir: options.serverTlsDir,
    scratchDirs: options.scratchDirs ?? ['/tmp', '/.cache'],
    entrypointInsecure: options.entrypointPassesInsecure,
  });
  const many = options.allowPerPodState === true ? undefined : severalPods(spec);
  const perPod = many ? perPodStores(config, target, env, many) : [];
  if (startup.problems.length > 0 || perPod.length > 0) return { problems: [...startup.problems, ...perPod] };
  return {
    config: {
      configYaml,
      contentHash: sha256Hex(configYaml),
      envVars,
      providerCount: countProviders(config),
      resourceCount: countResources(spec),
      distribution,
      warnings: [...g.warnings, ...startup.warnings],
      dataDirs: startup.dataDirs,
    },
  };
}

/** `generateTargetConfigOutcome` said at an edge: throws `LlamaStackConfigError` listing every problem. */
export function generateTargetConfig(spec: LlamaStackDistributionSpec, target: ServerTarget, options: TargetConfigOptions = {}): TargetConfig {
  const outcome = generateTargetConfigOutcome(spec, target, options);
  if ('problems' in outcome) throw new LlamaStackConfigError(outcome.problems);
  return outcome.config;
}

/** Generates config.yaml for a real server line (the constructs' default path), from a v1alpha2 spec. */
export class TargetConfigGenerator {
  /**
   * Validates the spec (every CRD rule, with the release's API names for `disabled`) and writes
   * the config `target` reads, checked by the release's start-up model. Throws
   * `LlamaStackConfigError` listing every problem.
   */
  public static generate(spec: LlamaStackDistributionSpec, target: ServerTarget, options?: TargetConfigOptions): TargetConfig {
    // The boundary: the spec is read once as JSON, the target and options are checked.
    spec = snapshotSpec(spec);
    checkedArgument(SERVER_TARGET, target, 'target');
    const opts = checkedOptions<TargetConfigOptions>(TARGET_CONFIG_OPTIONS, options);
    const problems = validateSpec(spec, {
      hasBaseConfig: opts.baseConfigYaml !== undefined, disableableApis: target.disableableApis, kvPostgres: !target.isOperator,
    });
    const outcome: TargetConfigOutcome = problems.length > 0 ? { problems } : generateTargetConfigOutcome(spec, target, opts);
    // The edge: the problems are said once, thrown.
    if ('problems' in outcome) throw new LlamaStackConfigError(outcome.problems);
    return outcome.config;
  }

  private constructor() {}
}
