/**
 * OGXServer out: this library's spec (checked by the planner first) as an `ogx.io/v1beta1 OGXServer`
 * spec of the newest operator, field by field, with a problem for each thing its CRD cannot express
 * (mapping in docs/interop.md). `OgxServerResource` (custom-resources.ts) writes it.
 */
import { typedEntry } from './ogx-typed-providers';
import { ConfigProblem } from '../core/errors';
import { plainCopy } from '../core/json-convert';
import { effectiveId } from '../generate/generation';
import { ServerTarget } from '../releases/server-target';
import { PROVIDER_APIS } from '../spec/apis';
import { sameSqlPostgres } from '../spec/secret-env';
import { ExposeConfig, KVStorageSpec, LlamaStackDistributionSpec, ProviderConfig, SecretKeyRef, SQLStorageSpec, StoresSpec } from '../spec/spec';

type Obj = Record<string, any>;

function pruned(obj: Obj): Obj | undefined {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `disabled` names that map to OGXServer `disabledAPIs` (the CRD's enum, but conversations: no API a config can remove). */
const OGX_DISABLEABLE = ['batches', 'file_processors', 'files', 'inference', 'responses', 'tool_runtime', 'vector_io'];
/** APIs OGX 0.8 no longer has: disabling them changes nothing, so they are left out. */
const GONE_IN_OGX = ['agents', 'datasetio', 'eval', 'scoring', 'telemetry'];
/** The OGXServer CRD's pattern for ConfigMap and Secret keys. */
const OGX_KEY = /^[a-zA-Z0-9]([a-zA-Z0-9\-_.]*[a-zA-Z0-9])?$/;
export const OGX_CONFIG_KEY = 'config.yaml';
const CONFIG_KEY = OGX_CONFIG_KEY;

export class OgxMapping {
  readonly problems: ConfigProblem[] = [];
  private ingressTlsSecret?: string;

  /** `namespace`: props.namespace, else the chart's (undefined when neither is set). */
  constructor(private readonly target: ServerTarget, private readonly namespace: string | undefined) {}

  no(path: string, message: string, fix: string): void {
    this.problems.push({ path, message: `the OGXServer CRD cannot express this: ${message}`, fix });
  }

  /** A Secret or ConfigMap key reference, held to the OGXServer key pattern. */
  ref(r: SecretKeyRef, path: string): SecretKeyRef {
    if (!OGX_KEY.test(r.key)) {
      this.no(`${path}.key`, `key "${r.key}" does not match ${OGX_KEY.source}`, 'rename the key in the Secret or ConfigMap');
    }
    return { name: r.name, key: r.key };
  }

  /** `ingressTlsSecret`: the Secret the Ingress serves (props.expose.tls), if the spec names none. */
  spec(spec: LlamaStackDistributionSpec, image: string, baseConfigMap: string | undefined, ingressTlsSecret?: string): Obj {
    this.ingressTlsSecret = spec.networking?.expose?.tlsSecretName ?? ingressTlsSecret;
    return pruned({
      distribution: { image },
      baseConfig: baseConfigMap && !spec.overrideConfig ? { name: baseConfigMap, key: CONFIG_KEY } : undefined,
      providers: this.providers(spec),
      resources: spec.resources?.models ? { models: spec.resources.models } : undefined,
      storage: this.storage(spec),
      disabledAPIs: this.disabled(spec),
      network: this.network(spec),
      tls: this.tls(spec),
      workload: this.workload(spec),
      overrideConfig: spec.overrideConfig ? { name: spec.overrideConfig.configMapName, key: CONFIG_KEY } : undefined,
      // This library creates no ServiceMonitor or PrometheusRule; neither should the operator.
      monitoring: { enabled: false },
      // The server this library describes runs its own auth and Ingress: written out, so no
      // operator's defaulting can put it behind Praxis.
      praxisMode: { enabled: false },
    }) ?? {};
  }

  /** Every provider as the CRD's typed field where one exists, else a `custom` entry with the config keys this library writes for the target. */
  private providers(spec: LlamaStackDistributionSpec): Obj | undefined {
    const out: Obj = {};
    for (const { field, api } of PROVIDER_APIS) {
      const list = spec.providers?.[field];
      if (!list || list.length === 0 || field === 'telemetry') continue; // telemetry: the dry run reports it
      const path = `spec.providers.${field}`;
      if (field === 'safety') {
        this.no(path, 'OGXServer has no safety API (removed upstream after OGX 0.8)', 'remove the safety providers and shields, or deploy with LlamaStackDistribution');
        continue;
      }
      const buckets: Obj = {};
      list.forEach((p, i) => {
        const entry = this.provider(p, api, `${path}[${i}]`);
        // The CRD's typed field where one exists (a single-object kind only once), custom for the rest.
        const typed = typedEntry(entry as any);
        if (typed && typed.field === field && (typed.list || buckets[typed.bucket]?.[typed.kind] === undefined)) {
          buckets[typed.bucket] ??= {};
          if (typed.list) (buckets[typed.bucket][typed.kind] ??= []).push(typed.value);
          else buckets[typed.bucket][typed.kind] = typed.value;
          return;
        }
        const bucket = entry.type.startsWith('inline::') ? 'inline' : 'remote';
        buckets[bucket] ??= {};
        (buckets[bucket].custom ??= []).push(entry);
      });
      out[field] = buckets;
    }
    return pruned(out);
  }

  private provider(p: ProviderConfig, api: string, path: string): Obj {
    const type = p.provider.includes('::') ? p.provider : `remote::${p.provider}`;
    const known = this.target._registry.find(api, type);
    const settings: Obj = {};
    if (p.endpoint) settings[known?.urlKey ?? 'url'] = p.endpoint;
    Object.assign(settings, plainCopy(p.settings) ?? {});
    const secretRefs: Obj = {};
    if (p.apiKey) secretRefs[known?.credentialKey ?? 'api_key'] = this.ref(p.apiKey, `${path}.apiKey`);
    for (const [k, r] of Object.entries(p.secretRefs ?? {})) secretRefs[k] = this.ref(r, `${path}.secretRefs.${k}`);
    return {
      id: effectiveId(p),
      type,
      ...(Object.keys(secretRefs).length > 0 ? { secretRefs } : {}),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
    };
  }

  private storage(spec: LlamaStackDistributionSpec): Obj | undefined {
    if (spec.monitoring !== undefined) {
      this.no('spec.monitoring', 'this library\'s monitoring (the OGXServer\'s own spec.monitoring is written by the operator\'s rules)',
        'remove monitoring, or deploy with LlamaStackDistribution');
    }
    const kv = spec.storage?.kv;
    const sql = spec.storage?.sql;
    const kvPostgres = kv?.type === 'postgres';
    const sqlPostgres = sql?.type === 'postgres' && sql.host !== undefined;
    if (kvPostgres || sqlPostgres) return this.namedStorage(kv, sql, kvPostgres, sqlPostgres, spec.storage?.stores);
    if (spec.storage?.stores !== undefined) {
      this.no('spec.storage.stores', 'store settings without Postgres (its stores live on named Postgres backends only)',
        'use StorageBackend.postgres({ host, db, user, password }) for both kvStorage and sqlStorage, or remove the store settings');
    }
    if (sql?.type === 'postgres') {
      this.no('spec.storage.sql', 'a Postgres connection string, which no OGX server reads',
        'give the database field by field (StorageBackend.postgres({ host, db, user, password }), with a postgres key-value store too)');
    }
    return pruned({
      kv: kv ? pruned({ type: kv.type ?? 'sqlite', endpoint: kv.endpoint, password: kv.password && this.ref(kv.password, 'spec.storage.kv.password') }) : undefined,
      sql: sql && sql.type !== 'postgres' ? { type: sql.type ?? 'sqlite' } : undefined,
    });
  }

  /**
   * Postgres as the newer operator's named backends (`kv_postgres`/`sql_postgres`), named as this
   * library names them, with no `stores` (the operator's default layout is this library's), or
   * with the whole layout written out when the inference store's write queue is set (explicit
   * stores leave out none: the operator writes a missing one as null).
   */
  private namedStorage(kv: KVStorageSpec | undefined, sql: SQLStorageSpec | undefined, kvPostgres: boolean, sqlPostgres: boolean,
    stores: StoresSpec | undefined): Obj | undefined {
    if (!kvPostgres || !sqlPostgres) {
      this.no(kvPostgres ? 'spec.storage.kv' : 'spec.storage.sql', 'Postgres for one store and SQLite or Redis for the other (its named backends are Postgres only, and cannot be combined with its deprecated kv/sql)',
        'use StorageBackend.postgres({ host, db, user, password }) for both kvStorage and sqlStorage');
      return undefined;
    }
    if (sql!.tuning?.sslMode !== undefined || sql!.tuning?.caCertificate !== undefined) {
      this.no('spec.storage.sql.tuning', 'TLS to the SQL store: the operator writes ssl_mode and ca_cert_path into sql_postgres, which OGX servers do not read',
        'remove sslMode and caCertificate from sqlStorage (or require TLS on the database server itself)');
    }
    if (kv!.tuning?.caCertificate !== undefined) {
      this.no('spec.storage.kv.tuning.caCertificate', 'a CA from a ConfigMap (its backends name a CA file the pod already has: caCertPath)',
        'remove caCertificate, or mount the CA with volumes/volumeMounts and give its path in an overrideConfig');
    }
    const backend = (s: KVStorageSpec | SQLStorageSpec, type: string, path: string): Obj => pruned({
      type,
      host: s.host,
      port: s.port,
      db: s.db ?? 'llamastack',
      user: s.user,
      password: s.password && this.ref(s.password, `${path}.password`),
      sslMode: type === 'kv_postgres' ? s.tuning?.sslMode : undefined,
      poolSize: s.tuning?.poolSize,
      maxOverflow: s.tuning?.maxOverflow,
      commandTimeout: type === 'kv_postgres' ? s.tuning?.commandTimeout : undefined,
    })!;
    const backends: Obj = { kv_default: backend(kv!, 'kv_postgres', 'spec.storage.kv'), sql_default: backend(sql!, 'sql_postgres', 'spec.storage.sql') };
    // The vector_stores store: on the SQL backend, or on a Postgres of its own.
    const vs = stores?.vectorStores;
    const vsBackend = vs === undefined ? undefined : sameSqlPostgres(vs, sql) ? 'sql_default' : 'sql_vector_stores';
    if (vs !== undefined && vsBackend === 'sql_vector_stores') backends.sql_vector_stores = backend(vs, 'sql_postgres', 'spec.storage.stores.vectorStores');
    if (stores?.inference === undefined && vsBackend === undefined) return { backends };
    const table = (tableName: string) => ({ backend: 'sql_default', tableName });
    return {
      backends,
      stores: {
        metadata: { backend: 'kv_default', namespace: 'registry' },
        inference: pruned({ ...table('inference_store'), maxWriteQueueSize: stores?.inference?.maxWriteQueueSize, numWriters: stores?.inference?.numWriters }),
        conversations: table('openai_conversations'),
        prompts: table('prompts'),
        connectors: table('connectors'),
        ...(vsBackend !== undefined ? { vectorStores: { backend: vsBackend, tableName: 'vector_stores' } } : {}),
      },
    };
  }

  private disabled(spec: LlamaStackDistributionSpec): string[] | undefined {
    const out: string[] = [];
    (spec.disabled ?? []).forEach((api, i) => {
      if (OGX_DISABLEABLE.includes(api)) out.push(api);
      else if (!GONE_IN_OGX.includes(api)) this.no(`spec.disabled[${i}]`, `disabledAPIs cannot remove "${api}"`, `remove "${api}" from disabled`);
    });
    if (spec.resources?.shields && spec.resources.shields.length > 0) {
      this.no('spec.resources.shields', 'OGXServer registers no shields (no safety API)', 'remove shields');
    }
    return out.length > 0 ? out : undefined;
  }

  private network(spec: LlamaStackDistributionSpec): Obj | undefined {
    const n = spec.networking ?? {};
    const port = n.port ?? 8321;
    const from = n.allowedFrom;
    let policy: Obj;
    if (!from) {
      // No allowedFrom: this library creates no NetworkPolicy, the operator one by default.
      policy = { enabled: false };
    } else {
      // The operator always admits the server's own namespace (and its own); these rules add the rest.
      const peers = (from.namespaces ?? []).includes('*')
        ? [{ namespaceSelector: {} }]
        : [
          ...(from.namespaces ?? []).map((ns) => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } } })),
          ...(from.labels ?? []).map((key) => ({ namespaceSelector: { matchExpressions: [{ key, operator: 'Exists' }] } })),
        ];
      policy = peers.length > 0 ? { enabled: true, ingress: [{ from: peers, ports: [{ protocol: 'TCP', port }] }] } : { enabled: true };
    }
    const expose = n.expose;
    return pruned({
      port: n.port,
      tls: n.tls?.enabled ? { secretName: n.tls.secretName } : undefined,
      externalAccess: expose ? this.externalAccess(expose) : undefined,
      policy,
    });
  }

  /** The newer CRD requires a host and the Secret it serves whenever external access is on. */
  private externalAccess(expose: ExposeConfig): Obj | undefined {
    const enabled = expose.enabled !== false;
    const secret = this.ingressTlsSecret;
    if (enabled && (expose.hostname === undefined || secret === undefined)) {
      this.no('spec.networking.expose', `external access ${expose.hostname === undefined ? 'without a host name' : ''}${expose.hostname === undefined && secret === undefined ? ' and ' : ''}${secret === undefined ? 'without the TLS Secret of its endpoint' : ''} (the operator requires both)`,
        'set expose.hostname and expose.tls.secretName (an existing kubernetes.io/tls Secret labelled ogx.io/watch: "true")');
    }
    return pruned({ enabled, hostname: expose.hostname, tls: enabled && secret !== undefined ? { secretName: secret } : undefined });
  }

  private tls(spec: LlamaStackDistributionSpec): Obj | undefined {
    const ca = spec.networking?.tls?.caBundle;
    if (!ca) return undefined;
    // The dry run already rejects another namespace when one is known; with none known, the
    // OGXServer (which names no CA namespace) cannot promise the ConfigMap's.
    if (ca.configMapNamespace !== undefined && ca.configMapNamespace !== this.namespace) {
      this.no('spec.networking.tls.caBundle.configMapNamespace',
        `trusted CA ConfigMaps must be in the OGXServer's namespace (${this.namespace ?? 'not set'}), not "${ca.configMapNamespace}"`,
        `set props.namespace to "${ca.configMapNamespace}", or copy the ConfigMap and drop configMapNamespace`);
    }
    const keys = ca.configMapKeys && ca.configMapKeys.length > 0 ? ca.configMapKeys : ['ca-bundle.crt'];
    const path = 'spec.networking.tls.caBundle';
    return { trust: { caCertificates: keys.map((key, i) => this.ref({ name: ca.configMapName, key }, `${path}.configMapKeys[${i}]`)) } };
  }

  private workload(spec: LlamaStackDistributionSpec): Obj | undefined {
    const w = spec.workload;
    if (!w) return undefined;
    const o = w.overrides;
    if (o?.terminationGracePeriodSeconds !== undefined) {
      this.no('spec.workload.overrides.terminationGracePeriodSeconds', 'OGXServer overrides have no termination grace period', 'remove terminationGracePeriodSeconds');
    }
    return pruned({
      replicas: w.replicas,
      workers: w.workers,
      resources: plainCopy(w.resources),
      autoscaling: plainCopy(w.autoscaling),
      storage: w.storage ? { ...w.storage } : undefined,
      podDisruptionBudget: plainCopy(w.podDisruptionBudget),
      topologySpreadConstraints: plainCopy(w.topologySpreadConstraints),
      overrides: o ? pruned({
        serviceAccountName: o.serviceAccountName,
        env: plainCopy(o.env),
        command: plainCopy(o.command),
        args: plainCopy(o.args),
        volumes: plainCopy(o.volumes),
        volumeMounts: plainCopy(o.volumeMounts),
      }) : undefined,
    });
  }
}

