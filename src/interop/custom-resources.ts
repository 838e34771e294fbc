/**
 * "To a CR": the custom resource an operator reconciles, instead of the workload, from the same
 * props as `LlamaStackDistribution`, checked the same way (its planner, so every check it makes
 * applies), plus an error for each prop the CRD cannot express.
 *
 * - `LlamaStackDistributionResource`: `llamastack.io/v1alpha2 LlamaStackDistribution`.
 * - `OgxServerResource`: `ogx.io/v1beta1 OGXServer` (mapping in docs/interop.md).
 */
import { ApiObject, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { externalProvidersForCrd, externalProvidersForOgx } from './external-providers';
import { OGX_CONFIG_KEY, OgxMapping } from './ogx-server-out';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { plainCopy } from '../core/json-convert';
import { DistributionPlan, resolvePlan } from '../distribution/planner';
import { LlamaStackDistributionProps } from '../distribution/props';
import { atPropsPaths } from '../distribution/props-paths';
import { checkedDistributionProps } from '../distribution/props-shape';
import { SpecOrigins, specAndProblemsFromProps } from '../distribution/spec-from-props';
import { LlamaStackDistributionV1Alpha2 } from '../imports/llamastack.io';
import { OgxServer } from '../imports/ogx.io';
import { DEFAULT_TARGET } from '../releases/server-target';
import { SERVER_PROVIDER_APIS } from '../spec/apis';
import { LlamaStackDistributionSpec, ProviderConfig } from '../spec/spec';
import { withController } from '../values/expose';

type Obj = Record<string, any>;

/**
 * The imported classes re-map `spec` through generated converters that expect their own
 * IntOrString wrapper classes and drop plain values (a quantity `'2'` has no `.value`, so
 * `resources.limits.cpu` would vanish). The spec here is already plain CRD JSON: write it as is.
 */
class PlainV1Alpha2 extends LlamaStackDistributionV1Alpha2 {
  public override toJson(): any {
    return ApiObject.prototype.toJson.call(this);
  }
}

class PlainOgxServer extends OgxServer {
  public override toJson(): any {
    return ApiObject.prototype.toJson.call(this);
  }
}

function pruned(obj: Obj): Obj | undefined {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}


/** Props of `LlamaStackDistribution` that live outside the spec, so no CR can carry them. */
function outsideSpec(props: LlamaStackDistributionProps, kind: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const no = (path: string, what: string, fix: string) => problems.push({ path, message: `the ${kind} CRD has no field for ${what}`, fix });
  const ogx = kind.includes('OGXServer');
  for (const [prop, what] of [['podAnnotations', 'pod annotations'], ['imagePullSecrets', 'image pull Secrets'], ['affinity', 'an affinity'],
    ['priorityClassName', 'a priority class'], ['resourceClaims', 'DRA resource claims'], ['restartOnSecretChange', 'Reloader annotations'],
    ['admitOwnNamespace', 'leaving the own namespace out of the NetworkPolicy'], ['allowedTo', 'egress rules'], ['service', 'a Service type or annotations'],
    ['envFrom', 'envFrom sources'], ['initContainers', 'init containers'], ['sidecars', 'sidecars'], ['probes', 'probe timing'],
    ['preStopDrain', 'a preStop drain'], ['runtimeClassName', 'a RuntimeClass']] as const) {
    if (props[prop] !== undefined) no(`props.${prop}`, `${what} (the operator writes the pod)`, `remove ${prop}, or render the workload with LlamaStackDistribution`);
  }
  if (props.connectors !== undefined) {
    no('props.connectors', 'MCP connectors (the operator writes the config)', 'remove connectors, or render the workload with LlamaStackDistribution');
  }
  if (props.labels !== undefined) {
    no('props.labels', 'labels of the objects the operator creates (labels on the CR are not copied to them)',
      'remove labels; to label the CR itself, use resource.metadata.addLabel(key, value)');
  }
  if (props.verify !== undefined) {
    no('props.verify', 'a verification Job (the operator writes the server\'s objects and names; the Job is checked against those the library writes)',
      'remove verify, or render the workload with LlamaStackDistribution (verify: {...}) and apply its Job');
  }
  for (const [prop, what] of [['imageRegistry', 'an image mirror'], ['modelSeed', 'a model seed'], ['airGapped', 'an air-gapped declaration']] as const) {
    if (props[prop] !== undefined) no(`props.${prop}`, `${what} (the operator writes the pod)`, `remove ${prop}, or render the workload with LlamaStackDistribution`);
  }
  if (props.nodeSelector !== undefined) no('props.nodeSelector', 'a node selector', 'remove nodeSelector, or render the workload with LlamaStackDistribution');
  if (props.tolerations !== undefined) no('props.tolerations', 'tolerations', 'remove tolerations, or render the workload with LlamaStackDistribution');
  if (props.imagePullPolicy !== undefined) no('props.imagePullPolicy', 'an image pull policy', 'remove imagePullPolicy (pinned tags are pulled IfNotPresent)');
  if (props.persistentStorage?.storageClassName !== undefined) {
    no('props.persistentStorage.storageClassName', 'a StorageClass (the PVC uses the cluster default)', 'remove storageClassName, or make the class the cluster default');
  }
  if (props.emptyDirSizeLimits !== undefined) {
    no('props.emptyDirSizeLimits', 'emptyDir size limits (the operator writes its own Deployment)', 'remove emptyDirSizeLimits, or render the workload with LlamaStackDistribution');
  }
  if (props.expose?.ingressClassName !== undefined) {
    no('props.expose.ingressClassName', 'an IngressClass (the Ingress uses the cluster default)', 'remove ingressClassName, or make the class the cluster default');
  }
  if (props.expose?.tls !== undefined && (!ogx || props.expose.tls.secretName === undefined)) {
    no('props.expose.tls', ogx ? 'a cert-manager issuer for the Ingress (the operator\'s Ingress serves an existing Secret: externalAccess.tls.secretName)'
      : 'the Ingress\'s certificate (the operator\'s Ingress has no TLS section)', ogx ? 'set expose.tls.secretName to an existing kubernetes.io/tls Secret' : 'remove expose.tls, or render the workload with LlamaStackDistribution');
  } else if (ogx && (props.expose?.tls?.clusterIssuer !== undefined || props.expose?.tls?.issuer !== undefined)) {
    no('props.expose.tls', 'a cert-manager issuer for the Ingress (the operator\'s Ingress serves an existing Secret: externalAccess.tls.secretName)', 'remove clusterIssuer and issuer');
  }
  if (props.expose?.annotations !== undefined) {
    no('props.expose.annotations', 'Ingress annotations (the operator writes the Ingress)', 'remove expose.annotations, or render the workload with LlamaStackDistribution');
  }
  if (props.expose?.tlsMode !== undefined) {
    no('props.expose.tlsMode', 'a TLS mode (the operator writes the Ingress without backend-protocol or passthrough annotations)', 'remove expose.tlsMode, or render the workload with LlamaStackDistribution');
  }
  if (props.expose?.gateway !== undefined) {
    no('props.expose.gateway', 'a Gateway API HTTPRoute (the operator creates an Ingress)', 'remove expose.gateway, or render the workload with LlamaStackDistribution');
  }
  // v1alpha2 `allowedFrom.labels` are label keys: `key=value` (this library's matchLabels form) is not one.
  const labels = props.spec ? props.spec.networking?.allowedFrom?.labels : withController(props.allowedFrom, props.expose)?.labels;
  (Array.isArray(labels) ? labels : []).forEach((l, i) => {
    if (typeof l === 'string' && l.includes('=')) {
      const fromController = !props.spec && !(props.allowedFrom?.labels ?? []).includes(l);
      no(props.spec ? `spec.networking.allowedFrom.labels[${i}]` : fromController ? 'props.expose.controllerNamespaceLabels' : `props.allowedFrom.labels[${i}]`,
        `a namespace label value ("${l}": allowedFrom.labels are label keys, matched with Exists)`, 'write the label key alone, or render the workload with LlamaStackDistribution');
    }
  });
  const models = props.spec ? props.spec.resources?.models : props.models;
  (Array.isArray(models) ? models : []).forEach((m, i) => {
    for (const k of MODEL_EXTENSIONS) {
      if (typeof m === 'object' && m !== null && (m as any)[k] !== undefined) {
        no(props.spec ? `spec.resources.models[${i}].${k}` : `props.models[${i}].${k}`, `a model's ${k} (a library extension for server targets)`,
          `remove ${k}, or render the workload with LlamaStackDistribution`);
      }
    }
  });
  if (props.auth !== undefined) {
    no('props.auth', 'server authentication (server.auth)', 'remove auth, or render the workload with LlamaStackDistribution');
  }
  if (props.tenancy !== undefined) no('props.tenancy', 'tenancy (server.tenancy)', 'remove tenancy, or render the workload with LlamaStackDistribution');
  // The OGXServer's named backends are Postgres: a vector_stores store on a Postgres is its stores.vectorStores.
  if (props.vectorStoresStorage !== undefined && !(ogx && props.vectorStoresStorage?.type === 'postgres')) {
    no('props.vectorStoresStorage', ogx ? 'a vector_stores store outside Postgres (its named backends are Postgres only)' : 'the vector_stores store (storage.stores.vector_stores)',
      ogx ? 'use a StorageBackend.postgres({ ... }), or render the workload with LlamaStackDistribution' : 'remove vectorStoresStorage, or render the workload with LlamaStackDistribution');
  }
  for (const k of ['ciphers', 'hstsMaxAgeSeconds'] as const) {
    if (props.tls?.[k] !== undefined) no(`props.tls.${k}`, `the server TLS setting ${k}`, `remove tls.${k}, or render the workload with LlamaStackDistribution`);
  }
  if (props.retainConfigMaps !== undefined) {
    no('props.retainConfigMaps', 'annotations on the ConfigMaps the operator creates', 'remove retainConfigMaps');
  }
  if (props.platform?.isOpenShift === true) {
    no('props.platform', 'a platform (the operator writes the pod, its Service and its exposure for the cluster it runs on)',
      'remove platform, or render the workload with LlamaStackDistribution');
  }
  if (props.caBundle !== undefined) {
    no('props.caBundle', 'a CA bundle without serving TLS (it carries one only as networking.tls.caBundle, next to a serving certificate)',
      'with serving TLS, move it to tls.caBundle; else render the workload with LlamaStackDistribution');
  } else if (props.tls?.caBundle !== undefined && props.tls.secretName === undefined && props.tls.serviceCa !== true) {
    no('props.tls.caBundle', 'a CA bundle without serving TLS (its CEL rule: "caBundle is only valid when TLS is enabled")',
      'set tls.secretName too, or render the workload with LlamaStackDistribution');
  }
  if (props.tls?.serviceCa === true) {
    no('props.tls.serviceCa', 'a serving certificate from the service CA (the operator writes the Service)', 'name a kubernetes.io/tls Secret (tls.secretName)');
  }
  if (props.expose?.routeTimeout !== undefined) {
    no('props.expose.routeTimeout', 'a Route timeout (the operator writes the exposure)', 'remove routeTimeout, or render the workload with LlamaStackDistribution');
  }
  if (props.allowUnrestrictedVolumes === true) {
    no('props.allowUnrestrictedVolumes', 'accepting volumes the restricted Pod Security Standard forbids (the operator writes the pod)',
      'remove allowUnrestrictedVolumes and the hostPath, nfs… volumes, or render the workload with LlamaStackDistribution');
  }
  if (props.overrideConfigYaml !== undefined) {
    no('props.overrideConfigYaml', 'an override config as text (it takes the name of a ConfigMap)', 'put the text in a ConfigMap and pass overrideConfigMapName');
  }
  if (props.vectorStores !== undefined) {
    no('props.vectorStores', 'vector store defaults', 'remove vectorStores, or render the workload with LlamaStackDistribution');
  }
  if (props.replaceBaseProviders !== undefined) {
    no('props.replaceBaseProviders', 'replacing base providers (the operator decides how providers meet its base config)', 'remove replaceBaseProviders');
  }
  for (const { field } of SERVER_PROVIDER_APIS) {
    const list = props.spec ? props.spec.providers?.[field] : props[field];
    if (list && list.length > 0) {
      no(props.spec ? `spec.providers.${field}` : `props.${field}`, `${field} providers (a library extension for server targets)`,
        `remove ${field}, or render the workload with LlamaStackDistribution`);
    }
  }
  const shields = props.spec ? props.spec.resources?.shields : props.shields;
  (Array.isArray(shields) ? shields : []).forEach((sh, i) => {
    if (typeof sh === 'object' && sh !== null) {
      no(props.spec ? `spec.resources.shields[${i}]` : `props.shields[${i}]`, 'a shield\'s provider, provider shield id or params (the CRD takes shield ids)',
        'write the shield id, or render the workload with LlamaStackDistribution');
    }
  });
  return problems;
}

/** The model fields this library adds to the v1alpha2 API: what registration needs on a real server. */
const MODEL_EXTENSIONS = ['embeddingDimension', 'providerModelId'];

/** Runs every check of `LlamaStackDistribution` on the props (its planner). Returns the plan, or its problems as found. */
function dryRun(scope: Construct, id: string, props: LlamaStackDistributionProps): { plan?: DistributionPlan; problems: ConfigProblem[] } {
  // In the namespace of the CR's own chart, so namespace checks (CA bundles) see what the CR gets.
  // The operator decides where a CR's state lives: the per-pod state check is for our own Deployment.
  const outcome = resolvePlan({ ...props, allowPerPodState: true }, { id, chartNamespace: Chart.of(scope).namespace });
  return 'plan' in outcome ? { plan: outcome.plan, problems: [] } : { problems: outcome.problems };
}

/**
 * The spec as the CRD accepts it: models as objects (the CRDs have no short form), and
 * `tls.enabled: false` written out (the CRD's CEL reads `self.enabled`, which has no default,
 * so a `tls` without it is rejected; this library reads it as false).
 */
function normalizedSpec(spec: LlamaStackDistributionSpec): LlamaStackDistributionSpec {
  const out: Obj = plainCopy(spec) ?? {};
  const models = out.resources?.models;
  if (Array.isArray(models)) out.resources.models = models.map((m: unknown) => (typeof m === 'string' ? { name: m } : m));
  const tls = out.networking?.tls;
  if (tls !== null && typeof tls === 'object' && !Array.isArray(tls) && tls.enabled === undefined) tls.enabled = false;
  return out as LlamaStackDistributionSpec;
}

interface Checked {
  readonly name: string;
  readonly spec: LlamaStackDistributionSpec;
  readonly plan?: DistributionPlan;
  /** Typed props: the prop each spec location came from (none for a `props.spec`). */
  readonly origins?: SpecOrigins;
  readonly problems: ConfigProblem[];
}

function check(scope: Construct, id: string, props: LlamaStackDistributionProps, kind: string): Checked {
  // auth is reported above for every CR; the dry run checks the rest.
  const run = dryRun(scope, id, { ...props, auth: undefined, verify: undefined });
  const fromProps = props.spec === undefined && !run.plan ? specAndProblemsFromProps(props, props.name ?? id) : undefined;
  const spec = normalizedSpec(props.spec ?? (run.plan?.spec ?? fromProps!.spec));
  const origins = props.spec === undefined ? run.plan?.origins ?? fromProps?.origins : undefined;
  return { name: props.name ?? id, spec, plan: run.plan, origins, problems: [...outsideSpec(props, kind), ...run.problems] };
}

/**
 * A provider's `network` and `postgresTls` (this library's extensions for server targets): a CR
 * has no field for them, and the operator mounts no CA or client certificate for a provider.
 */
function providerExtensions(spec: LlamaStackDistributionSpec, what: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [field, list] of Object.entries(spec.providers ?? {})) {
    (Array.isArray(list) ? list : []).forEach((p: ProviderConfig, i: number) => {
      for (const k of ['network', 'postgresTls'] as const) {
        if (p?.[k] === undefined) continue;
        problems.push({
          path: `spec.providers.${field}[${i}].${k}`,
          message: `${what} provider ${k} (this library's extension for server targets: the CA and client certificate mounts, the pod's PGSSLMODE and NO_PROXY)`,
          fix: `remove ${k === 'network' ? 'network' : 'sslMode and caCertificate'} from the provider, or deploy with LlamaStackDistribution`,
        });
      }
    });
  }
  return problems;
}

