/** The pod's containers and timing through the planner: envFrom, init containers, sidecars, probes, the drain, the RuntimeClass. */
import { Chart, Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { LlamaStackConfigError, LlamaStackDistributionProps, LlamaStackDistributionResource, OgxServerResource } from '../../src';
import { LlamaStackDistribution } from '../../src/distribution';
import { ServerTarget } from '../../src/releases/server-target';
import { EnvFrom } from '../../src/values/env-from';
import { Platform } from '../../src/values/platform';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { restrictedV2Violations } from '../support/openshift-scc';
import { restrictedViolationsOf } from '../support/pod-security';
import { distributionProblems } from '../support/problems';
import { synthDistribution, synthStarting } from '../support/synth';

const podOf = (objects: any[]) => objects.find((o) => o.kind === 'Deployment').spec.template.spec;
const RESTRICTED = { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } };

const ALL: LlamaStackDistributionProps = {
  envFrom: [EnvFrom.fromSecretName('llm-keys'), EnvFrom.fromConfigMapName('tuning', { prefix: 'APP_', optional: true })],
  volumes: [{ name: 'shared', emptyDir: {} }],
  initContainers: [{ name: 'wait-db', image: 'quay.io/org/wait:1.0', command: ['sh', '-c', 'true'] }],
  sidecars: [{ name: 'proxy', image: 'quay.io/org/proxy:1.0', ports: [{ containerPort: 8080 }], volumeMounts: [{ name: 'shared', mountPath: '/shared' }] }],
  probes: {
    readiness: { period: Duration.seconds(5), failureThreshold: 6 },
    liveness: { initialDelay: Duration.seconds(30), timeout: Duration.seconds(10) },
    startupBudget: Duration.minutes(20),
  },
  preStopDrain: Duration.seconds(20),
  runtimeClassName: 'nvidia',
};

