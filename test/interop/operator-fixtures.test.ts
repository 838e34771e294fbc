/**
 * The re-typed inputs of the OGX operator's own cases (test/fixtures/ogx-operator/) stay what they
 * claim to be: every OGXServer passes the OGXServer CRD in crds/, every case of the operator's
 * generator is here, and every base config parses to a mapping (the generator's error case aside).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { crdSchemaErrors } from '../support/crd-schema';

const DIR = path.join(__dirname, '..', 'fixtures', 'ogx-operator');
const yamlFiles = (sub: string) => fs.readdirSync(path.join(DIR, sub)).filter((f) => f.endsWith('.yaml')).sort();
const docs = (file: string) => YAML.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS());

/** The case directories of cmd/configgen/testdata in the operator's v0.14.0 tree. */
const CONFIGGEN_CASES = [
  'err-bad-base-path', 'err-no-declarative', 'err-override-config', 'happy-basic', 'p0-inference-base-url', 'p0-network-nesting',
  'p1-batches-config', 'p1-fileprocessors-config', 'p1-filesearch-config', 'p1-inference-extra-fields', 'p1-milvus-config',
  'p1-model-quantization', 'p1-pgvector-config', 'p1-qdrant-config', 'p1-responses-config', 'rh-add-models', 'rh-combined',
  'rh-custom-port', 'rh-disable-apis', 'rh-override-inference', 'rh-override-storage',
];

test('every configgen case of the operator is re-typed, named after its case', () => {
  expect(yamlFiles('configgen').map((f) => f.replace(/\.yaml$/, ''))).toEqual(CONFIGGEN_CASES);
  for (const c of CONFIGGEN_CASES) {
    const servers = docs(path.join(DIR, 'configgen', `${c}.yaml`)).filter((d) => d.kind === 'OGXServer');
    expect(servers.map((s) => s.metadata.name)).toEqual([c]);
  }
});

/**
 * What the newer CRD in crds/ refuses of the v0.14.0 inputs: the network sample enables external
 * access without the hostname and TLS Secret that later operators require.
 */
const REFUSED_SINCE_V014: Record<string, string[]> = {
  'samples/network-config.yaml': [
    'OGXServer/ogxserver-public spec.network.externalAccess: tls is required when external access is enabled',
    'OGXServer/ogxserver-public spec.network.externalAccess: hostname is required when external access is enabled',
  ],
};

test.each([...yamlFiles('configgen').map((f) => `configgen/${f}`), ...yamlFiles('samples').map((f) => `samples/${f}`)])('%s passes the OGXServer CRD', (file) => {
  const servers = docs(path.join(DIR, file)).filter((d) => d.kind === 'OGXServer');
  expect(servers.length).toBeGreaterThan(0);
  expect(crdSchemaErrors(...servers)).toEqual(REFUSED_SINCE_V014[file] ?? []);
});

test('the base configs: a mapping with version and providers or apis, but the one without version', () => {
  const shapes = yamlFiles('configgen-bases').map((f) => {
    const base = YAML.parse(fs.readFileSync(path.join(DIR, 'configgen-bases', f), 'utf8'));
    return `${f}: ${Object.keys(base).join(',')}`;
  });
  expect(shapes).toEqual([
    'bad-no-version.yaml: image_name',
    'empty-batches.yaml: version,distro_name,apis',
    'empty-file_processors.yaml: version,distro_name,apis',
    'empty-inference.yaml: version,distro_name,apis',
    'empty-responses.yaml: version,distro_name,apis',
    'empty-tool_runtime.yaml: version,distro_name,apis',
    'empty-vector_io.yaml: version,distro_name,apis',
    'rh.yaml: version,image_name,apis,providers,storage,registered_resources,vector_stores,telemetry,server',
    'starter-one-vllm.yaml: version,distro_name,apis,providers',
  ]);
});
