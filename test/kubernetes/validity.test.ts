/**
 * Issue 12, "invalid objects": every field the library writes from user input is held to
 * Kubernetes' own validation rules at synth time, at the path the user wrote, and every object
 * synthesized passes an independent checker written from the API server's rules.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Size, Testing, Yaml } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import * as YAML from 'yaml';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { LlamaStackDistributionResource, OgxServerResource } from '../../src/interop/custom-resources';
import { objectProblems } from '../../src/kubernetes/object-checks';
import { plainYamlProblems } from '../../src/kubernetes/plain-yaml';
import { InferenceProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { QUOTED_YAML_CONTEXT } from '../../src/workload/plan';
import { manifestYaml, plainReadsAsString } from '../../src/yaml/manifest-yaml';
import { readsBackAsString } from '../../src/yaml/yaml11-resolve';
import { runCli } from '../support/cli-run';
import { EXAMPLE_APPS, synthExampleApp } from '../support/example-apps';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { distributionFixes as fixes, distributionProblems as problems } from '../support/problems';

function objectsOf(props: LlamaStackDistributionProps, chart: Chart = Testing.chart()): any[] {
  new LlamaStackDistribution(chart, 'llama', props);
  return chart.toJson();
}

function deploymentOf(props: LlamaStackDistributionProps): any {
  return objectsOf(props).find((o) => o.kind === 'Deployment');
}

const LABEL_1123 = 'a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\', or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')';
const SUBDOMAIN = 'a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')';
const LABEL_VALUE = 'a valid label must be an empty string or consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyValue\', or \'my_value\', or \'12345\', regex used for validation is \'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?\')';
const NAME_PART = 'name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\', or \'my.name\', or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')';
const ENV_NAME = 'a valid environment variable name must consist of alphabetic characters, digits, \'_\', \'-\', or \'.\', and must not start with a digit (e.g. \'my.env-name\', or \'MY_ENV.NAME\', or \'MyEnvName1\', regex used for validation is \'[-._a-zA-Z][-._a-zA-Z0-9]*\')';

describe('object names: the Service N-service is a DNS-1035 label', () => {
  test('a name starting with a digit fails (it passed isDnsLabel)', () => {
    expect(problems({ name: '1abc' })).toEqual([
      'props.name: "1abc" is not a valid name: the Service is named after it (1abc-service), and a Service name must be a DNS-1035 label, which starts with a letter',
    ]);
    expect(fixes({ name: '1abc' })).toEqual(['props.name: start it with a lower-case letter, then use lower-case letters, digits and \'-\', at most 48 characters (set props.name)']);
    expect(problems({}, Testing.chart(), '9llama')[0]).toMatch(/^id: "9llama" is not a valid name: the Service is named after it \(9llama-service\)/);
  });

  test('a name starting with a letter still synthesizes, and the Service name is a DNS-1035 label', () => {
    const service = objectsOf({ name: 'a1' }).find((o) => o.kind === 'Service');
    expect(service.metadata.name).toBe('a1-service');
  });

  test('the CR constructs and the CLI report it too', async () => {
    expect(() => new LlamaStackDistributionResource(Testing.chart(), 'cr', { name: '1abc' })).toThrow(/props\.name: "1abc" is not a valid name: the Service is named after it/);
    const manifest = 'apiVersion: llamastack.io/v1alpha2\nkind: LlamaStackDistribution\nmetadata: {name: 1abc}\nspec: {distribution: {name: starter}}\n';
    const r = await runCli(['render'], manifest);
    expect(r.code).toBe(1);
    expect(r.err).toContain('stdin (1abc): metadata.name: "1abc" is not a valid name: the Service is named after it (1abc-service)');
  });
});

describe('namespaces are DNS-1123 labels', () => {
  const NS = `"Bad_NS" is not a namespace name: ${LABEL_1123}`;

  test('props.namespace', () => {
    expect(problems({ namespace: 'Bad_NS' })).toEqual([`props.namespace: ${NS}`]);
  });

  test('the chart\'s namespace', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'Bad_NS' });
    expect(problems({}, chart)).toEqual([`chart.namespace: ${NS} (the chart's namespace, which every object gets)`]);
  });

  test('the CA bundle ConfigMap\'s namespace, allowedFrom namespaces, the ingress controller\'s namespace', () => {
    expect(problems({ tls: { secretName: 'tls', caBundle: { configMapName: 'ca', configMapNamespace: 'Bad_NS' } } })).toEqual([
      `props.tls.caBundle.configMapNamespace: ${NS}`,
    ]);
    expect(problems({ allowedFrom: { namespaces: ['team-a', 'Bad_NS', '*x'] } })).toEqual([
      `props.allowedFrom.namespaces[1]: ${NS}`,
      `props.allowedFrom.namespaces[2]: "*x" is not a namespace name: ${LABEL_1123}`,
    ]);
    expect(problems({ spec: { distribution: { name: 'starter' }, networking: { allowedFrom: { namespaces: ['Bad_NS'] } } } })).toEqual([
      `spec.networking.allowedFrom.namespaces[0]: ${NS}`,
    ]);
    expect(problems({ expose: { controllerNamespace: 'Bad_NS' }, allowedFrom: { namespaces: ['team-a'] } })).toEqual([
      'props.expose.controllerNamespace: "Bad_NS" is not a namespace name',
    ]);
  });

  test('the CLI\'s --namespace, ARGOCD_APP_NAMESPACE and a manifest\'s own namespace go through the construct', async () => {
    const manifest = 'apiVersion: llamastack.io/v1alpha2\nkind: LlamaStackDistribution\nmetadata: {name: llama}\nspec: {distribution: {name: starter}}\n';
    const line = `metadata.namespace: ${NS} (the manifest's namespace, or the one it is rendered into)`;
    const flag = await runCli(['render', '--namespace', 'Bad_NS'], manifest);
    expect(flag.code).toBe(1);
    expect(flag.err).toContain(`stdin (llama): ${line}`);
    const own = await runCli(['render'], manifest.replace('{name: llama}', '{name: llama, namespace: Bad_NS}'));
    expect(own.err).toContain(`stdin (llama): ${line}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argocd-ns-'));
    fs.writeFileSync(path.join(dir, 'llama.yaml'), manifest);
    const argo = await runCli(['argocd-generate'], '', { cwd: dir, env: { ARGOCD_APP_NAMESPACE: 'Bad_NS' } });
    expect(argo.code).toBe(1);
    expect(argo.err).toContain(`llama.yaml (llama): ${line}`);
  });

  test.each(['0x1f', '1e3', 'true', 'null', '0755', 'default', 'a'])('%s is a valid namespace and synthesizes (cdk8s quotes what needs it)', (ns) => {
    expect(problems({ namespace: ns })).toEqual([]);
  });

  test('0o17 is a valid namespace, but cdk8s would write it plain and kubectl read 15: an error, at the path that set it', () => {
    const misread = '"0o17" is written unquoted by cdk8s\'s YAML 1.1 writer, and YAML 1.2 readers (kustomize, yaml.v3) and kubectl read a number, not a string';
    expect(problems({ namespace: '0o17' })).toEqual([`props.namespace: ${misread}`]);
    expect(problems({}, new Chart(Testing.app(), 'c', { namespace: '0o17' }))).toEqual([`chart.namespace: ${misread}`]);
    // A label value too, reported once for the objects that carry it.
    expect(problems({ labels: { v: '0O17' }, env: { A: '0X1F' } })).toEqual([
      'props.labels.v: "0O17" is written unquoted by cdk8s\'s YAML 1.1 writer, and YAML 1.2 readers (kustomize, yaml.v3) and kubectl read a number, not a string',
      'props.env.A: "0X1F" is written unquoted by cdk8s\'s YAML 1.1 writer, and YAML 1.2 readers (kustomize, yaml.v3) and kubectl read a number, not a string',
    ]);
    // The safety net over the rendered objects: each value once, wherever it comes from.
    expect(plainYamlProblems([{ kind: 'ConfigMap', metadata: { name: 'a', labels: { v: '0o17' } } }, { kind: 'Service', metadata: { name: 'b', labels: { v: '0o17' } } }])
      .map((p) => p.path + ': ' + p.message)).toEqual([
      'ConfigMap[a].metadata.labels.v: "0o17" (here and in 1 other place) is written unquoted by cdk8s\'s YAML 1.1 writer, and YAML 1.2 readers (kustomize, yaml.v3) and kubectl read a number, not a string',
    ]);
  });

  test('an app whose writer quotes them (the command line sets the context) may hold them', () => {
    const app = Testing.app();
    app.node.setContext(QUOTED_YAML_CONTEXT, true);
    expect(problems({ labels: { v: '0O17' } }, new Chart(app, 'c', { namespace: '0o17' }))).toEqual([]);
  });

  test('1_000 is not a namespace (an underscore)', () => {
    expect(problems({ namespace: '1_000' })).toEqual([`props.namespace: "1_000" is not a namespace name: ${LABEL_1123}`]);
  });
});

describe('labels, node selectors and pod selectors', () => {
  test('props.labels keys are qualified names and values label values', () => {
    expect(problems({ labels: { 'bad key': 'x', 'team': 'has space', 'a/b/c': 'x', 'example.com/ok': 'v', 'long': 'x'.repeat(64) } })).toEqual([
      `props.labels["bad key"]: label key "bad key" is not a qualified name: ${NAME_PART}`,
      `props.labels.team: label value "has space" is not a valid label value: ${LABEL_VALUE}`,
      'props.labels["a/b/c"]: label key "a/b/c" is not a qualified name: a qualified name must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\', or \'my.name\', or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\') with an optional DNS subdomain prefix and \'/\' (e.g. \'example.com/MyName\')',
      `props.labels.long: label value "${'x'.repeat(60)}…" (64 characters) is not a valid label value: must be no more than 63 characters`,
    ]);
  });

  test('props.nodeSelector', () => {
    expect(problems({ nodeSelector: { 'Bad.Prefix/gpu': 'true', 'nvidia.com/gpu.present': '-true' } })).toEqual([
      `props.nodeSelector["Bad.Prefix/gpu"]: node selector key "Bad.Prefix/gpu" is not a qualified name: prefix part ${SUBDOMAIN}`,
      `props.nodeSelector["nvidia.com/gpu.present"]: node selector value "-true" is not a valid label value: ${LABEL_VALUE}`,
    ]);
  });

  test('allowedFrom labels (namespace label selectors) and topology spread label selectors', () => {
    expect(problems({ allowedFrom: { labels: ['team=has space'] } })).toEqual([
      'props.allowedFrom.labels[0]: label value "has space" must be at most 63 characters of [A-Za-z0-9-_.], starting and ending alphanumeric (or empty)',
    ]);
    expect(problems({
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'bad value' } } },
        { maxSkew: 0, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchExpressions: [{ key: 'app', operator: 'In' }] } },
      ],
    })).toEqual([
      `props.topologySpreadConstraints[0].labelSelector.matchLabels.app: selector label value "bad value" is not a valid label value: ${LABEL_VALUE}`,
      'props.topologySpreadConstraints[1].maxSkew: 0 must be greater than zero',
      'props.topologySpreadConstraints[1]: Duplicate value: {topologyKey, whenUnsatisfiable} is the same as props.topologySpreadConstraints[0]\'s',
      'props.topologySpreadConstraints[1].labelSelector.matchExpressions[0].values: must be specified when `operator` is \'In\'',
    ]);
  });
});

describe('names of the objects the pod refers to', () => {
  test('ServiceAccount, Secrets, CA bundle ConfigMap and keys, override ConfigMap, StorageClass, IngressClass', () => {
    expect(problems({ serviceAccountName: 'Bad_SA' })).toEqual([`props.serviceAccountName: "Bad_SA" is not a ServiceAccount name: ${SUBDOMAIN}`]);
    expect(problems({ tls: { secretName: 'Bad_Secret', caBundle: { configMapName: 'Bad Map', configMapKeys: ['ok.crt', '..hidden'] } } })).toEqual([
      `props.tls.secretName: "Bad_Secret" is not a Secret name: ${SUBDOMAIN}`,
      `props.tls.caBundle.configMapName: "Bad Map" is not a ConfigMap name: ${SUBDOMAIN}`,
      'props.tls.caBundle.configMapKeys[1]: "..hidden" is not a ConfigMap key: must not start with \'..\'',
    ]);
    expect(problems({ overrideConfigMapName: 'Bad Map' })).toEqual([`props.overrideConfigMapName: "Bad Map" is not a ConfigMap name: ${SUBDOMAIN}`]);
    expect(problems({ persistentStorage: { storageClassName: 'Fast SSD' } })).toEqual([`props.persistentStorage.storageClassName: "Fast SSD" is not a StorageClass name: ${SUBDOMAIN}`]);
    expect(problems({ expose: { ingressClassName: 'Nginx' } })).toEqual([`props.expose.ingressClassName: "Nginx" is not an IngressClass name: ${SUBDOMAIN}`]);
  });

  test('an empty storageClassName means "no class" (static binding) and stays valid', () => {
    const pvc = objectsOf({ persistentStorage: { storageClassName: '' } }).find((o) => o.kind === 'PersistentVolumeClaim');
    expect(pvc.spec.storageClassName).toBe('');
  });

  test('Secret references in a spec: names and keys', () => {
    expect(problems({
      spec: {
        distribution: { name: 'starter' },
        providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1', apiKey: { name: 'Bad_Secret', key: 'token/x' } }] },
        storage: { kv: { type: 'redis', endpoint: 'redis://r:6379', password: { name: 'redis', key: 'pass word' } } },
      },
    })).toEqual([
      // Secret references are secret-bearing (a secret pasted as the name or key): described, not quoted (issue 12).
      `spec.providers.inference[0].apiKey.name: a string of 10 characters (not shown) is not a Secret name: ${SUBDOMAIN}`,
      'spec.providers.inference[0].apiKey.key: a string of 7 characters (not shown) is not a Secret key: a valid config key must consist of alphanumeric characters, \'-\', \'_\' or \'.\' (e.g. \'key.name\', or \'KEY_NAME\', or \'key-name\', regex used for validation is \'[-._a-zA-Z0-9]+\')',
      'spec.storage.kv.password.key: a string of 9 characters (not shown) is not a Secret key: a valid config key must consist of alphanumeric characters, \'-\', \'_\' or \'.\' (e.g. \'key.name\', or \'KEY_NAME\', or \'key-name\', regex used for validation is \'[-._a-zA-Z0-9]+\')',
    ]);
  });

  test('host names: a DNS-1123 subdomain, a leading *. allowed', () => {
    expect(problems({ expose: { hostname: 'Llama_Example.com' } })).toEqual([
      'props.expose.hostname: "Llama_Example.com" must be a lower-case DNS-1123 subdomain (labels of a-z, 0-9 and \'-\', at most 63 characters, separated by \'.\')',
    ]);
    const ingress = objectsOf({ expose: { hostname: '*.example.com' } }).find((o) => o.kind === 'Ingress');
    expect(ingress.spec.rules[0].host).toBe('*.example.com');
  });
});

describe('user volumes and volume mounts', () => {
  test('volume names: DNS-1123 labels, unique, not one of the library\'s', () => {
    expect(problems({
      volumes: [{ name: 'Bad_Vol', emptyDir: {} }, { name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }, { name: 'config', emptyDir: {} }, { name: 'tmp', emptyDir: {} }],
    })).toEqual([
      `props.volumes[0].name: "Bad_Vol" is not a volume name: ${LABEL_1123}`,
      'props.volumes[2].name: Duplicate value: "data": props.volumes[1] has this name',
      'props.volumes[3].name: Duplicate value: "config": the library\'s own volume config has this name',
      'props.volumes[4].name: Duplicate value: "tmp": the library\'s own volume tmp has this name',
    ]);
  });

  test('a volume has exactly one source, and names what it mounts', () => {
    expect(problems({ volumes: [{ name: 'a' }, { name: 'b', emptyDir: {}, configMap: { name: 'x' } }, { name: 'c', secret: { secretName: 'Bad_Secret' } }] })).toEqual([
      'props.volumes[0]: must specify a volume type',
      'props.volumes[1]: may not specify more than 1 volume type (it has configMap, emptyDir)',
      `props.volumes[2].secret.secretName: "Bad_Secret" is not a Secret name: ${SUBDOMAIN}`,
    ]);
  });

  test('mounts: an existing volume (the user\'s or the library\'s), an absolute path without \':\', unique paths', () => {
    expect(problems({
      volumes: [{ name: 'models', emptyDir: {} }],
      volumeMounts: [
        { name: 'nope', mountPath: '/x' },
        { name: 'models', mountPath: 'relative' },
        { name: 'models', mountPath: '/a:b' },
        { name: 'models', mountPath: '/tmp' },
        { name: 'models', mountPath: '/models' },
        { name: 'models', mountPath: '/models/' },
        { name: 'models', mountPath: '/m2', subPath: '../up' },
      ],
    })).toEqual([
      'props.volumeMounts[0].name: Not found: "nope": no volume of the pod has this name',
      'props.volumeMounts[1].mountPath: "relative" must be an absolute path (the container runtime rejects a relative mount destination)',
      'props.volumeMounts[2].mountPath: "/a:b" must not contain \':\' (the container runtime reads it as a volume specification separator)',
      'props.volumeMounts[3].mountPath: "/tmp" must be unique: the library\'s volume tmp is mounted at "/tmp" already',
      'props.volumeMounts[5].mountPath: "/models/" must be unique: volume models is mounted at "/models" already',
      'props.volumeMounts[6].subPath: "../up" must not contain \'..\'',
    ]);
    // Mounting one of the library's volumes a second time, elsewhere, is fine.
    const c = deploymentOf({ volumeMounts: [{ name: 'cache', mountPath: '/home/cache' }] }).spec.template.spec.containers[0];
    expect(c.volumeMounts).toContainEqual({ name: 'cache', mountPath: '/home/cache' });
  });

  test('the data volume\'s mountPath (persistentStorage) is held to the same rules', () => {
    expect(problems({ persistentStorage: { mountPath: '/tmp' } })).toEqual([
      'props.persistentStorage.mountPath: "/tmp" must be unique: the library\'s volume tmp is mounted at "/tmp" already',
    ]);
    expect(problems({ persistentStorage: { mountPath: 'data' } })).toEqual([
      'props.persistentStorage.mountPath: "data" must be an absolute path (the container runtime rejects a relative mount destination)',
    ]);
    expect(problems({ persistentStorage: { size: Size.gibibytes(0) } })).toEqual(['props.persistentStorage.size: "0Gi" must be greater than zero']);
  });
});

describe('the restricted Pod Security Standard: volume types', () => {
  const hostPath = { name: 'models', hostPath: { path: '/mnt/models' } };

  test.each([
    ['hostPath', hostPath],
    ['nfs', { name: 'models', nfs: { server: 'nfs', path: '/export' } }],
    ['gitRepo', { name: 'models', gitRepo: { repository: 'https://example.com/r.git' } }],
    ['iscsi', { name: 'models', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2001-04.com.example:storage', lun: 0 } }],
  ])('a %s volume fails synth', (type, volume) => {
    expect(problems({ volumes: [volume], volumeMounts: [{ name: 'models', mountPath: '/models' }] })).toEqual([
      `props.volumes[0].${type}: volume "models" is a ${type} volume, which the restricted Pod Security Standard forbids (it allows configMap, csi, downwardAPI, emptyDir, ephemeral, persistentVolumeClaim, projected, secret): a namespace that enforces it rejects the pod`,
    ]);
  });

  test('allowUnrestrictedVolumes accepts them, with a warning (not an error with strict)', () => {
    const chart = Testing.chart();
    const llama = new LlamaStackDistribution(chart, 'llama', {
      volumes: [hostPath], volumeMounts: [{ name: 'models', mountPath: '/models' }], allowUnrestrictedVolumes: true, strict: true,
    });
    expect(llama.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'props.volumes[0].hostPath: volume "models" is a hostPath volume: the pod no longer meets the restricted Pod Security Standard (allowUnrestrictedVolumes), so a namespace labelled pod-security.kubernetes.io/enforce: restricted rejects it, and so does baseline (hostPath)',
    ]);
    const pod = chart.toJson().find((o: any) => o.kind === 'Deployment').spec.template.spec;
    expect(pod.volumes).toContainEqual(hostPath);
  });

  test('the allowed types synthesize without a warning', () => {
    const llama = new LlamaStackDistribution(Testing.chart(), 'llama', {
      volumes: [{ name: 'a', configMap: { name: 'm' } }, { name: 'b', csi: { driver: 'x.csi.k8s.io' } }, { name: 'c', persistentVolumeClaim: { claimName: 'p' } }],
    });
    expect(llama.warnings).toEqual([]);
  });

  test('the CR constructs reject the prop (the CRDs cannot carry it), and the volume without it', () => {
    for (const Resource of [LlamaStackDistributionResource, OgxServerResource]) {
      expect(() => new Resource(Testing.chart(), 'cr', { volumes: [hostPath], volumeMounts: [{ name: 'models', mountPath: '/models' }], allowUnrestrictedVolumes: true }))
        .toThrow(/props\.allowUnrestrictedVolumes: the .* CRD has no field for accepting volumes the restricted Pod Security Standard forbids/);
      expect(() => new Resource(Testing.chart(), 'cr', { volumes: [hostPath], volumeMounts: [{ name: 'models', mountPath: '/models' }] }))
        .toThrow(/props\.volumes\[0\]\.hostPath: volume "models" is a hostPath volume, which the restricted Pod Security Standard forbids/);
    }
  });
});

describe('tolerations', () => {
  test.each([
    [{ key: 'k', operator: 'Maybe' }, 'props.tolerations[0].operator: Unsupported value: "Maybe": supported values: "Equal", "Exists"'],
    [{ key: 'k', operator: 'Exists', value: 'v' }, 'props.tolerations[0].value: value must be empty when `operator` is \'Exists\''],
    [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 60 }, 'props.tolerations[0].effect: effect must be \'NoExecute\' when `tolerationSeconds` is set'],
    [{ key: 'k', operator: 'Exists', effect: 'Sometimes' }, 'props.tolerations[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"'],
    [{ operator: 'Equal', value: 'v' }, 'props.tolerations[0].operator: operator must be Exists when `key` is empty, which means "match all values and all keys"'],
    [{ key: 'nvidia.com/gpu', operator: 'Equal', value: 'not valid' }, `props.tolerations[0].value: "not valid" is not a taint value: ${LABEL_VALUE}`],
  ])('%j', (toleration, expected) => {
    expect(problems({ tolerations: [toleration] })).toEqual([expected]);
  });

  test('valid ones synthesize', () => {
    expect(problems({ tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }, { operator: 'Exists' }, { key: 'k', value: 'v', effect: 'NoExecute', tolerationSeconds: 30 }] })).toEqual([]);
  });
});

describe('the container: pull policy, image, env names, ports', () => {
  test('imagePullPolicy is Always, IfNotPresent or Never', () => {
    expect(problems({ imagePullPolicy: 'always' })).toEqual(['props.imagePullPolicy: Unsupported value: "always": supported values: "Always", "IfNotPresent", "Never"']);
    expect(fixes({ imagePullPolicy: 'always' })).toEqual(['props.imagePullPolicy: use "Always"']);
  });

  test('an image with leading or trailing whitespace', () => {
    expect(problems({ image: ' docker.io/llamastack/distribution-starter:0.7.1' })).toEqual([
      'props.image: " docker.io/llamastack/distribution-starter:0.7.1" must not have leading or trailing whitespace',
    ]);
    // No reference at all: not also "not pinned".
    expect(problems({ image: '   ' })).toEqual(['props.image: Required value: a container needs an image']);
  });

  test('env var names', () => {
    expect(problems({ env: { '1BAD': 'x', 'A B': 'y', 'my.env-name': 'ok' } })).toEqual([
      `props.env["1BAD"]: "1BAD" is not an env var name: ${ENV_NAME}`,
      `props.env["A B"]: "A B" is not an env var name: ${ENV_NAME}`,
    ]);
  });

  test('env valueFrom in a spec: one source, valid Secret names and keys', () => {
    expect(problems({
      spec: {
        distribution: { name: 'starter' },
        workload: { overrides: { env: [{ name: 'TOKEN', value: 'x', valueFrom: { secretKeyRef: { name: 'Bad_Secret', key: 'token' } } }] } },
      },
    })).toEqual([
      'spec.workload.overrides.env[0].valueFrom: may not be specified when `value` is not empty',
      `spec.workload.overrides.env[0].valueFrom.secretKeyRef.name: a string of 10 characters (not shown) is not a Secret name: ${SUBDOMAIN}`,
    ]);
  });

  test('container port range (the Service port)', () => {
    expect(problems({ port: 70000 })).toEqual(['props.port: must be less than or equal to 65535']);
    expect(problems({ port: 0 })).toEqual(['props.port: must be greater than or equal to 1']);
  });
});

describe('the generated ConfigMap holds at most 1 MiB', () => {
  const vllm = InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' });

  /** `path: message — fix` of each problem, from one synth. */
  function lines(props: LlamaStackDistributionProps): string[] {
    try {
      new LlamaStackDistribution(Testing.chart(), 'llama', props);
    } catch (e) {
      if (!(e instanceof LlamaStackConfigError)) throw e;
      return e.problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
    }
    return [];
  }
  const TOO_BIG = '\\(the config\'s largest part comes from here\\): the API server rejects a ConfigMap whose data is above 1,048,576 bytes \\(1 MiB\\)';

  test('10,000 models (the operator pipeline)', () => {
    const models = Array.from({ length: 10000 }, (_, i) => `meta-llama/model-${i}`);
    expect(lines({ target: ServerTarget.OPERATOR, inference: [vllm], models })).toEqual([expect.stringMatching(new RegExp(
      `^props\\.models: makes the generated config\\.yaml 1,\\d{3},\\d{3} bytes ${TOO_BIG} — register fewer of them in the config: keep the ones the server needs at start-up, and register the rest at run time \\(the Models API, or your client\\)$`,
    ))]);
  });

  test('10,000 models (a server target)', () => {
    const models = Array.from({ length: 10000 }, (_, i) => `meta-llama/model-${i}`);
    expect(lines({ inference: [vllm], models })).toEqual([expect.stringMatching(new RegExp(`^props\\.models: makes the generated config\\.yaml \\d,\\d{3},\\d{3} bytes ${TOO_BIG} — register fewer`))]);
  }, 60_000);

  test('a 5 MB settings blob', () => {
    const big = InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1', settings: { allowed_models: Array.from({ length: 50000 }, (_, i) => `org/model-${i}-${'x'.repeat(90)}`) } } as any);
    expect(lines({ inference: [big] })).toEqual([expect.stringMatching(new RegExp(
      `^props\\.inference\\[0\\]\\.settings: makes the generated config\\.yaml 5,\\d{3},\\d{3} bytes ${TOO_BIG} — keep large data out of the config: put it in a ConfigMap or Secret of your own, mount it with volumes and volumeMounts, and point the setting at the file$`,
    ))]);
  }, 60_000);

  test('an override config text', () => {
    const config = new LlamaStackDistribution(Testing.chart(), 'llama', {}).configYaml!;
    const text = `${config}# ${'x'.repeat(1024 * 1024 - config.length)}\n`;
    expect(problems({ overrideConfigYaml: text })).toEqual([
      `props.overrideConfigYaml: is ${Buffer.byteLength(text).toLocaleString('en-US')} bytes: the API server rejects a ConfigMap whose data is above 1,048,576 bytes (1 MiB)`,
    ]);
    expect(problems({ overrideConfigYaml: `${config}# ${'x'.repeat(1024 * 1024 - config.length - 4)}\n` })).toEqual([]);
  });

  test('the safety net over rendered objects reports at object paths', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'Bad_NS' }, data: { 'config.yaml': 'x'.repeat(1024 * 1024 + 1) } };
    expect(objectProblems([cm]).map((p) => `${p.path}: ${p.message}`)).toEqual([
      `ConfigMap[x].metadata.namespace: "Bad_NS" is not a namespace name: ${LABEL_1123}`,
      'ConfigMap[x].data: is 1,048,577 bytes: the API server rejects a ConfigMap whose data is above 1,048,576 bytes (1 MiB)',
    ]);
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: '1abc-service' }, spec: { ports: [{ port: 0 }] } };
    expect(objectProblems([svc]).map((p) => p.path)).toEqual(['Service[1abc-service].metadata.name', 'Service[1abc-service].spec.ports[0].port']);
  });
});

