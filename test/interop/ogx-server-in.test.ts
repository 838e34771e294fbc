/**
 * OGXServer (ogx.io/v1beta1) in: the OGX operator's own config/samples and cmd/configgen inputs,
 * re-typed in test/fixtures/ogx-operator/. Expected outputs are this library's own; every config
 * rendered passes the target's start-up model (checked again here on the ConfigMap written).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import * as YAML from 'yaml';
import { main } from '../../src/cli/main';
import { checkOverrideConfig } from '../../src/generate/override-config';
import { LlamaStackDistributionManifest } from '../../src/interop/manifest';
import { convertOgxServer } from '../../src/interop/ogx-server-in';
import { ServerTarget } from '../../src/releases/server-target';
import { startupFromObjects } from '../support/startup-from-objects';

const DIR = path.join(__dirname, '..', 'fixtures', 'ogx-operator');
const read = (f: string) => fs.readFileSync(path.join(DIR, f), 'utf8');

async function render(argv: string[], stdin = ''): Promise<{ code: number; objects: any[]; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['render', '--pass-through', ...argv], { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, stdin: () => stdin });
  return { code, objects: out === '' ? [] : YAML.parseAllDocuments(out).map((d) => d.toJS()), err };
}

/** The generated config of a rendered distribution, and a check that the start-up model takes it as is. */
function configOf(objects: any[], name: string, target: ServerTarget): any {
  const cm = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith(`${name}-config-`));
  expect(cm).toBeDefined();
  const text = cm.data['config.yaml'];
  const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
  expect(deployment.spec.template.spec.containers[0].image).toContain(target.imageTag);
  // The container's env as rendered (secret env vars included), as the pod would have it.
  const env = deployment.spec.template.spec.containers[0].env ?? [];
  const checked = checkOverrideConfig(text, { workload: { overrides: { env } } }, target, { scratchDirs: ['/tmp', '/.cache'] }, true);
  expect(checked.problems).toEqual([]);
  return YAML.parse(text);
}

const providers = (config: any, api: string) => config.providers[api] as any[];
const byId = (config: any, api: string, id: string) => providers(config, api).find((p) => p.provider_id === id);

