/**
 * Checks a v1alpha2 `LlamaStackDistribution.spec` the way the Kubernetes API server would
 * (the CRD's OpenAPI schema and CEL rules), with the CRD's bugs fixed to their intent (see
 * ../shared/docs/design.md, "Deliberate deviations"), plus unknown-field and value sanity checks that
 * protect the config pipeline.
 *
 * The walk follows a fixed schema, so it never recurses into free-form data (`settings`,
 * Kubernetes-typed passthrough objects): any input, however deep or large, is checked in time
 * proportional to the schema-shaped part of it, and no input makes it throw.
 */
import { CredentialCtx, envCredentialRules, externalProviderCredentialRules, providerCredentialRules } from './credential-scan';
import { EXTERNAL_PROVIDER_APIS } from './external-providers';
import { checkSchema, embeddedSchema, EmbeddedType } from './schema-check';
import { POSTGRES_TLS, PROVIDER_NETWORK, providerNetworkRules } from './validate-network';
import { SECRET_KEY_REF, STORAGE } from './validate-storage';
import { closest } from '../core/closest';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { childPath, indexPath } from '../core/path';
import { ProblemList } from '../core/problems';
import * as t from '../core/struct-check';
import {
  anything, bool, checkList, checkString, checkStruct, describe, get, has, int, intOrPercent, list, mapOf, nonEmptyIfSet, Obj, quantity,
  report, show, str, struct, typeProblem,
} from '../core/struct-check';

/** Options for `validateSpec`. */
export interface ValidateSpecOptions {
  /**
   * A base config is supplied separately, so `distribution` may be left out.
   * @default false
   */
  readonly hasBaseConfig?: boolean;
  /**
   * API names `disabled` accepts: a server release's own names instead of the CRD's nine.
   * @default - the v1alpha2 CRD's names
   */
  readonly disableableApis?: string[];
  /**
   * Accept credentials written in plain text: credential keys in `settings` (`api_key`,
   * `password`, `token`…), URLs with a password or a credential query parameter, a postgres host
   * with a password. The operator pipeline writes them into the ConfigMap, and its conformance
   * data has them (`ConfigGenerator` sets this); everything that renders objects refuses them.
   * Either way, no message quotes them.
   * @default false
   */
  readonly allowPlaintextCredentials?: boolean;
  /**
   * `storage.kv.type: postgres` is accepted (server targets write `kv_postgres`); the v1alpha2
   * API, and so the operator pipeline, has no postgres key-value store.
   * @default false
   */
  readonly kvPostgres?: boolean;
}

/**
 * Returns every problem found in `spec` (empty when valid), in a stable order: the spec is
 * walked in schema order, and each object's own checks come before its fields' checks.
 */
export function validateSpec(spec: unknown, options?: ValidateSpecOptions): ConfigProblem[] {
  const ctx: Ctx = {
    hasBaseConfig: options?.hasBaseConfig === true,
    disableable: options?.disableableApis ?? DISABLEABLE_APIS,
    allowPlaintextCredentials: options?.allowPlaintextCredentials === true,
    kvPostgres: options?.kvPostgres === true,
    idOwners: new Map(),
    problems: new ProblemList(MAX_PROBLEMS),
  };
  try {
    if (spec === undefined || spec === null) {
      report(ctx, ROOT, 'Required value', 'pass the LlamaStackDistribution spec object, e.g. {distribution: {name: "starter"}}');
    } else {
      collectIdOwners(spec, ctx);
      checkStruct(SPEC, spec, ROOT, ctx);
    }
  } catch (e) {
    // Belt and braces: the walk is written not to throw, but a caller must never see a TypeError.
    report(ctx, ROOT, `could not be validated: ${String(e)}`, 'pass a plain JSON object as the spec');
  }
  return ctx.problems.finish(ROOT);
}


// ---------------------------------------------------------------------------------------------
// Plumbing (the walk is core/struct-check.ts)

type Check = t.Check<Ctx>;
type Rule = t.Rule<Ctx>;
type Shape = t.StructShape<Ctx>;