describe('resources: defaults never exceed a limit you set; a request above its limit is an error', () => {
  const resourcesOf = (props: LlamaStackDistributionProps) => deploymentOf(props).spec.template.spec.containers[0].resources;

  test('cpu: the default request (workers) is lowered to the cpu limit', () => {
    expect(resourcesOf({ workers: 4, resources: { cpu: { limit: Cpu.millis(500) } } })).toEqual({
      requests: { cpu: '500m', memory: '8Gi' }, limits: { cpu: '500m', memory: '16Gi' },
    });
  });

  test('memory: the default request is lowered, the default limit raised to the request', () => {
    expect(resourcesOf({ resources: { memory: { limit: Size.mebibytes(512) } } }).requests.memory).toBe('512Mi');
    expect(resourcesOf({ resources: { memory: { request: Size.gibibytes(8) } } }).limits.memory).toBe('8Gi');
  });

  test('ephemeral-storage: no default request, so a limit alone is kept as written', () => {
    expect(resourcesOf({ resources: { ephemeralStorage: { limit: Size.gibibytes(1) } } })).toEqual({
      requests: { cpu: '1', memory: '2Gi' }, limits: { 'memory': '4Gi', 'ephemeral-storage': '1Gi' },
    });
  });

  test.each([
    ['cpu', { cpu: { request: Cpu.units(2), limit: Cpu.millis(1000) } }, '2', '1000m'],
    ['memory', { memory: { request: Size.gibibytes(2), limit: Size.mebibytes(1024) } }, '2Gi', '1024Mi'],
    ['ephemeralStorage', { ephemeralStorage: { request: Size.gibibytes(2), limit: Size.gibibytes(1) } }, '2Gi', '1Gi'],
  ])('a %s request above its limit is an error, at the typed props', (field, resources, request, limit) => {
    expect(problems({ resources })).toEqual([
      `props.resources.${field}.request: "${request}" is above props.resources.${field}.limit ("${limit}"): the API server rejects a request greater than its limit`,
    ]);
  });

  test('extended resources: fully qualified names, whole devices, written as the limit', () => {
    expect(problems({ resources: { extendedResources: { 'gpu': 1, 'example.com/dongle': 0.5 } } })).toEqual([
      'props.resources.extendedResources["example.com/dongle"]: must be a whole number, got a fractional number',
    ]);
    expect(problems({ resources: { extendedResources: { gpu: 1 } } })).toEqual([
      'props.resources.extendedResources.gpu: "gpu" must be a standard resource for containers (cpu, memory, ephemeral-storage, hugepages-<size>) or fully qualified (e.g. nvidia.com/gpu)',
    ]);
    expect(resourcesOf({ resources: { extendedResources: { 'nvidia.com/gpu': 2 } } })).toEqual({
      requests: { cpu: '1', memory: '2Gi' }, limits: { 'memory': '4Gi', 'nvidia.com/gpu': '2' },
    });
  });

  test('cpu, memory, ephemeral-storage and hugepages are not extended resources: each names its typed field', () => {
    expect(problems({ resources: { extendedResources: { 'cpu': 2, 'ephemeral-storage': 1, 'hugepages-2Mi': 4 } } })).toEqual([
      'props.resources.extendedResources.cpu: is not an extended resource: cpu is an amount, not a count of devices',
      'props.resources.extendedResources["ephemeral-storage"]: is not an extended resource: ephemeral-storage is an amount, not a count of devices',
      'props.resources.extendedResources["hugepages-2Mi"]: is not an extended resource: hugepages-2Mi is an amount, not a count of devices',
    ]);
  });

  test.each([
    ['a string', { memory: { limit: '4Gi' } }, 'props.resources.memory.limit: must be a Size, got a string of 3 characters'],
    ['a Size as a cpu', { cpu: { request: Size.gibibytes(1) } }, 'props.resources.cpu.request: must be a Cpu, got an object of class Size'],
    ['the old map', { limits: { cpu: '1' } }, 'props.resources.limits: is not a field of ResourceRequirements'],
    ['a Cpu that is not a number', { cpu: { limit: Cpu.units(NaN) } }, 'props.resources.cpu.limit: is "NaN", not a Kubernetes quantity (a finite amount, written without an exponent)'],
    ['a Size too large to write', { memory: { limit: Size.gibibytes(1e21) } }, 'props.resources.memory.limit: is "1e+21Gi", not a Kubernetes quantity (a finite amount, written without an exponent)'],
  ])('%s is refused at the props boundary', (_, resources, message) => {
    expect(problems({ resources: resources as any })).toEqual([message]);
  });
});

