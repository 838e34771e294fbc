/**
 * LlamaStackDistribution manifests in: a `llamastack.io/v1alpha2` manifest is taken as is, a
 * `llamastack.io/v1alpha1` manifest is converted to v1alpha2 with the operator's migration table
 * (operator-rules.md §5.5). What v1alpha2 cannot honour is an error with its path, never a silent
 * drop; problems found later, while synthesizing, are reported at the manifest's own paths.
 */
import { Construct } from 'constructs';
import * as YAML from 'yaml';
import { completeExternalProviders } from './external-providers';
import { LlamaStackDistributionSpec } from '../config/spec';
import { tooDeepDocuments, valueTooDeep, withoutDocuments } from '../config/yaml-depth';
import { checkedArgument, checkedOptions, snapshotJson } from '../core/checked';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { hasOwnValue, isObject } from '../core/json';
import { plainCopy, toJsonValue } from '../core/json-convert';
import { childPath } from '../core/path';
import { ProblemList } from '../core/problems';
import { oneLine, quoteValue } from '../core/quote';
import { LlamaStackDistribution } from '../distribution/llama-stack-distribution';
import { ExternalProvider } from '../external-provider';
import { MANIFEST_RENDER_OPTIONS, MANIFEST_TEXT, PARSED_DISTRIBUTION } from '../input/entry-points';
import { ServerTarget } from '../targets/server-target';

export const LLSD_KIND = 'LlamaStackDistribution';
export const V1ALPHA1 = 'llamastack.io/v1alpha1';
export const V1ALPHA2 = 'llamastack.io/v1alpha2';

/** Options for reading a manifest. */
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
}

type Obj = Record<string, any>;

function describe(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  return typeof v === 'string' ? `the string ${quoteValue(v)}` : quoteValue(v);
}

/** A user value written bare in a message (`got v1/ConfigMap`): as is when short and plain, else quoted and cut. */
function bare(v: unknown): string {
  if (typeof v === 'string') return v.length <= 60 && /^[\x21-\x7e]*$/.test(v) ? v : quoteValue(v);
  return v === undefined || v === null || typeof v === 'number' || typeof v === 'boolean' ? String(v) : quoteValue(v);
}

/** True for a LlamaStackDistribution of any llamastack.io version. */
export function isDistributionManifest(obj: unknown): boolean {
  return isObject(obj) && obj.kind === LLSD_KIND && typeof obj.apiVersion === 'string' && obj.apiVersion.startsWith('llamastack.io/');
}

// ---------------------------------------------------------------------------------------------
// YAML text

/** One YAML document of a stream: its JSON value (null when empty), or what is wrong with it. */
export interface ManifestDocument {
  /** 1-based position in the stream. */
  readonly index: number;
  readonly value: unknown;
  readonly problems: ConfigProblem[];
}

/**
 * Deepest nesting of a manifest document: collections in collections, a top-level mapping being 1.
 * Manifests nest a few dozen levels; the YAML parser recurses per level and runs out of stack
 * some thousand levels down, so deeper documents are problems, found before parsing.
 */
export const MAX_MANIFEST_DEPTH = 200;

const YAML_OPTIONS: YAML.ParseOptions & YAML.DocumentOptions & YAML.SchemaOptions = {
  version: '1.1',
  customTags: (tags) => tags.filter((t) => (t as { tag?: string }).tag !== 'tag:yaml.org,2002:timestamp'),
};

function depthProblem(path: string): ConfigProblem {
  return {
    path,
    message: `nested deeper than ${MAX_MANIFEST_DEPTH} levels (collections in collections)`,
    fix: 'flatten the data: manifests nest a few dozen levels, and deeper input is refused before it is parsed',
  };
}

function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

/**
 * YAML 1.1 as kubectl reads manifests (`sigs.k8s.io/yaml`: yes/on are booleans, 0755 is octal,
 * timestamps stay strings). Values JSON cannot hold (`.inf`) are problems, not silent nulls.
 * A lone CR ends a line (as in YAML 1.2 and go-yaml); documents nested deeper than
 * MAX_MANIFEST_DEPTH are problems with the path where they went too deep, the others are read.
 */