describe('the pod: envFrom, init containers, sidecars, timing, RuntimeClass', () => {
  test('every option lands in the Deployment, which the validators and the restricted profile admit, and the release starts clean', () => {
    const { manifests } = synthStarting(ServerTarget.OGX_1_3, ALL);
    const pod = podOf(manifests);
    const server = pod.containers[0];
    expect(server.envFrom).toEqual([{ secretRef: { name: 'llm-keys' } }, { prefix: 'APP_', configMapRef: { name: 'tuning', optional: true } }]);
    expect(server.lifecycle).toEqual({ preStop: { sleep: { seconds: 20 } } });
    const httpGet = { path: '/v1/health', port: 'http', scheme: 'HTTP' };
    expect(server.readinessProbe).toEqual({ httpGet, periodSeconds: 5, timeoutSeconds: 5, failureThreshold: 6 });
    expect(server.livenessProbe).toEqual({ httpGet, initialDelaySeconds: 30, periodSeconds: 20, timeoutSeconds: 10, failureThreshold: 3 });
    expect(server.startupProbe).toEqual({ httpGet, periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 120 });
    expect(pod.terminationGracePeriodSeconds).toBe(50);
    expect(pod.runtimeClassName).toBe('nvidia');
    // The user's after the library's cache seed; the sidecar last, restarting Always.
    expect(pod.initContainers.map((c: any) => c.name)).toEqual(['cache-seed', 'wait-db', 'proxy']);
    expect(pod.initContainers.slice(1)).toEqual([
      { name: 'wait-db', image: 'quay.io/org/wait:1.0', command: ['sh', '-c', 'true'], securityContext: RESTRICTED },
      {
        name: 'proxy',
        image: 'quay.io/org/proxy:1.0',
        ports: [{ containerPort: 8080 }],
        volumeMounts: [{ name: 'shared', mountPath: '/shared' }],
        restartPolicy: 'Always',
        securityContext: RESTRICTED,
      },
    ]);
    expect(k8sValidityProblems(manifests)).toEqual([]);
    expect(restrictedViolationsOf(manifests)).toEqual([]);
  });

  test('without the options, the Deployment is what it was (no envFrom, lifecycle, runtimeClassName or grace period)', () => {
    const pod = podOf(synthDistribution({}).objects);
    expect(Object.keys(pod.containers[0]).filter((k) => ['envFrom', 'lifecycle'].includes(k))).toEqual([]);
    expect(pod.runtimeClassName).toBeUndefined();
    expect(pod.terminationGracePeriodSeconds).toBeUndefined();
    expect(pod.containers[0].startupProbe.failureThreshold).toBe(60);
  });

  test('on OpenShift: the sidecar gets no uid, and restricted-v2 admits the pod', () => {
    const { objects } = synthDistribution({ ...ALL, platform: Platform.OPENSHIFT });
    const sidecar = podOf(objects).initContainers.find((c: any) => c.name === 'proxy');
    expect(sidecar.securityContext).toEqual(RESTRICTED);
    expect(restrictedV2Violations(objects)).toEqual([]);
    expect(schemaErrors(objects)).toEqual([]);
    expect(distributionProblems({ platform: Platform.OPENSHIFT, sidecars: [{ name: 'p', image: 'a:1', securityContext: { runAsUser: 1000 } }] })).toEqual([
      'props.sidecars[0].securityContext.runAsUser: on OpenShift the restricted-v2 SCC assigns the uid and gid from the namespace\'s range, and refuses others',
    ]);
  });

  test('a cdk8s-plus ConfigMap of the app is checked like env values; one only named is not', () => {
    const chart = Testing.chart();
    const cm = new kplus.ConfigMap(chart, 'tuning', { data: { LOG_LEVEL: 'debug', HF_TOKEN: 'hf_abcdefghijklmnopqrstuvwxyz', OGX_PORT: '9000' } });
    expect(distributionProblems({ envFrom: [EnvFrom.fromConfigMap(cm)], env: { LOG_LEVEL: 'info' } }, chart)).toEqual([
      'props.envFrom[0].data.HF_TOKEN: "HF_TOKEN" is a credential in plain text (a string of 29 characters, not shown): a ConfigMap is not a place for credentials (it would be written into the ConfigMap as is)',
      'props.envFrom[0].data.OGX_PORT: "OGX_PORT" is an env var the Deployment sets itself: env wins over envFrom, so this value would be silently ignored',
    ]);
    const ok = new kplus.ConfigMap(chart, 'ok', { data: { LOG_LEVEL: 'debug', APP_MODE: 'fast' } });
    const d = new LlamaStackDistribution(chart, 'ok-llama', { envFrom: [EnvFrom.fromConfigMap(ok)], env: { LOG_LEVEL: 'info' } });
    expect(d.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'props.envFrom[0].data.LOG_LEVEL: "LOG_LEVEL" is also set by props.env, which wins over envFrom: this value is ignored',
    ]);
    expect(distributionProblems({ envFrom: [EnvFrom.fromConfigMapName('has-anything')] })).toEqual([]);
  });

  test('with strict, an envFrom warning is an error', () => {
    const chart = Testing.chart();
    const cm = new kplus.ConfigMap(chart, 'cm', { data: { LOG_LEVEL: 'debug' } });
    expect(distributionProblems({ strict: true, envFrom: [EnvFrom.fromConfigMap(cm)], env: { LOG_LEVEL: 'info' } }, chart)).toEqual([
      'props.envFrom[0].data.LOG_LEVEL: "LOG_LEVEL" is also set by props.env, which wins over envFrom: this value is ignored (an error with strict)',
    ]);
  });

  test('a ConfigMap of another namespace cannot be read by envFrom', () => {
    const app = Testing.app();
    const cm = new kplus.ConfigMap(new Chart(app, 'other', { namespace: 'tools' }), 'cm', { data: { MODE: 'x' } });
    expect(distributionProblems({ namespace: 'ai', envFrom: [EnvFrom.fromConfigMap(cm)] }, new Chart(app, 'ai'))).toEqual([
      'props.envFrom[0]: the ConfigMap is in namespace "tools", the server in "ai": envFrom reads only its own namespace\'s',
    ]);
  });

  test('a sidecar mounts only volumes of the pod, and listens on no port of the server (the metrics port included)', () => {
    expect(distributionProblems({
      monitoring: {},
      sidecars: [{ name: 'p', image: 'a:1', ports: [{ containerPort: 9464 }], volumeMounts: [{ name: 'shared', mountPath: '/s' }, { name: 'tmp', mountPath: '/tmp' }] }],
    })).toEqual([
      'props.sidecars[0].ports[0].containerPort: 9464/TCP is taken by the server container: containers of a pod share its network, so only one can listen on a port',
      'props.sidecars[0].volumeMounts[0].name: "shared" is no volume of the pod',
    ]);
  });

  test('the props boundary: a number where a Duration goes, a string where an EnvFrom goes, a container that is not an object', () => {
    expect(distributionProblems({
      probes: { readiness: { period: 5 as any } },
      preStopDrain: '10s' as any,
      envFrom: ['llm-keys' as any],
      sidecars: ['proxy'],
    })).toEqual([
      'props.envFrom[0]: must be EnvFrom, got a string of 8 characters',
      'props.sidecars[0]: must be an object (a Kubernetes Container), got a string of 5 characters',
      'props.probes.readiness.period: must be a Duration, got an integer',
      'props.preStopDrain: must be a Duration, got a string of 3 characters',
    ]);
  });

  test('the grace period: a Duration maps to terminationGracePeriodSeconds; with both, or one that does not cover the drain, an error', () => {
    const chart = Testing.chart();
    const d = new LlamaStackDistribution(chart, 'llama', { terminationGracePeriod: Duration.minutes(2) });
    expect(d.spec.workload?.overrides?.terminationGracePeriodSeconds).toBe(120);
    expect(podOf(Testing.synth(chart)).terminationGracePeriodSeconds).toBe(120);
    expect(distributionProblems({ terminationGracePeriod: Duration.seconds(60), terminationGracePeriodSeconds: 60 })).toEqual([
      'props.terminationGracePeriod: cannot be combined with terminationGracePeriodSeconds (the same setting)',
    ]);
    expect(distributionProblems({ terminationGracePeriod: Duration.millis(2500) })).toEqual([
      'props.terminationGracePeriod: is 2500 ms: Kubernetes takes a whole number of seconds here',
    ]);
    expect(distributionProblems({ preStopDrain: Duration.seconds(30), terminationGracePeriod: Duration.seconds(20) })).toEqual([
      'props.terminationGracePeriod: is 20 s, which does not cover the preStop drain of 30 s: the kubelet kills the server before the drain ends, and streamed responses are cut',
    ]);
    expect(distributionProblems({ preStopDrain: Duration.seconds(30), terminationGracePeriodSeconds: 30 })).toEqual([
      'props.terminationGracePeriodSeconds: is 30 s, which does not cover the preStop drain of 30 s: the kubelet kills the server before the drain ends, and streamed responses are cut',
    ]);
  });

  test('the CR constructs refuse what no CRD carries (the operator writes the pod); the grace period is carried', () => {
    const paths = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as LlamaStackConfigError).problems.map((p) => p.path);
      }
      return [];
    };
    const props = { ...ALL, terminationGracePeriod: Duration.seconds(60) };
    expect(paths(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', props))).toEqual([
      'props.envFrom', 'props.initContainers', 'props.sidecars', 'props.probes', 'props.preStopDrain', 'props.runtimeClassName',
    ]);
    const chart = Testing.chart();
    new LlamaStackDistributionResource(chart, 'llama', { terminationGracePeriod: Duration.seconds(60) });
    expect(Testing.synth(chart)[0].spec.workload.overrides).toEqual({ terminationGracePeriodSeconds: 60 });
    expect(paths(() => new OgxServerResource(Testing.chart(), 'ogx', { runtimeClassName: 'kata' }))).toEqual(['props.runtimeClassName']);
  });
});
