/**
 * The README's examples and the example apps, on both server targets: they synthesize, and the
 * synthesized objects pass the release's start-up model with no warning.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import * as YAML from 'yaml';
import * as lib from '../../src';
import {
  FilesProvider, InferenceProvider, LlamaStackDistribution, LlamaStackDistributionProps, SecretRef, ServerTarget, StorageBackend, VectorIoProvider,
} from '../../src';
import { schemaErrors } from '../support/k8s-schema';
import { startupFromObjects } from '../support/startup-from-objects';

const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];
const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

/** The props of the README's quick start. */
const QUICK_START: LlamaStackDistributionProps = {
  inference: [InferenceProvider.vllm({
    endpoint: 'http://vllm.models.svc.cluster.local:8000/v1',
    apiKey: SecretRef.fromSecretName('vllm-credentials', 'token'),
  })],
  models: ['meta-llama/Llama-3.2-3B-Instruct', 'ibm-granite/granite-3.3-8b-instruct'],
};

/** The props of the README's `LlamaStackDistribution` section (target aside). */
const README_CONSTRUCT: LlamaStackDistributionProps = {
  name: 'llama-prod',
  distribution: 'starter',
  image: 'quay.io/acme/ogx-starter:0.8.0-acme.1',
  inference: [InferenceProvider.openai({ apiKey: SecretRef.fromSecretName('openai', 'key') })],
  models: [{ name: 'gpt-4o', provider: 'openai', contextLength: 128000 }],
  kvStorage: StorageBackend.redis({ endpoint: 'redis://redis:6379' }),
  sqlStorage: StorageBackend.postgres({ host: 'pg', db: 'llamastack', user: 'llama', password: SecretRef.fromSecretName('pg', 'password') }),
  vectorIo: [VectorIoProvider.pgvector({ host: 'pgvector', password: SecretRef.fromSecretName('pg', 'password') })],
  files: [FilesProvider.s3({ bucket: 'llama-files' })],
  replaceBaseProviders: ['vector_io'],
  disabledApis: ['safety'],
  replicas: 3,
  workers: 2,
  resources: { requests: { cpu: '2', memory: '4Gi' }, limits: { 'memory': '4Gi', 'nvidia.com/gpu': '1' } },
  autoscaling: { minReplicas: 3, maxReplicas: 10, targetCPUUtilizationPercentage: 70 },
  podDisruptionBudget: { minAvailable: 2 },
  tls: { secretName: 'llama-tls', caBundle: { configMapName: 'corporate-ca' } },
  expose: {
    hostname: 'llama.example.com',
    ingressClassName: 'nginx',
    tls: { clusterIssuer: 'letsencrypt' },
    controllerNamespace: 'ingress-nginx',
  },
  allowedFrom: { labels: ['llama-clients'] },
  env: { OGX_LOGGING: 'all=info' },
  nodeSelector: { 'nvidia.com/gpu.present': 'true' },
};

function expectStarts(target: ServerTarget, manifests: any[], constructs: LlamaStackDistribution[]): void {
  expect(schemaErrors(manifests)).toEqual([]);
  for (const d of constructs) expect(d.warnings).toEqual([]);
  expect(startupFromObjects(target, manifests)).toEqual({ fatal: [], warnings: [] });
}

/** Runs an example app with every LlamaStackDistribution it creates put on `target`. */
function runExample(app: string, target: ServerTarget): { manifests: any[]; constructs: LlamaStackDistribution[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `example-${app}-${target.id}-`));
  const constructs: LlamaStackDistribution[] = [];
  class OnTarget extends LlamaStackDistribution {
    constructor(scope: Construct, id: string, props: LlamaStackDistributionProps = {}) {
      super(scope, id, { ...props, target, image: target === ServerTarget.OGX_0_8 ? props.image : undefined });
      constructs.push(this);
    }
  }
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    jest.isolateModules(() => {
      jest.doMock('cdk8s-llama-stack', () => ({ ...lib, LlamaStackDistribution: OnTarget }));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(EXAMPLES, app, 'main.ts'));
    });
  } finally {
    process.chdir(cwd);
    jest.dontMock('cdk8s-llama-stack');
  }
  const out = path.join(dir, 'dist', 'examples', app);
  const manifests = fs.readdirSync(out).filter((f) => f.endsWith('.k8s.yaml')).sort()
    .flatMap((f) => YAML.parseAllDocuments(fs.readFileSync(path.join(out, f), 'utf8')).map((d) => d.toJS()));
  return { manifests, constructs };
}

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  test.each<[string, LlamaStackDistributionProps]>([
    ['the quick start', QUICK_START],
    ['the LlamaStackDistribution section', { ...README_CONSTRUCT, image: target === ServerTarget.OGX_0_8 ? README_CONSTRUCT.image : undefined }],
  ])('README: %s', (_name, props) => {
    const chart = new Chart(Testing.app(), 'llama-stack', { namespace: 'ai' });
    const d = new LlamaStackDistribution(chart, 'llama', { ...props, target });
    const manifests = Testing.synth(chart);
    expectStarts(target, manifests, [d]);
    if (props === QUICK_START) return;
    const c = manifests.find((m) => m.kind === 'Deployment').spec.template.spec.containers[0];
    expect(c.resources.limits['nvidia.com/gpu']).toBe('1');
    expect(manifests.find((m) => m.kind === 'PodDisruptionBudget').spec.minAvailable).toBe(2);
  });

  test.each(['minimal', 'production', 'rag', 'external-provider'])('examples/%s', (app) => {
    const { manifests, constructs } = runExample(app, target);
    expect(constructs.length).toBe(1);
    expect(constructs[0].target).toBe(target);
    expectStarts(target, manifests, constructs);
  });

  test('examples/rag keeps no state in a pod: every store is shared by the replicas', () => {
    const { constructs } = runExample('rag', target);
    const config = YAML.parse(constructs[0].configYaml!);
    const backends = Object.values(config.storage.backends).map((b: any) => b.type);
    expect(backends.sort()).toEqual(['kv_redis', 'sql_postgres']);
    // Files and vectors (llama-stack 0.7's datasetio keeps eval datasets per pod: not a RAG store).
    expect(config.providers.files.map((p: any) => p.provider_type)).toEqual(['remote::s3']);
    expect(config.providers.vector_io.map((p: any) => p.provider_type)).toEqual(['remote::pgvector']);
    expect(config.vector_stores.default_embedding_model).toEqual({ provider_id: 'vllm-embed', model_id: 'nomic-ai/nomic-embed-text-v1.5' });
  });
});
