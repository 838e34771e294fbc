/**
 * LlamaStackDistribution manifests read: a `llamastack.io/v1alpha2` manifest is taken as is, a
 * `llamastack.io/v1alpha1` manifest is converted to v1alpha2 with the operator's migration table
 * (operator-rules.md §5.5). What v1alpha2 cannot honour is an error with its path, never a silent
 * drop; problems found later (planning, synthesizing) are reported at the manifest's own paths
 * (`manifestProblem`). No construct here: the command line reads and plans manifests without cdk8s.
 */
import { bare, describe, Obj, Problems } from './manifest-problems';
import { convertOgxServer, OGX_KIND, OGX_V1BETA1 } from './ogx-server-in';
import { ogxProblem } from './ogx-server-problems';
import { V1Alpha1Converter } from './v1alpha1';
import { ConfigProblem, fixFor, LlamaStackConfigError } from '../core/errors';
import { isObject } from '../core/json';
import { plainCopy } from '../core/json-convert';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';
import type { CaBundleOptions } from '../distribution/props';
import type { VerifyOptions } from '../distribution/verify-options';
import { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { ExternalProvider } from '../values/external-provider';
import { Platform, PLATFORM_ANNOTATION, PLATFORMS } from '../values/platform';

export const LLSD_KIND = 'LlamaStackDistribution';
export const V1ALPHA1 = 'llamastack.io/v1alpha1';
export const V1ALPHA2 = 'llamastack.io/v1alpha2';

/** Options for reading a manifest. */
export { MAX_MANIFEST_DEPTH, ManifestDocument, readManifestDocuments } from './documents';

export interface ManifestParseOptions {
  /**
   * Namespace for a manifest that names none. A manifest in another namespace is an error (as
   * with `kubectl apply -n`): ConfigMap references are checked against the namespace.
   * @default - the manifest's own namespace, if any
   */
  readonly namespace?: string;
}

/** Options for turning a manifest into a `LlamaStackDistribution`. */
export interface ManifestRenderOptions extends ManifestParseOptions {
  /**
   * The server line to write the config for.
   * @default ServerTarget.OGX_1_3
   */
  readonly target?: ServerTarget;
  /**
   * The cluster the objects are written for. A manifest annotated
   * `cdk8s-llama-stack.io/platform` with another platform is an error.
   * @default - the manifest's annotation `cdk8s-llama-stack.io/platform` (`openshift` or `kubernetes`), else Platform.KUBERNETES
   */
  readonly platform?: Platform;
  /**
   * Container image (pinned).
   * @default - the distribution's pinned image
   */
  readonly image?: string;
  /**
   * Base config text of the image, instead of an embedded one.
   * @default - the embedded config of the distribution
   */
  readonly baseConfigYaml?: string;
  /**
   * What the provider images declare, for external providers the manifest gives as the CRD does
   * (`providerId` and `image` only): each entry takes `providerType`, `module`, `config` and
   * `secretRefs` from the provider with its id (same API and image).
   * @default - the manifest's entries as they are (they need providerType and module)
   */
  readonly externalProviders?: ExternalProvider[];
  /**
   * Write the verification Job beside the server (see `LlamaStackDistributionProps.verify`).
   * @default - no verification Job
   */
  readonly verify?: VerifyOptions;
  /**
   * Allow stores that live in the pod when the manifest runs several replicas (see
   * `LlamaStackDistributionProps.allowPerPodState`).
   * @default false
   */
  readonly allowPerPodState?: boolean;
  /**
   * Accept volumes the restricted Pod Security Standard forbids (hostPath, nfs…; see
   * `LlamaStackDistributionProps.allowUnrestrictedVolumes`).
   * @default false
   */
  readonly allowUnrestrictedVolumes?: boolean;
  /**
   * A registry mirror every image is pulled from (see `LlamaStackDistributionProps.imageRegistry`).
   * @default - each image from its own registry
   */
  readonly imageRegistry?: string;
}

/** A LlamaStackDistribution manifest, read and (for v1alpha1) converted to v1alpha2. */
export interface ParsedDistribution {
  /** `metadata.name`. */
  readonly name: string;
  /**
   * `metadata.namespace`, or the namespace passed in the options.
   * @default - none (the chart's namespace)
   */
  readonly namespace?: string;
  /** The v1alpha2 spec. */
  readonly spec: LlamaStackDistributionSpec;
  /** `llamastack.io/v1alpha2`, or `llamastack.io/v1alpha1` for a converted manifest. */
  readonly apiVersion: string;
  /**
   * Converted manifests only: the v1alpha1 path each v1alpha2 field came from
   * (`spec.workload.replicas` → `spec.replicas`), used to report problems where the user wrote them.
   * @default - none (v1alpha2 input)
   */
  readonly sourcePaths?: { [v1alpha2Path: string]: string };
  /**
   * What the render does differently from the operator, or does not carry (OGXServer input).
   * @default - none
   */
  readonly warnings?: ConfigProblem[];
  /**
   * Where the manifest names its config ConfigMap (`spec.server.userConfig.configMapName`).
   * @default 'spec.overrideConfig.configMapName'
   */
  readonly configRefPath?: string;
  /**
   * Where the manifest names its distribution (`spec.server.distribution`).
   * @default 'spec.distribution'
   */
  readonly distributionPath?: string;
  /**
   * OGXServer `spec.baseConfig`: the ConfigMap key holding the base config.
   * @default - none
   */
  readonly baseConfigRef?: ConfigMapKeyRef;
  /**
   * APIs whose providers replace the base config's (OGXServer input: as the OGX operator does).
   * @default - none
   */
  readonly replaceBaseProviders?: string[];
  /**
   * The server line the manifest's image names (OGXServer input), used unless one is given.
   * @default - none
   */
  readonly target?: ServerTarget;
  /**
   * The platform the manifest's annotation `cdk8s-llama-stack.io/platform` names.
   * @default - none (Kubernetes, unless the render options name one)
   */
  readonly platform?: Platform;
  /**
   * Trusted CAs for outbound calls without serving TLS (OGXServer `spec.tls.trust`).
   * @default - none
   */
  readonly caBundle?: CaBundleOptions;
}

/** A key of a ConfigMap. */
export interface ConfigMapKeyRef {
  /** The ConfigMap's name. */
  readonly name: string;
  /** The key. */
  readonly key: string;
}


/** True for a LlamaStackDistribution of any llamastack.io version, or an OGXServer of any ogx.io version. */
export function isDistributionManifest(obj: unknown): boolean {
  if (!isObject(obj) || typeof obj.apiVersion !== 'string') return false;
  return (obj.kind === LLSD_KIND && obj.apiVersion.startsWith('llamastack.io/')) || (obj.kind === OGX_KIND && obj.apiVersion.startsWith('ogx.io/'));
}

// ---------------------------------------------------------------------------------------------
// YAML text

// ---------------------------------------------------------------------------------------------
// The manifest envelope

const MANIFEST_KEYS = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];
/** ObjectMeta fields: accepted, and (but for name and namespace) not passed on, as the operators do. */
const METADATA_KEYS = [
  'name', 'namespace', 'labels', 'annotations', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'finalizers', 'ownerReferences', 'generateName', 'selfLink',
];

