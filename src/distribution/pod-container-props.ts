/**
 * Props of the pod's containers and their timing: envFrom, init containers, sidecars, probe
 * timing, the preStop drain, the grace period and the RuntimeClass (docs/operations.md).
 * Types only: props-shape.ts checks them, the planner resolves them (workload/pod-containers.ts,
 * workload/pod-timing.ts).
 */
import type { Duration } from 'cdk8s';
import type { EnvFrom } from '../values/env-from';
import type { ProbeOptions } from '../workload/pod-timing';

/** The pod's containers besides the server, the server's envFrom, and their timing. */
export interface PodContainerProps {
  /**
   * Secrets and ConfigMaps whose every key becomes an env var of the server container
   * (`envFrom`): `EnvFrom.fromSecretName('llm-keys')`, `EnvFrom.fromConfigMap(kplusConfigMap,
   * { prefix: 'APP_' })`. The Deployment's own env vars and `env` win over them (Kubernetes'
   * order). A cdk8s-plus ConfigMap of the app is checked like plain env values (a credential in
   * it, or a key the Deployment sets itself, is an error); a ConfigMap given by name is taken as it is.
   * @default - none
   */
  readonly envFrom?: EnvFrom[];
  /**
   * Kubernetes Container objects run to completion before the server starts, after the
   * library's own init containers. Each gets the restricted security context; a field that
   * breaks it, a name or port of another container, or a mount of a volume the pod lacks is an error.
   * @default - none
   */
  readonly initContainers?: any[];
  /**
   * Kubernetes Container objects that run beside the server for the pod's life: native sidecars
   * (init containers with `restartPolicy: Always`, Kubernetes 1.29+), started before the server
   * and stopped after it. Checked as `initContainers` are.
   * @default - none
   */
  readonly sidecars?: any[];
  /**
   * Timing of the server's readiness and liveness probes, and the startup probe's budget for a
   * slow first start. Whole seconds.
   * @default - readiness every 10 s, liveness every 20 s (timeout 5 s, 3 failures); 10 minutes to start
   */
  readonly probes?: ProbeOptions;
  /**
   * How long a stopping pod keeps serving before SIGTERM reaches the server: a `preStop` sleep
   * (the kubelet's `sleep` action, Kubernetes 1.30+), so load balancers stop sending new requests
   * while streamed responses finish. Whole seconds; the grace period must be longer.
   * @default - no drain
   */
  readonly preStopDrain?: Duration;
  /**
   * Time a pod gets to stop after it is asked to (`terminationGracePeriodSeconds`), the drain
   * included. Whole seconds. The same as `terminationGracePeriodSeconds` (set one of the two).
   * @default - Kubernetes' 30 s; with `preStopDrain`, the drain + 30 s
   */
  readonly terminationGracePeriod?: Duration;
  /**
   * The pod's RuntimeClass (e.g. `nvidia` for the NVIDIA container runtime, `kata` for sandboxed pods).
   * @default - the cluster's default runtime
   */
  readonly runtimeClassName?: string;
}
