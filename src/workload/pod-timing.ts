/**
 * The server container's timing: probe timing (readiness, liveness, and the startup probe's
 * budget for slow first starts), the `preStop` drain and the termination grace period that must
 * cover it. Durations are cdk8s `Duration`s; Kubernetes takes whole seconds, checked here with
 * the API server's bounds at the props paths.
 */
import { Duration } from 'cdk8s';
import { ConfigProblem } from '../core/errors';

/** Timing of one of the server's probes on `/v1/health`. */
export interface ProbeTiming {
  /** Wait before the first probe (after the startup probe passed). @default - none (0) */
  readonly initialDelay?: Duration;
  /** Time between probes. @default - 10 s for readiness, 20 s for liveness */
  readonly period?: Duration;
  /** Time a probe may take. @default 5 s */
  readonly timeout?: Duration;
  /** Successes in a row that count as passed (liveness: 1 only). @default 1 */
  readonly successThreshold?: number;
  /** Failures in a row that count as failed. @default 3 */
  readonly failureThreshold?: number;
}

/** The server's probes' timing. */
export interface ProbeOptions {
  /** The readiness probe (the pod gets traffic while it passes). @default - every 10 s, timeout 5 s, 3 failures */
  readonly readiness?: ProbeTiming;
  /** The liveness probe (the container restarts when it fails). @default - every 20 s, timeout 5 s, 3 failures */
  readonly liveness?: ProbeTiming;
  /**
   * How long the first start may take (registering providers and models, downloading an
   * embedding model) before the container is restarted: the startup probe runs every 10 s and
   * its failureThreshold is this budget in 10 s steps, rounded up.
   * @default Duration.minutes(10)
   */
  readonly startupBudget?: Duration;
}

/** The probe fields the user's timing sets, in seconds. */
export interface ProbeTimingSeconds {
  readonly initialDelaySeconds?: number;
  readonly periodSeconds?: number;
  readonly timeoutSeconds?: number;
  readonly successThreshold?: number;
  readonly failureThreshold?: number;
}

/** The resolved timing of the server container. */
export interface ResolvedPodTiming {
  readonly readiness?: ProbeTimingSeconds;
  readonly liveness?: ProbeTimingSeconds;
  /** The startup probe's failureThreshold (every 10 s). */
  readonly startupFailureThreshold?: number;
  /** `lifecycle.preStop.sleep.seconds`. */
  readonly preStopSeconds?: number;
  /** The grace period the drain makes the default (drain + 30 s), when none is set. */
  readonly terminationGracePeriodSeconds?: number;
}

/** The startup probe's period (deployment.ts): the budget is counted in these steps. */
export const STARTUP_PERIOD_SECONDS = 10;
/** Kubernetes' default grace period, and what the server gets after the drain by default. */
export const DEFAULT_GRACE_SECONDS = 30;
/** An int32 field's largest value (thresholds, seconds). */
const INT32_MAX = 2147483647;

/** A Duration as milliseconds, or undefined when it cannot be read (never a TypeError). */
function millis(d: Duration): number | undefined {
  try {
    const ms = d.toMilliseconds({ integral: false });
    return typeof ms === 'number' && Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A Duration as whole seconds, or a problem at `path`: Kubernetes takes an integer number of
 * seconds, at least `min`.
 */
export function wholeSeconds(d: Duration, path: string, min: number, problems: ConfigProblem[]): number | undefined {
  const ms = millis(d);
  if (ms === undefined || ms % 1000 !== 0) {
    problems.push({
      path,
      message: `${ms === undefined ? 'is not a finite duration' : `is ${ms} ms`}: Kubernetes takes a whole number of seconds here`,
      fix: `use whole seconds, e.g. Duration.seconds(${ms === undefined ? 10 : Math.max(min, Math.ceil(ms / 1000))})`,
    });
    return undefined;
  }
  const s = ms / 1000;
  if (s < min || s > INT32_MAX) {
    problems.push({ path, message: `is ${s} s: must be ${s < min ? `at least ${min} s` : `at most ${INT32_MAX} s`}`, fix: `use a duration of ${min} s or more, e.g. Duration.seconds(${Math.max(min, 1) * 10})` });
    return undefined;
  }
  return s;
}

function threshold(v: number | undefined, path: string, problems: ConfigProblem[], onlyOne = false): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 1 || v > INT32_MAX) {
    problems.push({ path, message: `is ${v}: must be a whole number of at least 1`, fix: 'use 1 or more, e.g. 3' });
    return undefined;
  }
  if (onlyOne && v !== 1) {
    problems.push({ path, message: `is ${v}: must be 1 for a liveness probe (the API server refuses any other value)`, fix: 'remove successThreshold, or set it to 1' });
    return undefined;
  }
  return v;
}

