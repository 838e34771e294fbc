/** spec.externalProviders: its lists, entries in order, and the checks the server targets need. */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { ALL_PROVIDER_APIS } from '../../src/spec/apis';
import {
  EXTERNAL_PROVIDER_APIS, EXTERNAL_PROVIDER_CRD_FIELDS, EXTERNAL_PROVIDERS_MOUNT, EXTERNAL_PROVIDERS_PYTHONPATH,
  externalProviderEntries, externalProviderFieldProblems,
} from '../../src/spec/external-providers';
import { ExternalProviderRef, LlamaStackDistributionSpec } from '../../src/spec/spec';

const CRD = YAML.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'crds', 'llamastack.io_llamastackdistributions.v1alpha1-v1alpha2.yaml'), 'utf8'));
const EXTERNAL = CRD.spec.versions.find((v: { name: string }) => v.name === 'v1alpha2').schema.openAPIV3Schema.properties.spec.properties.externalProviders;

const ref = (o: object) => ({ providerId: 'acme', image: 'quay.io/acme/p@sha256:' + 'a'.repeat(64), ...o }) as ExternalProviderRef;
const valid = ref({ providerType: 'remote::acme-llm', module: 'acme_llm' });

describe('constants', () => {
  test("the CRD's entry fields are providerId and image", () => {
    expect([...EXTERNAL_PROVIDER_CRD_FIELDS].sort()).toEqual(Object.keys(EXTERNAL.properties.inference.items.properties).sort());
  });

  test("the CRD's inference list comes first; the lists follow spec.providers order, without telemetry", () => {
    expect(Object.keys(EXTERNAL.properties)).toEqual(['inference']);
    expect(EXTERNAL_PROVIDER_APIS[0]).toEqual({ field: 'inference', api: 'inference' });
    const order = ALL_PROVIDER_APIS.map((a) => a.field);
    const idx = EXTERNAL_PROVIDER_APIS.map((a) => order.indexOf(a.field));
    expect(idx).toEqual([...idx].sort((a, b) => a - b));
    expect(EXTERNAL_PROVIDER_APIS.map((a) => a.field)).not.toContain('telemetry');
    for (const a of EXTERNAL_PROVIDER_APIS) expect(ALL_PROVIDER_APIS).toContainEqual(a);
  });

  test('packages sit under the mount', () => {
    expect(EXTERNAL_PROVIDERS_MOUNT).toBe('/opt/llama-stack/external-providers');
    expect(EXTERNAL_PROVIDERS_PYTHONPATH).toBe('/opt/llama-stack/external-providers/python-packages');
  });
});

describe('externalProviderEntries', () => {
  test('none without externalProviders, or when it is not an object', () => {
    expect(externalProviderEntries({})).toEqual([]);
    expect(externalProviderEntries({ externalProviders: null } as unknown as LlamaStackDistributionSpec)).toEqual([]);
    expect(externalProviderEntries({ externalProviders: 'x' } as unknown as LlamaStackDistributionSpec)).toEqual([]);
  });

  test('list by list in API order (not key order), each entry with its path and index', () => {
    const a = ref({ providerId: 'a' });
    const b = ref({ providerId: 'b' });
    const c = ref({ providerId: 'c' });
    const entries = externalProviderEntries({ externalProviders: { safety: [c], inference: [a, b] } });
    expect(entries).toEqual([
      { field: 'inference', api: 'inference', path: 'spec.externalProviders.inference[0]', index: 0, ref: a },
      { field: 'inference', api: 'inference', path: 'spec.externalProviders.inference[1]', index: 1, ref: b },
      { field: 'safety', api: 'safety', path: 'spec.externalProviders.safety[0]', index: 0, ref: c },
    ]);
  });

  test('an entry that is not an object is skipped, keeping the others\' indexes', () => {
    const a = ref({});
    const entries = externalProviderEntries({ externalProviders: { vectorIo: [null, 'x', [], a] } } as unknown as LlamaStackDistributionSpec);
    expect(entries).toEqual([{ field: 'vectorIo', api: 'vector_io', path: 'spec.externalProviders.vectorIo[3]', index: 3, ref: a }]);
  });

  test('a list that is not an array, an unknown list, and an inherited key are skipped', () => {
    const ext = Object.create({ inference: [ref({})] });
    ext.safety = 'x';
    ext.telemetry = [ref({})];
    expect(externalProviderEntries({ externalProviders: ext })).toEqual([]);
  });
});

describe('externalProviderFieldProblems', () => {
  test('a well-formed entry has none', () => {
    expect(externalProviderFieldProblems(valid)).toEqual([]);
    expect(externalProviderFieldProblems(ref({ providerType: 'inline::x.y_z-1', module: 'acme.providers.llm==1.2.0' }))).toEqual([]);
  });

  test('providerType and module are required', () => {
    const problems = externalProviderFieldProblems(ref({}));
    expect(problems.map((p) => p.field)).toEqual(['providerType', 'module']);
    expect(problems[0].message).toBe('the provider type is required (the image declares it in /lls-provider/lls-provider-spec.yaml, which is not read at synth time)');
    expect(problems[1].message).toBe('the Python package is required (the image declares it in /lls-provider/lls-provider-spec.yaml, which is not read at synth time)');
    expect(externalProviderFieldProblems(ref({ providerType: null, module: null })).map((p) => p.field)).toEqual(['providerType', 'module']);
  });

  test.each(['acme', 'remote:acme', 'remote::', 'hosted::acme', 'remote::-acme', 'remote::acme llm', 'Remote::acme'])('providerType %j is refused', (t) => {
    const problems = externalProviderFieldProblems(ref({ providerType: t, module: 'acme' }));
    expect(problems).toEqual([{ field: 'providerType', message: `${JSON.stringify(t)} is not a provider type`, fix: 'write remote::<name> or inline::<name>, as the image\'s lls-provider-spec.yaml declares it' }]);
  });

  test.each(['acme-llm', '1acme', 'acme.', '.acme', 'acme..llm', 'acme==', 'acme==1 2', 'acme/llm'])('module %j is refused', (m) => {
    const problems = externalProviderFieldProblems(ref({ providerType: 'remote::acme', module: m }));
    expect(problems.map((p) => p.field)).toEqual(['module']);
    expect(problems[0].message).toBe(`${JSON.stringify(m)} is not a Python package name (the server imports "<module>.provider")`);
  });

  test('a config key also set in secretRefs is a problem per key', () => {
    const problems = externalProviderFieldProblems(ref({
      providerType: 'remote::acme',
      module: 'acme',
      config: { api_key: 'x', url: 'http://a' },
      secretRefs: { api_key: { name: 's', key: 'k' }, other: { name: 's', key: 'o' } },
    }));
    expect(problems).toEqual([{ field: 'secretRefs.api_key', message: 'config key "api_key" is also set in config', fix: 'set api_key in config or in secretRefs, not both' }]);
  });

  test('an inherited config key does not count', () => {
    const config = Object.create({ api_key: 'x' });
    expect(externalProviderFieldProblems(ref({ providerType: 'remote::acme', module: 'acme', config, secretRefs: { api_key: { name: 's', key: 'k' } } }))).toEqual([]);
  });
});