function kindProblem(obj: Obj, p: Problems): boolean {
  const { apiVersion, kind } = obj;
  if (kind === LLSD_KIND && (apiVersion === V1ALPHA1 || apiVersion === V1ALPHA2)) return false;
  if (kind === OGX_KIND && apiVersion === OGX_V1BETA1) return false;
  const fix = kind === OGX_KIND
    ? `pass an ${OGX_V1BETA1} ${OGX_KIND} (the version the OGX operator serves)`
    : `pass a ${LLSD_KIND} (${V1ALPHA2}, or ${V1ALPHA1}, which is converted) or an ${OGX_V1BETA1} ${OGX_KIND}`;
  p.add(kind === LLSD_KIND || kind === OGX_KIND ? 'apiVersion' : 'kind',
    `expected ${V1ALPHA2} ${LLSD_KIND} or ${OGX_V1BETA1} ${OGX_KIND}, got ${bare(apiVersion)}/${bare(kind)}`, fix);
  return true;
}

/** `metadata.annotations["cdk8s-llama-stack.io/platform"]`: the only annotation the reader reads. */
/** Where a manifest says its platform. */
export const PLATFORM_PATH = childPath('metadata.annotations', PLATFORM_ANNOTATION);

function readPlatform(meta: Obj | undefined, p: Problems): Platform | undefined {
  const annotations = meta?.annotations;
  if (!isObject(annotations) || annotations[PLATFORM_ANNOTATION] === undefined) return undefined;
  const v = annotations[PLATFORM_ANNOTATION];
  const platform = typeof v === 'string' && Object.prototype.hasOwnProperty.call(PLATFORMS, v) ? PLATFORMS[v] : undefined;
  if (platform === undefined) {
    p.add(PLATFORM_PATH, `${describe(v)} is not a platform`, `write ${Object.keys(PLATFORMS).map((k) => quoteValue(k)).join(' or ')}`);
  }
  return platform;
}