interface Ctx extends CredentialCtx {
  readonly hasBaseConfig: boolean;
  /** Names `disabled` accepts. */
  readonly disableable: readonly string[];
  /** The first provider using each effective id, across all five lists (its path is built only for a problem). */
  readonly idOwners: Map<string, ProviderPlace>;
  /** `storage.kv.type: postgres` is accepted (server targets). */
  readonly kvPostgres: boolean;
}

const ROOT = 'spec';

/** A bound on the list, so a huge garbage input cannot make a huge answer. */
const MAX_PROBLEMS = 1000;

// ---------------------------------------------------------------------------------------------
// Embedded Kubernetes types

/** A core/v1 type the CRD embeds, checked against the CRD's schema for it (types, required, unknown fields). */
function embedded(type: EmbeddedType): Check {
  return (v, path, ctx) => {
    if (!isObject(v)) return typeProblem(ctx, path, 'object', v);
    for (const p of checkSchema(embeddedSchema(type), v, path).problems) report(ctx, p.path, p.message, p.fix ?? '');
  };
}

function embeddedList(type: EmbeddedType): Check {
  return list(embedded(type), { minItems: 1 });
}

// ---------------------------------------------------------------------------------------------
// Schema: providers

/** API names as `disabled` spells them, and the matching `providers` field, in schema order. */
const PROVIDER_APIS: ReadonlyArray<readonly [string, string]> = [
  ['inference', 'inference'],
  ['safety', 'safety'],
  ['vector_io', 'vectorIo'],
  ['tool_runtime', 'toolRuntime'],
  ['telemetry', 'telemetry'],
  // Library extensions: the server releases' other provider APIs (server targets only).
  ['files', 'files'],
  ['file_processors', 'fileProcessors'],
  ['responses', 'responses'],
  ['batches', 'batches'],
  ['messages', 'messages'],
  ['interactions', 'interactions'],
  ['skills', 'skills'],
];

const DISABLEABLE_APIS = ['agents', 'datasetio', 'eval', 'inference', 'safety', 'scoring', 'telemetry', 'tool_runtime', 'vector_io'];


const PROVIDER: Shape = {
  fields: [
    { name: 'id', check: str() },
    { name: 'provider', check: str({ minLength: 1, hint: 'the provider type without "remote::", e.g. vllm' }), required: true, hint: '<provider type, e.g. vllm>' },
    { name: 'endpoint', check: str() },
    { name: 'apiKey', check: struct(SECRET_KEY_REF) },
    { name: 'secretRefs', check: mapOf(struct(SECRET_KEY_REF), 1) },
    { name: 'settings', check: anything() },
    { name: 'network', check: PROVIDER_NETWORK },
    { name: 'postgresTls', check: POSTGRES_TLS },
  ],
  rules: [nonEmptyIfSet('id', 'remove id, or set it to a unique name'), providerCredentialRules, providerNetworkRules],
};

/** A provider's place: `spec.providers.<field>[<index>]`. */
interface ProviderPlace {
  readonly field: string;
  readonly index: number;
}

function placePath(place: ProviderPlace): string {
  return indexPath(`${ROOT}.providers.${place.field}`, place.index);
}

/** The id a provider is known by: `id`, or `provider` in a one-element list. */
function effectiveId(p: Obj, listSize: number): { id: string; explicit: boolean } | undefined {
  const id = get(p, 'id');
  if (typeof id === 'string') return id === '' ? undefined : { id, explicit: true };
  const provider = get(p, 'provider');
  if (has(p, 'id') || listSize !== 1 || typeof provider !== 'string' || provider === '') return undefined;
  return { id: provider, explicit: false };
}

/** Ids must be unique across all five lists (design.md), so owners are found before the walk. */
function collectIdOwners(spec: unknown, ctx: Ctx): void {
  const providers = isObject(spec) ? get(spec, 'providers') : undefined;
  if (!isObject(providers)) return;
  for (const [, field] of PROVIDER_APIS) {
    const entries = get(providers, field);
    if (!Array.isArray(entries)) continue;
    for (let i = 0; i < entries.length; i++) {
      const entry: unknown = entries[i];
      const eid = isObject(entry) ? effectiveId(entry, entries.length) : undefined;
      if (eid && !ctx.idOwners.has(eid.id)) ctx.idOwners.set(eid.id, { field, index: i });
    }
  }
}