/** The postgres fields this library adds to the v1alpha2 API (the CRD only has connectionString). */
const SQL_EXTENSIONS = ['host', 'port', 'db', 'user', 'password', 'tuning'];

/**
 * A `llamastack.io/v1alpha2 LlamaStackDistribution` custom resource, from the same props as
 * `LlamaStackDistribution` (checked the same way). No released operator serves
 * `llamastack.io/v1alpha2`: the design it comes from never shipped (the operator that shipped is
 * `ogx.io/v1beta1 OGXServer`), so the CR is useful only with a build of that design. Use
 * `OgxServerResource` for the OGX operator, or `LlamaStackDistribution` for the plain objects. Props the CR
 * cannot carry are errors: labels, nodeSelector, tolerations, imagePullPolicy,
 * storageClassName, ingressClassName, emptyDirSizeLimits, baseConfigYaml, an image next to a distribution name,
 * postgres given field by field, and external providers' config, secretRefs and lists other than
 * inference (the CR carries `externalProviders.inference[{providerId, image}]`). `target` is not part of the CR (the renderer picks it); it only
 * chooses what the props are checked against.
 */
export class LlamaStackDistributionResource extends Construct {
  /** `metadata.name`. */
  public readonly name: string;
  /** The spec as written to the CR (models in object form). */
  public readonly spec: LlamaStackDistributionSpec;
  /** The custom resource. */
  public readonly resource: ApiObject;

