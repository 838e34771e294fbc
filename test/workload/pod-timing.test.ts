import { Duration } from 'cdk8s';
import { resolvePodTiming, wholeSeconds } from '../../src/workload/pod-timing';

const at = 'props.terminationGracePeriodSeconds';

describe('pod timing', () => {
  test('probe timing in seconds; the startup budget in 10 s steps, rounded up', () => {
    expect(resolvePodTiming({
      probes: {
        readiness: {
          initialDelay: Duration.seconds(0), period: Duration.seconds(5), timeout: Duration.seconds(2), successThreshold: 2, failureThreshold: 6,
        },
        liveness: { period: Duration.minutes(1) },
        startupBudget: Duration.seconds(905),
      },
      gracePath: at,
    })).toEqual({
      timing: {
        readiness: { initialDelaySeconds: 0, periodSeconds: 5, timeoutSeconds: 2, successThreshold: 2, failureThreshold: 6 },
        liveness: { periodSeconds: 60 },
        startupFailureThreshold: 91,
        preStopSeconds: undefined,
        terminationGracePeriodSeconds: undefined,
      },
      problems: [],
    });
  });

  test('what Kubernetes refuses: fractions of a second, a period of 0, a threshold of 0, liveness successThreshold above 1, a budget under one step', () => {
    const { problems } = resolvePodTiming({
      probes: {
        readiness: { period: Duration.millis(1500), timeout: Duration.seconds(0), failureThreshold: 0 },
        liveness: { successThreshold: 2, initialDelay: Duration.millis(250) },
        startupBudget: Duration.seconds(5),
      },
      gracePath: at,
    });
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'props.probes.readiness.period: is 1500 ms: Kubernetes takes a whole number of seconds here',
      'props.probes.readiness.timeout: is 0 s: must be at least 1 s',
      'props.probes.readiness.failureThreshold: is 0: must be a whole number of at least 1',
      'props.probes.liveness.initialDelay: is 250 ms: Kubernetes takes a whole number of seconds here',
      'props.probes.liveness.successThreshold: is 2: must be 1 for a liveness probe (the API server refuses any other value)',
      'props.probes.startupBudget: is 5 s: must be at least 10 s',
    ]);
  });

  test('a drain without a grace period: the grace period becomes the drain + 30 s', () => {
    expect(resolvePodTiming({ preStopDrain: Duration.seconds(15), gracePath: at }).timing).toEqual({
      readiness: undefined, liveness: undefined, startupFailureThreshold: undefined, preStopSeconds: 15, terminationGracePeriodSeconds: 45,
    });
  });

  test('a grace period that does not cover the drain is an error where the grace period was set; one that does is kept', () => {
    const { problems } = resolvePodTiming({ preStopDrain: Duration.seconds(30), terminationGracePeriodSeconds: 30, gracePath: 'props.terminationGracePeriod' });
    expect(problems).toEqual([{
      path: 'props.terminationGracePeriod',
      message: 'is 30 s, which does not cover the preStop drain of 30 s: the kubelet kills the server before the drain ends, and streamed responses are cut',
      fix: 'set it above the drain, e.g. Duration.seconds(60), or leave it out (the drain + 30 s)',
    }]);
    const ok = resolvePodTiming({ preStopDrain: Duration.seconds(10), terminationGracePeriodSeconds: 60, gracePath: at });
    expect(ok.problems).toEqual([]);
    expect(ok.timing.terminationGracePeriodSeconds).toBeUndefined();
    expect(ok.timing.preStopSeconds).toBe(10);
  });

  test('wholeSeconds: a Duration that cannot be read is a problem, not a TypeError', () => {
    const problems: any[] = [];
    expect(wholeSeconds({ toMilliseconds: () => { throw new Error('x'); } } as any, 'p', 0, problems)).toBeUndefined();
    expect(wholeSeconds(Duration.seconds(Infinity), 'q', 0, problems)).toBeUndefined();
    expect(problems.map((p) => p.message)).toEqual([
      'is not a finite duration: Kubernetes takes a whole number of seconds here',
      'is not a finite duration: Kubernetes takes a whole number of seconds here',
    ]);
  });
});