/**
 * The CRD's list rules, reported on the offending entry (`spec.providers.<field>[<index>]`);
 * duplicates are checked across lists.
 */
function providerIdRules(listSize: number, field: string, index: number): Rule {
  return (o, path, ctx) => {
    if (listSize > 1 && !has(o, 'id')) {
      report(ctx, path, 'each provider must have an explicit id when multiple providers are specified', 'add id: <unique name>');
    }
    const eid = effectiveId(o, listSize);
    const owner = eid ? ctx.idOwners.get(eid.id) : undefined;
    if (!eid || owner === undefined || (owner.field === field && owner.index === index)) return;
    if (eid.explicit) {
      report(ctx, childPath(path, 'id'), 'duplicate provider ids', `id "${eid.id}" is already used by ${placePath(owner)}; give each provider a unique id`);
    } else {
      report(ctx, path, 'duplicate provider ids', `its id defaults to its provider "${eid.id}", which ${placePath(owner)} already uses; add id: <unique name>`);
    }
  };
}

/** `spec.providers.<field>`. */
function providerList(field: string): Check {
  return (v, path, ctx) => {
    if (!checkList(v, path, ctx, { minItems: 1 })) return;
    for (let i = 0; i < v.length; i++) checkStruct(PROVIDER, v[i], indexPath(path, i), ctx, [providerIdRules(v.length, field, i)]);
  };
}

const PROVIDERS: Shape = {
  fields: PROVIDER_APIS.map(([, field]) => ({ name: field, check: providerList(field) })),
  unknownHint: (key) => {
    const api = PROVIDER_APIS.find(([disabledName]) => disabledName === key);
    return api ? `providers use camelCase: write "${api[1]}"` : undefined;
  },
};

/**
 * `spec.externalProviders`: the CRD's `inference` list of `{providerId, image}`, and this
 * library's extensions (the other lists; `providerType`, `module`, `config`, `secretRefs`),
 * which the server targets need and the operator pipeline reports (server-extensions.ts).
 */
const EXTERNAL_PROVIDER: Shape = {
  fields: [
    { name: 'providerId', check: str({ minLength: 1, hint: 'the provider id' }), required: true, hint: '<provider id>' },
    { name: 'image', check: str({ minLength: 1, hint: 'the provider image' }), required: true, hint: '<image reference>' },
    { name: 'providerType', check: str({ minLength: 1, hint: 'the provider type the image declares, e.g. remote::acme' }) },
    { name: 'module', check: str({ minLength: 1, hint: 'the Python package the image declares' }) },
    { name: 'config', check: mapOf(anything(), 0) },
    { name: 'secretRefs', check: mapOf(struct(SECRET_KEY_REF), 1) },
  ],
  rules: [externalProviderCredentialRules],
};

const EXTERNAL_PROVIDERS: Shape = {
  fields: EXTERNAL_PROVIDER_APIS.map(({ field }) => ({ name: field, check: list(struct(EXTERNAL_PROVIDER), { minItems: 1 }) })),
  unknownHint: (key) => {
    const api = EXTERNAL_PROVIDER_APIS.find((a) => a.api === key);
    return api ? `external provider lists use camelCase: write "${api.field}"` : undefined;
  },
};

// ---------------------------------------------------------------------------------------------
// Schema: resources, storage, disabled

const MODEL: Shape = {
  fields: [
    { name: 'name', check: str({ minLength: 1, hint: 'the model id the provider serves' }), required: true, hint: '<model id>' },
    { name: 'provider', check: str() },
    { name: 'contextLength', check: int() },
    { name: 'modelType', check: str() },
    { name: 'quantization', check: str() },
    // Library extensions (server targets): what registration needs.
    { name: 'embeddingDimension', check: int({ min: 1, format: 'int32' }) },
    { name: 'providerModelId', check: str({ minLength: 1 }) },
  ],
  rules: [
    nonEmptyIfSet('provider', 'remove provider (the first inference provider is used), or set it to a provider id'),
    nonEmptyIfSet('modelType', 'remove modelType, or set it, e.g. llm or embedding'),
    nonEmptyIfSet('quantization', 'remove quantization, or set it, e.g. int4'),
  ],
};

