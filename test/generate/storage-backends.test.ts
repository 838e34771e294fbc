/**
 * The storage props: `kv_postgres` on server targets (the only authenticated KV store a release
 * has), with the release's TLS, pool and timeout fields; the operator pipeline keeps refusing it.
 */
import { Testing } from 'cdk8s';
import * as YAML from 'yaml';
import { LlamaStackConfigError, LlamaStackDistributionProps, LlamaStackDistributionResource, OgxServerResource, SecretRef, ServerTarget, StorageBackend } from '../../src';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { synthObjects, synthProblems, synthStarting } from '../support/synth';

const PASSWORD = SecretRef.fromSecretName('pg', 'password');
const pg = (extra: object = {}) => StorageBackend.postgres({ host: 'pg.db.svc', db: 'ogx', user: 'ogx', password: PASSWORD, ...extra });

function synth(props: LlamaStackDistributionProps): { objects: any[]; config: any; pod: any } {
  const objects = synthObjects(props);
  const cm = objects.find((o) => o.kind === 'ConfigMap');
  return { objects, config: YAML.parse(cm.data['config.yaml']), pod: objects.find((o) => o.kind === 'Deployment').spec.template.spec };
}

const problems = synthProblems;

describe('kv_postgres', () => {
  test('kvStorage: StorageBackend.postgres writes kv_postgres with its password from the Secret', () => {
    const { config, pod, objects } = synth({ kvStorage: pg(), sqlStorage: pg() });
    expect(config.storage.backends.kv_default).toEqual({
      type: 'kv_postgres', host: 'pg.db.svc', port: 5432, db: 'ogx', user: 'ogx', password: '${env.LLSD_STORAGE_KV_PASSWORD}',
    });
    expect(pod.containers[0].env).toContainEqual({ name: 'LLSD_STORAGE_KV_PASSWORD', valueFrom: { secretKeyRef: { name: 'pg', key: 'password' } } });
    expect(k8sValidityProblems(objects)).toEqual([]);
    expect(schemaErrors(objects)).toEqual([]);
  });

  test('TLS: ssl_mode and ca_cert_path with the CA mounted; the SQL store gets PGSSLMODE and PGSSLROOTCERT', () => {
    const tls = { sslMode: 'verify-full', caCertificate: { configMapName: 'pg-ca' } };
    const kvStorage = pg({ ...tls, poolSize: 8, maxOverflow: 4, commandTimeout: 60 });
    const { config, pod, objects } = synth({ kvStorage, sqlStorage: pg({ ...tls, poolSize: 8 }) });
    expect(config.storage.backends.kv_default).toMatchObject({ ssl_mode: 'verify-full', ca_cert_path: '/etc/postgres-ca/kv/ca.crt', pool_size: 8, max_overflow: 4, command_timeout: 60 });
    expect(config.storage.backends.sql_default).toMatchObject({ type: 'sql_postgres', pool_size: 8 });
    const env = pod.containers[0].env;
    expect(env).toContainEqual({ name: 'PGSSLMODE', value: 'verify-full' });
    expect(env).toContainEqual({ name: 'PGSSLROOTCERT', value: '/etc/postgres-ca/sql/ca.crt' });
    expect(pod.volumes).toContainEqual({ name: 'postgres-kv-ca', configMap: { name: 'pg-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] } });
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'postgres-kv-ca', mountPath: '/etc/postgres-ca/kv', readOnly: true });
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'postgres-sql-ca', mountPath: '/etc/postgres-ca/sql', readOnly: true });
    expect(k8sValidityProblems(objects)).toEqual([]);
  });

  test('fields a release does not have are errors naming the release', () => {
    expect(problems({ target: ServerTarget.OGX_0_8, kvStorage: pg({ poolSize: 3, commandTimeout: 5 }) })).toEqual([
      expect.stringMatching(/^props\.kvStorage\.poolSize: .*has no pool_size/),
      expect.stringMatching(/^props\.kvStorage\.commandTimeout: .*has no command_timeout/),
    ]);
    expect(problems({ kvStorage: pg({ sslMode: 'very-full' }) })).toEqual([expect.stringMatching(/^props\.kvStorage\.sslMode: /)]);
  });

  test('the operator pipeline keeps refusing a postgres key-value store', () => {
    expect(problems({ target: ServerTarget.OPERATOR, kvStorage: pg() })).toEqual([
      expect.stringMatching(/^props\.kvStorage\.type: Unsupported value: "postgres": supported values: "sqlite", "redis"/),
    ]);
  });

  test('a connection string alone is no kv_postgres', () => {
    expect(problems({ kvStorage: StorageBackend.postgres({ connectionString: PASSWORD }) })).toEqual([expect.stringMatching(/^props\.kvStorage: .*needs host, user and password/)]);
  });
});

