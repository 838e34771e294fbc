/**
 * LlamaStackDistribution manifests in: a `llamastack.io/v1alpha2` manifest is taken as is, a
 * `llamastack.io/v1alpha1` manifest is converted to v1alpha2 with the operator's migration table
 * (operator-rules.md §5.5). What v1alpha2 cannot honour is an error with its path, never a silent
 * drop; problems found later, while synthesizing, are reported at the manifest's own paths.
 */
import { Construct } from 'constructs';
import { readManifestDocuments } from './documents';
import { completeExternalProviders } from './external-providers';
import { bare, describe, Obj, Problems } from './manifest-problems';
import { convertOgxServer, OGX_KIND, OGX_V1BETA1 } from './ogx-server-in';
import { ogxProblem } from './ogx-server-problems';
import { manifestVocabulary } from './user-config';
import { V1Alpha1Converter } from './v1alpha1';
import { checkedArgument, checkedOptions, snapshotJson } from '../core/checked';
import { MANIFEST_RENDER_OPTIONS, MANIFEST_TEXT, PARSED_DISTRIBUTION } from '../core/entry-shapes';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { isObject } from '../core/json';
import { plainCopy } from '../core/json-convert';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';
import { LlamaStackDistribution } from '../distribution/llama-stack-distribution';
import { DistributionPlan, planDistribution } from '../distribution/planner';
import type { CaBundleOptions, LlamaStackDistributionProps } from '../distribution/props';
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
const PLATFORM_PATH = childPath('metadata.annotations', PLATFORM_ANNOTATION);

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
  const p = new Problems();
  if (!isObject(obj)) {
    throw new LlamaStackConfigError([{ path: '(document)', message: `must be a Kubernetes object, not ${describe(obj)}`, fix: `pass a ${LLSD_KIND} manifest` }]);
  }
  if (kindProblem(obj, p)) p.throwIfAny();
  p.unknownFields(obj, '', MANIFEST_KEYS);
  const { name, namespace, platform } = readMetadata(obj, p, options);
  if (obj.spec === undefined || obj.spec === null) p.add('spec', 'Required value', 'add spec: {distribution: {name: starter}}');
  let spec: LlamaStackDistributionSpec = {};
  let sourcePaths: { [k: string]: string } | undefined;
  if (obj.kind === OGX_KIND) {
    const c = convertOgxServer(obj.spec);
    for (const problem of c.problems) p.add(problem.path, problem.message, problem.fix);
    p.throwIfAny();
    return {
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
  p.throwIfAny();
  const v1 = obj.apiVersion === V1ALPHA1;
  return {
    name,
    namespace,
    spec,
    apiVersion: obj.apiVersion,
    sourcePaths,
    configRefPath: v1 ? 'spec.server.userConfig.configMapName' : undefined,
    distributionPath: v1 ? 'spec.server.distribution' : undefined,
    platform,
  };
}

/** The manifest path of a problem found in the v1alpha2 spec or props built from a manifest. */
export function manifestProblem(found: ConfigProblem, parsed: ParsedDistribution): ConfigProblem {
  const problem = { ...found, fix: manifestVocabulary(found.fix) };
  // An OGXServer's problems speak OGXServer: its paths and fields, never this library's spec.
  if (parsed.apiVersion.startsWith('ogx.io/')) {
    if (problem.path === 'props.name' || problem.path === 'id') return ogxProblem({ ...problem, path: 'metadata.name' }, {});
    if (problem.path === 'props.namespace') return ogxProblem({ ...problem, path: 'metadata.namespace' }, {});
    // The base config: spec.baseConfig's ConfigMap, or --base-config.
    if (problem.path === 'props.baseConfigYaml') return ogxProblem({ ...problem, path: '(base config)' }, {});
    return ogxProblem(problem, parsed.sourcePaths ?? {});
  }
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

/** The props a parsed manifest stands for, with the render options. */
function propsFromParsed(parsed: ParsedDistribution, options: ManifestRenderOptions): LlamaStackDistributionProps {
  const completed = completeExternalProviders(parsed.spec, options.externalProviders);
  if (completed.problems.length > 0) throw new LlamaStackConfigError(completed.problems);
  if (options.platform !== undefined && parsed.platform !== undefined && options.platform.id !== parsed.platform.id) {
    throw new LlamaStackConfigError([{
      path: PLATFORM_PATH,
      message: `the manifest is for ${parsed.platform.id}, and the render asks for ${options.platform.id}`,
      fix: `render it for ${parsed.platform.id} (--platform ${parsed.platform.id}), or change the annotation`,
    }]);
  }
  return {
    name: parsed.name,
    namespace: parsed.namespace,
    spec: completed.spec,
    target: options.target ?? parsed.target,
    platform: options.platform ?? parsed.platform,
    caBundle: parsed.caBundle,
    image: options.image,
    baseConfigYaml: options.baseConfigYaml,
    replaceBaseProviders: parsed.replaceBaseProviders,
    allowPerPodState: options.allowPerPodState,
    allowUnrestrictedVolumes: options.allowUnrestrictedVolumes,
    verify: options.verify,
  };
}

/** Problems found past the manifest's reading, at the manifest's paths. */
function atManifestPaths<T>(parsed: ParsedDistribution, make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) throw new LlamaStackConfigError(e.problems.map((p) => manifestProblem(p, parsed)));
    throw e;
  }
}

/**
 * The plan of a parsed manifest, as the construct makes it alone in a chart with no namespace
 * (the command line renders its objects without an App or a Chart): problems and warnings at the
 * manifest's paths. `quotedYaml`: the objects are written by a writer that quotes ambiguous strings.
 */
