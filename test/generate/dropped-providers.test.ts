/**
 * What names a provider that is gone goes with it. OGX 1.3's builtin responses provider creates
 * memory vector stores on `memory_config.default_vector_store_provider_id` and, when it is unset,
 * on the stack's default vector store provider (responses/builtin/config.py).
 */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution, SecretRef, VectorIoProvider } from '../../src';

function configOf(props: ConstructorParameters<typeof LlamaStackDistribution>[2]): string {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const chart = Testing.chart();
    new LlamaStackDistribution(chart, 'llama', props);
    const cm = Testing.synth(chart).find((o) => o.kind === 'ConfigMap' && o.data?.['config.yaml']);
    return cm.data['config.yaml'];
  } finally {
    spy.mockRestore();
  }
}

const PGVECTOR = VectorIoProvider.pgvector({ host: 'pg.data.svc', password: SecretRef.fromSecretName('pg', 'password') });

test('replacing the base vector_io providers drops the responses memory default that named sqlite-vec', () => {
  const yaml = configOf({ vectorIo: [PGVECTOR], replaceBaseProviders: ['vector_io'] });
  expect(yaml).not.toContain('default_vector_store_provider_id: sqlite-vec');
  expect(yaml).toContain('default_provider_id: pgvector');
});

test('overlaying keeps it: sqlite-vec is still there', () => {
  expect(configOf({ vectorIo: [PGVECTOR] })).toContain('default_vector_store_provider_id: sqlite-vec');
});
