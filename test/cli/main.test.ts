/**
 * The command-line renderer: the operator's v1alpha1 samples and the example apps' CRs render
 * into valid objects (or fail with the exact problem), the Argo CD plugin and kustomize KRM
 * function modes, and bad input.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart, Testing, Yaml } from 'cdk8s';
import * as YAML from 'yaml';
import { LlamaStackDistribution, LlamaStackDistributionProps, specFromProps } from '../../src';
import { packageVersion } from '../../src/cli/main';
import { runCli } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';
import { schemaErrors } from '../support/k8s-schema';

const SAMPLES_DIR = path.join(__dirname, '..', 'fixtures', 'samples-v1alpha1');
const EXAMPLES = path.join(__dirname, '..', '..', 'examples');


const run = runCli;

function objects(yaml: string): any[] {
  return YAML.parseAllDocuments(yaml).map((d) => d.toJS()).filter((o) => o !== null);
}

/** stderr without its warnings (the server line a v1alpha1 manifest now runs, notes on the user config). */
function problemsOnly(err: string): string {
  return err.split('\n').filter((l) => !l.startsWith('warning: ')).join('\n');
}

function tmpdir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-cli-'));
}

const CR = MINIMAL_CR;

describe('the operator\'s v1alpha1 samples', () => {
  const samples = fs.readdirSync(SAMPLES_DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml').sort();
  const OBJECTS = ['ServiceAccount', 'Deployment', 'Service'];
  const EXPECTED: { [file: string]: { code: number; kinds?: string[]; stderr?: string } } = {
    '_v1alpha1_llamastackdistribution.yaml': {
      code: 1,
      // Every problem at once: the shared PVC, and the SQLite stores each pod would keep.
      stderr: '3 problem(s):\n- _v1alpha1_llamastackdistribution.yaml (llamastackdistribution-sample): spec.server.storage: '
        + 'a ReadWriteOnce volume cannot be shared by several pods (replicas or autoscaling allow more than one) (as v1alpha2 spec.workload.storage)'
        + ' — keep state in postgres/redis storage and drop the PVC, or run a single replica\n'
        + '- _v1alpha1_llamastackdistribution.yaml (llamastackdistribution-sample): spec.server.autoscaling.maxReplicas: storage backend kv_default is SQLite in the pod '
        + '(registry, prompts, agent state): with several pods, each keeps its own (as v1alpha2 spec.workload.autoscaling.maxReplicas) '
        + '— use spec.storage.kv: {type: redis, endpoint: …}, or pass --allow-per-pod-state\n'
        + '- _v1alpha1_llamastackdistribution.yaml (llamastackdistribution-sample): spec.server.autoscaling.maxReplicas: storage backend sql_default is SQLite in the pod '
        + '(conversations, responses, inference log, file metadata): with several pods, each keeps its own (as v1alpha2 spec.workload.autoscaling.maxReplicas) '
        + '— use spec.storage.sql: {type: postgres, host, db, user, password}, or pass --allow-per-pod-state\n',
    },
    'example-with-ca-bundle.yaml': {
      code: 1,
      stderr: '1 problem(s):\n- example-with-ca-bundle.yaml (llamastack-with-config): spec.server.tlsConfig.caBundle: '
        + 'a v1alpha1 CA bundle adds trusted CAs for outbound calls without serving TLS; v1alpha2 only has networking.tls.caBundle, '
        + 'which its CRD accepts only with serving TLS (CEL: "caBundle is only valid when TLS is enabled") — convert by hand: serve TLS too '
        + '(networking.tls: {enabled: true, secretName: <kubernetes.io/tls Secret>, caBundle: {configMapName: ...}}), or mount the ConfigMap '
        + 'with workload.overrides.volumes/volumeMounts and set SSL_CERT_FILE in workload.overrides.env\n',
    },
    // The user's ConfigMap is in the input, so its config goes through the start-up model: OGX reads
    // ollama's base_url, not url (see example-with-configmap below for the same sample fixed).
    'example-with-configmap.yaml': {
      code: 1,
      stderr: '1 problem(s):\n- example-with-configmap.yaml (llamastack-with-userconfig): ConfigMap llama-stack-config data.config.yaml: OGX 1.3.0 would not start: '
        + 'remote::ollama needs base_url when it is enabled [config.yaml providers.inference[0].config.base_url] — set base_url\n',
    },
    // nsA and nsB cannot be namespace names (DNS-1123 labels): the NetworkPolicy would admit nothing from them.
    'example-with-network-config.yaml': {
      code: 1,
      stderr: '2 problem(s):\n' + ['nsA', 'nsB'].map((ns, i) => `- example-with-network-config.yaml (llamastackdistribution-network-example): spec.network.allowedFrom.namespaces[${i}]: `
        + `"${ns}" is not a namespace name: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character `
        + '(e.g. \'my-name\', or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\') '
        + `(as v1alpha2 spec.networking.allowedFrom.namespaces[${i}]) — use a DNS-1123 label: at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit\n`).join(''),
    },
    'example-withoutconfigmap.yaml': { code: 0, kinds: ['ConfigMap', 'ServiceAccount', 'PersistentVolumeClaim', 'Deployment', 'Service'] },
  };

  test('every sample has an expectation', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(samples);
  });

  test.each(samples)('%s', async (file) => {
    const r = await run(['render', '--pass-through', file], '', { cwd: SAMPLES_DIR });
    const expected = EXPECTED[file];
    expect(r.code).toBe(expected.code);
    if (expected.stderr !== undefined) {
      expect(problemsOnly(r.err)).toBe(expected.stderr);
      expect(r.out).toBe('');
      return;
    }
    expect(problemsOnly(r.err)).toBe('');
    expect(r.err).toContain('spec.server.distribution.name: distribution "starter" runs "docker.io/ogxai/distribution-starter:1.3.0"');
    const objs = objects(r.out);
    expect(objs.map((o) => o.kind)).toEqual(expected.kinds);
    expect(schemaErrors(objs)).toEqual([]);
  });

  test('the CA-bundle sample renders without its tlsConfig, the one field it cannot honour', async () => {
    const text = fs.readFileSync(path.join(SAMPLES_DIR, 'example-with-ca-bundle.yaml'), 'utf8')
      .replace(/    tlsConfig:\n(      .*\n|\s*#.*\n)*/, '');
    const r = await run(['render', '--pass-through', '--namespace', 'ai'], text.replace('url: "http://ollama', 'base_url: "http://ollama'));
    expect(problemsOnly(r.err)).toBe('');
    expect(r.code).toBe(0);
    expect(objects(r.out).every((o) => o.metadata.namespace === 'ai' || o.kind === 'ConfigMap')).toBe(true);
  });

  /** The samples in a scratch directory, the network sample with namespaces that can exist (nsA → ns-a). */
  function samplesCopy(files: string[]): string {
    const dir = tmpdir();
    for (const f of files) {
      const text = fs.readFileSync(path.join(SAMPLES_DIR, f), 'utf8');
      // The ConfigMap sample with the key OGX reads (base_url, not url), so its config starts.
      fs.writeFileSync(path.join(dir, f), f === 'example-with-network-config.yaml' ? text.replace(/\bns([AB])\b/g, (_m, c: string) => `ns-${c.toLowerCase()}`)
        : text.replace('url: "http://ollama', 'base_url: "http://ollama'));
    }
    return dir;
  }

  test('a directory means its *.yaml / *.yml files, in name order, kustomization aside', async () => {
    const files = ['example-with-configmap.yaml', 'example-with-network-config.yaml', 'example-withoutconfigmap.yaml'];
    const dir = samplesCopy(files);
    const byFiles = await run(['render', '--pass-through', ...files], '', { cwd: dir });
    fs.writeFileSync(path.join(dir, 'kustomization.yaml'), 'resources: []\n');
    fs.mkdirSync(path.join(dir, 'nested.yaml'));
    const byDir = await run(['render', '--pass-through', dir]);
    expect(problemsOnly(byDir.err)).toBe('');
    expect(byDir.out).toBe(byFiles.out);
    const empty = await run(['render', tmpdir()]);
    expect(empty.code).toBe(1);
    expect(empty.err).toMatch(/no \*\.yaml or \*\.yml files to render/);
    // An empty directory reads nothing else: not stdin (on a terminal it would wait for input).
    let stdinRead = false;
    const emptyDir = await run(['render', tmpdir()], '', { stdin: () => { stdinRead = true; return ''; } });
    expect([emptyDir.code, stdinRead]).toEqual([1, false]);
  });

  test('--output-dir writes one file per manifest (and per passed-through object)', async () => {
    const dir = tmpdir();
    const cwd = samplesCopy(['example-with-network-config.yaml', 'example-with-configmap.yaml']);
    const r = await run(['render', '--pass-through', 'example-with-network-config.yaml', 'example-with-configmap.yaml', '--output-dir', dir], '', { cwd });
    expect({ ...r, err: problemsOnly(r.err) }).toEqual({ code: 0, out: '', err: '' });
    expect(fs.readdirSync(dir).sort()).toEqual([
      'configmap-llama-stack-config.k8s.yaml', 'llamastack-with-userconfig.k8s.yaml',
      'llamastackdistribution-network-example.k8s.yaml', 'llamastackdistribution-public.k8s.yaml',
    ]);
    const written = objects(fs.readFileSync(path.join(dir, 'llamastackdistribution-public.k8s.yaml'), 'utf8'));
    expect(written.map((o) => o.kind)).toEqual(['ConfigMap', ...OBJECTS, 'NetworkPolicy', 'Ingress']);
    expect(schemaErrors(written)).toEqual([]);
  });
});

/** Runs an example app with LlamaStackDistribution replaced by a recorder of its props. */
function exampleDistributions(app: string): { id: string; props: LlamaStackDistributionProps; namespace?: string }[] {
  const captured: { id: string; props: LlamaStackDistributionProps; namespace?: string }[] = [];
  const dir = tmpdir();
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    jest.isolateModules(() => {
      jest.doMock('cdk8s-llama-stack', () => {
        /* eslint-disable @typescript-eslint/no-require-imports */
        const actual = jest.requireActual('../../src');
        const { Construct } = require('constructs');
        const cdk8s = require('cdk8s');
        /* eslint-enable @typescript-eslint/no-require-imports */
        class Recorder extends Construct {
          constructor(scope: any, id: string, props: LlamaStackDistributionProps) {
            super(scope, id);
            captured.push({ id, props, namespace: cdk8s.Chart.of(this).namespace });
          }
        }
        return { ...actual, LlamaStackDistribution: Recorder };
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(EXAMPLES, app, 'main.ts'));
    });
  } finally {
    process.chdir(cwd);
    jest.dontMock('cdk8s-llama-stack');
  }
  return captured;
}

/** Props outside the v1alpha2 spec, which a CR cannot carry. */
function specOnly(props: LlamaStackDistributionProps): LlamaStackDistributionProps {
  const {
    labels: _l, nodeSelector: _n, tolerations: _t, imagePullPolicy: _i, replaceBaseProviders: _r, auth: _a, strict: _s, vectorStores: _v,
    // The production props outside the spec (a CR carries spec.monitoring's port only).
    restartOnSecretChange: _rs, allowedTo: _at, admitOwnNamespace: _ao, service: _sv, podAnnotations: _pa, imagePullSecrets: _ps,
    affinity: _af, priorityClassName: _pc, resourceClaims: _rc, monitoring: _m,
    // MCP connectors are config.yaml's, not the spec's.
    connectors: _cn,
    // The air-gapped props are the pod's (the CLI's --image-registry; no seed in a CR); the pod's containers and timing (no CRD carries them).
    imageRegistry: _ir, modelSeed: _ms, airGapped: _ag,
    envFrom: _ef, initContainers: _ic, sidecars: _sc, probes: _pr, preStopDrain: _ps2, runtimeClassName: _rt, ...rest
  } = props;
  return {
    ...rest,
    ...(props.monitoring ? { monitoring: props.monitoring.metricsPort !== undefined ? { metricsPort: props.monitoring.metricsPort } : {} } : {}),
    ...(props.expose ? { expose: { hostname: props.expose.hostname, controllerNamespace: props.expose.controllerNamespace } } : {}),
    ...(props.persistentStorage ? { persistentStorage: { size: props.persistentStorage.size, mountPath: props.persistentStorage.mountPath } } : {}),
  };
}

describe('the example apps, as CRs through the CLI', () => {
  // The operator app emits custom resources (test/examples.test.ts renders them through the CLI).
  const apps = fs.readdirSync(EXAMPLES).filter((d) => fs.existsSync(path.join(EXAMPLES, d, 'main.ts')) && d !== 'operator').sort();

  test.each(apps)('%s', async (app) => {
    const distributions = exampleDistributions(app);
    expect(distributions.length).toBeGreaterThan(0);
    for (const { id, props, namespace } of distributions) {
      const cr = {
        apiVersion: 'llamastack.io/v1alpha2',
        kind: 'LlamaStackDistribution',
        metadata: { name: props.name ?? id, namespace: props.namespace ?? namespace },
        spec: specFromProps(props),
      };
      // A CR cannot carry replaceBaseProviders: starter's per-pod stores come back, so allow them.
      const r = await run(['render', '--allow-per-pod-state'], Yaml.stringify(cr));
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const rendered = objects(r.out);
      expect(schemaErrors(rendered)).toEqual([]);

      const chart = new Chart(Testing.app(), 'direct', { namespace });
      new LlamaStackDistribution(chart, id, { ...specOnly(props), allowPerPodState: true });
      expect(rendered).toEqual(Testing.synth(chart));
    }
  });
});

describe('Argo CD config management plugin (argocd-generate)', () => {
  function appDir(): string {
    const dir = tmpdir();
    fs.writeFileSync(path.join(dir, 'stack.yaml'), CR);
    fs.writeFileSync(path.join(dir, 'secret.yml'), 'apiVersion: v1\nkind: Secret\nmetadata: {name: vllm}\nstringData: {token: x}\n');
    fs.writeFileSync(path.join(dir, 'kustomization.yaml'), 'resources: [stack.yaml]\n');
    fs.writeFileSync(path.join(dir, 'README.md'), '# not a manifest\n');
    return dir;
  }

  test('renders every *.yaml / *.yml of the directory, passes other objects through, writes nothing', async () => {
    const dir = appDir();
    const before = fs.readdirSync(dir).sort();
    const r = await run(['argocd-generate'], '', { cwd: dir, env: { ARGOCD_APP_NAMESPACE: 'team-a' } });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const objs = objects(r.out);
    expect(objs.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Secret/vllm', expect.stringMatching(/^ConfigMap\/my-stack-config-/), 'ServiceAccount/my-stack-sa', 'Deployment/my-stack', 'Service/my-stack-service',
    ]);
    expect(objs.slice(1).every((o) => o.metadata.namespace === 'team-a')).toBe(true);
    expect(objs[0].metadata.namespace).toBeUndefined(); // Argo CD puts passed-through objects in the destination namespace
    expect(fs.readdirSync(dir).sort()).toEqual(before);
  });

  test('the target comes from the Application\'s plugin env (ARGOCD_ENV_*), and `generate` is an alias', async () => {
    const r = await run(['generate'], '', { cwd: appDir(), env: { ARGOCD_ENV_LLAMA_STACK_TARGET: 'llama-stack-0.7' } });
    expect(r.code).toBe(0);
    expect(r.out).toContain('image: docker.io/llamastack/distribution-starter:0.7.3');
    const bad = await run(['argocd-generate'], '', { cwd: appDir(), env: { ARGOCD_ENV_LLAMA_STACK_TARGET: 'ogx-9' } });
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/unknown target in ARGOCD_ENV_LLAMA_STACK_TARGET: ogx-9/);
  });

  test('an invalid manifest fails the generation with every problem', async () => {
    const dir = appDir();
    fs.writeFileSync(path.join(dir, 'broken.yaml'), CR.replace('my-stack', 'Broken').replace('vllm,', 'vllm, id: "",'));
    const r = await run(['argocd-generate'], '', { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe('2 problem(s):\n'
      + '- broken.yaml (Broken): metadata.name: "Broken" is not a valid name: object names are derived from it (Broken-network-policy…) — use lower-case letters, digits and \'-\', at most 48 characters (set metadata.name)\n'
      + '- broken.yaml (Broken): spec.providers.inference[0]: id must not be empty if specified — remove id, or set it to a unique name\n');
  });

  test('an empty directory is an error', async () => {
    const r = await run(['argocd-generate'], '', { cwd: tmpdir() });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no \*\.yaml or \*\.yml files to render/);
  });
});

describe('bad input', () => {
  const V1 = `apiVersion: llamastack.io/v1alpha1
kind: LlamaStackDistribution
metadata: {name: old}
spec:
  replicas: 1
  server:
    distribution: {name: starter}
    containerSpec: {name: server, port: 8321}
    userConfig: {configMapName: cfg, configMapNamespace: elsewhere}
    extra: true
`;

  test.each<[string, string[], string, number, string | RegExp]>([
    ['wrong kind', ['render'], 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n', 1,
      '1 problem(s):\n- stdin (x): kind: expected llamastack.io/v1alpha2 LlamaStackDistribution or ogx.io/v1beta1 OGXServer, got v1/ConfigMap'
      + ' — add --pass-through to copy it unchanged, or remove it from the input\n'],
    // Read since issue #18: one without a spec is refused for what it lacks.
    ['an OGXServer without a spec', ['render'], 'apiVersion: ogx.io/v1beta1\nkind: OGXServer\nmetadata: {name: x}\n', 1, /stdin \(x\): spec\.distribution: Required value/],
    ['an OGXServer of an unserved version', ['render'], 'apiVersion: ogx.io/v1alpha1\nkind: OGXServer\nmetadata: {name: x}\n', 1, /apiVersion: expected .* got ogx\.io\/v1alpha1\/OGXServer — pass an ogx\.io\/v1beta1 OGXServer/],
    ['unparseable YAML', ['render'], `${CR}---\na: [\n`, 1, /^1 problem\(s\):\n- stdin: document 2: \(yaml\): Flow sequence in block collection/],
    ['invalid v1alpha1: every problem with its path', ['render', '--namespace', 'ai'], V1, 1,
      '3 problem(s):\n'
      + '- stdin (old): spec.server.extra: unknown field "extra" — remove it; known fields: distribution, containerSpec, workers, podOverrides, '
      + 'podDisruptionBudget, topologySpreadConstraints, autoscaling, storage, userConfig, tlsConfig\n'
      + '- stdin (old): spec.server.containerSpec.name: v1alpha2 has no container name: the server container is always "llama-stack", not the string "server"'
      + ' — remove containerSpec.name (or set it to llama-stack), and rename references to the container (kubectl exec -c, log queries)\n'
      + '- stdin (old): spec.server.userConfig.configMapNamespace: the ConfigMap is in namespace "elsewhere", not "ai": v1alpha2 overrideConfig only '
      + 'reads a ConfigMap of the server\'s own namespace (the v1alpha1 operator could not mount it either) — copy the ConfigMap into "ai" and drop configMapNamespace\n'],
    ['a manifest in another namespace', ['render', '--namespace', 'b'], CR.replace('{name: my-stack}', '{name: my-stack, namespace: a}'), 1,
      /metadata\.namespace: the manifest is in namespace "a", not "b"/],
    ['a missing file', ['render', '/nonexistent/llsd.yaml'], '', 1, /^1 problem\(s\):\n- \/nonexistent\/llsd.yaml: cannot read: ENOENT/],
    ['bad flag', ['render', '--nope'], '', 2, /^error: unknown option: --nope\nusage: cdk8s-llama-stack/],
    ['missing value', ['render', '--target'], '', 2, /^error: --target needs a value/],
    ['bad target', ['render', '--target=ogx-9'], '', 2, /^error: unknown target: ogx-9 \(use ogx-1.3, ogx-1.2, ogx-1.1, ogx-0.8, llama-stack-0.7, operator\)/],
    ['files for argocd-generate', ['argocd-generate', 'x.yaml'], '', 2, /^error: argocd-generate takes no file arguments \(x.yaml\)/],
    ['no command', [], '', 2, /^usage: cdk8s-llama-stack <command>/],
    ['unknown command', ['publish'], '', 2, /^error: unknown command: publish/],
  ])('%s', async (_what, argv, stdin, code, message) => {
    const r = await run(argv, stdin);
    expect(r.code).toBe(code);
    if (typeof message === 'string') expect(r.err).toBe(message);
    else expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });

  test('--help prints the usage on stdout', async () => {
    const r = await run(['render', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^usage: cdk8s-llama-stack <command> \[options\]/);
    expect(r.out).toContain('argocd-generate');
    expect(r.err).toBe('');
  });

  test('duplicate names with --output-dir are an error, and nothing is written', async () => {
    const dir = path.join(tmpdir(), 'out');
    const r = await run(['render', '--output-dir', dir], `${CR}---\n${CR.replace('{name: my-stack}', '{name: my-stack, namespace: b}')}`);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/two documents would be written to my-stack\.k8s\.yaml/);
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('--version', () => {
  const VERSION = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')).version;

  test.each([[['--version']], [['render', '--version']], [['--version', 'render', 'x.yaml']]])('%p prints the package version and exits 0', async (argv) => {
    const r = await run(argv);
    expect(r).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });

  test('the usage text lists it', async () => {
    expect((await run(['--help'])).out).toContain('\n  --version              print the package version\n');
  });

  test('package.json is read two levels above the code, as in lib/cli/ of an installed package', () => {
    const root = path.join(tmpdir(), 'node_modules', 'cdk8s-llama-stack');
    fs.mkdirSync(path.join(root, 'lib', 'cli'), { recursive: true });
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'cdk8s-llama-stack', version: '1.42.7' }));
    expect(packageVersion(path.join(root, 'lib', 'cli'))).toBe('1.42.7');
    expect(packageVersion()).toBe(VERSION);
  });

  test('the command, run as a program, prints it', () => {
    const bin = path.join(__dirname, '..', 'support', 'bin', 'cdk8s-llama-stack');
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: '' });
  });
});
