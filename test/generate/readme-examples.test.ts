/**
 * The documentation's examples and the example apps, on both server targets: they synthesize, and
 * the synthesized objects pass the release's start-up model with no warning. The examples are the
 * marked TypeScript blocks of README.md and docs/*.md (test/support/doc-examples.ts): the quick
 * start and the construct example of docs/distribution.md among them, type-checked, compiled and
 * run from the Markdown text, so a broken example fails here. Each creates one distribution.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Construct } from 'constructs';
import * as YAML from 'yaml';
import * as lib from '../../src';
import { LlamaStackDistribution, LlamaStackDistributionProps, ServerTarget } from '../../src';
import { allDocExamples, ROOT, runDocExample, typeErrors } from '../support/doc-examples';
import { schemaErrors } from '../support/k8s-schema';
import { startupFromObjects } from '../support/startup-from-objects';

const TARGETS = [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];
/** Lines the production example runs on: moderation (`moderationEndpoint`, 1.1+) and Prometheus metrics (1.2+). */
const MODERATION_LINES = [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2];
const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

/** The marked TypeScript examples of README.md and docs/*.md, taken from their text. */
const DOC_EXAMPLES = allDocExamples();

test('the README\'s quick start and the construct guide\'s example are marked as executed examples', () => {
  expect(DOC_EXAMPLES.map((e) => `${e.file} ${e.name}`)).toEqual(expect.arrayContaining([
    'README.md quick-start',
    'docs/distribution.md construct',
  ]));
  // The quick start is the walk-through's main.ts: the file `npm run smoke-package` runs.
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain('<!-- example: quick-start -->\n<!-- walkthrough: file main.ts -->\n```ts\n');
  expect(new Set(DOC_EXAMPLES.map((e) => `${e.file} ${e.name}`)).size).toBe(DOC_EXAMPLES.length);
});

test('the documentation\'s examples type-check as written (strict, against src/)', () => {
  expect(typeErrors(DOC_EXAMPLES)).toEqual([]);
});

function expectStarts(target: ServerTarget, manifests: any[], constructs: LlamaStackDistribution[]): void {
  expect(schemaErrors(manifests)).toEqual([]);
  for (const d of constructs) expect(d.warnings).toEqual([]);
  expect(startupFromObjects(target, manifests)).toEqual({ fatal: [], warnings: [] });
}

/**
 * The library with every LlamaStackDistribution put on `target` (an image only on OGX 1.3, the
 * default: the examples' images are OGX 1.3 images), and the constructs created through it.
 */
function libraryOnTarget(target: ServerTarget): { library: typeof lib; constructs: LlamaStackDistribution[] } {
  const constructs: LlamaStackDistribution[] = [];
  class OnTarget extends LlamaStackDistribution {
    constructor(scope: Construct, id: string, props: LlamaStackDistributionProps = {}) {
      super(scope, id, { ...props, target, image: target === ServerTarget.OGX_1_3 ? props.image : undefined });
      constructs.push(this);
    }
  }
  return { library: { ...lib, LlamaStackDistribution: OnTarget }, constructs };
}

/** Runs an example app with every LlamaStackDistribution it creates put on `target`. */
function runExample(app: string, target: ServerTarget): { manifests: any[]; constructs: LlamaStackDistribution[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `example-${app}-${target.id}-`));
  const { library, constructs } = libraryOnTarget(target);
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    jest.isolateModules(() => {
      jest.doMock('cdk8s-llama-stack', () => library);
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
  test.each(DOC_EXAMPLES.map((e) => [`${e.file} ${e.name}`, e] as const))('%s, compiled from its text', (_name, example) => {
    const { library, constructs } = libraryOnTarget(target);
    const manifests = runDocExample(example, library);
    expect(constructs.length).toBe(1);
    expect(constructs[0].target).toBe(target);
    expectStarts(target, manifests, constructs);
    if (example.name !== 'construct') return;
    const c = manifests.find((m) => m.kind === 'Deployment').spec.template.spec.containers[0];
    expect(c.resources.limits['nvidia.com/gpu']).toBe('1');
    expect(manifests.find((m) => m.kind === 'PodDisruptionBudget').spec.minAvailable).toBe(2);
  });

  const apps = ['minimal', 'rag', 'external-provider', ...(MODERATION_LINES.includes(target) ? ['production'] : [])];
  test.each(apps)('examples/%s', (app) => {
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
