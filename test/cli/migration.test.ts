/**
 * Migrating from the llama-stack operator (v1alpha1) with the CLI: each defect of issue #18, as a
 * test that fails on the code before it (exit 0 with a pod that never starts, silent moves,
 * construct vocabulary in fixes, problems in rounds).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { CliRun, runCli } from '../support/cli-run';
import { USER_CONFIG_CR } from '../support/cr-text';

const run = (argv: string[], stdin = ''): Promise<CliRun> => runCli(argv, stdin);

/** A v1alpha1 manifest whose server runs `image`. */
function imageCr(name: string, image: string): string {
  return `apiVersion: llamastack.io/v1alpha1
kind: LlamaStackDistribution
metadata: {name: ${name}}
spec:
  server:
    distribution: {image: '${image}'}
`;
}

const SAMPLE = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'samples-v1alpha1', 'example-with-configmap.yaml'), 'utf8');

/** A v1alpha1 CR and its user config ConfigMap, the config under `key`. */
function withUserConfig(key: string, config: string): string {
  return `apiVersion: v1
kind: ConfigMap
metadata: {name: user-config}
data:
  ${key}: |
${config.split('\n').map((l) => `    ${l}`).join('\n')}
---
${USER_CONFIG_CR}`;
}

/** A config OGX 0.8 starts (inference through ollama, SQLite in the data dir). */
const GOOD_CONFIG = `version: 2
distro_name: starter
apis: [inference]
providers:
  inference:
  - provider_id: ollama
    provider_type: remote::ollama
    config: {base_url: 'http://ollama:11434/v1'}
storage:
  backends:
    kv_default: {type: kv_sqlite, db_path: /.ogx/kvstore.db}
    sql_default: {type: sql_sqlite, db_path: /.ogx/sqlstore.db}
  stores:
    metadata: {backend: kv_default, namespace: registry}
    inference: {backend: sql_default, table_name: inference_store}
    conversations: {backend: sql_default, table_name: openai_conversations}
    prompts: {backend: kv_default, namespace: prompts}
server: {port: 8321}`;

describe('the user config ConfigMap in the same input', () => {
  test('a run.yaml key (the llama-stack operator\'s until early 2026) is an error: the Deployment mounts config.yaml', async () => {
    const r = await run(['render', '--pass-through'], withUserConfig('run.yaml', GOOD_CONFIG));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/spec\.server\.userConfig\.configMapName: ConfigMap "user-config" \(in this input\) has no key "config\.yaml"/);
    expect(r.err).toContain('rename the key "run.yaml" to "config.yaml" in ConfigMap "user-config"');
    expect(r.out).toBe('');
  });

  test('with the config.yaml key the same config renders, and the Deployment mounts the user\'s ConfigMap', async () => {
    const r = await run(['render', '--pass-through'], withUserConfig('config.yaml', GOOD_CONFIG));
    expect(r.err).not.toMatch(/problem/);
    expect(r.code).toBe(0);
    const objects = YAML.parseAllDocuments(r.out).map((d) => d.toJS());
    const deployment = objects.find((o) => o.kind === 'Deployment');
    expect(JSON.stringify(deployment.spec.template.spec.volumes)).toContain('user-config');
  });

  test('its text goes through the start-up model, as overrideConfigYaml does', async () => {
    // The operator's own sample: remote::ollama with `url`, which OGX reads as base_url.
    const r = await run(['render', '--pass-through'], SAMPLE);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ConfigMap llama-stack-config data\.config\.yaml: OGX 1\.3\.0 would not start: remote::ollama needs base_url/);
  });

  test('under the run.yaml key the text is still checked, and both problems come at once', async () => {
    const r = await run(['render', '--pass-through'], SAMPLE.replace('  config.yaml: |', '  run.yaml: |'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('has no key "config.yaml"');
    expect(r.err).toMatch(/ConfigMap llama-stack-config data\.run\.yaml: OGX 1\.3\.0 would not start/);
  });
});

describe('the server line', () => {
  test('a v1alpha1 distribution name that now runs the target\'s image is a warning on stderr', async () => {
    const r = await run(['render', '--pass-through'], withUserConfig('config.yaml', GOOD_CONFIG));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning: stdin \(migrated\): spec\.server\.distribution\.name: distribution "starter" runs "docker\.io\/ogxai\/distribution-starter:1\.3\.0"/);
  });

  test('a released image of the target\'s own release renders with no server-line warning (the release check has nothing to say)', async () => {
    const cr = imageCr('pinned', 'docker.io/ogxai/distribution-starter:1.3.0');
    const r = await run(['render'], cr);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });

  test('a custom image the CR ran is a warning that names the config it gets and --target', async () => {
    const cr = imageCr('custom', 'quay.io/acme/ogx-starter:7.1.0');
    const r = await run(['render'], cr);
    expect(r.err).toContain('warning: stdin (custom): spec.server.distribution.image: the manifest\'s image "quay.io/acme/ogx-starter:7.1.0" runs with a config written for OGX 1.3.0');
    expect(r.err).toContain('pass --target for the image\'s release');
  });

  test('a released image the CR ran, of a line the target does not write, is refused with the image line it needs', async () => {
    const cr = imageCr('pinned', 'docker.io/llamastack/distribution-starter:0.2.23');
    const r = await run(['render'], cr);
    expect(r.code).toBe(1);
    expect(r.err).toContain('stdin (pinned): spec.server.distribution.image: image tag "0.2.23" is not a release of the OGX 1.x line that OGX 1.3.0 writes configs for');
    expect(r.err).toContain('use an image tag of this line (1.3.0)');
  });
});

