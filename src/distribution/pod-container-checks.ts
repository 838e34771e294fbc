/**
 * The planner's stage for `PodContainerProps`: envFrom read and checked (a cdk8s-plus
 * ConfigMap's data too), the user's init containers and sidecars checked against the pod they
 * join, the RuntimeClass, and the timing resolved to seconds. Every problem at its props path.
 */
import type { LlamaStackDistributionProps } from './props';
import { ConfigProblem } from '../core/errors';
import { containerPort, generatedEnv, metricsPort } from '../releases/pod-env';
import type { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';
import type { PodLayout } from '../workload/plan';
import { envFromProblems, extraContainerProblems, PodContainers, runtimeClassProblems } from '../workload/pod-containers';
import { ResolvedPodTiming, resolvePodTiming } from '../workload/pod-timing';

/** The resolved pod containers and timing, with every problem and warning. */
export interface PlannedPodContainers {
  readonly podContainers?: PodContainers;
  readonly podTiming?: ResolvedPodTiming;
  readonly problems: ConfigProblem[];
  readonly warnings: ConfigProblem[];
}

/** What the stage reads besides the props. */
export interface PodContainerFacts {
  readonly name: string;
  readonly namespace?: string;
  readonly spec: LlamaStackDistributionSpec;
  readonly target: ServerTarget;
  readonly openShift: boolean;
  /** The pod's own volumes and mounts (the planner's one layout); undefined for a spec the schema check rejects. */
  readonly layout?: PodLayout;
}

/** Plans the pod's extra containers, envFrom, RuntimeClass and timing. */
export function planPodContainers(props: LlamaStackDistributionProps, facts: PodContainerFacts): PlannedPodContainers {
  const { spec, target } = facts;
  const problems: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  const envFrom = (props.envFrom ?? []).map((e) => e._resolve());
  // A damaged spec (env not a list) is the schema check's to report.
  const env: unknown = spec.workload?.overrides?.env;
  const userEnv = (Array.isArray(env) ? env : []).map((e) => e?.name).filter((n): n is string => typeof n === 'string');
  // The Deployment's own env vars matter only for a ConfigMap whose keys the library sees.
  const generated = envFrom.some((e) => e.data !== undefined) ? generatedEnv(target, spec) : [];
  const fromChecks = envFromProblems(envFrom, { generated, userEnv, namespace: facts.namespace });
  problems.push(...fromChecks.problems);
  warnings.push(...fromChecks.warnings);
  if (props.initContainers !== undefined || props.sidecars !== undefined) {
    const serverPorts = [containerPort(spec, target), ...(spec.monitoring && target.metricsEnvVars ? [metricsPort(spec)] : [])];
    problems.push(...extraContainerProblems(props.initContainers, props.sidecars, {
      serverPorts,
      volumes: podVolumes(facts),
      openShift: facts.openShift,
    }));
  }
  problems.push(...runtimeClassProblems(props.runtimeClassName));
  const grace: unknown = spec.workload?.overrides?.terminationGracePeriodSeconds;
  const timing = resolvePodTiming({
    probes: props.probes,
    preStopDrain: props.preStopDrain,
    terminationGracePeriodSeconds: typeof grace === 'number' ? grace : undefined,
    gracePath: props.terminationGracePeriod !== undefined ? 'props.terminationGracePeriod'
      : props.spec !== undefined ? 'spec.workload.overrides.terminationGracePeriodSeconds' : 'props.terminationGracePeriodSeconds',
  });
  problems.push(...timing.problems);
  const any = envFrom.length > 0 || props.initContainers !== undefined || props.sidecars !== undefined || props.runtimeClassName !== undefined;
  return {
    podContainers: any ? {
      envFrom: envFrom.length > 0 ? envFrom : undefined,
      initContainers: props.initContainers,
      sidecars: props.sidecars,
      runtimeClassName: props.runtimeClassName,
    } : undefined,
    podTiming: timing.timing,
    problems,
    warnings,
  };
}

/** Every volume the pod will have: the library's (the planner's layout) and the user's. */
function podVolumes(facts: PodContainerFacts): string[] {
  const given: unknown = facts.spec.workload?.overrides?.volumes;
  const user = (Array.isArray(given) ? given : []).map((v: any) => v?.name).filter((n: unknown): n is string => typeof n === 'string');
  const own = (facts.layout?.volumes ?? []).map((v) => v.name as string);
  return [...own, ...user];
}
