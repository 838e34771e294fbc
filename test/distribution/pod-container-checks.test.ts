import { Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { LlamaStackDistribution } from '../../src/distribution';
import { Platform } from '../../src/values/platform';
import { EnvFrom } from '../../src/values/env-from';
import { k8sValidityProblems } from '../support/k8s-validity';
import { schemaErrors } from '../support/k8s-schema';
import { restrictedV2Violations } from '../support/openshift-scc';
import { restrictedViolationsOf } from '../support/pod-security';
import { distributionProblems } from '../support/problems';
import { synthDistribution, synthObjects } from '../support/synth';

const deployment = (objects: any[]) => objects.find((o) => o.kind === 'Deployment');

describe('the pod: envFrom, init containers, sidecars, timing, RuntimeClass', () => {
  test('smoke', () => {
    const { objects, warnings } = synthDistribution({
      envFrom: [EnvFrom.fromSecretName('llm-keys'), EnvFrom.fromConfigMapName('tuning', { prefix: 'APP_', optional: true })],
      initContainers: [{ name: 'wait-db', image: 'quay.io/org/wait:1.0', command: ['sh', '-c', 'true'] }],
      sidecars: [{ name: 'proxy', image: 'quay.io/org/proxy:1.0', ports: [{ containerPort: 8080 }] }],
      probes: { readiness: { period: Duration.seconds(5), failureThreshold: 6 }, liveness: { initialDelay: Duration.seconds(30) }, startupBudget: Duration.minutes(20) },
      preStopDrain: Duration.seconds(20),
      runtimeClassName: 'nvidia',
    });
    console.log(JSON.stringify(deployment(objects).spec.template.spec, null, 1), warnings);
    expect(schemaErrors(objects)).toEqual([]);
    expect(k8sValidityProblems(objects)).toEqual([]);
    expect(restrictedViolationsOf(objects)).toEqual([]);
  });
});