describe('problems in the manifest\'s vocabulary, all at once', () => {
  const SCALED = `apiVersion: llamastack.io/v1alpha1
kind: LlamaStackDistribution
metadata: {name: scaled, namespace: team-a}
spec:
  replicas: 2
  server:
    distribution: {name: starter}
`;

  test('fixes name CLI flags and spec fields, never construct classes or props', async () => {
    const r = await run(['render'], SCALED);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--allow-per-pod-state');
    expect(r.err).toContain('spec.storage.kv');
    for (const word of ['StorageBackend', 'FilesProvider', 'VectorIoProvider', 'replaceBaseProviders', 'allowPerPodState: true', 'props.']) {
      expect(r.err).not.toContain(word);
    }
  });

  test('a namespace problem comes with the others, not in a round of its own', async () => {
    const r = await run(['render', '--namespace', 'team-b'], SCALED);
    expect(r.code).toBe(1);
    expect(r.err).toContain('metadata.namespace: the manifest is in namespace "team-a", not "team-b"');
    expect(r.err).toContain('--allow-per-pod-state');
  });

  test('every document\'s problems in one run', async () => {
    const r = await run(['render'], `${SCALED}---\n${SCALED.replace('name: scaled', 'name: scaled-too')}`);
    expect(r.code).toBe(1);
    expect(r.err).toContain('stdin (scaled):');
    expect(r.err).toContain('stdin (scaled-too):');
  });
});

describe('--base-config', () => {
  test('an unreadable file is a usage error', async () => {
    const r = await run(['render', '--base-config', '/nonexistent/base.yaml'], 'x: 1');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--base-config: cannot read /nonexistent/base.yaml');
  });
});

describe('OGXServer in every mode', () => {
  const OGX = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'ogx-operator', 'configgen', 'happy-basic.yaml'), 'utf8');
  const USER_CONFIG = withUserConfig('run.yaml', GOOD_CONFIG).split('---')[0];

  test('krm: an OGXServer item is replaced by its objects; warnings go to results with severity warning', async () => {
    const list = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [YAML.parse(OGX)] };
    const r = await run(['krm'], YAML.stringify(list));
    expect(r.code).toBe(0);
    const out = YAML.parse(r.out);
    expect(out.items.map((o: any) => o.kind)).toEqual(['ConfigMap', 'ServiceAccount', 'Deployment', 'Service']);
    expect(out.results.every((x: any) => x.severity === 'warning')).toBe(true);
    expect(out.results.map((x: any) => x.message).join('\n')).toContain('the OGX operator names the config ConfigMap');
  });

  test('krm: the user config ConfigMap among the items is checked too', async () => {
    const items = YAML.parseAllDocuments(withUserConfig('run.yaml', GOOD_CONFIG)).map((d) => d.toJS());
    const r = await run(['krm'], YAML.stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items }));
    expect(r.code).toBe(1);
    const out = YAML.parse(r.out);
    expect(out.items).toEqual([]);
    expect(out.results.filter((x: any) => x.severity === 'error').map((x: any) => x.message).join('\n')).toContain('has no key "config.yaml"');
  });

  test('argocd-generate: an OGXServer in the directory renders, other objects pass through', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ogx-argo-'));
    fs.writeFileSync(path.join(dir, 'ogx.yaml'), OGX);
    fs.writeFileSync(path.join(dir, 'cm.yaml'), USER_CONFIG);
    const { code, out, err } = await runCli(['argocd-generate'], '', { cwd: dir });
    expect(err).not.toContain('problem');
    expect(code).toBe(0);
    const kinds = YAML.parseAllDocuments(out).map((d) => d.toJS().kind);
    expect(kinds).toEqual(['ConfigMap', 'ConfigMap', 'ServiceAccount', 'Deployment', 'Service']);
  });
});

test('a volume the restricted Pod Security Standard forbids: the fix names --allow-unrestricted-volumes', async () => {
  const cr = `apiVersion: llamastack.io/v1alpha1
kind: LlamaStackDistribution
metadata: {name: vols}
spec:
  server:
    distribution: {name: starter}
    podOverrides:
      volumes: [{name: h, hostPath: {path: /data}}]
      volumeMounts: [{name: h, mountPath: /data}]
`;
  const r = await run(['render'], cr);
  expect(r.code).toBe(1);
  expect(r.err).toContain('--allow-unrestricted-volumes');
  expect(r.err).not.toContain('allowUnrestrictedVolumes: true');
});

test('a credential in plain text and several replicas over SQLite: both in one run', async () => {
  const cr = `apiVersion: llamastack.io/v1alpha2
kind: LlamaStackDistribution
metadata: {name: both}
spec:
  distribution: {name: starter}
  providers:
    inference:
    - provider: openai
      settings: {api_key: sk-abcdefghijklmnopqrstuvwxyz123456}
  workload: {replicas: 2}
`;
  const r = await run(['render'], cr);
  expect(r.code).toBe(1);
  expect(r.err).toContain('spec.providers.inference[0].settings.api_key: "api_key" is a credential in plain text');
  expect(r.err).toMatch(/spec\.workload\.replicas: storage backend kv_default is SQLite in the pod.*--allow-per-pod-state/);
  expect(r.err).not.toContain('sk-abcdefghij');
  const allowed = await run(['render', '--allow-per-pod-state'], cr);
  expect(allowed.err).not.toContain('SQLite in the pod');
});