  constructor(scope: Construct, id: string, props: LlamaStackDistributionProps = {}) {
    super(scope, id);
    props = checkedDistributionProps(props);
    const c = check(this, id, props, 'llamastack.io/v1alpha2 LlamaStackDistribution');
    const problems = [...c.problems];
    if (props.baseConfigYaml !== undefined) {
      problems.push({
        path: 'props.baseConfigYaml',
        message: 'the LlamaStackDistribution CRD cannot carry a base config (the operator uses the one of the distribution)',
        fix: 'remove baseConfigYaml, or pass it when rendering the CR (LlamaStackDistributionManifest.toDistribution)',
      });
    }
    if (props.image !== undefined && props.image !== c.spec.distribution?.image) {
      problems.push({
        path: 'props.image',
        message: 'the CR names its distribution, whose image the operator resolves; it has no field for another image',
        fix: 'remove image, or set spec.distribution: {image: ...} instead of a name',
      });
    }
    const sql: Obj = c.spec.storage?.sql ?? {};
    for (const f of SQL_EXTENSIONS.filter((k) => sql[k] !== undefined)) {
      problems.push({
        path: props.spec ? `spec.storage.sql.${f}` : `props.sqlStorage(${f})`,
        message: `the LlamaStackDistribution CRD has no storage.sql.${f} (postgres field by field is this library's extension; the API server would prune it)`,
        fix: 'use StorageBackend.postgres({ connectionString }) for an operator-managed server',
      });
    }
    if (c.spec.storage?.stores?.inference !== undefined) {
      problems.push({
        path: props.spec ? 'spec.storage.stores.inference' : 'props.inferenceStore',
        message: 'the LlamaStackDistribution CRD has no store settings (the write queue is this library\'s extension for server targets)',
        fix: 'remove inferenceStore, or deploy with OgxServerResource or LlamaStackDistribution',
      });
    }
    if (props.spec && c.spec.storage?.stores?.vectorStores !== undefined) {
      problems.push({
        path: 'spec.storage.stores.vectorStores',
        message: 'the LlamaStackDistribution CRD has no vector_stores store (a library extension for server targets)',
        fix: 'remove spec.storage.stores.vectorStores, or deploy with OgxServerResource or LlamaStackDistribution',
      });
    }
    if (c.spec.networking?.expose?.tlsSecretName !== undefined) {
      problems.push({
        path: 'spec.networking.expose.tlsSecretName',
        message: 'the LlamaStackDistribution CRD has no Ingress TLS Secret (tlsSecretName is this library\'s extension)',
        fix: 'remove tlsSecretName, or deploy with LlamaStackDistribution or OgxServerResource',
      });
    }
    if (c.spec.monitoring !== undefined) {
      problems.push({
        path: props.spec ? 'spec.monitoring' : 'props.monitoring',
        message: 'the LlamaStackDistribution CRD has no monitoring (the Prometheus endpoint is this library\'s extension for OGX 1.2+ server targets)',
        fix: 'remove monitoring, or deploy with LlamaStackDistribution',
      });
    }
    if (c.spec.storage?.kv?.type === 'postgres') {
      problems.push({
        path: props.spec ? 'spec.storage.kv.type' : 'props.kvStorage',
        message: 'the LlamaStackDistribution CRD has no postgres key-value store (kv_postgres is this library\'s extension for server targets)',
        fix: 'use StorageBackend.redis(...) or StorageBackend.sqlite() for an operator-managed server, or deploy with LlamaStackDistribution',
      });
    }
    problems.push(...providerExtensions(c.spec, 'the LlamaStackDistribution CRD has no'));
    const external = externalProvidersForCrd(c.spec);
    problems.push(...external.problems);
    if (problems.length > 0) throw new LlamaStackConfigError(atPropsPaths(problems, c.origins));
    this.name = c.name;
    this.spec = external.spec;
    this.resource = new PlainV1Alpha2(this, 'Resource', {
      metadata: pruned({ name: this.name, namespace: props.namespace }),
      spec: this.spec as any,
    });
    this.node.defaultChild = this.resource;
  }
}