export function readManifestDocuments(text: string): ManifestDocument[] {
  // The yaml package ends lines at LF and CRLF only: a file with CR line ends would be one line.
  const source = text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
  const deep = tooDeepDocuments(source, MAX_MANIFEST_DEPTH);
  if (deep.length === 0) {
    const streamed = readDocumentByDocument(source);
    if (streamed !== undefined) return streamed;
  }
  const kept = deep.length > 0 ? withoutDocuments(source, deep) : { text: source, placeholders: [] };
  let docs: YAML.Document.Parsed[];
  try {
    const parsed = YAML.parseAllDocuments(kept.text, YAML_OPTIONS);
    docs = Array.isArray(parsed) ? parsed : [parsed];
  } catch (e) {
    // The depth check keeps the parser within its stack; whatever else it throws is still bad input.
    return [{
      index: 1,
      value: null,
      problems: [isStackOverflow(e) ? depthProblem('(document)') : { path: '(yaml)', message: oneLine(e instanceof Error ? e.message : String(e), 500), fix: 'fix the YAML' }],
    }];
  }
  /** Each too-deep document, by the document its placeholder ended up in. */
  const tooDeep = new Map<number, string>();
  kept.placeholders.forEach((offset, k) => {
    let i = docs.findIndex((d) => d.range[0] <= offset && offset < Math.max(d.range[2], d.range[0] + 1));
    if (i < 0) i = docs.length - 1;
    if (!tooDeep.has(i)) tooDeep.set(i, deep[k].path);
  });
  const out = docs.map((doc, i): ManifestDocument => manifestDocument(doc, i, tooDeep.get(i)));
  // A placeholder no document holds (never expected): the problem is still reported.
  if (deep.length > 0 && out.length === 0) out.push({ index: 1, value: null, problems: [depthProblem(deep[0].path)] });
  return out;
}

/**
 * The usual case, read one document at a time: each is converted as soon as it is parsed, so the
 * parser's tree of one document at a time is alive, not the whole stream's (130,000 objects took
 * about 1 GB). Undefined when a document has a syntax error or the parser throws: the whole-text
 * path then words the problem (with its line), as always.
 */
function readDocumentByDocument(text: string): ManifestDocument[] | undefined {
  const out: ManifestDocument[] = [];
  try {
    const composer = new YAML.Composer(YAML_OPTIONS);
    for (const doc of composer.compose(new YAML.Parser().parse(text))) {
      if (doc.errors.length > 0) return undefined;
      out.push(manifestDocument(doc, out.length, undefined));
    }
  } catch {
    return undefined;
  }
  return out;
}

/** One parsed document as read: its value, or its problems. */
function manifestDocument(doc: YAML.Document.Parsed, i: number, tooDeepPath: string | undefined): ManifestDocument {
  if (tooDeepPath !== undefined) return { index: i + 1, value: null, problems: [depthProblem(tooDeepPath)] };
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const problem = /call stack/i.test(e.message)
      ? depthProblem('(document)')
      : { path: '(yaml)', message: oneLine(e.message.split('\n')[0], 500), fix: 'fix the YAML syntax' };
    return { index: i + 1, value: null, problems: [problem] };
  }
  const problems: ConfigProblem[] = [];
  let value: unknown = null;
  try {
    const js = doc.toJS({ maxAliasCount: 1000 });
    // Aliases can nest data deeper than its text.
    const deepAt = valueTooDeep(js, MAX_MANIFEST_DEPTH);
    if (deepAt !== undefined) problems.push(depthProblem(deepAt));
    // Ordinary objects again: manifests are user data, handed on as users would write them.
    else value = plainCopy(toJsonValue(js, '(document)', problems));
  } catch (e) {
    problems.push(isStackOverflow(e) ? depthProblem('(document)') : { path: '(yaml)', message: oneLine(e instanceof Error ? e.message : String(e), 500), fix: 'fix the YAML' });
  }
  return { index: i + 1, value, problems };
}

