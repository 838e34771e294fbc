/**
 * The declared shapes of the entry points' options: each names exactly the fields of its public
 * interface (nothing silently dropped, nothing unknown accepted), and the library's objects are
 * recognised by their brand, not by their look.
 */
import * as L from '../../src';
import {
  CONNECTORS, MANIFEST_RENDER_OPTIONS, MANIFEST_TEXT, PARSED_DISTRIBUTION, PLATFORM, SERVER_TARGET, SERVER_TLS_SETTINGS, STORAGE_BACKEND,
  TARGET_CONFIG_OPTIONS, TENANCY, VECTOR_STORE_DEFAULTS, VERIFY_OPTIONS,
} from '../../src/core/entry-shapes';
import { ConfigProblem } from '../../src/core/errors';
import { Shape } from '../../src/core/shape';
import { CaBundleOptions } from '../../src/distribution/props';
import { VerifyOptions } from '../../src/distribution/verify-options';
import { ServerTlsSettings, TenancyMode, TenancyOptions } from '../../src/generate/server';
import { TargetConfigOptions } from '../../src/generate/target-config';
import { VectorStoreDefaults } from '../../src/generate/vector-stores';
import { ManifestRenderOptions, ParsedDistribution } from '../../src/interop/manifest-read';

function run(s: Shape, v: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  s.check(v, 'o', problems);
  return problems;
}

/** The fields a struct shape knows, as its unknown-key fix lists them. */
function knownFields(s: Shape): string[] {
  const fix = run(s, { zzzzzzzzzzzz: 1 }).find((p) => p.path === 'o.zzzzzzzzzzzz')!.fix;
  return /has (.*)\)$/.exec(fix)![1].split(', ').sort();
}

/** Every key of an interface, listed once: the compiler refuses a missing or an extra one. */
function fieldsOf<T>(all: { [K in keyof Required<T>]: true }): string[] {
  return Object.keys(all).sort();
}

describe('each struct names exactly its interface\'s fields', () => {
  test('VectorStoreDefaults', () => {
    expect(knownFields(VECTOR_STORE_DEFAULTS)).toEqual(fieldsOf<VectorStoreDefaults>({ provider: true, embeddingModel: true, rerankerModel: true }));
  });

  test('TenancyOptions', () => {
    expect(knownFields(TENANCY)).toEqual(fieldsOf<TenancyOptions>({ mode: true, defaultTenantId: true }));
  });

  test('ServerTlsSettings', () => {
    expect(knownFields(SERVER_TLS_SETTINGS)).toEqual(fieldsOf<ServerTlsSettings>({ ciphers: true, hstsMaxAgeSeconds: true }));
  });

  test('TargetConfigOptions', () => {
    expect(knownFields(TARGET_CONFIG_OPTIONS)).toEqual(fieldsOf<TargetConfigOptions>({
      baseConfigYaml: true,
      serverTlsDir: true,
      auth: true,
      authCaFile: true,
      replaceBaseProviders: true,
      vectorStores: true,
      allowPerPodState: true,
      scratchDirs: true,
      serverTls: true,
      tenancy: true,
      vectorStoresStorage: true,
      entrypointPassesInsecure: true,
      connectors: true,
    }));
  });

  test('VerifyOptions', () => {
    expect(knownFields(VERIFY_OPTIONS)).toEqual(fieldsOf<VerifyOptions>({
      enabled: true,
      llmCompletion: true,
      vectorStore: true,
      vectorStoreProviderId: true,
      vectorStoreEmbeddingModel: true,
      timeoutSeconds: true,
      readyWaitSeconds: true,
      probeProviders: true,
      activeDeadlineSeconds: true,
      manualRuns: true,
      tokenSecret: true,
      serviceAccountName: true,
      runAsUser: true,
    }));
    expect(VERIFY_OPTIONS.libraryObjects).toBe(true);
  });

  test('ManifestRenderOptions', () => {
    expect(knownFields(MANIFEST_RENDER_OPTIONS)).toEqual(fieldsOf<ManifestRenderOptions>({
      namespace: true,
      target: true,
      platform: true,
      image: true,
      baseConfigYaml: true,
      externalProviders: true,
      allowPerPodState: true,
      allowUnrestrictedVolumes: true,
      verify: true,
    }));
  });

  test('ParsedDistribution, with its CaBundleOptions', () => {
    expect(knownFields(PARSED_DISTRIBUTION)).toEqual(fieldsOf<ParsedDistribution>({
      name: true,
      namespace: true,
      spec: true,
      apiVersion: true,
      sourcePaths: true,
      warnings: true,
      configRefPath: true,
      distributionPath: true,
      baseConfigRef: true,
      replaceBaseProviders: true,
      target: true,
      platform: true,
      caBundle: true,
    }));
    const ca = run(PARSED_DISTRIBUTION, { name: 'n', spec: {}, apiVersion: 'v', caBundle: { zzzzzzzzzzzz: 1 } })[0];
    expect(ca.path).toBe('o.caBundle.zzzzzzzzzzzz');
    expect(/has (.*)\)$/.exec(ca.fix)![1].split(', ').sort()).toEqual(fieldsOf<CaBundleOptions>({ configMapName: true, configMapKeys: true, clusterInjected: true }));
  });
});

