/**
 * `llamastack.io/v1alpha1` to v1alpha2, with the operator's migration table (operator-rules.md
 * §5.5): what v1alpha2 cannot honour is an error with its path, never a silent drop.
 */
import { bare, describe, Obj, Problems } from './manifest-problems';
import { hasOwnValue } from '../core/json';
import { quoteValue } from '../core/quote';
import { LlamaStackDistributionSpec } from '../spec/spec';

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

export class V1Alpha1Converter {
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
    const shown = typeof ns === 'string' ? quoteValue(ns) : describe(ns);
    this.p.add(`${path}.configMapNamespace`,
      this.namespace === undefined
        ? `the ConfigMap is in namespace ${shown}, and the manifest names no namespace: v1alpha2 overrideConfig only reads a ConfigMap of the server's own namespace`
        : `the ConfigMap is in namespace ${shown}, not "${this.namespace}": v1alpha2 overrideConfig only reads a ConfigMap of the server's own namespace (the v1alpha1 operator could not mount it either)`,
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