/**
 * An `ogx.io/v1beta1 OGXServer` custom resource for a cluster that runs the OGX operator, from
 * the same props as `LlamaStackDistribution` (checked the same way, for an OGX target). The
 * distribution becomes the target's pinned image; each provider the CRD's typed field where one
 * exists (`inference.remote.vllm`, `vectorIo.remote.pgvector`, `files.remote.s3`…), a `custom`
 * entry with the config keys this library writes for the rest; `baseConfigYaml` a ConfigMap
 * referenced by `baseConfig`.
 * What the CRD cannot express is an error listing each path (see docs/interop.md).
 */
export class OgxServerResource extends Construct {
  /** `metadata.name`. */
  public readonly name: string;
  /** The custom resource. */
  public readonly resource: ApiObject;
  /**
   * The ConfigMap holding `baseConfigYaml` (label `ogx.io/watch: "true"`).
   * @default - only with baseConfigYaml
   */
  public readonly baseConfigMap?: ApiObject;

  constructor(scope: Construct, id: string, props: LlamaStackDistributionProps = {}) {
    super(scope, id);
    props = checkedDistributionProps(props);
    const target = props.target ?? DEFAULT_TARGET;
    const isOgx = target.id.startsWith('ogx-');
    const c = check(this, id, props, 'ogx.io/v1beta1 OGXServer');
    const problems = [...c.problems];
    if (!isOgx) {
      problems.push({
        path: 'props.target',
        message: `the OGX operator runs OGX servers, not ${target.description}`,
        fix: 'remove target (OGX 1.3 is the default), or use LlamaStackDistributionResource',
      });
    }
    const mapping = new OgxMapping(isOgx ? target : DEFAULT_TARGET, props.namespace ?? Chart.of(this).namespace);
    this.name = c.name;
    const baseName = props.baseConfigYaml !== undefined ? `${this.name}-base-config` : undefined;
    // The mapping reads a checked spec only: when the dry run failed, its problems are the answer.
    const spec = c.plan ? mapping.spec(c.spec, c.plan.image, baseName, props.expose?.tls?.secretName) : {};
    problems.push(...mapping.problems, ...externalProvidersForOgx(c.spec), ...providerExtensions(c.spec, 'the OGXServer CRD has no'));
    if (problems.length > 0) throw new LlamaStackConfigError(atPropsPaths(problems, c.origins));
    if (baseName !== undefined && !c.spec.overrideConfig) {
      this.baseConfigMap = new ApiObject(this, 'BaseConfig', {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: pruned({ name: baseName, namespace: props.namespace, labels: { 'ogx.io/watch': 'true' } }),
        data: { [OGX_CONFIG_KEY]: props.baseConfigYaml },
      });
    }
    this.resource = new PlainOgxServer(this, 'Resource', {
      metadata: pruned({ name: this.name, namespace: props.namespace }),
      spec: spec as any,
    });
    this.node.defaultChild = this.resource;
  }
}
