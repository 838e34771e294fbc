/**
 * Every example app synthesizes, and every object it writes passes the Kubernetes schemas.
 * The apps run in a scratch directory (they write dist/examples/<app>/ relative to the cwd).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { crdSchemaErrors } from './support/crd-schema';
import { EXAMPLE_APPS, EXAMPLES, synthExampleApp } from './support/example-apps';
import { schemaErrors } from './support/k8s-schema';
import { restrictedViolations, restrictedViolationsOf } from './support/pod-security';
import { startupFromObjects } from './support/startup-from-objects';
import { main } from '../src/cli/main';
import { ServerTarget } from '../src/releases/server-target';

const apps = EXAMPLE_APPS;
const synthApp = synthExampleApp;

/** Apps that deploy the server themselves (the operator app emits custom resources). */
const workloadApps = apps.filter((app) => app !== 'operator');

test('there are the example apps docs/distribution.md lists', () => {
  expect(apps).toEqual(['external-provider', 'minimal', 'operator', 'production', 'rag']);
  const guide = fs.readFileSync(path.join(EXAMPLES, '..', 'docs', 'distribution.md'), 'utf8');
  for (const app of apps) expect(guide).toContain(`](../examples/${app}/main.ts)`);
});

test('the external-provider example installs its provider before the server starts', () => {
  const manifests = synthApp('external-provider');
  const pod = manifests.find((m) => m.kind === 'Deployment').spec.template.spec;
  expect(pod.initContainers.map((c: any) => `${c.name} ${c.image}`)).toEqual([
    'cache-seed docker.io/ogxai/distribution-starter:1.3.0',
    'copy-provider-1 quay.io/acme/llama-stack-provider-acme-llm:1.4.0',
    'install-external-providers docker.io/ogxai/distribution-starter:1.3.0',
  ]);
  expect(YAML.parse(manifests.find((m) => m.kind === 'ConfigMap').data['config.yaml']).providers.inference).toContainEqual({
    provider_id: 'acme-llm',
    provider_type: 'remote::acme-llm',
    module: 'acme_llm_provider',
    config: { api_key: '${env.LLSD_ACME_LLM_API_KEY}', base_url: 'http://acme-gateway.models.svc.cluster.local:8080/v1' },
  });
});

test.each(workloadApps)('%s synthesizes valid objects', (app) => {
  const manifests = synthApp(app);
  expect(manifests.length).toBeGreaterThanOrEqual(4);
  expect(schemaErrors(manifests)).toEqual([]);
  expect(restrictedViolationsOf(manifests)).toEqual([]);
  // One server (production adds a cdk8s-plus chat UI next to it).
  expect(manifests.filter((m) => m.kind === 'Deployment' && m.spec.template.metadata.labels.app === 'llama-stack')).toHaveLength(1);
});

test('the minimal example is under 15 lines of user code', () => {
  const code = fs.readFileSync(path.join(EXAMPLES, 'minimal', 'main.ts'), 'utf8')
    .split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('//') && !l.startsWith('import'));
  expect(code.length).toBeLessThan(15);
});

test('the production example has every object kind', () => {
  // The first ConfigMap is the app's own (the server's envFrom), the second the server's config.
  expect(synthApp('production').map((m) => m.kind)).toEqual([
    'ConfigMap', 'ConfigMap', 'ServiceAccount', 'Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy', 'Ingress',
    'ServiceMonitor', 'PrometheusRule', 'Deployment',
  ]);
});

test('the production example (issue 19): metrics with a ServiceMonitor, egress rules, Postgres for every store over TLS, Secret-backed env, Reloader', () => {
  const objects = synthApp('production');
  const d = objects.find((m) => m.kind === 'Deployment' && m.metadata.name === 'llama-prod');
  const env = d.spec.template.spec.containers[0].env;
  expect(env).toEqual(expect.arrayContaining([
    { name: 'OGX_METRICS_ENDPOINT_ENABLED', value: 'true' },
    { name: 'PGSSLMODE', value: 'verify-full' },
    { name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf-credentials', key: 'token' } } },
  ]));
  expect(d.metadata.annotations['secret.reloader.stakater.com/reload']).toContain('llama-postgres');
  const config = YAML.parse(objects.find((m) => m.kind === 'ConfigMap' && m.data?.['config.yaml'] !== undefined).data['config.yaml']);
  expect(config.storage.backends.kv_default).toMatchObject({ type: 'kv_postgres', ssl_mode: 'verify-full', ca_cert_path: '/etc/postgres-ca/kv/ca.crt' });
  expect(config.storage.backends.sql_default.type).toBe('sql_postgres');
  const np = objects.find((m) => m.kind === 'NetworkPolicy');
  expect(np.spec.policyTypes).toEqual(['Ingress', 'Egress']);
  expect(objects.find((m) => m.kind === 'ServiceMonitor').spec.endpoints[0].port).toBe('metrics');
});

test('the production example is air-gapped: images from the mirror, models seeded, nothing downloaded', () => {
  const manifests = synthApp('production');
  const d = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'llama-prod');
  const pod = d.spec.template.spec;
  expect([...pod.initContainers, ...pod.containers].map((c: any) => `${c.name} ${c.image}`)).toEqual([
    'ca-bundle registry.corp.example.com/ogx/ogxai/distribution-starter:1.3.0',
    'cache-seed registry.corp.example.com/ogx/ogxai/distribution-starter:1.3.0',
    'model-seed registry.corp.example.com/models/starter-hf:2026.11',
    'llama-stack registry.corp.example.com/ogx/ogxai/distribution-starter:1.3.0',
  ]);
  expect(pod.volumes).toContainEqual({ name: 'model-seed', emptyDir: { sizeLimit: '10Gi' } });
  expect(pod.containers[0].env).toEqual(expect.arrayContaining([
    { name: 'HF_HOME', value: '/models' }, { name: 'HF_HUB_OFFLINE', value: '1' }, { name: 'TRANSFORMERS_OFFLINE', value: '1' },
  ]));
  // Seeded, declared air-gapped: the release starts with nothing to say.
  expect(startupFromObjects(ServerTarget.OGX_1_3, manifests)).toEqual({ fatal: [], warnings: [] });
});

