/**
 * The files and pod-wide env the providers' network and pgvector TLS need
 * (src/releases/provider-mounts.ts), as the Deployment renders them: each CA and client
 * certificate mounted read-only where config.yaml names it, `PGSSLMODE` / `PGSSLROOTCERT` for
 * pgvector, `NO_PROXY` with the cluster's domains. The objects start their release with no
 * warning, read back from the objects alone.
 */
import { InferenceProvider, LlamaStackDistributionProps, SecretRef, ServerTarget, StorageBackend, VectorIoProvider } from '../../src';
import { noProxyOfPod, postgresTlsOfPod, providerMounts } from '../../src/releases/provider-mounts';
import { schemaErrors } from '../support/k8s-schema';
import { restrictedViolationsOf } from '../support/pod-security';
import { startupFromObjects } from '../support/startup-from-objects';
import { synthObjects } from '../support/synth';

const vllm = (network: object) => InferenceProvider.vllm({ id: 'vllm', endpoint: 'https://vllm.models.svc.cluster.local:8000/v1', network });
const password = SecretRef.fromSecretName('pgvector', 'password');

function props(target: ServerTarget): LlamaStackDistributionProps {
  return {
    target,
    inference: [vllm({
      tls: { caCertificate: { configMapName: 'vllm-ca' }, clientCertificateSecret: 'vllm-client' },
      proxy: { url: 'http://proxy.corp:3128', caCertificate: { configMapName: 'proxy-ca', key: 'root.pem' }, noProxy: ['.corp.example.com'] },
      headers: { 'X-Gateway-Token': SecretRef.fromSecretName('vllm-gateway', 'token') },
    })],
    models: [{ name: 'meta-llama/Llama-3.3-70B-Instruct', provider: 'vllm' }],
    vectorIo: [VectorIoProvider.pgvector({ host: 'pgvector.data.svc', password, sslMode: 'verify-full', caCertificate: { configMapName: 'pg-ca' } })],
    replaceBaseProviders: ['inference', 'vector_io'],
  };
}