describe('YAML: a string stays a string for YAML 1.1 and 1.2 readers', () => {
  /** What a reader makes of `namespace:` in `text`. */
  const readers = (text: string) => ({
    yaml11: YAML.parse(text, { version: '1.1' }).metadata.namespace,
    yaml12: YAML.parse(text, { version: '1.2' }).metadata.namespace,
  });

  test('evidence: cdk8s (App.synth, Yaml.stringify) writes namespace: 0o17 plain, which YAML 1.2 and go-yaml v2 (kubectl) read as 15', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaml-quoting-'));
    const app = new App({ outdir });
    app.node.setContext(QUOTED_YAML_CONTEXT, true); // the construct refuses it otherwise: this test shows why
    const chart = new Chart(app, 'c', { disableResourceNameHashes: true });
    new LlamaStackDistribution(chart, 'llama', { namespace: '0o17' });
    app.synth();
    const text = fs.readFileSync(path.join(outdir, fs.readdirSync(outdir)[0]), 'utf8');
    expect(text).toContain('\n  namespace: 0o17\n');
    const first = text.split('---\n')[0];
    expect(readers(first)).toEqual({ yaml11: '0o17', yaml12: 15 });
    expect(readsBackAsString('0o17')).toBe(false); // go-yaml v2 with Go's ParseInt(s, 0, 64)
    // The CLI writes with the same Yaml.stringify today.
    expect(Yaml.stringify(...chart.toJson())).toBe(text);
  });

  test('the other YAML 1.1/1.2 non-strings are quoted by cdk8s already', () => {
    for (const ns of ['0x1f', '1e3', 'true', 'null', '0755', '123']) {
      const chart = Testing.chart();
      new ApiObject(chart, 'o', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: ns } });
      const text = Yaml.stringify(...chart.toJson());
      expect(text).toContain(`namespace: "${ns}"`);
      expect(readers(text)).toEqual({ yaml11: ns, yaml12: ns });
    }
  });

  test('manifestYaml quotes every string a YAML 1.1 or 1.2 reader would misread, keys included', () => {
    const quoting = Testing.app();
    quoting.node.setContext(QUOTED_YAML_CONTEXT, true);
    const objects = objectsOf({ namespace: '0o17', labels: { '0o7': '0O17', 'team': '1_0e1' }, env: { A: '0o17' } }, new Chart(quoting, 'c'));
    const text = manifestYaml(...objects);
    expect(text).toContain('namespace: "0o17"');
    expect(text).toContain('"0o7": "0O17"');
    for (const version of ['1.1', '1.2'] as const) {
      expect(YAML.parseAllDocuments(text, { version }).map((d) => d.toJS())).toEqual(objects);
    }
    // Every plain scalar left reads back as a string under go-yaml v2 too.
    YAML.parseAllDocuments(text).forEach((doc) => YAML.visit(doc, {
      Scalar(_k, node) {
        if (node.type === 'PLAIN' && typeof node.value === 'string') expect(plainReadsAsString(node.source ?? String(node.value))).toBe(true);
      },
    }));
  });

  test('manifestYaml writes what cdk8s writes when nothing is ambiguous', () => {
    const objects = objectsOf({ namespace: 'ai', labels: { team: 'ml' }, expose: { hostname: 'llama.example.com', controllerNamespace: 'ingress-nginx' }, allowedFrom: { namespaces: ['web'] }, replicas: 2, allowPerPodState: true });
    expect(manifestYaml(...objects)).toBe(Yaml.stringify(...objects));
  });
});

