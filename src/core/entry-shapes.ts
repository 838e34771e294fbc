/**
 * Declared shapes of the options of the entry points that take the library's objects (the
 * target generator and the manifest reader); checked with `checkedOptions`.
 */
import { isMadeBy } from './brand';
import { anyObject, bool, instanceOf, int, listOf, mapOf, oneOf, Shape, str, struct } from './shape';

export const SERVER_TARGET = instanceOf('a ServerTarget', (v) => isMadeBy(v, 'ServerTarget'),
  'use ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7 or ServerTarget.OPERATOR');

export const PLATFORM = instanceOf('a Platform', (v) => isMadeBy(v, 'Platform'), 'use Platform.KUBERNETES or Platform.OPENSHIFT');

export const VECTOR_STORE_DEFAULTS = struct('VectorStoreDefaults', { provider: str(), embeddingModel: str(), rerankerModel: str() });

/** `TenancyOptions`: the mode's values are `TenancyMode`'s. */
export const TENANCY = struct('TenancyOptions', { mode: oneOf(['disabled', 'single', 'multi']), defaultTenantId: str() }, ['mode']);

export const SERVER_TLS_SETTINGS = struct('ServerTlsSettings', {
  ciphers: listOf(str(), "give a list of OpenSSL cipher names, e.g. ['ECDHE-RSA-AES256-GCM-SHA384']"),
  hstsMaxAgeSeconds: int(),
});

/** `connectors`: a list of `Connector.mcp(…)`. */
export const CONNECTORS = listOf(instanceOf('Connector', (v) => isMadeBy(v, 'Connector'), 'create it with Connector.mcp({ id, url })'),
  "give a list of connectors, e.g. [Connector.mcp({ id: 'github', url: 'http://github-mcp.tools.svc:8080/mcp' })]");

export const STORAGE_BACKEND = instanceOf('a StorageBackend', (v) => isMadeBy(v, 'StorageBackend'), 'use StorageBackend.sqlite() or StorageBackend.postgres({ ... })');

export const TARGET_CONFIG_OPTIONS = struct('TargetConfigOptions', {
  baseConfigYaml: str('pass the base config text'),
  serverTlsDir: str(),
  auth: instanceOf('a ServerAuth', (v) => isMadeBy(v, 'ServerAuth'), 'use a ServerAuth factory, e.g. ServerAuth.kubernetes()'),
  authCaFile: str(),
  replaceBaseProviders: listOf(str(), "give a list of API names, e.g. ['vector_io'] or ['*']"),
  vectorStores: VECTOR_STORE_DEFAULTS,
  allowPerPodState: bool(),
  scratchDirs: listOf(str()),
  serverTls: SERVER_TLS_SETTINGS,
  tenancy: TENANCY,
  vectorStoresStorage: STORAGE_BACKEND,
  entrypointPassesInsecure: bool(),
  connectors: CONNECTORS,
});

/** Also the parse options' shape: render options are parse options too. */
/** `VerifyOptions` (`props.verify`): its tokenSecret is a SecretRef, kept as it is (the other fields are primitives). */
export const VERIFY_OPTIONS: Shape = {
  ...struct('VerifyOptions', {
    enabled: bool(),
    llmCompletion: bool(),
    vectorStore: bool(),
    vectorStoreProviderId: str(),
    vectorStoreEmbeddingModel: str(),
    timeoutSeconds: int(),
    readyWaitSeconds: int(),
    probeProviders: bool(),
    activeDeadlineSeconds: int(),
    manualRuns: bool(),
    tokenSecret: instanceOf('a SecretRef', (v) => isMadeBy(v, 'SecretRef'), 'use SecretRef.fromSecretName(<secret>, <key>)'),
    serviceAccountName: str(),
    runAsUser: int(),
  }),
  libraryObjects: true,
};

export const MANIFEST_RENDER_OPTIONS = struct('ManifestRenderOptions', {
  namespace: str(),
  target: SERVER_TARGET,
  platform: PLATFORM,
  image: str(),
  baseConfigYaml: str('pass the base config text'),
  externalProviders: listOf(instanceOf('ExternalProvider', (v) => isMadeBy(v, 'ExternalProvider'), 'create it with ExternalProvider.fromImage({ ... })')),
  allowPerPodState: bool(),
  allowUnrestrictedVolumes: bool(),
  verify: VERIFY_OPTIONS,
});

export const PARSED_DISTRIBUTION = struct('ParsedDistribution', {
  name: str(),
  namespace: str(),
  spec: anyObject('an object (a v1alpha2 spec)'),
  apiVersion: str(),
  sourcePaths: mapOf(str()),
  warnings: listOf(anyObject('a problem ({path, message, fix})')),
  configRefPath: str(),
  distributionPath: str(),
  baseConfigRef: struct('ConfigMapKeyRef', { name: str(), key: str() }, ['name', 'key']),
  replaceBaseProviders: listOf(str()),
  target: SERVER_TARGET,
  platform: PLATFORM,
  caBundle: struct('CaBundleOptions', { configMapName: str(), configMapKeys: listOf(str()), clusterInjected: bool() }),
}, ['name', 'spec', 'apiVersion']);

export const MANIFEST_TEXT = str('pass the manifest text (YAML or JSON)');