/** A model is a name (short form) or a ModelConfig object. */
function modelItem(): Check {
  return (v, path, ctx) => {
    if (typeof v === 'string') return checkString(v, path, ctx, { minLength: 1, hint: 'a model id' });
    if (isObject(v)) return checkStruct(MODEL, v, path, ctx);
    report(ctx, path, 'must be a string or an object', `replace ${describe(v)} with a model name or {name: <model id>, provider: <provider id>}`);
  };
}

const SHIELD: Shape = {
  fields: [
    { name: 'name', check: str({ minLength: 1, hint: 'the shield id' }), required: true, hint: '<shield id>' },
    { name: 'provider', check: str({ minLength: 1 }) },
    { name: 'providerShieldId', check: str({ minLength: 1 }) },
    { name: 'params', check: anything() },
  ],
};

/** A shield is an id (the CRD's form) or a ShieldConfig object (library extension). */
function shieldItem(): Check {
  return (v, path, ctx) => {
    if (typeof v === 'string') return checkString(v, path, ctx, { minLength: 1, hint: 'a shield id' });
    if (isObject(v)) return checkStruct(SHIELD, v, path, ctx);
    report(ctx, path, 'must be a string or an object', `replace ${describe(v)} with a shield id or {name: <shield id>, provider: <provider id>}`);
  };
}

const RESOURCES: Shape = {
  fields: [
    { name: 'models', check: list(modelItem(), { minItems: 1 }) },
    { name: 'tools', check: list(str({ minLength: 1, hint: 'a tool group id' }), { minItems: 1 }) },
    { name: 'shields', check: list(shieldItem(), { minItems: 1 }) },
  ],
};

/** The store type after CRD defaulting, or undefined when invalid (its enum error is enough). */