const ALL = [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

test.each(ALL.map((t) => [t.id, t] as const))('%s: mounted read-only where config.yaml names them, the env set; the objects start with no warning', (_id, target) => {
  const objects = synthObjects(props(target));
  expect(schemaErrors(objects)).toEqual([]);
  expect(restrictedViolationsOf(objects)).toEqual([]);
  const pod = objects.find((o) => o.kind === 'Deployment').spec.template.spec;
  const c = pod.containers[0];
  const mounts = c.volumeMounts.filter((m: any) => /inference-0|pgvector/.test(m.name));
  expect(mounts).toEqual([
    { name: 'inference-0-ca', mountPath: '/etc/provider-network/inference-0/ca', readOnly: true },
    { name: 'inference-0-proxy-ca', mountPath: '/etc/provider-network/inference-0/proxy-ca', readOnly: true },
    { name: 'inference-0-client-tls', mountPath: '/etc/provider-network/inference-0/client', readOnly: true },
    { name: 'postgres-pgvector-ca', mountPath: '/etc/postgres-ca/pgvector', readOnly: true },
  ]);
  expect(pod.volumes.filter((v: any) => mounts.some((m: any) => m.name === v.name))).toEqual([
    { name: 'inference-0-ca', configMap: { name: 'vllm-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
    { name: 'inference-0-proxy-ca', configMap: { name: 'proxy-ca', items: [{ key: 'root.pem', path: 'ca.crt' }] } },
    { name: 'inference-0-client-tls', secret: { secretName: 'vllm-client', items: [{ key: 'tls.crt', path: 'tls.crt' }, { key: 'tls.key', path: 'tls.key' }] } },
    { name: 'postgres-pgvector-ca', configMap: { name: 'pg-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
  ]);
  expect(c.env.filter((e: any) => /^(PGSSL|NO_PROXY|no_proxy|LLSD_VLLM_HEADER)/.test(e.name))).toEqual([
    { name: 'PGSSLMODE', value: 'verify-full' },
    { name: 'PGSSLROOTCERT', value: '/etc/postgres-ca/pgvector/ca.crt' },
    { name: 'NO_PROXY', value: '.svc,.cluster.local,.corp.example.com' },
    { name: 'no_proxy', value: '.svc,.cluster.local,.corp.example.com' },
    { name: 'LLSD_VLLM_HEADER_X_GATEWAY_TOKEN', valueFrom: { secretKeyRef: { name: 'vllm-gateway', key: 'token' } } },
  ]);
  expect(startupFromObjects(target, objects)).toEqual({ fatal: [], warnings: [] });
});

test('the start-up model, from the objects alone, finds a CA path config.yaml names but the pod does not mount', () => {
  const objects = synthObjects(props(ServerTarget.OGX_1_3));
  const d = objects.find((o) => o.kind === 'Deployment');
  d.spec.template.spec.containers[0].volumeMounts = d.spec.template.spec.containers[0].volumeMounts.filter((m: any) => m.name !== 'inference-0-ca');
  expect(startupFromObjects(ServerTarget.OGX_1_3, objects).fatal).toEqual([
    'providers.inference[0].config.network.tls.verify: network.tls.verify is the string "/etc/provider-network/inference-0/ca/ca.crt", which the server reads as a CA file path that does not exist in the container',
  ]);
});

test('pgvector next to a SQL store with the same CA: PGSSLROOTCERT is the SQL store\'s, no second mount', () => {
  const ca = { configMapName: 'pg-ca' };
  const spec = {
    providers: { vectorIo: [{ provider: 'pgvector', postgresTls: { sslMode: 'verify-full', caCertificate: ca } }] },
    storage: { sql: { type: 'postgres', host: 'pg', user: 'u', tuning: { sslMode: 'verify-full', caCertificate: ca } } },
  };
  expect(postgresTlsOfPod(spec)).toEqual({ sslMode: 'verify-full', rootCertFile: '/etc/postgres-ca/sql/ca.crt' });
  expect(providerMounts(spec)).toEqual([]);
  const objects = synthObjects({
    vectorIo: [VectorIoProvider.pgvector({ host: 'pg', password, sslMode: 'verify-full', caCertificate: ca })],
    sqlStorage: StorageBackend.postgres({ host: 'pg', user: 'u', password, sslMode: 'verify-full', caCertificate: ca }),
    replaceBaseProviders: ['vector_io'],
  });
  expect(objects.find((o) => o.kind === 'Deployment').spec.template.spec.volumes.map((v: any) => v.name)).not.toContain('postgres-pgvector-ca');
});

test('NO_PROXY: none without a proxy; the cluster\'s domains unless every proxy turns them off', () => {
  expect(noProxyOfPod({ providers: { inference: [{ provider: 'vllm' }] } })).toBeUndefined();
  expect(noProxyOfPod({ providers: { inference: [{ provider: 'vllm', network: { proxy: { url: 'http://p', noProxyClusterDomains: false } } }] } })).toBeUndefined();
  expect(noProxyOfPod({ providers: { inference: [{ provider: 'vllm', network: { proxy: { url: 'http://p', noProxyClusterDomains: false, noProxy: ['10.0.0.7'] } } }] } })).toBe('10.0.0.7');
  expect(noProxyOfPod({ providers: { inference: [{ provider: 'vllm', network: { proxy: { url: 'http://p' } } }] } })).toBe('.svc,.cluster.local');
});

test('a user env var cannot shadow NO_PROXY or PGSSLMODE: the fix names the prop', () => {
  expect(() => synthObjects({ ...props(ServerTarget.OGX_1_3), env: { NO_PROXY: '.x' } })).toThrow(/providers' network\.proxy\.noProxy/);
});