// ---------------------------------------------------------------------------------------------
// The manifest envelope

const MANIFEST_KEYS = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];
/** ObjectMeta fields: accepted, and (but for name and namespace) not passed on, as the operators do. */
const METADATA_KEYS = [
  'name', 'namespace', 'labels', 'annotations', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'finalizers', 'ownerReferences', 'generateName', 'selfLink',
];

/** The core collector, with the manifest reader's own checks. */
class Problems extends ProblemList {

  unknownFields(o: Obj, path: string, known: readonly string[]): void {
    for (const key of Object.keys(o)) {
      if (!known.includes(key) && o[key] !== undefined) {
        this.add(path ? childPath(path, key) : childPath('', key).replace(/^\./, ''), `unknown field ${quoteValue(key)}`, `remove it; known fields: ${known.join(', ')}`);
      }
    }
  }

  /** `v` as an object with only `known` fields, or undefined (absent, or reported). */
  object(v: unknown, path: string, known: readonly string[]): Obj | undefined {
    if (v === undefined || v === null) return undefined;
    if (!isObject(v)) {
      this.add(path, `must be an object, not ${describe(v)}`, 'write it as a mapping of field: value');
      return undefined;
    }
    this.unknownFields(v, path, known);
    return v;
  }
}

function kindProblem(obj: Obj, p: Problems): boolean {
  const { apiVersion, kind } = obj;
  if (kind === LLSD_KIND && (apiVersion === V1ALPHA1 || apiVersion === V1ALPHA2)) return false;
  const fix = kind === 'OGXServer'
    ? 'OGXServer manifests are reconciled by the OGX operator, not rendered here; render a LlamaStackDistribution instead'
    : `pass a ${LLSD_KIND} (${V1ALPHA2}, or ${V1ALPHA1}, which is converted)`;
  p.add(kind === LLSD_KIND ? 'apiVersion' : 'kind', `expected ${V1ALPHA2} ${LLSD_KIND}, got ${bare(apiVersion)}/${bare(kind)}`, fix);
  return true;
}

function readMetadata(obj: Obj, p: Problems, options: ManifestParseOptions): { name: string; namespace?: string } {
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
  return { name: typeof name === 'string' ? name : '', namespace: ownNs ?? options.namespace };
}

// ---------------------------------------------------------------------------------------------
// v1alpha1 → v1alpha2 (operator-rules.md §5.5)

const V1_SPEC = ['replicas', 'server', 'network'];
const V1_SERVER = [
  'distribution', 'containerSpec', 'workers', 'podOverrides', 'podDisruptionBudget', 'topologySpreadConstraints',
  'autoscaling', 'storage', 'userConfig', 'tlsConfig',
];
const V1_CONTAINER = ['name', 'port', 'resources', 'env', 'command', 'args'];
const V1_POD_OVERRIDES = ['serviceAccountName', 'terminationGracePeriodSeconds', 'volumes', 'volumeMounts'];
const V1_NETWORK = ['exposeRoute', 'allowedFrom'];
const V1_ALLOWED_FROM = ['namespaces', 'labels'];
const CONTAINER_NAME = 'llama-stack';

/** v1alpha1 leaves an empty list meaning "none"; v1alpha2 lists have minItems 1, so it is dropped. */
function emptyList(v: unknown): boolean {
  return Array.isArray(v) && v.length === 0;
}

class V1Alpha1Converter {
  readonly sources: { [v2: string]: string } = { 'spec.distribution': 'spec.server.distribution', 'spec.workload': 'spec.server' };

  constructor(private readonly p: Problems, private readonly namespace: string | undefined) {}

