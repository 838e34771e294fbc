/**
 * OGXServer manifests in: an `ogx.io/v1beta1 OGXServer` (ogx-ai/ogx-k8s-operator) read into this
 * library's v1alpha2 spec, rendered for the default target or the OGX release its image names.
 * Typed providers become providers with their settings and Secret references; what this library
 * does not carry (egress policy, monitoring, resource claims…) is a warning saying so; where the
 * OGX operator would write something else, a warning says what; only what cannot start is refused.
 */
import { ConfigProblem } from '../core/errors';
import { hasOwnValue, isObject } from '../core/json';
import { plainCopy } from '../core/json-convert';
import { quoteValue } from '../core/quote';
import { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';

export const OGX_KIND = 'OGXServer';
export const OGX_V1BETA1 = 'ogx.io/v1beta1';

type Obj = Record<string, any>;

/** A Secret or ConfigMap key reference. */
interface KeyRef { readonly name: string; readonly key: string }

/** What reading an OGXServer spec gave. */
export interface OgxConversion {
  readonly spec: LlamaStackDistributionSpec;
  readonly problems: ConfigProblem[];
  readonly warnings: ConfigProblem[];
  /** v1alpha2 path → OGXServer path, for problems found later. */
  readonly sources: { [v1alpha2Path: string]: string };
  /** `spec.baseConfig`, to be found in the input (or `--base-config`). */
  readonly baseConfigRef?: KeyRef;
  /** APIs whose providers the manifest gives: they replace the base config's (as the operator does). */
  readonly replaceBaseProviders: string[];
  /** The OGX release the image names, when it is one this library models. */
  readonly imageTarget?: ServerTarget;
}

const SPEC_KEYS = [
  'distribution', 'baseConfig', 'providers', 'resources', 'storage', 'disabledAPIs', 'network', 'tls', 'workload', 'monitoring',
  'overrideConfig', 'registryRefreshIntervalSeconds',
];

/** Each API field of `spec.providers`, its config API name, and its typed entries per bucket. */
const TYPED: { [field: string]: { api: string; inline: { [k: string]: string }; remote: { [k: string]: string } } } = {
  inference: {
    api: 'inference',
    inline: {},
    remote: { vllm: 'remote::vllm', openai: 'remote::openai', azure: 'remote::azure', bedrock: 'remote::bedrock', vertexai: 'remote::vertexai', watsonx: 'remote::watsonx' },
  },
  vectorIo: { api: 'vector_io', inline: {}, remote: { pgvector: 'remote::pgvector', milvus: 'remote::milvus', qdrant: 'remote::qdrant' } },
  files: { api: 'files', inline: { localfs: 'inline::localfs' }, remote: { s3: 'remote::s3' } },
  fileProcessors: {
    api: 'file_processors',
    inline: { auto: 'inline::auto', pypdf: 'inline::pypdf', markitdown: 'inline::markitdown', docling: 'inline::docling' },
    remote: { doclingServe: 'remote::docling-serve' },
  },
  batches: { api: 'batches', inline: { reference: 'inline::reference' }, remote: {} },
  toolRuntime: {
    api: 'tool_runtime',
    inline: { fileSearch: 'inline::file-search' },
    remote: { braveSearch: 'remote::brave-search', tavilySearch: 'remote::tavily-search', modelContextProtocol: 'remote::model-context-protocol' },
  },
  responses: { api: 'responses', inline: { builtin: 'inline::builtin' }, remote: {} },
};

/** CRD field → server config key, where it is not the field in snake_case. */
const RENAMES: { [type: string]: { [field: string]: string } } = {
  'remote::vllm': { endpoint: 'base_url', apiToken: 'api_token' },
  'remote::openai': { endpoint: 'base_url' },
  'remote::azure': { endpoint: 'base_url' },
  'remote::watsonx': { endpoint: 'base_url' },
  'remote::bedrock': { region: 'region_name', apiKey: 'aws_bedrock_bearer_token', connectTimeout: 'connect_timeout', readTimeout: 'read_timeout' },
  'remote::vertexai': {},
  'remote::docling-serve': { baseUrl: 'base_url' },
  'remote::s3': {},
  'inline::localfs': {},
};

function snake(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function isKeyRef(v: unknown): v is KeyRef {
  return isObject(v) && typeof v.name === 'string' && typeof v.key === 'string' && Object.keys(v).every((k) => k === 'name' || k === 'key');
}

/** A settings value in the server's key spelling (nested camelCase objects too). */
function snakeValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(snakeValue);
  if (isObject(v)) {
    const out: Obj = {};
    // Header names and other maps of user keys stay as written.
    for (const [k, x] of Object.entries(v)) out[snake(k)] = k === 'headers' ? plainCopy(x) : snakeValue(x);
    return out;
  }
  return v;
}

/** The OGX target an image names: `docker.io/ogxai/distribution-<d>:<release>` of a modelled release. */
export function targetOfImage(image: unknown): ServerTarget | undefined {
  if (typeof image !== 'string') return undefined;
  const m = /^(.*):([^/:@]+)(@.*)?$/.exec(image);
  if (!m) return undefined;
  for (const t of [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8]) {
    const tag = m[2].replace(/^v/, '');
    if (tag === t.release || t.verifiedReleases.includes(tag)) return t;
  }
  return undefined;
}

class Reader {
  readonly problems: ConfigProblem[] = [];
  readonly warnings: ConfigProblem[] = [];
  readonly sources: { [v2: string]: string } = {};
  readonly replace: string[] = [];
  private readonly operatorEnvNames: string[] = [];

  warn(path: string, message: string, fix: string): void {
    this.warnings.push({ path, message, fix });
  }

  problem(path: string, message: string, fix: string): void {
    this.problems.push({ path, message, fix });
  }

  obj(v: unknown, path: string): Obj | undefined {
    if (v === undefined || v === null) return undefined;
    if (!isObject(v)) {
      this.problem(path, 'must be an object', 'write it as a mapping of field: value');
      return undefined;
    }
    return v;
  }

  read(raw: unknown): { spec: LlamaStackDistributionSpec; baseConfigRef?: KeyRef; imageTarget?: ServerTarget } {
    const spec = this.obj(raw, 'spec') ?? {};
    for (const k of Object.keys(spec)) {
      if (!SPEC_KEYS.includes(k)) this.problem(`spec.${k}`, `unknown field ${quoteValue(k)}`, `remove it; known fields: ${SPEC_KEYS.join(', ')}`);
    }
    const out: Obj = {};
    const dist = this.obj(spec.distribution, 'spec.distribution');
    if (!dist) this.problem('spec.distribution', 'Required value', 'add distribution: {name: starter} or {image: <pinned image>}');
    if (dist) {
      out.distribution = plainCopy(dist);
      this.sources['spec.distribution'] = 'spec.distribution';
    }
    const providers = this.providers(spec.providers);
    if (providers) out.providers = providers;
    if (hasOwnValue(spec, 'resources')) {
      out.resources = plainCopy(spec.resources);
      this.sources['spec.resources'] = 'spec.resources';
    }
    const storage = this.storage(spec.storage);
    if (storage) out.storage = storage;
    if (Array.isArray(spec.disabledAPIs) && spec.disabledAPIs.length > 0) {
      out.disabled = plainCopy(spec.disabledAPIs);
      this.sources['spec.disabled'] = 'spec.disabledAPIs';
    }
    const networking = this.network(spec.network, spec.tls);
    if (networking) out.networking = networking;
    const workload = this.workload(spec.workload);
    if (workload) out.workload = workload;
    this.monitoring(spec.monitoring);
    const override = this.obj(spec.overrideConfig, 'spec.overrideConfig');
    if (override) {
      out.overrideConfig = { configMapName: override.name };
      this.sources['spec.overrideConfig'] = 'spec.overrideConfig';
      this.sources['spec.overrideConfig.configMapName'] = 'spec.overrideConfig.name';
      if (override.key !== 'config.yaml') {
        this.problem('spec.overrideConfig.key', `the Deployment mounts the key "config.yaml" of the ConfigMap, not ${quoteValue(override.key)}: the pod would find no config and not start`,
          `rename the key in ConfigMap ${quoteValue(override.name)} to config.yaml and set spec.overrideConfig.key: config.yaml`);
      }
      if (providers || storage) {
        this.warn('spec.overrideConfig', 'the override config is the whole config: spec.providers and spec.storage only shape the pod (env, Secrets), as with the operator',
          'move provider settings into the ConfigMap, or drop overrideConfig');
      }
    }
    if (hasOwnValue(spec, 'registryRefreshIntervalSeconds')) {
      this.warn('spec.registryRefreshIntervalSeconds', 'not carried: this library writes no registry refresh interval into the config',
        'remove it, or set it in an overrideConfig ConfigMap');
    }
    const base = this.obj(spec.baseConfig, 'spec.baseConfig');
    const baseConfigRef = base && typeof base.name === 'string' && typeof base.key === 'string' ? { name: base.name, key: base.key } : undefined;
    if (base && override) {
      this.warn('spec.baseConfig', 'not used: with spec.overrideConfig the override is the whole config', 'remove spec.baseConfig');
    }
    this.operatorDifferences(out);
    return { spec: out as LlamaStackDistributionSpec, baseConfigRef: override ? undefined : baseConfigRef, imageTarget: targetOfImage(dist?.image) };
  }

  private providers(raw: unknown): Obj | undefined {
    const providers = this.obj(raw, 'spec.providers');
    if (!providers) return undefined;
    const out: Obj = {};
    for (const [field, list] of Object.entries(providers)) {
      const path = `spec.providers.${field}`;
      const typed = TYPED[field];
      if (!typed) {
        this.problem(path, `unknown provider API ${quoteValue(field)}`, `use one of ${Object.keys(TYPED).join(', ')}`);
        continue;
      }
      const api = this.obj(list, path);
      if (!api) continue;
      const entries: Obj[] = [];
      for (const bucket of ['inline', 'remote'] as const) {
        const b = this.obj(api[bucket], `${path}.${bucket}`);
        if (!b) continue;
        for (const [kind, value] of Object.entries(b)) {
          const at = `${path}.${bucket}.${kind}`;
          if (kind === 'custom') {
            (Array.isArray(value) ? value : []).forEach((c: Obj, i: number) => entries.push(this.custom(c, `${at}[${i}]`, bucket)));
            continue;
          }
          const type = typed[bucket][kind];
          if (!type) {
            this.problem(at, `unknown ${bucket} provider ${quoteValue(kind)}`, `use one of ${[...Object.keys(typed[bucket]), 'custom'].join(', ')}`);
            continue;
          }
          if (Array.isArray(value)) value.forEach((v, i) => entries.push(this.typed(v, type, `${at}[${i}]`)));
          else if (isObject(value)) entries.push(this.typed(value, type, at));
        }
      }
      if (entries.length === 0) continue;
      out[field] = entries.map((e) => e.entry);
      entries.forEach((e, i) => (this.sources[`spec.providers.${field}[${i}]`] = e.path));
      this.replace.push(typed.api);
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }

  private custom(c: Obj, path: string, bucket: string): Obj {
    const type = typeof c?.type === 'string' ? (c.type.includes('::') ? c.type : `${bucket}::${c.type}`) : '';
    const secretRefs: Obj = {};
    for (const [k, r] of Object.entries(isObject(c?.secretRefs) ? c.secretRefs : {})) {
      secretRefs[k] = plainCopy(r);
      this.operatorEnvNames.push(`OGX_${snake(String(c.id ?? type.replace('::', '-'))).toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${k.toUpperCase()}`);
    }
    return {
      path,
      entry: {
        // The operator's id when none is given: the type with '::' as '-' (remote-vllm).
        id: typeof c?.id === 'string' ? c.id : type.replace('::', '-'),
        provider: type,
        ...(Object.keys(secretRefs).length > 0 ? { secretRefs } : {}),
        ...(isObject(c?.settings) ? { settings: plainCopy(c.settings) } : {}),
      },
    };
  }

  /** A typed entry: its fields as the server's config keys, key references as Secret refs. */
  private typed(v: unknown, type: string, path: string): Obj {
    const src: Obj = isObject(v) ? v : {};
    const renames = RENAMES[type] ?? {};
    const settings: Obj = {};
    const secretRefs: Obj = {};
    for (const [field, value] of Object.entries(src)) {
      if (field === 'id') continue;
      const key = renames[field] ?? snake(field);
      if (isKeyRef(value)) {
        secretRefs[key] = { name: value.name, key: value.key };
        this.operatorEnvNames.push(`OGX_${snake(String(src.id ?? type.replace('::', '-'))).toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${snake(field).toUpperCase()}`);
        continue;
      }
      settings[key] = snakeValue(value);
    }
    if (type === 'remote::pgvector' && isObject(src.vectorIndex)) {
      settings.vector_index = this.pgvectorIndex(src.vectorIndex, `${path}.vectorIndex`);
    }
    return {
      path,
      entry: {
        id: typeof src.id === 'string' ? src.id : type.replace('::', '-'),
        provider: type,
        ...(Object.keys(secretRefs).length > 0 ? { secretRefs } : {}),
        ...(Object.keys(settings).length > 0 ? { settings } : {}),
      },
    };
  }

  /** pgvector's index as the server reads it (`{type: HNSW, m, ef_construction, ef_search}`). */
  private pgvectorIndex(index: Obj, path: string): Obj | undefined {
    this.warn(path, 'the OGX operator writes this as vector_index: {hnsw: {…}}, which the server rejects (its index is {type: HNSW|IVFFlat, …}); this render writes the form the server reads',
      'nothing to do here; under the operator, set the index in an overrideConfig');
    if (isObject(index.hnsw)) return { type: 'HNSW', ...(snakeValue(index.hnsw) as Obj) };
    if (isObject(index.ivfFlat)) {
      const f = index.ivfFlat;
      return { type: 'IVFFlat', ...(f.nlist !== undefined ? { lists: f.nlist } : {}), ...(f.nprobe !== undefined ? { probes: f.nprobe } : {}) };
    }
    return undefined;
  }

  private storage(raw: unknown): Obj | undefined {
    const s = this.obj(raw, 'spec.storage');
    if (!s) return undefined;
    this.sources['spec.storage'] = 'spec.storage';
    const out: Obj = {};
    const kv = this.obj(s.kv, 'spec.storage.kv');
    if (kv) {
      out.kv = plainCopy(kv);
      if (kv.type === 'redis') {
        this.warn('spec.storage.kv.endpoint', 'the OGX operator writes the Redis URL into the config\'s host field (the server then cannot connect); this render writes host and port apart',
          'nothing to do here; under the operator, give the Redis store in an overrideConfig');
      }
    }
    const sql = this.obj(s.sql, 'spec.storage.sql');
    if (sql) out.sql = plainCopy(sql);
    return Object.keys(out).length > 0 ? out : undefined;
  }

  private network(raw: unknown, rawTls: unknown): Obj | undefined {
    const n = this.obj(raw, 'spec.network') ?? {};
    const tls = this.obj(rawTls, 'spec.tls');
    const out: Obj = {};
    if (hasOwnValue(n, 'port')) {
      out.port = n.port;
      this.sources['spec.networking.port'] = 'spec.network.port';
    }
    const serving = this.obj(n.tls, 'spec.network.tls');
    if (serving) {
      out.tls = { enabled: true, secretName: serving.secretName };
      this.sources['spec.networking.tls'] = 'spec.network.tls';
    }
    if (tls?.identity !== undefined) {
      this.problem('spec.tls.identity', 'a serving certificate from separate cert and key references is not carried: the server would serve no TLS, and clients expecting HTTPS could not connect',
        'put the certificate and key in a kubernetes.io/tls Secret and set spec.network.tls.secretName');
    }
    const trust = this.obj(tls?.trust, 'spec.tls.trust');
    const cas = Array.isArray(trust?.caCertificates) ? trust!.caCertificates.filter(isKeyRef) : [];
    if (cas.length > 0) {
      const names = [...new Set(cas.map((c: KeyRef) => c.name))];
      if (serving && names.length === 1) {
        out.tls.caBundle = { configMapName: names[0], configMapKeys: cas.map((c: KeyRef) => c.key) };
        this.sources['spec.networking.tls.caBundle'] = 'spec.tls.trust.caCertificates';
      } else {
        this.warn('spec.tls.trust.caCertificates', names.length > 1
          ? 'not carried: trusted CAs from several ConfigMaps (this library reads one CA bundle ConfigMap)'
          : 'not carried: trusted CAs without serving TLS (this library mounts a CA bundle with spec.network.tls only)',
        'put the certificates in one ConfigMap and serve TLS (spec.network.tls), or mount them with spec.workload.overrides.volumes/volumeMounts and set SSL_CERT_FILE in spec.workload.overrides.env');
      }
    }
    const ext = this.obj(n.externalAccess, 'spec.network.externalAccess');
    if (ext) {
      out.expose = { enabled: ext.enabled !== false, ...(ext.hostname !== undefined ? { hostname: ext.hostname } : {}) };
      this.sources['spec.networking.expose'] = 'spec.network.externalAccess';
    }
    const policy = this.obj(n.policy, 'spec.network.policy');
    const allowed = this.policy(policy, typeof n.port === 'number' ? n.port : 8321);
    if (allowed) {
      out.allowedFrom = allowed;
      this.sources['spec.networking.allowedFrom'] = 'spec.network.policy.ingress';
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }

  /** Ingress rules as allowedFrom (namespaces by name, label keys, all); the rest is said. */
  private policy(policy: Obj | undefined, serverPort: number): Obj | undefined {
    if (policy?.enabled === false) return undefined;
    if (Array.isArray(policy?.egress) && policy!.egress.length > 0) {
      this.warn('spec.network.policy.egress', 'not carried: this library writes ingress rules only, so outbound traffic is not restricted',
        'add an egress NetworkPolicy of your own next to the rendered objects');
    }
    const namespaces: string[] = [];
    const labels: string[] = [];
    const rules: unknown[] = Array.isArray(policy?.ingress) ? policy!.ingress : [];
    rules.forEach((rule, i) => {
      const from: unknown[] = isObject(rule) && Array.isArray(rule.from) ? rule.from : [];
      from.forEach((peer, j) => {
        const at = `spec.network.policy.ingress[${i}].from[${j}]`;
        const sel = isObject(peer) ? peer.namespaceSelector : undefined;
        const onlyNs = isObject(peer) && Object.keys(peer).length === 1 && isObject(sel);
        const ml = onlyNs && isObject(sel.matchLabels) ? sel.matchLabels : undefined;
        const me = onlyNs && Array.isArray(sel.matchExpressions) ? sel.matchExpressions : undefined;
        if (onlyNs && Object.keys(sel).length === 0) {
          this.sources[`spec.networking.allowedFrom.namespaces[${namespaces.length}]`] = `${at}.namespaceSelector`;
          namespaces.push('*');
        } else if (ml && !me && Object.keys(ml).length === 1 && typeof ml['kubernetes.io/metadata.name'] === 'string') {
          this.sources[`spec.networking.allowedFrom.namespaces[${namespaces.length}]`] = `${at}.namespaceSelector.matchLabels["kubernetes.io/metadata.name"]`;
          namespaces.push(ml['kubernetes.io/metadata.name']);
        } else if (me && !ml && me.every((e: Obj) => e?.operator === 'Exists' && typeof e.key === 'string')) {
          me.forEach((_e: Obj, k: number) => {
            this.sources[`spec.networking.allowedFrom.labels[${labels.length + k}]`] = `${at}.namespaceSelector.matchExpressions[${k}].key`;
          });
          labels.push(...me.map((e: Obj) => e.key));
        } else {
          this.warn(at, 'not carried: this library admits namespaces by name or by label key only (pod selectors, label values, IP blocks are not)',
            'admit the namespace by name (namespaceSelector.matchLabels kubernetes.io/metadata.name) or by label key (matchExpressions operator Exists)');
        }
      });
      const ports: Obj[] = isObject(rule) && Array.isArray(rule.ports) ? rule.ports : [];
      const otherPorts = ports.filter((pt) => pt?.port !== serverPort || pt?.endPort !== undefined);
      if (otherPorts.length > 0) {
        this.warn(`spec.network.policy.ingress[${i}].ports`, `not carried: the rendered NetworkPolicy admits the server port (${serverPort}) only`, 'remove the other ports');
      }
    });
    if (namespaces.length === 0 && labels.length === 0) {
      if (policy?.enabled === true || policy === undefined) {
        this.warn('spec.network.policy', 'the OGX operator creates a NetworkPolicy by default (admitting the server\'s and the operator\'s namespaces); this render creates none without ingress rules',
          'add spec.network.policy.ingress rules naming the namespaces to admit, or set spec.network.policy.enabled: false');
      }
      return undefined;
    }
    return { ...(namespaces.length > 0 ? { namespaces } : {}), ...(labels.length > 0 ? { labels } : {}) };
  }

  private workload(raw: unknown): Obj | undefined {
    const w = this.obj(raw, 'spec.workload');
    if (!w) return undefined;
    this.sources['spec.workload'] = 'spec.workload';
    const out: Obj = {};
    for (const f of ['replicas', 'workers', 'resources', 'autoscaling', 'storage', 'podDisruptionBudget', 'topologySpreadConstraints', 'overrides']) {
      if (hasOwnValue(w, f) && !(Array.isArray(w[f]) && w[f].length === 0)) out[f] = plainCopy(w[f]);
    }
    if (Array.isArray(w.resourceClaims) && w.resourceClaims.length > 0) {
      this.warn('spec.workload.resourceClaims', 'not carried: the rendered pod claims no dynamic resources (DRA), so a device it needs is not attached',
        'remove resourceClaims, or patch the rendered Deployment (kustomize) to add spec.template.spec.resourceClaims');
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }

  private monitoring(raw: unknown): void {
    const m = this.obj(raw, 'spec.monitoring');
    if (m && m.enabled !== false) {
      this.warn('spec.monitoring', 'not carried: this library creates no ServiceMonitor and opens no metrics port', 'set spec.monitoring.enabled: false, or add a ServiceMonitor of your own');
    }
  }

  private operatorDifferences(spec: Obj): void {
    this.warn('metadata.name', 'the OGX operator names the config ConfigMap <name>-config-<16 hex>; this render names it <name>-config-<hash> (see docs/migration.md)',
      'nothing to do: references to the ConfigMap by name should not be kept');
    if (this.operatorEnvNames.length > 0) {
      this.warn('spec.providers', `the OGX operator names secret env vars OGX_<ID>_<FIELD> (${this.operatorEnvNames.slice(0, 3).join(', ')}${this.operatorEnvNames.length > 3 ? ', …' : ''}); this render names them its own way`,
        'nothing to do, unless something else reads those env vars');
    }
    if (spec.providers) {
      this.warn('spec.providers', `providers replace the base config's providers of their API (${this.replace.join(', ')}), as the operator does`, 'list every provider of those APIs');
    }
  }
}

/** Reads an OGXServer spec. */
export function convertOgxServer(raw: unknown): OgxConversion {
  const r = new Reader();
  const { spec, baseConfigRef, imageTarget } = r.read(raw);
  return { spec, problems: r.problems, warnings: r.warnings, sources: r.sources, baseConfigRef, replaceBaseProviders: r.replace, imageTarget };
}
