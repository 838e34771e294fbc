/**
 * Several pods need shared state: with replicas or autoscaling above 1, every store that lives in
 * the pod (SQLite backends, local vector indexes, local files) is a synth error naming the shared
 * alternative, unless allowPerPodState is set.
 */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { FilesProvider, VectorIoProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { StorageBackend } from '../../src/values/storage-backend';
import { distributionProblems, fixesOf } from '../support/problems';

const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];
const PW = SecretRef.fromSecretName('pg', 'password');
const SHARED: LlamaStackDistributionProps = {
  kvStorage: StorageBackend.redis({ endpoint: 'redis://redis:6379' }),
  sqlStorage: StorageBackend.postgres({ host: 'pg', user: 'llama', password: PW }),
  vectorIo: [VectorIoProvider.pgvector({ host: 'pgvector', password: PW })],
  replaceBaseProviders: ['vector_io'],
  files: [FilesProvider.s3({ bucket: 'files' })],
};

const problems = distributionProblems;

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  const vectorIndexes = ['vector_io provider faiss (inline::faiss)', 'vector_io provider sqlite-vec (inline::sqlite-vec)'];

  test('starter on three replicas: each store that lives in the pod, with its shared alternative', () => {
    const got = problems({ target, replicas: 3 });
    expect(got).toEqual([
      'props.replicas: storage backend kv_default is SQLite in the pod (registry, prompts, agent state): with several pods, each keeps its own',
      'props.replicas: storage backend sql_default is SQLite in the pod (conversations, responses, inference log, file metadata): with several pods, each keeps its own',
      'props.replicas: files provider builtin-files (inline::localfs) keeps its data in the pod: with several pods, each keeps its own',
      ...vectorIndexes.map((v) => `props.replicas: ${v} keeps its data in the pod: with several pods, each keeps its own`),
    ]);
    {
      const fixes = fixesOf(() => new LlamaStackDistribution(Testing.chart(), 'llama', { target, replicas: 3 }));
      expect(fixes[0]).toBe('use kvStorage: StorageBackend.redis({ endpoint }), or set allowPerPodState: true');
      expect(fixes[1]).toBe('use sqlStorage: StorageBackend.postgres({ host, db, user, password }), or set allowPerPodState: true');
      expect(fixes[2]).toBe('use files: [FilesProvider.s3({ bucket, … })], or set allowPerPodState: true');
    }
  });

  test('autoscaling counts: the path is maxReplicas', () => {
    expect(problems({ target, autoscaling: { minReplicas: 1, maxReplicas: 4 } })[0]).toMatch(/^props\.autoscaling\.maxReplicas: storage backend kv_default/);
  });

  test('every store shared: no error', () => {
    expect(problems({ target, replicas: 3, ...SHARED })).toEqual([]);
  });

  test('a provider the env switches on counts (inline milvus with MILVUS_URL)', () => {
    expect(problems({ target, replicas: 3, ...SHARED, replaceBaseProviders: [], env: { MILVUS_URL: 'set' } }))
      .toContain('props.replicas: vector_io provider milvus (inline::milvus) keeps its data in the pod: with several pods, each keeps its own');
  });

  test('one pod, or allowPerPodState: no error', () => {
    expect(problems({ target })).toEqual([]);
    expect(problems({ target, replicas: 3, allowPerPodState: true })).toEqual([]);
  });

  test('an override config with several replicas is held to the same rule', () => {
    const text = new LlamaStackDistribution(Testing.chart(), 'gen', { target }).configYaml!;
    expect(problems({ target, replicas: 2, overrideConfigYaml: text })).toHaveLength(5);
    expect(problems({ target, replicas: 2, overrideConfigYaml: text, allowPerPodState: true })).toEqual([]);
  });
});