function timingSeconds(t: ProbeTiming | undefined, path: string, problems: ConfigProblem[], liveness: boolean): ProbeTimingSeconds | undefined {
  if (t === undefined) return undefined;
  const out: { [k: string]: number | undefined } = {
    initialDelaySeconds: t.initialDelay === undefined ? undefined : wholeSeconds(t.initialDelay, `${path}.initialDelay`, 0, problems),
    periodSeconds: t.period === undefined ? undefined : wholeSeconds(t.period, `${path}.period`, 1, problems),
    timeoutSeconds: t.timeout === undefined ? undefined : wholeSeconds(t.timeout, `${path}.timeout`, 1, problems),
    successThreshold: threshold(t.successThreshold, `${path}.successThreshold`, problems, liveness),
    failureThreshold: threshold(t.failureThreshold, `${path}.failureThreshold`, problems),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return Object.keys(out).length > 0 ? out : undefined;
}

/** What the timing props say. */
export interface PodTimingInput {
  readonly probes?: ProbeOptions;
  readonly preStopDrain?: Duration;
  /** The grace period the pod gets (props or spec), in seconds, and where it was set. */
  readonly terminationGracePeriodSeconds?: number;
  readonly gracePath: string;
}

/** The resolved timing, or every problem at its props path. */
export function resolvePodTiming(input: PodTimingInput): { timing: ResolvedPodTiming; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const readiness = timingSeconds(input.probes?.readiness, 'props.probes.readiness', problems, false);
  const liveness = timingSeconds(input.probes?.liveness, 'props.probes.liveness', problems, true);
  let startupFailureThreshold: number | undefined;
  if (input.probes?.startupBudget !== undefined) {
    const s = wholeSeconds(input.probes.startupBudget, 'props.probes.startupBudget', STARTUP_PERIOD_SECONDS, problems);
    if (s !== undefined) startupFailureThreshold = Math.ceil(s / STARTUP_PERIOD_SECONDS);
  }
  let preStopSeconds: number | undefined;
  let terminationGracePeriodSeconds: number | undefined;
  if (input.preStopDrain !== undefined) {
    preStopSeconds = wholeSeconds(input.preStopDrain, 'props.preStopDrain', 1, problems);
    const grace = input.terminationGracePeriodSeconds;
    if (preStopSeconds !== undefined && grace === undefined) terminationGracePeriodSeconds = preStopSeconds + DEFAULT_GRACE_SECONDS;
    if (preStopSeconds !== undefined && grace !== undefined && grace <= preStopSeconds) {
      problems.push({
        path: input.gracePath,
        message: `is ${grace} s, which does not cover the preStop drain of ${preStopSeconds} s: the kubelet kills the server before the drain ends, and streamed responses are cut`,
        fix: `set it above the drain, e.g. Duration.seconds(${preStopSeconds + DEFAULT_GRACE_SECONDS}), or leave it out (the drain + ${DEFAULT_GRACE_SECONDS} s)`,
      });
    }
  }
  const timing: ResolvedPodTiming = { readiness, liveness, startupFailureThreshold, preStopSeconds, terminationGracePeriodSeconds };
  return { timing, problems };
}
