/**
 * `props.verify`: the verification Job of a deployed server (docs/verify.md). Types only: the
 * shape that checks them is props-shape.ts, the planner's stage is verify-stage.ts.
 */
import type { SecretRef } from '../values/secret-ref';
import type { VerifyCheckOptions } from '../verify/input';

/** The verification Job: which checks run and their time limits (`VerifyCheckOptions`), and how the Job authenticates. */
export interface VerifyOptions extends VerifyCheckOptions {
  /**
   * `false` keeps the options but writes nothing.
   * @default true
   */
  readonly enabled?: boolean;
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