describe('every synthesized object passes the independent checker', () => {
  const apps = EXAMPLE_APPS;
  const synthApp = synthExampleApp;

  test.each(apps.filter((a) => a !== 'operator'))('the %s example', (app) => {
    const objects = synthApp(app);
    expect(objects.length).toBeGreaterThanOrEqual(4);
    expect(k8sValidityProblems(objects)).toEqual([]);
  });

  test('the operator example\'s CR, rendered by the CLI', async () => {
    const cr = synthApp('operator')[0];
    const r = await runCli(['render', '--allow-per-pod-state'], YAML.stringify(cr));
    expect(r.code).toBe(0);
    const objects = YAML.parseAllDocuments(r.out).map((d) => d.toJS());
    expect(k8sValidityProblems(objects)).toEqual([]);
    expect(schemaErrors(objects)).toEqual([]);
  });

  test('a wide set of valid props: TLS, CA bundle, PVC, HPA, PDB, NetworkPolicy, Ingress, Gateway, user volumes', () => {
    const wide: LlamaStackDistributionProps = {
      namespace: 'ai',
      labels: { 'team': 'ml', 'example.com/cost-center': '1234' },
      nodeSelector: { 'nvidia.com/gpu.present': 'true' },
      tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
      imagePullPolicy: 'IfNotPresent',
      tls: { secretName: 'llama-tls', caBundle: { configMapName: 'corp-ca', configMapKeys: ['a.crt', 'b.crt'] } },
      persistentStorage: { size: Size.gibibytes(20), storageClassName: 'fast-ssd' },
      autoscaling: { maxReplicas: 1 },
      allowedFrom: { namespaces: ['web'], labels: ['team=ml'] },
      expose: { hostname: 'llama.example.com', ingressClassName: 'nginx', controllerNamespace: 'ingress-nginx' },
      env: { 'LOG_LEVEL': 'info', 'my.env-name': 'x' },
      volumes: [{ name: 'models', persistentVolumeClaim: { claimName: 'models' } }],
      volumeMounts: [{ name: 'models', mountPath: '/models', readOnly: true }],
      serviceAccountName: 'llama-runner',
      resources: { cpu: { limit: Cpu.units(2) }, extendedResources: { 'nvidia.com/gpu': 1 } },
    };
    const objects = objectsOf(wide);
    expect(k8sValidityProblems(objects)).toEqual([]);
    expect(schemaErrors(objects)).toEqual([]);
    const gateway = objectsOf({ expose: { hostname: '*.example.com', gateway: { name: 'gw', namespace: 'gateways' } }, replicas: 3, allowPerPodState: true });
    expect(k8sValidityProblems(gateway)).toEqual([]);
    expect(k8sValidityProblems(objectsOf({ target: ServerTarget.OPERATOR }))).toEqual([]);
  });

  test('the checker finds what this issue is about', () => {
    const objects = objectsOf({});
    const svc = objects.find((o) => o.kind === 'Service');
    const dep = objects.find((o) => o.kind === 'Deployment');
    const broken = [
      { ...svc, metadata: { ...svc.metadata, name: '1abc-service', namespace: 'Bad_NS' } },
      {
        ...dep,
        spec: {
          ...dep.spec,
          template: {
            ...dep.spec.template,
            spec: {
              ...dep.spec.template.spec,
              volumes: [...dep.spec.template.spec.volumes, { name: 'config', emptyDir: {} }],
              tolerations: [{ key: 'k', operator: 'Exists', value: 'v' }],
              containers: [{ ...dep.spec.template.spec.containers[0], imagePullPolicy: 'always', volumeMounts: [...dep.spec.template.spec.containers[0].volumeMounts, { name: 'nope', mountPath: '/tmp' }] }],
            },
          },
        },
      },
    ];
    expect(k8sValidityProblems(broken)).toEqual([
      'Service/1abc-service: metadata.name: "1abc-service" is not a valid Service name',
      'Service/1abc-service: metadata.namespace: "Bad_NS" is not a DNS-1123 label',
      'Deployment/llama: spec.template.spec.volumes[4].name: duplicate volume "config"',
      'Deployment/llama: spec.template.spec.containers[0].imagePullPolicy: unsupported value "always"',
      'Deployment/llama: spec.template.spec.containers[0].volumeMounts[4].name: no volume "nope"',
      'Deployment/llama: spec.template.spec.containers[0].volumeMounts[4].mountPath: /tmp must be unique',
      'Deployment/llama: spec.template.spec.tolerations[0].value: must be empty with Exists',
      'Service/1abc-service: spec.selector: selects no Deployment\'s pods',
    ]);
  });
});