describe('the CR constructs refuse kv_postgres (their CRDs have no postgres key-value store)', () => {
  test.each(['LlamaStackDistributionResource', 'OgxServerResource'] as const)('%s', (cls) => {
    let error: unknown;
    try {
      new (cls === 'OgxServerResource' ? OgxServerResource : LlamaStackDistributionResource)(Testing.chart(), 'llama', { kvStorage: pg() });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LlamaStackConfigError);
    expect((error as LlamaStackConfigError).problems.map((p) => p.path)).toEqual(['props.kvStorage']);
  });
});

describe('several Postgres', () => {
  test('a key-value database apart from the SQL one: two backends, two password env vars from their Secrets, and the release starts', () => {
    const kvStorage = StorageBackend.postgres({ host: 'kv-pg.db.svc', db: 'ogx_kv', user: 'kv', password: SecretRef.fromSecretName('kv-db', 'password'), sslMode: 'require' });
    const { config, manifests } = synthStarting(ServerTarget.OGX_1_3, { kvStorage, sqlStorage: pg() });
    expect(config.storage.backends.kv_default).toEqual({
      type: 'kv_postgres', host: 'kv-pg.db.svc', port: 5432, db: 'ogx_kv', user: 'kv', password: '${env.LLSD_STORAGE_KV_PASSWORD}', ssl_mode: 'require',
    });
    expect(config.storage.backends.sql_default).toEqual({ type: 'sql_postgres', host: 'pg.db.svc', port: 5432, db: 'ogx', user: 'ogx', password: '${env.LLSD_STORAGE_SQL_PASSWORD}' });
    const env = manifests.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0].env;
    expect(env.filter((e: any) => e.name.startsWith('LLSD_STORAGE_'))).toEqual([
      { name: 'LLSD_STORAGE_KV_PASSWORD', valueFrom: { secretKeyRef: { name: 'kv-db', key: 'password' } } },
      { name: 'LLSD_STORAGE_SQL_PASSWORD', valueFrom: { secretKeyRef: { name: 'pg', key: 'password' } } },
    ]);
  });
});

describe('the inference store\'s write queue (inferenceStore)', () => {
  const TARGETS: [string, ServerTarget][] = [
    ['llama-stack-0.7', ServerTarget.LLAMA_STACK_0_7], ['ogx-0.8', ServerTarget.OGX_0_8], ['ogx-1.1', ServerTarget.OGX_1_1],
    ['ogx-1.2', ServerTarget.OGX_1_2], ['ogx-1.3', ServerTarget.OGX_1_3],
  ];

  test.each(TARGETS)('%s: max_write_queue_size and num_writers on the Postgres inference store, and the release starts', (_id, target) => {
    const { config } = synthStarting(target, { sqlStorage: pg(), inferenceStore: { maxWriteQueueSize: 2000, numWriters: 8 } });
    expect(config.storage.stores.inference).toEqual({ table_name: 'inference_store', backend: 'sql_default', max_write_queue_size: 2000, num_writers: 8 });
    expect(config.storage.backends.sql_default.type).toBe('sql_postgres');
  });

  test('one count alone keeps the base config\'s other', () => {
    const { config } = synthStarting(ServerTarget.OGX_1_3, { sqlStorage: pg(), inferenceStore: { numWriters: 2 } });
    expect(config.storage.stores.inference).toEqual({ table_name: 'inference_store', backend: 'sql_default', max_write_queue_size: 10000, num_writers: 2 });
  });

  test('on SQLite the release writes at once and ignores the queue: an error naming Postgres', () => {
    expect(problems({ inferenceStore: { numWriters: 8 } })).toEqual([
      'props.inferenceStore: the release runs the inference write queue on Postgres only: the inference store is on sql_default (sql_sqlite), where each completion is written at once and the queue settings are ignored',
    ]);
    expect(problems({ sqlStorage: StorageBackend.sqlite(), inferenceStore: { maxWriteQueueSize: 10 } })).toHaveLength(1);
  });

  test('counts under 1 and non-integers are refused at the prop', () => {
    expect(problems({ sqlStorage: pg(), inferenceStore: { maxWriteQueueSize: 0, numWriters: -1 } })).toEqual([
      'props.inferenceStore.maxWriteQueueSize: must be greater than or equal to 1',
      'props.inferenceStore.numWriters: must be greater than or equal to 1',
    ]);
    expect(problems({ sqlStorage: pg(), inferenceStore: { numWriters: 1.5 } })).toEqual([
      expect.stringMatching(/^props\.inferenceStore\.numWriters: .*whole number/),
    ]);
  });

  test('the operator pipeline has no store settings (each problem once)', () => {
    expect(problems({ target: ServerTarget.OPERATOR, inferenceStore: { numWriters: 2 }, vectorStoresStorage: pg({ host: 'vectors' }) })).toEqual([
      'props.inferenceStore: the operator pipeline writes no store settings (the v1alpha2 API has no write queues)',
      'props.vectorStoresStorage: the operator pipeline writes no store settings (the v1alpha2 API has no vector_stores store)',
    ]);
  });
});