function readMetadata(obj: Obj, p: Problems, options: ManifestParseOptions): { name: string; namespace?: string; platform?: Platform } {
  const meta = p.object(obj.metadata, 'metadata', METADATA_KEYS);
  if (obj.metadata === undefined || obj.metadata === null) p.add('metadata', 'Required value', 'add metadata: {name: <name>}');
  const name = meta?.name;
  if (meta && (typeof name !== 'string' || name === '')) {
    p.add('metadata.name', typeof name === 'string' || name === undefined || name === null ? 'Required value' : `must be a string, not ${describe(name)}`,
      'add metadata.name: a DNS label of at most 48 characters (generateName is not supported: object names derive from the name)');
  }
  // Past Kubernetes' own limits a name is refused here, before messages downstream echo it whole.
  if (typeof name === 'string' && name.length > 253) {
    p.add('metadata.name', `${quoteValue(name)} is longer than 253 characters, the most a Kubernetes object name may have`,
      'use a DNS label of at most 48 characters: object names derive from it');
  }
  const own = meta?.namespace;
  if (own !== undefined && own !== null && (typeof own !== 'string' || own === '')) {
    p.add('metadata.namespace', `must be a non-empty string, not ${describe(own)}`, 'remove it, or name the namespace');
  } else if (typeof own === 'string' && own.length > 63) {
    p.add('metadata.namespace', `${quoteValue(own)} is longer than 63 characters, the most a namespace name may have`, 'name an existing namespace');
  }
  const ownNs = typeof own === 'string' && own !== '' ? own : undefined;
  if (ownNs !== undefined && options.namespace !== undefined && ownNs !== options.namespace) {
    p.add('metadata.namespace', `the manifest is in namespace ${quoteValue(ownNs)}, not ${quoteValue(options.namespace)} (the namespace asked for)`,
      `render it with namespace ${quoteValue(ownNs)}, or change metadata.namespace`);
  }
  return { name: typeof name === 'string' ? name : '', namespace: ownNs ?? options.namespace, platform: readPlatform(meta, p) };
}

// ---------------------------------------------------------------------------------------------
// v1alpha1 → v1alpha2 (operator-rules.md §5.5)

/** Reads one manifest object; throws `LlamaStackConfigError` listing every problem. */
export function parseDistribution(obj: unknown, options: ManifestParseOptions = {}): ParsedDistribution {
  const read = readDistribution(obj, options);
  if ('problems' in read) throw new LlamaStackConfigError(read.problems);
  return read.parsed;
}