test('the production example tunes the pod (issue 31): envFrom from a ConfigMap of the app, probe timing, a preStop drain', () => {
  const objects = synthApp('production');
  const pod = objects.find((m) => m.kind === 'Deployment' && m.metadata.name === 'llama-prod').spec.template.spec;
  const server = pod.containers[0];
  const logging = objects.find((m) => m.kind === 'ConfigMap' && m.data?.OGX_LOGGING !== undefined);
  expect(logging.data).toEqual({ OGX_LOGGING: 'all=info' });
  expect(server.envFrom).toEqual([{ configMapRef: { name: logging.metadata.name } }]);
  expect([server.readinessProbe.periodSeconds, server.livenessProbe.timeoutSeconds, server.livenessProbe.failureThreshold]).toEqual([5, 10, 6]);
  expect(server.startupProbe.failureThreshold).toBe(90);
  expect(server.lifecycle).toEqual({ preStop: { sleep: { seconds: 30 } } });
  expect(pod.terminationGracePeriodSeconds).toBe(60);
});

test('the production example\'s chat UI gets the server\'s URL from the construct', () => {
  const ui = synthApp('production').find((m) => m.kind === 'Deployment' && m.spec.template.metadata.labels.app !== 'llama-stack');
  const c = ui.spec.template.spec.containers[0];
  expect(c.image).toBe('quay.io/acme/llama-stack-ui:0.7.1');
  expect(c.env).toContainEqual({ name: 'LLAMA_STACK_BACKEND_URL', value: 'https://llama-prod-service.ai-platform.svc.cluster.local:8321' });
  expect(ui.spec.template.spec.volumes).toEqual([{ name: 'configmap-corporate-ca', configMap: { name: 'corporate-ca' } }]);
  expect(restrictedViolations(ui.spec.template.spec)).toEqual([]);
});

test('the operator example emits a LlamaStackDistribution and an OGXServer their CRDs accept', async () => {
  const crs = synthApp('operator');
  expect(crs.map((m) => `${m.apiVersion} ${m.kind}`)).toEqual(['llamastack.io/v1alpha2 LlamaStackDistribution', 'ogx.io/v1beta1 OGXServer']);
  expect(crs.map((cr) => crdSchemaErrors(cr))).toEqual([[], []]);
  // The operator's CR is also input the CLI renders without the operator.
  // Its replicas run on the operator's base stores (SQLite, faiss…): the CLI says so unless allowed.
  let refused = '';
  expect(await main(['render'], { stdout: (t) => { refused += t; }, stderr: (t) => { refused += t; }, stdin: () => YAML.stringify(crs[0]) })).toBe(1);
  expect(refused).toMatch(/keeps its data in the pod: with several pods, each keeps its own/);
  let out = '';
  const code = await main(['render', '--allow-per-pod-state'], { stdout: (t) => { out += t; }, stderr: (t) => { out += t; }, stdin: () => YAML.stringify(crs[0]) });
  expect(code).toBe(0);
  const objects = YAML.parseAllDocuments(out).map((d) => d.toJS());
  expect(objects.map((o) => o.kind)).toEqual(['ConfigMap', 'ServiceAccount', 'Deployment', 'Service', 'PodDisruptionBudget', 'NetworkPolicy', 'Ingress']);
  expect(schemaErrors(objects)).toEqual([]);
});

test('the rag example (issue 31): a connector, a CA for the self-signed vLLM mounted read-only where config.yaml names it, a Secret header', () => {
  const objects = synthApp('rag');
  const config = YAML.parse(objects.find((m) => m.kind === 'ConfigMap').data['config.yaml']);
  expect(config.connectors).toEqual([
    { connector_type: 'mcp', connector_id: 'docs-search', url: 'http://docs-mcp.tools.svc.cluster.local:8080/mcp', server_label: 'docs' },
  ]);
  const vllm = config.providers.inference.find((p: any) => p.provider_id === 'vllm');
  expect(vllm.config.network).toEqual({
    tls: { verify: '/etc/provider-network/inference-0/ca/ca.crt' },
    headers: { 'X-Gateway-Token': '${env.LLSD_VLLM_HEADER_X_GATEWAY_TOKEN}' },
    timeout: { connect: 10, read: 600 },
  });
  const pod = objects.find((m) => m.kind === 'Deployment').spec.template.spec;
  expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'inference-0-ca', mountPath: '/etc/provider-network/inference-0/ca', readOnly: true });
  expect(pod.volumes).toContainEqual({ name: 'inference-0-ca', configMap: { name: 'vllm-serving-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] } });
  expect(pod.containers[0].env).toContainEqual({ name: 'LLSD_VLLM_HEADER_X_GATEWAY_TOKEN', valueFrom: { secretKeyRef: { name: 'vllm-gateway', key: 'token' } } });
});
