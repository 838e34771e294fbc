/**
 * `props.verify`: the verification Job of a deployed server (docs/verify.md). Types only: the
 * shape that checks them is props-shape.ts, the planner's stage is verify-stage.ts.
 */
import type { SecretRef } from '../values/secret-ref';

/** The verification Job: which checks run, their time limits, and how the Job authenticates. */
export interface VerifyOptions {
  /**
   * `false` keeps the options but writes nothing.
   * @default true
   */
  readonly enabled?: boolean;
  /**
   * One short chat completion per LLM.
   * @default false
   */
  readonly llmCompletion?: boolean;
  /**
   * One vector store created and deleted.
   * @default false
   */
  readonly vectorStore?: boolean;
  /**
   * The vector_io provider the store is created on.
   * @default - the server's default provider
   */
  readonly vectorStoreProviderId?: string;
  /**
   * The embedding model of the store (a registered model id).
   * @default - the server's default
   */
  readonly vectorStoreEmbeddingModel?: string;
  /**
   * Per-request timeout, in seconds.
   * @default 30
   */
  readonly timeoutSeconds?: number;
  /**
   * How long the health check waits for the server to answer, in seconds.
   * @default 300
   */
  readonly readyWaitSeconds?: number;
  /**
   * On a provider failure, ask the provider's endpoint directly what is wrong.
   * @default true
   */
  readonly probeProviders?: boolean;
  /**
   * The Job's activeDeadlineSeconds.
   * @default - readyWaitSeconds + timeoutSeconds × the requests + 60
   */
  readonly activeDeadlineSeconds?: number;
  /**
   * A suspended CronJob `<name>-verify` for runs by hand (`kubectl create job --from=cronjob/<name>-verify <run>`).
   * @default true
   */
  readonly manualRuns?: boolean;
  /**
   * A Secret key holding a bearer token the server accepts: required when `auth` is on and is
   * not `ServerAuth.kubernetes()` (which sends the pod's service-account token).
   * @default - no token (no auth), or the pod's service-account token (`ServerAuth.kubernetes()`)
   */
  readonly tokenSecret?: SecretRef;
  /**
   * The Job pod's ServiceAccount (with `ServerAuth.kubernetes()`, the identity the server sees).
   * @default - the namespace's default ServiceAccount
   */
  readonly serviceAccountName?: string;
  /**
   * The Job pod's uid (plain Kubernetes only: OpenShift assigns one).
   * @default - the server pod's uid on Kubernetes; none on OpenShift
   */
  readonly runAsUser?: number;
}