/** Reads one manifest object: the manifest, or every problem found (at the manifest's paths). */
export function readDistribution(obj: unknown, options: ManifestParseOptions = {}): { parsed: ParsedDistribution } | { problems: ConfigProblem[] } {
  const p = new Problems();
  if (!isObject(obj)) {
    return { problems: [{ path: '(document)', message: `must be a Kubernetes object, not ${describe(obj)}`, fix: `pass a ${LLSD_KIND} manifest` }] };
  }
  if (kindProblem(obj, p)) return { problems: p.problems };
  p.unknownFields(obj, '', MANIFEST_KEYS);
  const { name, namespace, platform } = readMetadata(obj, p, options);
  if (obj.spec === undefined || obj.spec === null) p.add('spec', 'Required value', 'add spec: {distribution: {name: starter}}');
  let spec: LlamaStackDistributionSpec = {};
  let sourcePaths: { [k: string]: string } | undefined;
  if (obj.kind === OGX_KIND) {
    const c = convertOgxServer(obj.spec);
    for (const problem of c.problems) p.add(problem.path, problem.message, problem.fix);
    if (p.problems.length > 0) return { problems: p.problems };
    return {
      parsed: {
        name,
        namespace,
        spec: plainCopy(c.spec),
        apiVersion: obj.apiVersion,
        sourcePaths: c.sources,
        warnings: c.warnings,
        configRefPath: 'spec.overrideConfig.name',
        distributionPath: 'spec.distribution',
        baseConfigRef: c.baseConfigRef,
        replaceBaseProviders: c.replaceBaseProviders.length > 0 ? c.replaceBaseProviders : undefined,
        target: c.imageTarget,
        platform,
        caBundle: c.caBundle,
      },
    };
  }
  if (obj.apiVersion === V1ALPHA1) {
    const converter = new V1Alpha1Converter(p, namespace);
    spec = plainCopy(converter.convert(obj.spec));
    sourcePaths = converter.sources;
  } else if (isObject(obj.spec)) {
    spec = plainCopy(obj.spec);
  } else if (obj.spec !== undefined && obj.spec !== null) {
    p.add('spec', `must be an object, not ${describe(obj.spec)}`, 'write spec as a mapping, e.g. spec: {distribution: {name: starter}}');
  }
  if (p.problems.length > 0) return { problems: p.problems };
  const v1 = obj.apiVersion === V1ALPHA1;
  return {
    parsed: {
      name,
      namespace,
      spec,
      apiVersion: obj.apiVersion,
      sourcePaths,
      configRefPath: v1 ? 'spec.server.userConfig.configMapName' : undefined,
      distributionPath: v1 ? 'spec.server.distribution' : undefined,
      platform,
    },
  };
}

/**
 * A problem found in the v1alpha2 spec or props built from a manifest, as the manifest's user is
 * told it: at the manifest's path, with the fix in the manifest's words (`ConfigProblem.fixes`).
 */
export function manifestProblem(found: ConfigProblem, parsed: ParsedDistribution): ConfigProblem {
  // The command line's option, whatever the manifest.
  if (found.path === 'props.imageRegistry') return { path: '--image-registry', message: found.message, fix: fixFor(found, 'manifest') };
  // An OGXServer's problems speak OGXServer: its paths and fields, never this library's spec.
  if (parsed.apiVersion.startsWith('ogx.io/')) {
    if (found.path === 'props.name' || found.path === 'id') return ogxProblem({ ...found, path: 'metadata.name' }, {});
    if (found.path === 'props.namespace') return ogxProblem({ ...found, path: 'metadata.namespace' }, {});
    // The base config: spec.baseConfig's ConfigMap, or --base-config.
    if (found.path === 'props.baseConfigYaml') return ogxProblem({ ...found, path: '(base config)' }, {});
    return ogxProblem(found, parsed.sourcePaths ?? {});
  }
  const problem: ConfigProblem = { path: found.path, message: found.message, fix: fixFor(found, 'manifest') };
  if (problem.path === 'props.name' || problem.path === 'id') return { ...problem, path: 'metadata.name' };
  if (problem.path === 'props.baseConfigYaml') return { ...problem, path: '(base config)' };
  if (problem.path === 'props.namespace') {
    return { ...problem, path: 'metadata.namespace', message: `${problem.message} (the manifest's namespace, or the one it is rendered into)` };
  }
  const sources = parsed.sourcePaths ?? {};
  let best: string | undefined;
  for (const k of Object.keys(sources)) {
    const covers = problem.path === k || problem.path.startsWith(`${k}.`) || problem.path.startsWith(`${k}[`);
    if (covers && (best === undefined || k.length > best.length)) best = k;
  }
  if (best === undefined) return problem;
  const path = sources[best] + problem.path.slice(best.length);
  return { ...problem, path, message: `${problem.message} (as v1alpha2 ${problem.path})` };
}