  convert(raw: unknown): LlamaStackDistributionSpec {
    const p = this.p;
    const spec = p.object(raw, 'spec', V1_SPEC);
    if (!spec) return {};
    const workload: Obj = {};
    const overrides: Obj = {};
    const networking: Obj = {};
    const out: Obj = {};
    this.move(spec, 'replicas', 'spec', workload, 'spec.workload');

    const server = p.object(spec.server, 'spec.server', V1_SERVER);
    if (!hasOwnValue(spec, 'server')) p.add('spec.server', 'Required value', 'add server: {distribution: {name: starter}}');
    if (server) {
      if (hasOwnValue(server, 'distribution')) out.distribution = server.distribution;
      for (const f of ['workers', 'autoscaling', 'storage', 'podDisruptionBudget', 'topologySpreadConstraints']) {
        this.move(server, f, 'spec.server', workload, 'spec.workload');
      }
      this.container(server, workload, overrides, networking);
      const pod = p.object(server.podOverrides, 'spec.server.podOverrides', V1_POD_OVERRIDES);
      if (pod) {
        this.sources['spec.workload.overrides'] = 'spec.server.podOverrides';
        for (const f of V1_POD_OVERRIDES) this.move(pod, f, 'spec.server.podOverrides', overrides, 'spec.workload.overrides');
      }
      this.userConfig(server, out);
      this.tlsConfig(server);
    }
    this.network(spec, networking);

    if (Object.keys(overrides).length > 0) workload.overrides = overrides;
    if (Object.keys(networking).length > 0) out.networking = networking;
    if (Object.keys(workload).length > 0) out.workload = workload;
    return out as LlamaStackDistributionSpec;
  }

  /** Copies `from[key]` to `to[key]` (empty lists dropped) and records where it came from. */
  private move(from: Obj, key: string, fromPath: string, to: Obj, toPath: string, toKey = key): void {
    if (!hasOwnValue(from, key) || emptyList(from[key])) return;
    to[toKey] = from[key];
    this.sources[`${toPath}.${toKey}`] = `${fromPath}.${key}`;
  }

  private container(server: Obj, workload: Obj, overrides: Obj, networking: Obj): void {
    const path = 'spec.server.containerSpec';
    const c = this.p.object(server.containerSpec, path, V1_CONTAINER);
    if (!c) return;
    this.sources['spec.workload.overrides'] ??= path;
    if (hasOwnValue(c, 'name') && c.name !== CONTAINER_NAME) {
      this.p.add(`${path}.name`, `v1alpha2 has no container name: the server container is always "${CONTAINER_NAME}", not ${describe(c.name)}`,
        `remove containerSpec.name (or set it to ${CONTAINER_NAME}), and rename references to the container (kubectl exec -c, log queries)`);
    }
    // The operator treats port 0 as unset (8321); v1alpha2 has minimum 1.
    if (c.port !== 0) this.move(c, 'port', path, networking, 'spec.networking');
    this.move(c, 'resources', path, workload, 'spec.workload');
    for (const f of ['env', 'command', 'args']) this.move(c, f, path, overrides, 'spec.workload.overrides');
  }

  private userConfig(server: Obj, out: Obj): void {
    const path = 'spec.server.userConfig';
    const u = this.p.object(server.userConfig, path, ['configMapName', 'configMapNamespace']);
    if (!u) return;
    out.overrideConfig = hasOwnValue(u, 'configMapName') ? { configMapName: u.configMapName } : {};
    this.sources['spec.overrideConfig'] = path;
    const ns = u.configMapNamespace;
    if (ns === undefined || ns === null || ns === '' || ns === this.namespace) return;
    this.p.add(`${path}.configMapNamespace`,
      this.namespace === undefined
        ? `the ConfigMap is in namespace ${describe(ns)}, and the manifest names no namespace: v1alpha2 overrideConfig only reads a ConfigMap of the server's own namespace`
        : `the ConfigMap is in namespace ${describe(ns)}, not "${this.namespace}": v1alpha2 overrideConfig only reads a ConfigMap of the server's own namespace (the v1alpha1 operator could not mount it either)`,
      this.namespace === undefined
        ? `set metadata.namespace: ${bare(ns)} (or render with that namespace), or copy the ConfigMap and drop configMapNamespace`
        : `copy the ConfigMap into "${this.namespace}" and drop configMapNamespace`);
  }