describe('configgen inputs (the image names OGX 1.3.0, which becomes the target)', () => {
  const OGX13 = ServerTarget.OGX_1_3;
  const file = (c: string) => path.join(DIR, 'configgen', `${c}.yaml`);

  test('happy-basic: a typed vllm provider with the operator\'s id, replacing the base inference providers', async () => {
    const r = await render([file('happy-basic')]);
    expect(r.code).toBe(0);
    const config = configOf(r.objects, 'happy-basic', OGX13);
    expect(providers(config, 'inference').map((p) => p.provider_id)).toEqual(['remote-vllm']);
    expect(byId(config, 'inference', 'remote-vllm')).toMatchObject({ provider_type: 'remote::vllm', config: { base_url: 'https://my-vllm:8000' } });
    expect(config.registered_resources.models).toEqual([expect.objectContaining({ model_id: 'llama3', provider_id: 'remote-vllm' })]);
    expect(r.err).toContain('providers replace the base config\'s providers of their API (inference), as the operator does');
  });

  test('p0-inference-base-url: five remote providers; watsonx without projectId cannot start and is refused', async () => {
    const r = await render([file('p0-inference-base-url')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/spec\.providers\.inference\.remote\.watsonx\[0\]: remote::watsonx requires project_id/);
    const fixed = read('configgen/p0-inference-base-url.yaml').replace('https://us-south.ml.cloud.ibm.com', 'https://us-south.ml.cloud.ibm.com\n          projectId: my-project');
    const ok = await render([], fixed);
    expect(ok.code).toBe(0);
    const config = configOf(ok.objects, 'p0-inference-base-url', OGX13);
    expect(providers(config, 'inference').map((p) => p.provider_id).sort()).toEqual(['remote-azure', 'remote-bedrock', 'remote-openai', 'remote-vllm', 'remote-watsonx']);
    expect(byId(config, 'inference', 'remote-bedrock').config.region_name).toBe('us-west-2');
    expect(byId(config, 'inference', 'remote-azure').config.base_url).toBe('https://my-resource.openai.azure.com/openai/v1');
    // Secrets: env vars from the Secret, referenced from the config.
    const env = ok.objects.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0].env;
    expect(env).toEqual(expect.arrayContaining([expect.objectContaining({ valueFrom: { secretKeyRef: { name: 'openai-secret', key: 'api-key' } } })]));
    expect(byId(config, 'inference', 'remote-openai').config.api_key).toMatch(/^\$\{env\.[A-Z0-9_]+\}$/);
  });

  test('p0-network-nesting: the network block in the server\'s spelling', async () => {
    const r = await render([file('p0-network-nesting')]);
    expect(r.code).toBe(0);
    const vllm = byId(configOf(r.objects, 'p0-network-nesting', OGX13), 'inference', 'remote-vllm');
    expect(vllm.config.network).toEqual({
      tls: { verify: false, min_version: 'TLSv1.3', ciphers: ['ECDHE+AESGCM'] },
      proxy: { url: 'http://proxy.example.com:3128', no_proxy: ['localhost', '.internal'] },
      timeout: { connect: 30, read: 120 },
      headers: { 'X-Custom': 'my-value' },
    });
  });

  test('p1-batches-config, p1-inference-extra-fields, p1-responses-config', async () => {
    const b = await render([file('p1-batches-config')]);
    expect(b.code).toBe(0);
    expect(byId(configOf(b.objects, 'p1-batches-config', OGX13), 'batches', 'inline-reference').config)
      .toMatchObject({ max_concurrent_batches: 5, max_concurrent_requests_per_batch: 10 });
    const x = await render([file('p1-inference-extra-fields')]);
    expect(x.code).toBe(0);
    expect(byId(configOf(x.objects, 'p1-inference-extra-fields', OGX13), 'inference', 'remote-vllm').config)
      .toMatchObject({ refresh_models: true, allowed_models: ['model-a', 'model-b'] });
    const resp = await render([file('p1-responses-config')]);
    expect(resp.code).toBe(0);
    expect(byId(configOf(resp.objects, 'p1-responses-config', OGX13), 'responses', 'inline-builtin').config.compaction_config)
      .toMatchObject({ summarization_model: 'llama3', default_compact_threshold: 10 });
  });

  test('p1-fileprocessors-config: four inline processors and docling-serve with its key from a Secret', async () => {
    const r = await render([file('p1-fileprocessors-config')]);
    expect(r.code).toBe(0);
    const config = configOf(r.objects, 'p1-fileprocessors-config', OGX13);
    expect(providers(config, 'file_processors').map((p) => p.provider_type).sort())
      .toEqual(['inline::auto', 'inline::docling', 'inline::markitdown', 'inline::pypdf', 'remote::docling-serve']);
    expect(byId(config, 'file_processors', 'remote-docling-serve').config).toMatchObject({ base_url: 'http://docling.example.com:5001/v1', default_chunk_size_tokens: 2048 });
    expect(byId(config, 'file_processors', 'inline-docling').config.do_ocr).toBe(false);
  });

  test('p1-pgvector-config: the index as the server reads it, and a warning that the operator writes {hnsw: …}', async () => {
    const r = await render([file('p1-pgvector-config')]);
    expect(r.code).toBe(0);
    const pg = byId(configOf(r.objects, 'p1-pgvector-config', OGX13), 'vector_io', 'remote-pgvector');
    expect(pg.config).toMatchObject({ host: 'pgvector.example.com', port: 5432, db: 'vectors', user: 'pguser', distance_metric: 'COSINE' });
    expect(pg.config.vector_index).toEqual({ type: 'HNSW', m: 16, ef_construction: 200, ef_search: 100 });
    expect(pg.config.password).toMatch(/^\$\{env\.[A-Z0-9_]+\}$/);
    expect(r.err).toContain('writes this as vector_index: {hnsw: {…}}, which the server rejects');
  });

  test('p1-milvus-config and p1-qdrant-config', async () => {
    const m = await render([file('p1-milvus-config')]);
    expect(m.code).toBe(0);
    expect(byId(configOf(m.objects, 'p1-milvus-config', OGX13), 'vector_io', 'remote-milvus').config)
      .toMatchObject({ uri: 'https://milvus.example.com:19530', consistency_level: 'Strong', token: expect.stringMatching(/^\$\{env\./) });
    const q = await render([file('p1-qdrant-config')]);
    expect(q.code).toBe(0);
    expect(byId(configOf(q.objects, 'p1-qdrant-config', OGX13), 'vector_io', 'remote-qdrant').config)
      .toMatchObject({ url: 'https://qdrant.example.com', grpc_port: 6334, prefer_grpc: true, prefix: 'my-prefix', timeout: 60 });
  });

  test('rh-combined and rh-disable-apis: port and disabled APIs', async () => {
    const c = await render([file('rh-combined')]);
    expect(c.code).toBe(0);
    const config = configOf(c.objects, 'rh-combined', OGX13);
    expect(config.apis).not.toContain('batches');
    const svc = c.objects.find((o) => o.kind === 'Service');
    expect(svc.spec.ports[0].port).toBe(9090);
    const d = await render([file('rh-disable-apis')]);
    expect(d.code).toBe(0);
    const dc = configOf(d.objects, 'rh-disable-apis', OGX13);
    expect(dc.apis).not.toContain('batches');
    expect(dc.apis).not.toContain('file_processors');
  });

  test('rh-override-storage: a postgres connection string cannot start a server, with the OGXServer\'s named backends in the fix', async () => {
    const r = await render([file('rh-override-storage')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/spec\.storage\.sql\.connectionString: no server release reads a Postgres connection string/);
    expect(r.err).toContain('give the database in spec.storage.backends: {<name>: {type: sql_postgres, host, port, db, user, password: {name, key}}}');
    expect(r.err).not.toContain('StorageBackend');
    expect(r.err).not.toContain('v1alpha2');
  });

  test('err-override-config (configgen: nothing to generate): rendered, the Deployment mounting the named ConfigMap', async () => {
    const r = await render([file('err-override-config')]);
    expect(r.code).toBe(0);
    const deployment = r.objects.find((o) => o.kind === 'Deployment');
    expect(JSON.stringify(deployment.spec.template.spec.volumes)).toContain('"my-config"');
  });
});

/** The base config each configgen case starts from (test/fixtures/ogx-operator/README.md). */
const CASE_BASES: { [c: string]: string } = {
  'happy-basic': 'starter-one-vllm',
  'p0-inference-base-url': 'empty-inference',
  'p0-network-nesting': 'empty-inference',
  'p1-inference-extra-fields': 'empty-inference',
  'p1-model-quantization': 'empty-inference',
  'p1-batches-config': 'empty-batches',
  'p1-fileprocessors-config': 'empty-file_processors',
  'p1-filesearch-config': 'empty-tool_runtime',
  'p1-milvus-config': 'empty-vector_io',
  'p1-pgvector-config': 'empty-vector_io',
  'p1-qdrant-config': 'empty-vector_io',
  'p1-responses-config': 'empty-responses',
  'rh-add-models': 'rh',
  'rh-combined': 'rh',
  'rh-custom-port': 'rh',
  'rh-disable-apis': 'rh',
  'rh-override-inference': 'rh',
  'rh-override-storage': 'rh',
};

/**
 * Where the operator's own output starts OGX 1.3.0 (its want-config.yaml through the start-up
 * model, with the env its Secrets give and its pod's writable root filesystem): ours must too.
 */
const OPERATOR_STARTS = ['happy-basic', 'p0-network-nesting', 'p1-inference-extra-fields', 'p1-model-quantization', 'rh-combined', 'rh-custom-port', 'rh-disable-apis', 'rh-override-inference'];

/** Where it does not, what stops the server (or the cluster): ours refuses for that reason, and only that. */
const SERVER_REFUSES: { [c: string]: RegExp[] } = {
  'p0-inference-base-url': [/remote::watsonx requires project_id/],
  'p1-batches-config': [/required dependency 'inference' is not available/, /required dependency 'files' is not available/, /required dependency 'models' is not available/],
  'p1-fileprocessors-config': Array(5).fill(/required dependency 'files' is not available/),
  'p1-filesearch-config': [/required dependency 'vector_io' is not available/, /required dependency 'inference' is not available/, /required dependency 'files' is not available/],
  'p1-milvus-config': [/required dependency 'inference' is not available/],
  'p1-pgvector-config': [/required dependency 'inference' is not available/],
  'p1-qdrant-config': [/required dependency 'inference' is not available/],
  'p1-responses-config': [/'inference' is not available/, /'vector_io' is not available/, /'tool_runtime' is not available/, /'tool_groups' is not available/, /'files' is not available/],
  'rh-add-models': [/embedding model "llama3-embed" has no embedding dimension/],
  'rh-override-storage': [/no server release reads a Postgres connection string/],
};

describe('configgen cases on the operator\'s own base configs (--base-config)', () => {
  const OGX13 = ServerTarget.OGX_1_3;
  const run = async (c: string, extra: string[] = [], stdin?: string) => {
    const printed: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((t: any) => (printed.push(String(t)), true));
    try {
      const argv = [...(stdin === undefined ? [path.join(DIR, 'configgen', `${c}.yaml`)] : []), '--base-config', path.join(DIR, 'configgen-bases', `${CASE_BASES[c]}.yaml`), ...extra];
      return { ...(await render(argv, stdin)), printed: printed.join('') };
    } finally {
      spy.mockRestore();
    }
  };

  test('every case is covered: it starts where the operator\'s output starts, else the server\'s reason', () => {
    expect([...OPERATOR_STARTS, ...Object.keys(SERVER_REFUSES)].sort()).toEqual(Object.keys(CASE_BASES).sort());
  });

  /**
   * The one start-up warning a case keeps: the operator writes `proxy.no_proxy` into the config,
   * which OGX 1.3.0 reads and never applies (network_config.py); the typed `network.proxy.noProxy`
   * goes to the pod's NO_PROXY instead.
   */
  const KEPT_WARNINGS: { [c: string]: string[] } = {
    'p0-network-nesting': ['providers.inference[0].config.network.proxy.no_proxy: remote::vllm in OGX 1.3.0 reads proxy.no_proxy but never applies it: the proxy takes every http:// and https:// URL'],
  };

  test.each(OPERATOR_STARTS)('%s: renders, and starts OGX 1.3.0 with no start-up warning but the kept ones, from the objects alone', async (c) => {
    const r = await run(c);
    expect(r.err.split('\n').filter((l) => l.startsWith('- '))).toEqual([]);
    expect(r.code).toBe(0);
    expect(startupFromObjects(OGX13, r.objects)).toEqual({ fatal: [], warnings: KEPT_WARNINGS[c] ?? [] });
    if (!KEPT_WARNINGS[c]) expect(r.printed).not.toContain('would warn at start-up');
  });

  test.each(Object.keys(SERVER_REFUSES))('%s: refused for what stops the server, and nothing else', async (c) => {
    const r = await run(c);
    expect(r.code).toBe(1);
    const problems = r.err.split('\n').filter((l) => l.startsWith('- '));
    expect(problems).toHaveLength(SERVER_REFUSES[c].length);
    SERVER_REFUSES[c].forEach((re, i) => expect(problems[i]).toMatch(re));
  });

  test('the RH layout: the storage_dir under the image\'s home gets a volume of its own (an emptyDir, or a directory of the data PVC)', async () => {
    const r = await run('rh-combined');
    const pod = r.objects.find((o) => o.kind === 'Deployment').spec.template.spec;
    const mount = pod.containers[0].volumeMounts.find((m: any) => m.mountPath === '/opt/app-root/src/.ogx/distributions/rh/files');
    expect(mount).toEqual({ name: 'data-dir-0', mountPath: '/opt/app-root/src/.ogx/distributions/rh/files' });
    expect(pod.volumes.find((v: any) => v.name === 'data-dir-0')).toEqual({ name: 'data-dir-0', emptyDir: { sizeLimit: expect.any(String) } });
    const persistent = await run('rh-combined', [], `${read('configgen/rh-combined.yaml')}  workload: {storage: {size: 5Gi}}\n`);
    expect(persistent.code).toBe(0);
    const ppod = persistent.objects.find((o) => o.kind === 'Deployment').spec.template.spec;
    expect(ppod.containers[0].volumeMounts).toContainEqual({ name: 'lls-storage', mountPath: '/opt/app-root/src/.ogx/distributions/rh/files', subPath: 'dirs/opt/app-root/src/.ogx/distributions/rh/files' });
    expect(ppod.volumes.some((v: any) => v.name.startsWith('data-dir-'))).toBe(false);
    expect(startupFromObjects(OGX13, persistent.objects)).toEqual({ fatal: [], warnings: [] });
  });
});

describe('config/samples (distribution names: the default target, OGX 1.3 as the operator\'s; another target is a warning)', () => {
  const sample = (s: string) => path.join(DIR, 'samples', `${s}.yaml`);

  test('without a config: renders, and says what the operator would do differently', async () => {
    const r = await render([sample('withoutconfigmap')]);
    expect(r.code).toBe(0);
    configOf(r.objects, 'ogxserver-without-userconfig', ServerTarget.OGX_1_3);
    expect(r.err).not.toContain('runs OGX 1.3.0 for a distribution name');
    expect(r.err).toContain('the OGX operator names the config ConfigMap <name>-config-<16 hex>');
    expect(r.err).toContain('the OGX operator creates a NetworkPolicy by default');
    const again = await render([sample('withoutconfigmap'), '--target', 'ogx-0.8']);
    expect(again.code).toBe(0);
    expect(again.err).toContain('the OGX operator (v0.14.0) runs OGX 1.3.0 for a distribution name');
    configOf(again.objects, 'ogxserver-without-userconfig', ServerTarget.OGX_0_8);
  });

  test('generated config: openai with a Secret; disabling vector_io alone cannot start and is refused', async () => {
    const r = await render([sample('generated-config'), '--target', 'ogx-1.3']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/spec\.disabledAPIs\[0\]: vector_io cannot be disabled alone/);
    const ok = await render(['--target', 'ogx-1.3'], read('samples/generated-config.yaml').replace('disabledAPIs: [vector_io]', ''));
    expect(ok.code).toBe(0);
    const config = configOf(ok.objects, 'ogxserver-with-generated-config', ServerTarget.OGX_1_3);
    expect(byId(config, 'inference', 'openai-primary').provider_type).toBe('remote::openai');
    expect(ok.objects.some((o) => o.kind === 'Secret' && o.metadata.name === 'openai-creds')).toBe(true);
    expect(ok.err).toContain('OGX_OPENAI_PRIMARY_API_KEY');
  });

  test('the v1beta1 sample: the override ConfigMap in the input is checked; autoscaling over SQLite and a PVC cannot be shared', async () => {
    const r = await render([sample('ogxserver'), '--target', 'ogx-1.3']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ConfigMap starter-config data\.config\.yaml \(with spec\.workload\.autoscaling\.maxReplicas\): storage backend kv_default is SQLite in the pod/);
    expect(r.err).toContain('--allow-per-pod-state');
    expect(r.err).toMatch(/spec\.workload\.storage: a ReadWriteOnce volume cannot be shared/);
    expect(r.err).toMatch(/warning: .*spec\.monitoring: not carried/);
  });

  test('network config: namespaces by name and label keys become allowedFrom; nsA is no namespace name', async () => {
    const r = await render([sample('network-config'), '--target', 'ogx-1.3']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ogxserver-network-example\): spec\.network\.policy\.ingress\[0\]\.from\[0\]\.namespaceSelector\.matchLabels\["kubernetes\.io\/metadata\.name"\]: "nsA" is not a namespace name/);
    const fixed = await render(['--target', 'ogx-1.3'], read('samples/network-config.yaml').replace('name: nsA', 'name: ns-a').replace('name: nsB', 'name: ns-b'));
    expect(fixed.code).toBe(0);
    const policies = fixed.objects.filter((o) => o.kind === 'NetworkPolicy');
    expect(policies.map((p) => p.metadata.name).sort()).toEqual([expect.stringContaining('ogxserver-network-example'), expect.stringContaining('ogxserver-public')].sort());
    const example = JSON.stringify(policies.find((p) => p.metadata.name.includes('network-example')).spec);
    for (const s of ['ns-a', 'ns-b', 'myproject/ogx-allowed', 'team/authorized']) expect(example).toContain(s);
    expect(fixed.objects.some((o) => o.kind === 'Ingress' && o.metadata.name.includes('ogxserver-public'))).toBe(true);
    expect(fixed.err).not.toContain('ports: not carried');
  });

  test('with a ConfigMap: the override config in the input goes through the start-up model (OGX reads base_url)', async () => {
    const r = await render([sample('with-configmap'), '--target', 'ogx-1.3']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ConfigMap ogx-server-config data\.config\.yaml: OGX 1\.3\.0 would not start: remote::ollama needs base_url/);
    const fixed = read('samples/with-configmap.yaml')
      .replace('url: "http://ollama-server-service.ollama-dist.svc.cluster.local:11434"', 'base_url: "http://ollama-server-service.ollama-dist.svc.cluster.local:11434/v1"')
      .replace(/\$\{env\.SQLITE_STORE_DIR:=~\/\.llama\/distributions\/ollama\}/g, '/.ogx');
    const ok = await render(['--target', 'ogx-1.3'], fixed);
    expect(ok.err).not.toContain('problem');
    expect(ok.code).toBe(0);
    const deployment = ok.objects.find((o) => o.kind === 'Deployment');
    expect(JSON.stringify(deployment.spec.template.spec.volumes)).toContain('"ogx-server-config"');
  });

  test('monitoring: not carried, said as a warning', async () => {
    const m = await render([sample('monitoring'), '--target', 'ogx-1.3']);
    expect(m.code).toBe(0);
    expect(m.err.match(/spec\.monitoring: not carried/g)).toHaveLength(1); // the custom port one; defaults and disabled say nothing
  });

  test('the CA bundle without serving TLS: the pod trusts it for its outbound calls, and serves plain HTTP', async () => {
    const ca = await render([sample('ca-bundle'), '--target', 'ogx-1.3']);
    expect(ca.code).toBe(0);
    expect(ca.err).not.toContain('spec.tls.trust');
    const pod = ca.objects.find((o) => o.kind === 'Deployment').spec.template.spec;
    expect(pod.volumes.find((v: any) => v.name === 'ca-bundle-source')?.configMap?.name).toBeDefined();
    expect(pod.volumes.some((v: any) => v.name === 'tls')).toBe(false);
    expect(pod.containers[0].env.map((e: any) => e.name)).toContain('SSL_CERT_FILE');
  });
});

describe('reading OGXServer manifests', () => {
  test('the construct that reads manifests accepts an OGXServer', () => {
    const chart = new Chart(new App(), 'c');
    const parsed = LlamaStackDistributionManifest.parse(read('configgen/happy-basic.yaml'));
    expect(parsed.apiVersion).toBe('ogx.io/v1beta1');
    expect(parsed.target).toBe(ServerTarget.OGX_1_3);
    expect(parsed.replaceBaseProviders).toEqual(['inference']);
    const d = LlamaStackDistributionManifest.toDistribution(chart, parsed.name, parsed);
    expect(d.image).toBe('docker.io/ogxai/distribution-starter:1.3.0');
    expect(YAML.parse(d.configYaml!).providers.inference.map((p: any) => p.provider_id)).toEqual(['remote-vllm']);
  });

  test('every typed field maps, and what is not carried is a warning, never silent', () => {
    const c = convertOgxServer({
      distribution: { name: 'starter' },
      network: {
        port: 8443,
        tls: { secretName: 'serving' },
        externalAccess: { enabled: true, hostname: 'ogx.example.com' },
        policy: { egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' } }] }], ingress: [{ from: [{ podSelector: { matchLabels: { a: 'b' } } }] }] },
      },
      tls: { trust: { caCertificates: [{ name: 'cas', key: 'a.crt' }, { name: 'cas', key: 'b.crt' }] } },
      workload: { replicas: 1, workers: 2, resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu' }] },
      storage: { kv: { type: 'redis', endpoint: 'redis://redis:6379', password: { name: 'r', key: 'p' } } },
      registryRefreshIntervalSeconds: 60,
    });
    expect(c.problems).toEqual([]);
    expect(c.spec.networking).toEqual({
      port: 8443,
      tls: { enabled: true, secretName: 'serving', caBundle: { configMapName: 'cas', configMapKeys: ['a.crt', 'b.crt'] } },
      expose: { enabled: true, hostname: 'ogx.example.com' },
    });
    expect(c.spec.workload).toEqual({ replicas: 1, workers: 2 });
    const paths = c.warnings.map((w) => w.path);
    for (const p of ['spec.network.policy.egress', 'spec.network.policy.ingress[0].from[0]', 'spec.workload.resourceClaims', 'spec.storage.kv.endpoint', 'spec.registryRefreshIntervalSeconds']) {
      expect(paths).toContain(p);
    }
  });

  test('what cannot start is refused with the reason: an override key the Deployment does not mount, a serving identity', () => {
    const c = convertOgxServer({
      distribution: { name: 'starter' },
      overrideConfig: { name: 'cfg', key: 'run.yaml' },
      tls: { identity: { cert: { name: 's', key: 'tls.crt' }, key: { name: 's', key: 'tls.key' } } },
    });
    expect(c.problems.map((p) => p.path).sort()).toEqual(['spec.overrideConfig.key', 'spec.tls.identity']);
    expect(c.problems.find((p) => p.path === 'spec.overrideConfig.key')!.fix).toContain('spec.overrideConfig.key: config.yaml');
  });

  test('the base config from a spec.baseConfig ConfigMap in the input, or --base-config', async () => {
    const base = ServerTarget.OGX_1_3._baseConfig('starter')!;
    const cr = `${read('configgen/happy-basic.yaml')}  baseConfig: {name: base, key: config.yaml}\n`;
    const missing = await render([], cr);
    expect(missing.code).toBe(0);
    expect(missing.err).toContain('spec.baseConfig: ConfigMap "base" is not in the input');
    const cm = YAML.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'base' }, data: { 'config.yaml': base } });
    const inInput = await render([], `${cm}---\n${cr}`);
    expect(inInput.code).toBe(0);
    expect(inInput.err).not.toContain('spec.baseConfig');
    const wrongKey = await render([], `${cm.replace('config.yaml:', 'base.yaml:')}---\n${cr}`);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('spec.baseConfig.key: ConfigMap "base" (in this input) has no key "config.yaml"');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'base-'));
    fs.writeFileSync(path.join(dir, 'base.yaml'), base);
    const file = await render(['--base-config', path.join(dir, 'base.yaml')], cr);
    expect(file.code).toBe(0);
    expect(file.err).not.toContain('spec.baseConfig');
  });
});
