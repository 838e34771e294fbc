/**
 * Secret references and their env vars: port of the operator's `pkg/config/secret_test.go` (PR 266,
 * ../shared/docs/operator-rules.md §2.6).
 *
 * Deliberate deviations (../shared/docs/design.md) are marked `DEVIATION`.
 */
import { envSegment } from '../../src/spec/env-names';
import { collectSecretEnvVars, SecretEnvVar } from '../../src/spec/secret-env';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';
import { INDEX, generate, parsed, STARTER, SECRET } from '../support/operator-goldens';

// ---------------------------------------------------------------------------------------------
// §2.6 secret_test.go → CollectSecretRefs(spec), normalizeEnvVarSegment

/** A.14 JSON; Go's nil slice (`null`) is an empty array here. */
function envGolden(name: string): SecretEnvVar[] {
  return INDEX.envVars[name] ?? [];
}

describe('operator secret_test.go (§2.6)', () => {
  test('TestCollectSecretRefs_APIKey', () => {
    const { envVars } = collectSecretEnvVars({ providers: { inference: [{ provider: 'vllm', apiKey: SECRET('vllm-creds', 'token') }] } });
    expect(envVars).toHaveLength(1);
    expect(envVars[0].name).toBe('LLSD_VLLM_API_KEY');
    expect(envVars[0].valueFrom.secretKeyRef).toEqual({ name: 'vllm-creds', key: 'token' });
    expect(envVars).toEqual(envGolden('APIKey'));
  });

  test('TestCollectSecretRefs_SecretRefs', () => {
    const { envVars } = collectSecretEnvVars({
      providers: {
        vectorIo: [{
          id: 'pgvector',
          provider: 'pgvector',
          // Deliberately out of order: the operator sorts by key.
          secretRefs: { password: SECRET('pg-creds', 'password'), host: SECRET('pg-creds', 'host') },
        }],
      },
    });
    expect(envVars.map((v) => v.name)).toEqual(['LLSD_PGVECTOR_HOST', 'LLSD_PGVECTOR_PASSWORD']);
    expect(envVars).toEqual(envGolden('SecretRefs'));
  });

  test('TestCollectSecretRefs_HyphenatedProviderID', () => {
    const { envVars } = collectSecretEnvVars({
      providers: { inference: [{ id: 'vllm-primary', provider: 'vllm', apiKey: SECRET('vllm-creds', 'token') }] },
    });
    expect(envVars).toHaveLength(1);
    expect(envVars[0].name).toBe('LLSD_VLLM_PRIMARY_API_KEY');
    expect(envVars).toEqual(envGolden('HyphenatedProviderID'));
  });

  test('TestCollectSecretRefs_StorageKVPassword', () => {
    const { envVars } = collectSecretEnvVars({
      storage: { kv: { type: 'redis', endpoint: 'redis://redis:6379', password: SECRET('redis-creds', 'password') } },
    });
    expect(envVars).toHaveLength(1);
    expect(envVars[0].name).toBe('LLSD_STORAGE_KV_PASSWORD');
    expect(envVars[0].valueFrom.secretKeyRef.name).toBe('redis-creds');
    expect(envVars).toEqual(envGolden('StorageKVPassword'));
  });

  test('TestCollectSecretRefs_StorageSQLConnectionString', () => {
    const { envVars } = collectSecretEnvVars({
      storage: { sql: { type: 'postgres', connectionString: SECRET('pg-creds', 'connection-string') } },
    });
    expect(envVars).toHaveLength(1);
    expect(envVars[0].name).toBe('LLSD_STORAGE_SQL_CONNECTION_STRING');
    expect(envVars).toEqual(envGolden('StorageSQLConnectionString'));
  });

  test('TestCollectSecretRefs_MultipleProviders', () => {
    const { envVars } = collectSecretEnvVars({
      providers: {
        inference: [
          { id: 'primary', provider: 'vllm', apiKey: SECRET('vllm-creds', 'token') },
          { id: 'fallback', provider: 'ollama', apiKey: SECRET('ollama-creds', 'key') },
        ],
      },
    });
    expect(envVars.map((v) => v.name)).toEqual(['LLSD_PRIMARY_API_KEY', 'LLSD_FALLBACK_API_KEY']);
    expect(envVars).toEqual(envGolden('MultipleProviders'));
  });

  test('TestCollectSecretRefs_NoSecrets', () => {
    const { envVars } = collectSecretEnvVars({ providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000' }] } });
    expect(INDEX.envVars.NoSecrets).toBeNull(); // Go: nil slice
    expect(envVars).toEqual([]);
  });

  test.each([
    ['vllm', 'VLLM'],
    ['vllm-primary', 'VLLM_PRIMARY'],
    ['api_key', 'API_KEY'],
    ['host', 'HOST'],
    ['my-long-name', 'MY_LONG_NAME'],
  ])('TestNormalizeEnvVarSegment %s → %s', (input, expected) => {
    expect(envSegment(input)).toBe(expected);
  });

  test('DEVIATION: ColonInID(bug) — every character outside [A-Z0-9_] becomes _', () => {
    const spec: LlamaStackDistributionSpec = {
      providers: {
        inference: [{ id: 'remote::vllm', provider: 'vllm', apiKey: SECRET('c', 'k'), secretRefs: { 'tls.cert': SECRET('c', 't') } }],
      },
    };
    // The operator writes LLSD_REMOTE::VLLM_API_KEY and LLSD_REMOTE::VLLM_TLS.CERT (A.14), names
    // Kubernetes and ${env.X} substitution reject. We keep the operator's shape and order.
    const operator = envGolden('ColonInID(bug)');
    expect(operator.map((v) => v.name)).toEqual(['LLSD_REMOTE::VLLM_API_KEY', 'LLSD_REMOTE::VLLM_TLS.CERT']);
    const expected = operator.map((v) => ({ ...v, name: v.name.replace(/[^A-Z0-9_]/g, '_') }));
    expect(expected.map((v) => v.name)).toEqual(['LLSD_REMOTE__VLLM_API_KEY', 'LLSD_REMOTE__VLLM_TLS_CERT']);
    expect(collectSecretEnvVars(spec).envVars).toEqual(expected);
    // The config refers to the same normalized names.
    const r = generate({ ...STARTER, ...spec });
    expect(r.envVars).toEqual(expected);
    const vllm = parsed(r.configYaml).providers.inference.find((p: any) => p.provider_id === 'remote::vllm');
    expect(vllm.config).toEqual({ 'api_key': '${env.LLSD_REMOTE__VLLM_API_KEY}', 'tls.cert': '${env.LLSD_REMOTE__VLLM_TLS_CERT}' });
  });
});
