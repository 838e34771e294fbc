/** The provider APIs of spec.providers, checked against the v1alpha2 CRD in crds/. */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { ALL_PROVIDER_APIS, DISABLEABLE_APIS, PROVIDER_APIS, SERVER_PROVIDER_APIS } from '../../src/spec/apis';

const CRD = YAML.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'crds', 'llamastack.io_llamastackdistributions.v1alpha1-v1alpha2.yaml'), 'utf8'));
const V1ALPHA2_SPEC = CRD.spec.versions.find((v: { name: string }) => v.name === 'v1alpha2').schema.openAPIV3Schema.properties.spec;

/** camelCase field to the server's snake_case API name. */
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('PROVIDER_APIS', () => {
  test("are exactly the CRD's spec.providers lists", () => {
    expect(PROVIDER_APIS.map((a) => a.field).sort()).toEqual(Object.keys(V1ALPHA2_SPEC.properties.providers.properties).sort());
  });

  test("in the operator's order: inference, safety, vectorIo, toolRuntime, telemetry", () => {
    expect(PROVIDER_APIS.map((a) => a.field)).toEqual(['inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry']);
  });

  test('each config.yaml API name is the snake_case of its field', () => {
    for (const a of ALL_PROVIDER_APIS) expect(a.api).toBe(snake(a.field));
  });
});

describe('SERVER_PROVIDER_APIS', () => {
  test('none is a CRD field (they are library extensions)', () => {
    const crdFields = Object.keys(V1ALPHA2_SPEC.properties.providers.properties);
    for (const a of SERVER_PROVIDER_APIS) expect(crdFields).not.toContain(a.field);
  });

  test('ALL_PROVIDER_APIS is the CRD five first, then the extensions, with no field twice', () => {
    expect(ALL_PROVIDER_APIS).toEqual([...PROVIDER_APIS, ...SERVER_PROVIDER_APIS]);
    expect(new Set(ALL_PROVIDER_APIS.map((a) => a.field)).size).toBe(ALL_PROVIDER_APIS.length);
    expect(new Set(ALL_PROVIDER_APIS.map((a) => a.api)).size).toBe(ALL_PROVIDER_APIS.length);
  });
});

describe('DISABLEABLE_APIS', () => {
  test("are exactly the names the CRD's spec.disabled rule accepts", () => {
    const rule: string = V1ALPHA2_SPEC.properties.disabled['x-kubernetes-validations'][0].rule;
    const list = /\[([^\]]*)\]/.exec(rule)![1].split(',').map((s) => s.trim().replace(/^'|'$/g, ''));
    expect([...DISABLEABLE_APIS].sort()).toEqual(list.sort());
  });

  test('every CRD provider API can be disabled', () => {
    for (const a of PROVIDER_APIS) expect(DISABLEABLE_APIS).toContain(a.api);
  });
});