/** The CRD's `self.all(...)` rule, reported on each offending entry. */
function disabledList(): Check {
  return (v, path, ctx) => {
    if (!checkList(v, path, ctx, {})) return;
    for (let i = 0; i < v.length; i++) {
      const name: unknown = v[i];
      const p = indexPath(path, i);
      if (typeof name !== 'string') {
        typeProblem(ctx, p, 'string', name);
      } else if (!ctx.disableable.includes(name)) {
        // The CRD's message, naming the list by its path: each reader says the path in its words.
        report(ctx, p, `${path} must contain valid API names (${ctx.disableable.join(', ')})`, () => {
          const near = closest(name, ctx.disableable);
          return near ? `use "${near}"` : `remove ${show(name)} (the message lists the API names)`;
        });
      }
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Schema: networking

/** TLS CEL rules; a missing `enabled` counts as false (the CRD would fail with "no such key"). */
function tlsRules(o: Obj, path: string, ctx: Ctx): void {
  const enabled = get(o, 'enabled');
  if (enabled !== undefined && enabled !== null && typeof enabled !== 'boolean') return;
  if (enabled === true && !has(o, 'secretName')) {
    report(ctx, path, 'secretName is required when TLS is enabled', 'add secretName: <name of a kubernetes.io/tls Secret>, or set enabled: false');
  }
  if (enabled !== true && has(o, 'secretName')) report(ctx, path, 'secretName is only valid when TLS is enabled', 'set enabled: true, or remove secretName');
  if (enabled !== true && has(o, 'caBundle')) {
    report(ctx, path, 'caBundle is only valid when TLS is enabled', 'set enabled: true (with secretName), or remove caBundle');
  }
}

const CA_BUNDLE: Shape = {
  fields: [
    { name: 'configMapName', check: str({ minLength: 1, hint: 'the ConfigMap name' }), required: true, hint: '<ConfigMap name>' },
    { name: 'configMapNamespace', check: str() },
    { name: 'configMapKeys', check: list(str({ minLength: 1, hint: 'a key of the ConfigMap' }), { minItems: 1, maxItems: 50 }) },
  ],
  rules: [nonEmptyIfSet('configMapNamespace', 'remove configMapNamespace (the CR namespace is used), or set it')],
};

const NETWORKING: Shape = {
  fields: [
    { name: 'port', check: int({ min: 1, max: 65535, format: 'int32' }) },
    {
      name: 'tls',
      check: struct({
        fields: [
          { name: 'enabled', check: bool() },
          // Stricter than the CRD (no minLength): a Secret named "" cannot be mounted.
          { name: 'secretName', check: str({ minLength: 1, hint: 'the name of a kubernetes.io/tls Secret' }) },
          { name: 'caBundle', check: struct(CA_BUNDLE) },
        ],
        rules: [tlsRules],
      }),
    },
    {
      name: 'expose',
      check: struct({
        fields: [
          { name: 'enabled', check: bool() },
          { name: 'hostname', check: str() },
          // Library extension: the Secret the Ingress serves.
          { name: 'tlsSecretName', check: str({ minLength: 1, hint: 'the name of a kubernetes.io/tls Secret' }) },
        ],
        rules: [nonEmptyIfSet('hostname', 'remove hostname (one is generated), or set it')],
      }),
    },
    {
      name: 'allowedFrom',
      check: struct({
        fields: [
          { name: 'namespaces', check: list(str({ minLength: 1, hint: 'a namespace name, or "*"' }), { minItems: 1 }) },
          { name: 'labels', check: list(str({ minLength: 1, hint: 'a namespace label key' }), { minItems: 1 }) },
        ],
      }),
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Schema: workload

/** The intent of the CRD's broken CEL (`self.maxReplicas >= *self.minReplicas`). */
function autoscalingRules(o: Obj, path: string, ctx: Ctx): void {
  const min = get(o, 'minReplicas');
  const max = get(o, 'maxReplicas');
  if (typeof min !== 'number' || typeof max !== 'number' || !Number.isInteger(min) || !Number.isInteger(max)) return;
  if (max < min) {
    report(ctx, path, 'maxReplicas must be greater than or equal to minReplicas', `raise maxReplicas to at least ${min}, or lower minReplicas to ${max} or less`);
  }
}

function pdbRules(o: Obj, path: string, ctx: Ctx): void {
  const min = has(o, 'minAvailable');
  const max = has(o, 'maxUnavailable');
  if (!min && !max) {
    report(ctx, path, 'at least one of minAvailable or maxUnavailable must be specified', 'add minAvailable or maxUnavailable, e.g. maxUnavailable: 1');
  }
  if (min && max) report(ctx, path, 'minAvailable and maxUnavailable are mutually exclusive', 'keep only one of minAvailable and maxUnavailable');
}

const OVERRIDES: Shape = {
  fields: [
    { name: 'serviceAccountName', check: str() },
    // Stricter than the CRD: a Pod rejects a negative grace period.
    { name: 'terminationGracePeriodSeconds', check: int({ min: 0, format: 'int64' }) },
    { name: 'env', check: embeddedList('envVar') },
    { name: 'command', check: list(str({ minLength: 1, hint: 'a command word' }), { minItems: 1 }) },
    { name: 'args', check: list(str({ minLength: 1, hint: 'an argument' }), { minItems: 1 }) },
    { name: 'volumes', check: embeddedList('volume') },
    { name: 'volumeMounts', check: embeddedList('volumeMount') },
  ],
  rules: [nonEmptyIfSet('serviceAccountName', 'remove serviceAccountName (one is generated), or set it'), envCredentialRules],
};

const WORKLOAD: Shape = {
  fields: [
    { name: 'replicas', check: int({ min: 0, format: 'int32' }) },
    { name: 'workers', check: int({ min: 1, format: 'int32' }) },
    { name: 'resources', check: embedded('resourceRequirements') },
    {
      name: 'autoscaling',
      check: struct({
        fields: [
          { name: 'minReplicas', check: int({ min: 1, format: 'int32' }) },
          { name: 'maxReplicas', check: int({ min: 1, format: 'int32' }), required: true, hint: '<at least minReplicas>' },
          { name: 'targetCPUUtilizationPercentage', check: int({ min: 1, max: 100, format: 'int32' }) },
          { name: 'targetMemoryUtilizationPercentage', check: int({ min: 1, max: 100, format: 'int32' }) },
        ],
        rules: [autoscalingRules],
      }),
    },
    {
      name: 'storage',
      check: struct({
        fields: [
          { name: 'size', check: quantity() },
          { name: 'mountPath', check: str() },
        ],
        rules: [nonEmptyIfSet('mountPath', 'remove mountPath (/.llama is used), or set an absolute path')],
      }),
    },
    {
      name: 'podDisruptionBudget',
      check: struct({
        fields: [
          { name: 'minAvailable', check: intOrPercent() },
          { name: 'maxUnavailable', check: intOrPercent() },
        ],
        rules: [pdbRules],
      }),
    },
    { name: 'topologySpreadConstraints', check: embeddedList('topologySpreadConstraint') },
    { name: 'overrides', check: struct(OVERRIDES) },
  ],
};

// ---------------------------------------------------------------------------------------------
// Schema: spec

function distributionRules(o: Obj, path: string, ctx: Ctx): void {
  const name = has(o, 'name');
  const image = has(o, 'image');
  if (name && image) report(ctx, path, 'only one of name or image can be specified', 'remove either name or image');
  if (!name && !image && !ctx.hasBaseConfig) {
    report(ctx, path, 'one of name or image must be specified', 'add name: <distribution, e.g. starter>, or image: <image reference>');
  }
}

const MUTUALLY_EXCLUSIVE_WITH_OVERRIDE = ['providers', 'resources', 'storage', 'disabled'];

function overrideConfigRules(o: Obj, path: string, ctx: Ctx): void {
  if (!has(o, 'overrideConfig')) return;
  for (const field of MUTUALLY_EXCLUSIVE_WITH_OVERRIDE) {
    if (has(o, field)) {
      report(ctx, path, `overrideConfig and ${field} are mutually exclusive`,
        `remove ${path}.${field}, or remove ${path}.overrideConfig (it replaces the whole generated config)`);
    }
  }
}

/** All five APIs: the CRD's rules for vectorIo/toolRuntime compare camelCase names and never fire. */
function disabledConflictRules(o: Obj, path: string, ctx: Ctx): void {
  const disabled = get(o, 'disabled');
  const providers = get(o, 'providers');
  if (!Array.isArray(disabled) || !isObject(providers)) return;
  for (const [disabledName, field] of PROVIDER_APIS) {
    const entries = get(providers, field);
    if (disabled.includes(disabledName) && Array.isArray(entries) && entries.length > 0) {
      report(ctx, path, `${field} cannot be both in providers and disabled`,
        `remove "${disabledName}" from ${path}.disabled, or remove ${path}.providers.${field}`);
    }
  }
}

const MANIFEST_KEYS = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];

const SPEC: Shape = {
  fields: [
    {
      name: 'distribution',
      check: struct({ fields: [{ name: 'name', check: str() }, { name: 'image', check: str() }], rules: [distributionRules] }),
      required: (ctx) => !ctx.hasBaseConfig,
      hint: '{name: <distribution, e.g. starter>} or {image: <image reference>}',
    },
    { name: 'providers', check: struct(PROVIDERS) },
    { name: 'resources', check: struct(RESOURCES) },
    { name: 'storage', check: struct(STORAGE) },
    { name: 'disabled', check: disabledList() },
    { name: 'networking', check: struct(NETWORKING) },
    { name: 'workload', check: struct(WORKLOAD) },
    {
      name: 'externalProviders',
      check: struct(EXTERNAL_PROVIDERS),
    },
    { name: 'monitoring', check: struct({ fields: [{ name: 'metricsPort', check: int({ min: 1024, max: 65535 }) }] }) },
    {
      name: 'overrideConfig',
      check: struct({
        fields: [{ name: 'configMapName', check: str({ minLength: 1, hint: 'the ConfigMap name' }), required: true, hint: '<ConfigMap name>' }],
      }),
    },
  ],
  rules: [overrideConfigRules, disabledConflictRules],
  unknownHint: (key) => (MANIFEST_KEYS.includes(key) ? 'pass only the manifest\'s spec, not the whole LlamaStackDistribution object' : undefined),
};