export function planFromParsed(parsed: ParsedDistribution, options: ManifestRenderOptions = {}, quotedYaml = false): DistributionPlan {
  const props = propsFromParsed(parsed, options);
  const plan = atManifestPaths(parsed, () => planDistribution(props, { id: parsed.name, quotedYaml }));
  return { ...plan, warnings: plan.warnings.map((w) => manifestProblem(w, parsed)) };
}

/** A `LlamaStackDistribution` from a parsed manifest; its problems are reported at the manifest's paths. */
export function distributionFromParsed(scope: Construct, id: string, parsed: ParsedDistribution,
  options: ManifestRenderOptions = {}): LlamaStackDistribution {
  const props = propsFromParsed(parsed, options);
  const d = atManifestPaths(parsed, () => new LlamaStackDistribution(scope, id, props));
  // The warnings it prints at synth, at the manifest's paths too (the list it prints is this one).
  d.warnings.splice(0, d.warnings.length, ...d.warnings.map((w) => manifestProblem(w, parsed)));
  return d;
}

/** Every LlamaStackDistribution of a YAML stream; any other document, or any problem, is an error. */
function parseText(text: string, options: ManifestParseOptions): ParsedDistribution[] {
  const problems: ConfigProblem[] = [];
  const parsed: ParsedDistribution[] = [];
  const docs = readManifestDocuments(text).filter((d) => d.problems.length > 0 || d.value !== null);
  for (const d of docs) {
    const at = (p: ConfigProblem) => ({ ...p, path: docs.length > 1 ? `document ${d.index}: ${p.path}` : p.path });
    if (d.problems.length > 0) {
      problems.push(...d.problems.map(at));
      continue;
    }
    try {
      parsed.push(parseDistribution(d.value, options));
    } catch (e) {
      if (!(e instanceof LlamaStackConfigError)) throw e;
      problems.push(...e.problems.map(at));
    }
  }
  if (problems.length > 0) throw new LlamaStackConfigError(problems);
  return parsed;
}

/** Creates a `LlamaStackDistribution` from a manifest (YAML/JSON text or an object), with render options. */
export function distributionFromManifest(scope: Construct, id: string, manifest: string | object,
  options: ManifestRenderOptions = {}): LlamaStackDistribution {
  const parsed = typeof manifest === 'string' ? LlamaStackDistributionManifest.parse(manifest, options) : parseDistribution(manifest, options);
  return distributionFromParsed(scope, id, parsed, options);
}

/**
 * Reads existing `LlamaStackDistribution` manifests: `llamastack.io/v1alpha2` as is, and
 * `llamastack.io/v1alpha1` converted to v1alpha2 (replicas → workload.replicas, containerSpec →
 * networking.port / workload.resources / workload.overrides, userConfig → overrideConfig, …).
 * Fields that cannot be honoured are errors with their path.
 */
export class LlamaStackDistributionManifest {
  /** True for a LlamaStackDistribution object of any `llamastack.io` version. */
  public static isDistribution(obj: any): boolean {
    return isDistributionManifest(obj);
  }

  /**
   * Reads the one LlamaStackDistribution in `text` (YAML or JSON). Throws `LlamaStackConfigError`
   * listing every problem, also when the text holds no manifest, several, or other kinds.
   */
  public static parse(text: string, options?: ManifestParseOptions): ParsedDistribution {
    const all = parseText(checkedArgument(MANIFEST_TEXT, text, 'text'), checkedOptions(MANIFEST_RENDER_OPTIONS, options));
    if (all.length !== 1) {
      throw new LlamaStackConfigError([{
        path: '(document)',
        message: `expected one ${LLSD_KIND} manifest, found ${all.length}`,
        fix: all.length === 0 ? 'pass the manifest text' : 'use LlamaStackDistributionManifest.parseAll for several',
      }]);
    }
    return all[0];
  }

  /** Reads every document of a YAML stream; each must be a LlamaStackDistribution. */
  public static parseAll(text: string, options?: ManifestParseOptions): ParsedDistribution[] {
    return parseText(checkedArgument(MANIFEST_TEXT, text, 'text'), checkedOptions(MANIFEST_RENDER_OPTIONS, options));
  }

  /** Reads a manifest object (e.g. from `YAML.parse` or `kubectl get -o json`). */
  public static fromObject(obj: any, options?: ManifestParseOptions): ParsedDistribution {
    return parseDistribution(snapshotJson(obj, '(document)'), checkedOptions(MANIFEST_RENDER_OPTIONS, options));
  }

  /**
   * Creates a `LlamaStackDistribution` from a parsed manifest. Problems (from the construct's
   * checks) are reported at the manifest's paths, v1alpha1 paths for a converted manifest.
   */
  public static toDistribution(scope: Construct, id: string, parsed: ParsedDistribution, options?: ManifestRenderOptions): LlamaStackDistribution {
    const checked = checkedOptions<ParsedDistribution>(PARSED_DISTRIBUTION, parsed, 'parsed');
    return distributionFromParsed(scope, id, checked, checkedOptions(MANIFEST_RENDER_OPTIONS, options));
  }

  /** Reads one manifest from `text` and creates its `LlamaStackDistribution`. */
  public static synthesize(scope: Construct, id: string, text: string, options?: ManifestRenderOptions): LlamaStackDistribution {
    return distributionFromManifest(scope, id, checkedArgument(MANIFEST_TEXT, text, 'text'), checkedOptions(MANIFEST_RENDER_OPTIONS, options));
  }

  private constructor() {}
}