describe('required fields', () => {
  test('TenancyOptions needs its mode, one of TenancyMode\'s values', () => {
    expect(run(TENANCY, {})).toEqual([{ path: 'o.mode', message: 'is required (TenancyOptions)', fix: 'set mode' }]);
    for (const mode of Object.values(TenancyMode)) expect(run(TENANCY, { mode })).toEqual([]);
    expect(run(TENANCY, { mode: 'MULTI' })[0].message).toBe('must be one of disabled, single, multi, got a string of 5 characters');
    expect([...Object.values(TenancyMode)].sort()).toEqual(['disabled', 'multi', 'single']);
  });

  test('ParsedDistribution needs name, spec and apiVersion; its baseConfigRef name and key', () => {
    expect(run(PARSED_DISTRIBUTION, {}).map((p) => p.path)).toEqual(['o.name', 'o.spec', 'o.apiVersion']);
    expect(run(PARSED_DISTRIBUTION, { name: 'n', spec: {}, apiVersion: 'v', baseConfigRef: {} }).map((p) => p.path)).toEqual(['o.baseConfigRef.name', 'o.baseConfigRef.key']);
    expect(run(PARSED_DISTRIBUTION, { name: 'n', spec: [], apiVersion: 'v' })[0].message).toBe('must be an object (a v1alpha2 spec), got a list of 0 items');
  });
});

describe('library objects are recognised by their brand', () => {
  test('the real objects pass', () => {
    expect(run(SERVER_TARGET, L.ServerTarget.OGX_1_3)).toEqual([]);
    expect(run(PLATFORM, L.Platform.OPENSHIFT)).toEqual([]);
    expect(run(STORAGE_BACKEND, L.StorageBackend.sqlite())).toEqual([]);
    expect(run(CONNECTORS, [L.Connector.mcp({ id: 'github', url: 'http://github-mcp.tools.svc:8080/mcp' })])).toEqual([]);
    expect(run(VERIFY_OPTIONS, { tokenSecret: L.SecretRef.fromSecretName('s', 'k') })).toEqual([]);
    expect(run(TARGET_CONFIG_OPTIONS, { auth: L.ServerAuth.kubernetes() })).toEqual([]);
  });

  test('look-alikes and strings do not', () => {
    expect(run(SERVER_TARGET, { ...L.ServerTarget.OGX_1_3 })[0].message).toBe('must be a ServerTarget, got an object');
    expect(run(SERVER_TARGET, 'ogx-1.3')[0].fix).toMatch(/^use ServerTarget\.OGX_1_3, /);
    expect(run(PLATFORM, 'openshift')).toEqual([{ path: 'o', message: 'must be a Platform, got a string of 9 characters', fix: 'use Platform.KUBERNETES or Platform.OPENSHIFT' }]);
    expect(run(VERIFY_OPTIONS, { tokenSecret: { secretName: 's', key: 'k' } }).map((p) => p.path)).toEqual(['o.tokenSecret']);
    expect(run(CONNECTORS, [{ id: 'x' }]).map((p) => p.path)).toEqual(['o[0]']);
  });

  test('every ServerTarget the fix names exists', () => {
    const named = /^use (.*)$/.exec(run(SERVER_TARGET, 1)[0].fix)![1].replace(' or ', ', ').split(', ');
    for (const n of named) expect(L.ServerTarget[n.replace('ServerTarget.', '') as keyof typeof L.ServerTarget]).toBeDefined();
  });
});

describe('MANIFEST_TEXT', () => {
  test('a string', () => {
    expect(run(MANIFEST_TEXT, 'kind: X')).toEqual([]);
    expect(run(MANIFEST_TEXT, Buffer.from('x'))).toEqual([{ path: 'o', message: 'must be a string, got an object of class Buffer', fix: 'pass the manifest text (YAML or JSON)' }]);
  });
});