  private tlsConfig(server: Obj): void {
    const path = 'spec.server.tlsConfig';
    const tls = this.p.object(server.tlsConfig, path, ['caBundle']);
    if (!tls || !hasOwnValue(tls, 'caBundle')) return;
    this.p.add(`${path}.caBundle`,
      'a v1alpha1 CA bundle adds trusted CAs for outbound calls without serving TLS; v1alpha2 only has networking.tls.caBundle, '
      + 'which its CRD accepts only with serving TLS (CEL: "caBundle is only valid when TLS is enabled")',
      'convert by hand: serve TLS too (networking.tls: {enabled: true, secretName: <kubernetes.io/tls Secret>, caBundle: {configMapName: ...}}), '
      + 'or mount the ConfigMap with workload.overrides.volumes/volumeMounts and set SSL_CERT_FILE in workload.overrides.env');
  }

  private network(spec: Obj, networking: Obj): void {
    const path = 'spec.network';
    const n = this.p.object(spec.network, path, V1_NETWORK);
    if (!n) return;
    this.sources['spec.networking'] = path;
    if (hasOwnValue(n, 'exposeRoute')) {
      networking.expose = { enabled: n.exposeRoute };
      this.sources['spec.networking.expose'] = `${path}.exposeRoute`;
      this.sources['spec.networking.expose.enabled'] = `${path}.exposeRoute`;
    }
    const from = this.p.object(n.allowedFrom, `${path}.allowedFrom`, V1_ALLOWED_FROM);
    if (from) {
      const allowed: Obj = {};
      for (const f of V1_ALLOWED_FROM) this.move(from, f, `${path}.allowedFrom`, allowed, 'spec.networking.allowedFrom');
      networking.allowedFrom = allowed;
      this.sources['spec.networking.allowedFrom'] = `${path}.allowedFrom`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading, and problems at the manifest's paths

/** Reads one manifest object; throws `LlamaStackConfigError` listing every problem. */
export function parseDistribution(obj: unknown, options: ManifestParseOptions = {}): ParsedDistribution {
  const p = new Problems();
  if (!isObject(obj)) {
    throw new LlamaStackConfigError([{ path: '(document)', message: `must be a Kubernetes object, not ${describe(obj)}`, fix: `pass a ${LLSD_KIND} manifest` }]);
  }
  if (kindProblem(obj, p)) p.throwIfAny();
  p.unknownFields(obj, '', MANIFEST_KEYS);
  const { name, namespace } = readMetadata(obj, p, options);
  if (obj.spec === undefined || obj.spec === null) p.add('spec', 'Required value', 'add spec: {distribution: {name: starter}}');
  let spec: LlamaStackDistributionSpec = {};
  let sourcePaths: { [k: string]: string } | undefined;
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
  return { name, namespace, spec, apiVersion: obj.apiVersion, sourcePaths };
}

/** The manifest path of a problem found in the v1alpha2 spec or props built from a manifest. */
export function manifestProblem(problem: ConfigProblem, parsed: ParsedDistribution): ConfigProblem {
  if (problem.path === 'props.name' || problem.path === 'id') return { ...problem, path: 'metadata.name' };
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

/** A `LlamaStackDistribution` from a parsed manifest; its problems are reported at the manifest's paths. */
export function distributionFromParsed(scope: Construct, id: string, parsed: ParsedDistribution,
  options: ManifestRenderOptions = {}): LlamaStackDistribution {
  const completed = completeExternalProviders(parsed.spec, options.externalProviders);
  if (completed.problems.length > 0) throw new LlamaStackConfigError(completed.problems);
  try {
    return new LlamaStackDistribution(scope, id, {
      name: parsed.name,
      namespace: parsed.namespace,
      spec: completed.spec,
      target: options.target,
      image: options.image,
      baseConfigYaml: options.baseConfigYaml,
      allowPerPodState: options.allowPerPodState,
      allowUnrestrictedVolumes: options.allowUnrestrictedVolumes,
    });
  } catch (e) {
    if (e instanceof LlamaStackConfigError) throw new LlamaStackConfigError(e.problems.map((p) => manifestProblem(p, parsed)));
    throw e;
  }
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
